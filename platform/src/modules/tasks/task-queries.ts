import { isMessageKey, type Language, macWithColons, translate } from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { TenantScope } from '../tenancy/scope.js';
import type { TaskResults, TaskSearch } from './schemas.js';
import { DeviceResult } from './task-states.js';

export interface TaskListRow {
  id: number;
  taskName: string;
  type: number;
  timeType: number;
  beginTime: number;
  endTime: number | null;
  state: number;
  createTime: string;
  total: number;
  success: number;
  failed: number;
  ongoing: number;
}

export interface TaskDetail {
  id: number;
  taskName: string;
  type: number;
  timeType: number;
  beginTime: number;
  endTime: number | null;
  repeatType: number | null;
  repeatTime: string | null;
  interval: number | null;
  state: number;
  run: number;
  nextRunTime: number | null;
  params: Record<string, unknown>;
  createTime: string;
  deviceIds: number[];
}

export interface TaskResultRow {
  deviceId: number;
  macAddress: string;
  deviceName: string;
  result: number;
  message: string;
  finishedTime: string | null;
}

export interface DeviceTaskRow {
  taskId: number;
  taskName: string;
  type: number;
  run: number;
  result: number;
  message: string;
  finishedTime: string | null;
  createTime: string;
}

/** Result messages are stored as message keys, `key:detail` when a detail goes with them. */
export function resultMessage(stored: string, language: Language): string {
  if (!stored) return '';
  const [key = '', ...detail] = stored.split(':');
  if (!isMessageKey(key)) return stored;
  const text = translate(key, language);
  return detail.length ? `${text} (${detail.join(':')})` : text;
}

function ms(date: Date | null): number | null {
  return date ? date.getTime() : null;
}

/** `/task/search`: the caller's tasks, newest first, with the counts of their current run. */
export async function searchTasks(
  db: Database,
  scope: TenantScope,
  query: TaskSearch,
): Promise<{ list: TaskListRow[]; total: number }> {
  const bind: unknown[] = [];
  const where = ['{scope:t.org_id}'];
  if (query.keywords) {
    bind.push(`%${query.keywords.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`t.name ILIKE $${bind.length}`);
  }
  if (query.state !== undefined) {
    bind.push(query.state);
    where.push(`t.state = $${bind.length}`);
  }
  if (query.type !== undefined) {
    bind.push(query.type);
    where.push(`t.type = $${bind.length}`);
  }
  const filter = where.join(' AND ');
  const [rows, count] = await Promise.all([
    scope.query<{
      id: string;
      name: string;
      type: number;
      time_type: number;
      begin_time: Date;
      end_time: Date | null;
      state: number;
      created_at: Date;
      total: string;
      success: string;
      failed: string;
      ongoing: string;
    }>(
      db,
      `SELECT t.id, t.name, t.type, t.time_type, t.begin_time, t.end_time, t.state, t.created_at, c.*
         FROM tasks t
         CROSS JOIN LATERAL (
           SELECT count(*) AS total,
                  count(*) FILTER (WHERE td.result = ${DeviceResult.success}) AS success,
                  count(*) FILTER (WHERE td.result IN (${DeviceResult.failed}, ${DeviceResult.timeout})) AS failed,
                  count(*) FILTER (WHERE td.result = ${DeviceResult.ongoing}) AS ongoing
             FROM task_devices td WHERE td.task_id = t.id AND td.run = t.run) c
        WHERE ${filter}
        ORDER BY t.created_at DESC, t.id DESC
        LIMIT ${query.pageSize} OFFSET ${(query.currentPage - 1) * query.pageSize}`,
      bind,
    ),
    scope.query<{ total: string }>(db, `SELECT count(*) AS total FROM tasks t WHERE ${filter}`, bind),
  ]);
  return {
    list: rows.map((row) => ({
      id: Number(row.id),
      taskName: row.name,
      type: row.type,
      timeType: row.time_type,
      beginTime: row.begin_time.getTime(),
      endTime: ms(row.end_time),
      state: row.state,
      createTime: row.created_at.toISOString(),
      total: Number(row.total),
      success: Number(row.success),
      failed: Number(row.failed),
      ongoing: Number(row.ongoing),
    })),
    total: Number(count[0]?.total ?? 0),
  };
}

/** `/task/query`: one task's definition and the devices of its current run. */
export async function taskDetail(db: Database, scope: TenantScope, id: number): Promise<TaskDetail> {
  const [row] = await scope.query<{
    id: string;
    name: string;
    type: number;
    time_type: number;
    begin_time: Date;
    end_time: Date | null;
    repeat_type: number | null;
    repeat_time: string | null;
    interval_seconds: number | null;
    state: number;
    run: number;
    next_run_at: Date | null;
    params: Record<string, unknown>;
    created_at: Date;
    device_ids: string[];
  }>(
    db,
    `SELECT t.*, array(SELECT device_id FROM task_devices td WHERE td.task_id = t.id AND td.run = t.run
                       ORDER BY device_id) AS device_ids
       FROM tasks t WHERE t.id = $1 AND {scope:t.org_id}`,
    [id],
  );
  if (!row) throw AppError.notFound();
  return {
    id: Number(row.id),
    taskName: row.name,
    type: row.type,
    timeType: row.time_type,
    beginTime: row.begin_time.getTime(),
    endTime: ms(row.end_time),
    repeatType: row.repeat_type,
    repeatTime: row.repeat_time,
    interval: row.interval_seconds,
    state: row.state,
    run: row.run,
    nextRunTime: ms(row.next_run_at),
    params: row.params,
    createTime: row.created_at.toISOString(),
    deviceIds: row.device_ids.map(Number),
  };
}

/** `/task/results`: the devices of one run (the current one by default) and a count per result. */
export async function taskResults(
  db: Database,
  scope: TenantScope,
  query: TaskResults,
  language: Language,
): Promise<{ list: TaskResultRow[]; total: number; run: number; summary: Record<string, number> }> {
  const [task] = await scope.query<{ run: number }>(
    db,
    'SELECT t.run FROM tasks t WHERE t.id = $1 AND {scope:t.org_id}',
    [query.id],
  );
  if (!task) throw AppError.notFound();
  const run = query.run ?? task.run;
  const filter = query.result === undefined ? '' : 'AND td.result = $3';
  const bind = query.result === undefined ? [query.id, run] : [query.id, run, query.result];
  const [rows, counts] = await Promise.all([
    scope.query<{
      device_id: string;
      mac: string;
      device_name: string;
      result: number;
      message: string;
      finished_at: Date | null;
    }>(
      db,
      `SELECT td.device_id, d.mac, d.device_name, td.result, td.message, td.finished_at
         FROM task_devices td JOIN devices d ON d.id = td.device_id
        WHERE td.task_id = $1 AND td.run = $2 ${filter} AND {devices:d}
        ORDER BY td.device_id
        LIMIT ${query.pageSize} OFFSET ${(query.currentPage - 1) * query.pageSize}`,
      bind,
    ),
    db.query<{ result: number; count: string }>(
      `SELECT td.result, count(*) AS count FROM task_devices td
        WHERE td.task_id = $1 AND td.run = $2 GROUP BY td.result`,
      [query.id, run],
    ),
  ]);
  const summary: Record<string, number> = Object.fromEntries(
    Object.values(DeviceResult).map((result) => [String(result), 0]),
  );
  for (const count of counts) summary[String(count.result)] = Number(count.count);
  return {
    list: rows.map((row) => ({
      deviceId: Number(row.device_id),
      macAddress: macWithColons(row.mac),
      deviceName: row.device_name,
      result: row.result,
      message: resultMessage(row.message, language),
      finishedTime: row.finished_at?.toISOString() ?? null,
    })),
    total:
      query.result === undefined
        ? Object.values(summary).reduce((sum, count) => sum + count, 0)
        : (summary[String(query.result)] ?? 0),
    run,
    summary,
  };
}

/** `/device/taskHistory`: the device's results in the caller's tasks, newest first. */
export async function deviceTaskHistory(
  db: Database,
  scope: TenantScope,
  deviceId: number,
  page: { currentPage: number; pageSize: number },
  language: Language,
): Promise<{ list: DeviceTaskRow[]; total: number }> {
  await scope.assertOwns(db, 'devices', deviceId);
  const [rows, count] = await Promise.all([
    scope.query<{
      id: string;
      name: string;
      type: number;
      run: number;
      result: number;
      message: string;
      finished_at: Date | null;
      created_at: Date;
    }>(
      db,
      `SELECT t.id, t.name, t.type, td.run, td.result, td.message, td.finished_at, t.created_at
         FROM task_devices td JOIN tasks t ON t.id = td.task_id
        WHERE td.device_id = $1 AND {scope:t.org_id}
        ORDER BY t.created_at DESC, td.run DESC
        LIMIT ${page.pageSize} OFFSET ${(page.currentPage - 1) * page.pageSize}`,
      [deviceId],
    ),
    scope.query<{ total: string }>(
      db,
      `SELECT count(*) AS total FROM task_devices td JOIN tasks t ON t.id = td.task_id
        WHERE td.device_id = $1 AND {scope:t.org_id}`,
      [deviceId],
    ),
  ]);
  return {
    list: rows.map((row) => ({
      taskId: Number(row.id),
      taskName: row.name,
      type: row.type,
      run: row.run,
      result: row.result,
      message: resultMessage(row.message, language),
      finishedTime: row.finished_at?.toISOString() ?? null,
      createTime: row.created_at.toISOString(),
    })),
    total: Number(count[0]?.total ?? 0),
  };
}
