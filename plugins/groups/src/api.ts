import { apiFirstRow, apiRequest, type ExecutionMode, type FleetTableQuery } from '@phonefleet/sdk/ui';

/** `POST /tb-group-template/selectGroup` row. */
export interface Group {
  id: number;
  groupName: string;
  description: string;
  siteId: number | null;
  siteName: string | null;
  deviceCount: number;
  createTime: string;
}

/** A device as the group device step lists it (`POST /device/search` row). */
export interface GroupDevice {
  id: number;
  macAddress: string;
  deviceName: string;
  deviceModel: string;
  siteName?: string;
}

/** `GET /tb-group-template/selectGroupById`: the group with all its devices. */
export interface GroupDetail {
  id: number;
  groupName: string;
  description: string;
  siteId: number | null;
  devices: GroupDevice[];
}

export interface GroupInput {
  groupName: string;
  description: string;
  siteId?: number;
  deviceIds: number[];
}

export interface Filters {
  keywords: string;
  site: number | undefined;
}

type Page<Row> = { rows: Row[]; total: number };

export async function searchGroups(query: FleetTableQuery, filters: Filters): Promise<Page<Group>> {
  const page = await apiFirstRow<{ list: Group[]; total: number }>('POST', '/tb-group-template/selectGroup', {
    body: { ...query, groupName: filters.keywords, ...(filters.site ? { site: filters.site } : {}) },
  });
  return { rows: page.list, total: page.total };
}

/** Devices to choose from: keywords (MAC, name, S/N) and a site subtree. */
export async function searchDevices(query: FleetTableQuery, filters: Filters): Promise<Page<GroupDevice>> {
  const page = await apiFirstRow<{ list: GroupDevice[]; total: number }>('POST', '/device/search', {
    body: { ...query, keywords: filters.keywords, ...(filters.site ? { site: filters.site } : {}) },
  });
  return { rows: page.list, total: page.total };
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
  await apiRequest('POST', '/tb-group-template/push', {
    body: {
      type: mode.type,
      deviceType: 3,
      taskParam: { relationId: id, relationName: 'group', beginTime: mode.beginTime, endTime: mode.endTime },
    },
  });
}
