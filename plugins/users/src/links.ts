/** The area's routes (spec §2 System: /user, /user/addRole, /user/editRole). */
export const USER_LIST = '/user';
export const ROLE_LIST = '/user?tab=roles';
export const ADD_ROLE = '/user/addRole';

export function editRolePath(id: number): string {
  return `/user/editRole?id=${id}`;
}
