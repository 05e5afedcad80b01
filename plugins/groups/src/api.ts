import type { GroupMember, GroupRow } from '@phonefleet/sdk';
import {
  apiFirstRow,
  apiPage,
  apiRequest,
  type ExecutionMode,
  type FleetTablePage,
  type FleetTableQuery,
  type ListFilters,
  relationPushBody,
} from '@phonefleet/sdk/ui';

/** `GET /tb-group-template/selectGroupById`: the group with all its devices. */
export interface GroupDetail {
  id: number;
  groupName: string;
  description: string;
  siteId: number | null;
  devices: GroupMember[];
}

export interface GroupInput {
  groupName: string;
  description: string;
  siteId?: number;
  deviceIds: number[];
}

export async function searchGroups(
  query: FleetTableQuery,
  filters: ListFilters,
): Promise<FleetTablePage<GroupRow>> {
  return apiPage<GroupRow>('POST', '/tb-group-template/selectGroup', {
    body: { ...query, groupName: filters.keywords ?? '', ...(filters.site ? { site: filters.site } : {}) },
  });
}

/** Silent: the caller decides what a missing group means. */
export function fetchGroup(id: number, silent = false): Promise<GroupDetail> {
  return apiFirstRow<GroupDetail>('GET', '/tb-group-template/selectGroupById', { query: { id }, silent });
}

/** Whether the name is free in the organization (`id`: the group being edited keeps its own name). */
export async function groupNameAvailable(groupName: string, id?: number, siteId?: number): Promise<boolean> {
  const row = await apiFirstRow<{ available: boolean }>('GET', '/tb-group-template/groupNameVerify', {
    query: { groupName, id, siteId },
  });
  return row.available;
}

export function addGroup(input: GroupInput): Promise<{ id: number }> {
  return apiFirstRow<{ id: number }>('POST', '/tb-group-template/addNewGroup', { body: input });
}

/** The site is fixed once created. */
export async function updateGroup(input: Omit<GroupInput, 'siteId'> & { id: number }): Promise<void> {
  await apiRequest('POST', '/tb-group-template/updateGroup', { body: input });
}

export async function deleteGroups(ids: number[]): Promise<void> {
  await apiRequest('DELETE', '/tb-group-template/delete', { body: { ids } });
}

/** A group configuration task for the group's devices. */
export async function pushGroup(id: number, mode: ExecutionMode): Promise<void> {
  await apiRequest('POST', '/tb-group-template/push', { body: relationPushBody('group', id, mode) });
}
