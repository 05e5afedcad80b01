/** Screens of the group area and the parameters plugin's group screen (console spec §2). */
export const GROUP_LIST = '/group';
export const ADD_GROUP = '/group/addGroup';

export function editGroupPath(id: number): string {
  return `/group/editGroup?id=${id}`;
}

/**
 * The set-parameters step. `isAdd` tells the parameters screen the group was just created, so that
 * its Cancel deletes it again.
 */
export function groupParamsPath(group: { id: number; groupName: string }, isAdd: boolean): string {
  const query = new URLSearchParams({
    relationId: String(group.id),
    relationName: 'group',
    templateName: group.groupName,
    pushStatus: '1',
  });
  if (isAdd) query.set('isAdd', '1');
  return `/group/setParam?${query}`;
}
