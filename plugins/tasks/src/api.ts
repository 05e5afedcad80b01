import type { PagedList } from '@phonefleet/sdk';
import {
  apiFirstRow,
  apiPage,
  apiRequest,
  type FleetTablePage,
  type FleetTableQuery,
} from '@phonefleet/sdk/ui';
import type { ScheduleFields } from './schedule.js';

/** Task state (spec §4): 0 scheduled, 1 ongoing, 4 cancelled, 5 paused, 7 finished. */
export type TaskState = 0 | 1 | 4 | 5 | 7;

/** `POST /task/search` row; the counts are of the current run, `failed` includes timeouts. */
export interface TaskRow {
  id: number;
  taskName: string;
  type: number;
  timeType: 1 | 2 | 3;
  beginTime: number;
  endTime: number | null;
  state: TaskState;
  createTime: string;
  total: number;
  success: number;
  failed: number;
  ongoing: number;
}

/** `GET /task/query`. */
export interface TaskDetail {
  id: number;
  taskName: string;
  type: number;
  timeType: 1 | 2 | 3;
  beginTime: number;
  endTime: number | null;
  repeatType: 1 | 2 | 3 | null;
  repeatTime: string | null;
  interval: number | null;
  state: TaskState;
  run: number;
  nextRunTime: number | null;
  params: { relationName?: string; relationId?: number; relationLabel?: string };
  createTime: string;
  deviceIds: number[];
}

export interface TaskFilters {
  keywords?: string;
  state?: TaskState;
  type?: number;
}

/** The device range `/task/add` takes for the type (docs/tasks.md). */
export type TaskRange =
  | { deviceIds: number[] }
  | { modelTemplateId: number }
  | { groupId: number }
  | { siteId: number }
  | Record<string, never>;

export interface TaskInput extends ScheduleFields {
  taskName: string;
  type: number;
  range: TaskRange;
  params: { relationName?: string; relationId?: number; relationLabel?: string };
}

/** `POST /task/results` answer. */
export interface TaskResults {
  list: ResultRow[];
  total: number;
  run: number;
  /** Devices of the run per result, "0" … "7". */
  summary: Record<string, number>;
}

export interface ResultRow {
  deviceId: number;
  macAddress: string;
  deviceName: string;
  result: number;
  message: string;
  finishedTime: string | null;
}

/** A model template or group to pick. */
export interface RelationOption {
  id: number;
  name: string;
  detail: string;
}

/** `silent`: a background refresh, whose failure shows nothing and which shows no loading overlay. */
export async function searchTasks(
  query: FleetTableQuery,
  filters: TaskFilters,
  silent = false,
): Promise<FleetTablePage<TaskRow>> {
  return apiPage<TaskRow>('POST', '/task/search', {
    body: { currentPage: query.currentPage, pageSize: query.pageSize, ...filters },
    silent,
    loading: !silent,
  });
}

export function fetchTask(id: number, silent = false): Promise<TaskDetail> {
  return apiFirstRow<TaskDetail>('GET', '/task/query', { query: { id }, silent, loading: !silent });
}

function taskBody(input: TaskInput): Record<string, unknown> {
  const { range, ...rest } = input;
  return { ...rest, ...range };
}

/** Rejects with the server's refusal, which the api client has shown. */
export function addTask(input: TaskInput): Promise<{ id: number; devices: number }> {
  return apiFirstRow<{ id: number; devices: number }>('POST', '/task/add', { body: taskBody(input) });
}

export async function updateTask(id: number, input: TaskInput): Promise<void> {
  await apiRequest('POST', '/task/update', { body: { id, ...taskBody(input) } });
}

export type TaskAction = 'start' | 'pause' | 'cancel' | 'runAgain';

export async function taskAction(action: TaskAction, id: number): Promise<string> {
  return (await apiRequest('POST', `/task/${action}`, { body: { id } })).message;
}

export async function removeTasks(ids: number[]): Promise<string> {
  return (await apiRequest('DELETE', '/task/remove', { body: { ids } })).message;
}

/** Silent when polling: a failed poll is tried again 2 s later rather than shown every time. */
export function fetchResults(
  body: { id: number; currentPage: number; pageSize: number; result?: number },
  silent: boolean,
): Promise<TaskResults> {
  return apiFirstRow<TaskResults>('POST', '/task/results', { body, silent, loading: !silent });
}

/** Model templates (`/modeltemplate/search`) or groups (`/tb-group-template/selectGroup`) by name. */
export async function searchRelations(kind: 'model' | 'group', keywords: string): Promise<RelationOption[]> {
  if (kind === 'model') {
    const page = await apiFirstRow<PagedList<{ id: number; name: string; model: string; siteName: string }>>(
      'POST',
      '/modeltemplate/search',
      { body: { currentPage: 1, pageSize: 50, keywords } },
    );
    return page.list.map((row) => ({ id: row.id, name: row.name, detail: `${row.model} · ${row.siteName}` }));
  }
  const page = await apiFirstRow<PagedList<{ id: number; groupName: string; deviceCount: number }>>(
    'POST',
    '/tb-group-template/selectGroup',
    { body: { currentPage: 1, pageSize: 50, groupName: keywords } },
  );
  return page.list.map((row) => ({ id: row.id, name: row.groupName, detail: String(row.deviceCount) }));
}
