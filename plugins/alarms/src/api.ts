import type { AlarmRow, PagedList, StrategyReceiver, StrategyRecord, StrategyRow } from '@phonefleet/sdk';
import {
  apiDownload,
  apiFirstRow,
  apiPage,
  apiRequest,
  type FleetTablePage,
  type FleetTableQuery,
  type ListFilters,
} from '@phonefleet/sdk/ui';

/** The alarm list's filters: the kit's keywords (MAC or device name) and site, and the area's own. */
export interface AlarmFilters extends ListFilters {
  level?: number | undefined;
  type?: number | undefined;
  status?: number | undefined;
  /** ISO moments: the range's first and last instant. */
  startTime?: string | undefined;
  endTime?: string | undefined;
}

/** The search filters as the platform takes them (also the export's body); empty ones left out. */
export function alarmSearchBody({ keywords, site, level, type, status, startTime, endTime }: AlarmFilters) {
  return {
    ...(level ? { level } : {}),
    ...(type ? { type } : {}),
    ...(status !== undefined ? { status } : {}),
    ...(startTime ? { startTime } : {}),
    ...(endTime ? { endTime } : {}),
    ...(keywords ? { keywords } : {}),
    ...(site ? { siteId: site } : {}),
  };
}

/** One page of alarms, newest `alarmTime` first (the server's order). */
export function searchAlarms(
  query: FleetTableQuery,
  filters: AlarmFilters,
): Promise<FleetTablePage<AlarmRow>> {
  return apiPage<AlarmRow>('POST', '/alarm/search', {
    body: { currentPage: query.currentPage, pageSize: query.pageSize, ...alarmSearchBody(filters) },
  });
}

/** Mark read, resolve or ignore (button `read`). */
export type AlarmChange = 'read' | 'resolve' | 'ignore';

export async function changeAlarms(change: AlarmChange, ids: number[]): Promise<void> {
  await apiRequest('POST', `/alarm/${change}`, { body: { ids } });
}

export async function readAllAlarms(): Promise<void> {
  await apiRequest('POST', '/alarm/readAll', { body: {} });
}

export async function removeAlarms(ids: number[]): Promise<void> {
  await apiRequest('DELETE', '/alarm/remove', { body: { ids } });
}

/** Every alarm that is not unread. */
export async function removeReadAlarms(): Promise<void> {
  await apiRequest('DELETE', '/alarm/removeRead', { body: {} });
}

/** The alarms the filters match, as an xlsx download. */
export function exportAlarms(filters: AlarmFilters): Promise<void> {
  return apiDownload('POST', '/alarm/export', 'alarms.xlsx', { body: alarmSearchBody(filters) });
}

export function searchStrategies(
  query: FleetTableQuery,
  { keywords }: ListFilters,
): Promise<FleetTablePage<StrategyRow>> {
  return apiPage<StrategyRow>('POST', '/alarm-strategy/search', {
    body: { currentPage: query.currentPage, pageSize: query.pageSize, ...(keywords ? { keywords } : {}) },
  });
}

/** Silent: the caller decides what a missing strategy means. */
export function fetchStrategy(id: number, silent = false): Promise<StrategyRecord> {
  return apiFirstRow<StrategyRecord>('GET', '/alarm-strategy/query', { query: { id }, silent });
}

/** Adds (no `id`) or edits; rejects with the refusal, which the form puts on its field. */
export function saveStrategy(record: StrategyRecord): Promise<{ id: number }> {
  return apiFirstRow<{ id: number }>('POST', '/alarm-strategy/addOrEdit', { body: record });
}

export async function setStrategyStatus(id: number, status: number): Promise<void> {
  await apiRequest('POST', '/alarm-strategy/status', { body: { id, status } });
}

export async function removeStrategies(ids: number[]): Promise<void> {
  await apiRequest('DELETE', '/alarm-strategy/remove', { body: { ids } });
}

/** The tenant's users a strategy may notify. */
export async function fetchReceivers(): Promise<StrategyReceiver[]> {
  return (await apiRequest<StrategyReceiver>('GET', '/alarm-strategy/receivers')).result.rows;
}

export interface GroupOption {
  id: number;
  groupName: string;
  deviceCount: number;
}

/**
 * Groups by name (`/tb-group-template/selectGroup`, as the task form picks them; the largest page
 * the platform serves). Silent and empty when refused: the role may not hold the group power.
 */
export async function searchGroupOptions(keywords: string): Promise<GroupOption[]> {
  try {
    const page = await apiFirstRow<PagedList<GroupOption>>('POST', '/tb-group-template/selectGroup', {
      body: { currentPage: 1, pageSize: 250, groupName: keywords },
      silent: true,
    });
    return page.list;
  } catch {
    return [];
  }
}

/** `GET /common/model`: the model names of the loaded drivers (empty when they cannot be read). */
export async function fetchModelNames(): Promise<string[]> {
  try {
    const reply = await apiRequest<{ model: string }>('GET', '/common/model', { silent: true });
    return reply.result.rows.map((row) => row.model);
  } catch {
    return [];
  }
}
