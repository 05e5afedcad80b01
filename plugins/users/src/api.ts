import type { GrantableResource, RoleDetail, RoleInput, RoleRow, UserInput, UserRow } from '@phonefleet/sdk';
import {
  apiFirstRow,
  apiPage,
  apiRequest,
  type FleetTablePage,
  type FleetTableQuery,
  type ListFilters,
} from '@phonefleet/sdk/ui';

/** `GET /user/userInfo`: the signed-in user with the organisation's name. */
export type PersonalInfo = UserRow & { orgName?: string; organisation?: string };

export function searchUsers(query: FleetTableQuery, filters: ListFilters): Promise<FleetTablePage<UserRow>> {
  return apiPage<UserRow>('POST', '/user/queryAllUser', {
    body: { ...query, keywords: filters.keywords ?? '' },
  });
}

export async function addUser(input: UserInput): Promise<string> {
  return (await apiRequest('POST', '/user/addUser', { body: input })).message;
}

export async function updateUser(input: UserInput & { id: number }): Promise<void> {
  await apiRequest('POST', '/user/updateUser', { body: input });
}

export async function removeUsers(ids: number[]): Promise<string> {
  return (await apiRequest('DELETE', '/user/remove', { body: { ids } })).message;
}

export async function forbidUsers(ids: number[]): Promise<string> {
  return (await apiRequest('POST', '/user/forbid', { body: { ids } })).message;
}

export async function activateUsers(ids: number[]): Promise<string> {
  return (await apiRequest('POST', '/user/active', { body: { ids } })).message;
}

/** Sends the activation link again, or a reset link (an activated user). */
export async function sendUserEmail(kind: 'activate' | 'reset', id: number): Promise<void> {
  await apiRequest('POST', `/user/sendEmail/${kind}`, { body: { id } });
}

export function fetchPersonalInfo(): Promise<PersonalInfo> {
  return apiFirstRow<PersonalInfo>('GET', '/user/userInfo');
}

/** The current password is asked too: an email change can take the account over. */
export async function requestEmailChange(email: string, password: string): Promise<void> {
  await apiRequest('POST', '/user/updateEmail', { body: { email, password } });
}

export async function changePassword(body: {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}): Promise<string> {
  return (await apiRequest('POST', '/user/updatePassword', { body })).message;
}

/** Every role a user of the caller's organisation may be given. */
export async function listRoles(): Promise<RoleRow[]> {
  return (await apiRequest<RoleRow>('GET', '/role/list')).result.rows;
}

export function searchRoles(query: FleetTableQuery, filters: ListFilters): Promise<FleetTablePage<RoleRow>> {
  return apiPage<RoleRow>('POST', '/role/queryPage', {
    body: { ...query, keywords: filters.keywords ?? '' },
  });
}

export function fetchRole(id: number): Promise<RoleDetail> {
  return apiFirstRow<RoleDetail>('GET', '/role/query', { query: { id } });
}

export async function grantableResources(): Promise<GrantableResource[]> {
  return (await apiRequest<GrantableResource>('GET', '/role/allResources')).result.rows;
}

export async function saveRole(input: RoleInput): Promise<void> {
  await apiRequest('POST', '/role/save', { body: input });
}

export async function removeRoles(ids: number[]): Promise<string> {
  return (await apiRequest('DELETE', '/role/remove', { body: { ids } })).message;
}
