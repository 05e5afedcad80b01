import {
  ErrorCode,
  isMessageKey,
  type Language,
  macWithColons,
  normaliseMac,
  translate,
} from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { ConfigurationService } from '../configuration/configuration-service.js';
import type { RelationName } from '../configuration/schemas.js';
import type { DriverRegistry } from '../extensions/driver-registry.js';
import type { TenantScope } from '../tenancy/scope.js';
import { normaliseSchedule, type Schedule, type ScheduleInput } from './schedule.js';
import { type RelationPush, type TaskAdd, type TaskResults, type TaskSearch, TaskType } from './schemas.js';

/** Who a task notifies: listed devices, or the devices a configuration layer affects. */
export type TaskTargets =
  | { kind: 'devices'; deviceIds: number[] }
  | { kind: 'relation'; relation: RelationName; relationId: number };

export interface TaskRequest {
  type: number;
  schedule: ScheduleInput;
  targets: TaskTargets;
  params: Record<string, unknown>;
}

/** Who asks: scope, user (`created_by`) and the zone repeating runs keep their time of day in. */
export interface Caller {
  scope: TenantScope;
  userId: number;
  zoneOffsetMinutes: number;
}

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

/** Per-device result: 0 scheduled … 7 finished (spec §4). */
export const Result = {
  scheduled: 0,
  ongoing: 1,
  success: 2,
  failed: 3,
  cancelled: 4,
  paused: 5,
  timeout: 6,
  finished: 7,
} as const;

const relationTaskType: Record<Exclude<RelationName, 'device'>, number> = {
  model: TaskType.modelConfig,
  group: TaskType.groupConfig,
  site: TaskType.siteConfig,
  global: TaskType.globalConfig,
};

const relationLabel: Record<RelationName, string> = {
  model: 'Model',
  group: 'Group',
  site: 'Site',
  global: 'Global',
  device: 'Device',
};

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

/**
 * Tasks as the API sees them: validation (spec §5), creation with their device rows in one
 * statement, the actions (start, pause, cancel, run again, edit, delete) as conditional state
 * changes, and the result views. The engine (`TaskEngine`) does the running.
 */
export class TaskService {
  private readonly db: Database;
  private readonly configurationService: ConfigurationService;
  private readonly driverRegistry: DriverRegistry;

  constructor(deps: {
    db: Database;
    configurationService: ConfigurationService;
    driverRegistry: DriverRegistry;
  }) {
    this.db = deps.db;
    this.configurationService = deps.configurationService;
    this.driverRegistry = deps.driverRegistry;
  }

  /** `/task/add`: the device range the type needs (docs/tasks.md). */
  targetsOf(body: TaskAdd): TaskTargets {
    const relation: [RelationName, number | undefined][] = [
      ['model', body.modelTemplateId],
      ['group', body.groupId],
      ['site', body.siteId],
    ];
    if (body.type === TaskType.globalConfig) return { kind: 'relation', relation: 'global', relationId: 0 };
    if (body.type >= TaskType.modelConfig && body.type <= TaskType.siteConfig) {
      const [name, relationId] = relation[body.type - TaskType.modelConfig] ?? [];
      if (!name || relationId === undefined) {
        throw AppError.invalid('taskDevicesRequired', name === 'model' ? 'modelTemplateId' : `${name}Id`);
      }
      return { kind: 'relation', relation: name, relationId };
    }
    return { kind: 'devices', deviceIds: [] };
  }

  /** Device ids from ids and MACs; unknown or foreign ones are "not found", naming them. */
  async resolveDevices(scope: TenantScope, ids: number[], macs: string[]): Promise<number[]> {
    const normalised = macs.map((mac) => normaliseMac(mac));
    const invalid = macs.filter((_, index) => normalised[index] === undefined);
    if (invalid.length) throw AppError.invalid('invalidFormat', `macs: ${invalid.slice(0, 20).join(', ')}`);
    const wantedMacs = [...new Set(normalised as string[])];
    const wantedIds = [...new Set(ids)];
    if (!wantedIds.length && !wantedMacs.length) throw AppError.invalid('taskDevicesRequired', 'deviceIds');
    const rows = await scope.query<{ id: string; mac: string }>(
      this.db,
      `SELECT d.id, d.mac FROM devices d
        WHERE (d.id = ANY($1::bigint[]) OR d.mac = ANY($2::text[])) AND {scope:d.org_id}`,
      [wantedIds, wantedMacs],
    );
    const foundIds = new Set(rows.map((row) => Number(row.id)));
    const foundMacs = new Set(rows.map((row) => row.mac));
    const missing = [
      ...wantedIds.filter((id) => !foundIds.has(id)).map(String),
      ...wantedMacs.filter((mac) => !foundMacs.has(mac)).map(macWithColons),
    ];
    if (missing.length) {
      throw new AppError(ErrorCode.notFound, 'notFound', 404, `devices: ${missing.slice(0, 20).join(', ')}`);
    }
    return [...foundIds];
  }

  /**
   * Validates and stores a task with one row per device for its first run, in one statement.
   * Immediate tasks are ongoing at once; the engine picks them up on its next pass.
   */
  async create(caller: Caller, request: TaskRequest): Promise<{ id: number; devices: number }> {
    const { scope } = caller;
    this.assertTypeAvailable(request.type);
    const schedule = normaliseSchedule(request.schedule, Date.now(), caller.zoneOffsetMinutes);
    const target = await this.targetCondition(scope, request.targets);
    if (request.type === TaskType.factoryReset) await this.assertFactoryReset(scope, target);
    const rows = await scope.query<{ id: string; devices: string }>(
      this.db,
      `WITH targets AS (SELECT d.id FROM devices d WHERE ${target.where} AND {scope:d.org_id}),
       task AS (
         INSERT INTO tasks (org_id, name, type, time_type, begin_time, end_time, repeat_type, repeat_time,
                            interval_seconds, zone_offset_minutes, state, next_run_at, params, created_by, started_at)
         SELECT $2::bigint, $3::text, $4::smallint, $5::smallint, $6::timestamptz, $7::timestamptz,
                $8::smallint, $9::text, $10::integer, $11::integer, $12::smallint, $13::timestamptz,
                $14::jsonb, $15::bigint, CASE WHEN $12::smallint = 1 THEN now() END
          WHERE EXISTS (SELECT 1 FROM targets)
         RETURNING id, org_id, run, coalesce(next_run_at, now()) AS due),
       added AS (
         INSERT INTO task_devices (task_id, run, device_id, org_id, next_attempt_at)
         SELECT task.id, task.run, t.id, task.org_id, task.due FROM task CROSS JOIN targets t
         RETURNING 1)
       SELECT task.id, (SELECT count(*) FROM added) AS devices FROM task`,
      [
        target.id,
        scope.orgId,
        request.schedule.taskName.trim(),
        request.type,
        ...this.scheduleBind(schedule, caller.zoneOffsetMinutes),
        schedule.firstRun ? 0 : 1,
        schedule.firstRun?.toISOString() ?? null,
        JSON.stringify(request.params),
        caller.userId,
      ],
    );
    const row = rows[0];
    if (!row) throw AppError.invalid('taskNoDevicesInRange');
    if (request.targets.kind === 'relation') await this.markPushed(scope, request.targets);
    return { id: Number(row.id), devices: Number(row.devices) };
  }

  /**
   * Edits a scheduled or paused task: new definition, and the current run starts over with the new
   * device range (every device back to scheduled, or paused when the task is paused).
   */
  async update(caller: Caller, id: number, request: TaskRequest): Promise<void> {
    const { scope } = caller;
    await this.stateOf(scope, id, [0, 5]);
    this.assertTypeAvailable(request.type);
    const schedule = normaliseSchedule(request.schedule, Date.now(), caller.zoneOffsetMinutes);
    const target = await this.targetCondition(scope, request.targets);
    if (request.type === TaskType.factoryReset) await this.assertFactoryReset(scope, target);
    const [exists] = await scope.query<{ found: number }>(
      this.db,
      `SELECT 1 AS found FROM devices d WHERE ${target.where} AND {scope:d.org_id} LIMIT 1`,
      [target.id],
    );
    if (!exists) throw AppError.invalid('taskNoDevicesInRange');
    const rows = await scope.query<{ id: string }>(
      this.db,
      `WITH targets AS (SELECT d.id FROM devices d WHERE ${target.where} AND {scope:d.org_id}),
       t AS (
         UPDATE tasks SET name = $3::text, type = $4::smallint, time_type = $5::smallint,
                begin_time = $6::timestamptz, end_time = $7::timestamptz, repeat_type = $8::smallint,
                repeat_time = $9::text, interval_seconds = $10::integer, zone_offset_minutes = $11::integer,
                state = CASE WHEN state = 5 THEN 5 WHEN $12::timestamptz IS NULL THEN 1 ELSE 0 END,
                next_run_at = $12::timestamptz, params = $13::jsonb, updated_at = now(),
                started_at = CASE WHEN state = 0 AND $12::timestamptz IS NULL THEN now() ELSE started_at END
          WHERE id = $2 AND state IN (0, 5) AND {scope:org_id}
         RETURNING id, run, org_id, state, coalesce(next_run_at, now()) AS due),
       gone AS (
         DELETE FROM task_devices td USING t
          WHERE td.task_id = t.id AND td.run = t.run AND td.device_id NOT IN (SELECT id FROM targets)),
       kept AS (
         INSERT INTO task_devices (task_id, run, device_id, org_id, result, next_attempt_at)
         SELECT t.id, t.run, d.id, t.org_id, CASE WHEN t.state = 5 THEN 5 ELSE 0 END, t.due
           FROM t CROSS JOIN targets d
         ON CONFLICT (task_id, run, device_id) DO UPDATE
           SET result = EXCLUDED.result, attempts = 0, next_attempt_at = EXCLUDED.next_attempt_at,
               notified_at = NULL, confirm_by = NULL, finished_at = NULL, message = '')
       SELECT id FROM t`,
      [
        target.id,
        id,
        request.schedule.taskName.trim(),
        request.type,
        ...this.scheduleBind(schedule, caller.zoneOffsetMinutes),
        schedule.firstRun?.toISOString() ?? null,
        JSON.stringify(request.params),
      ],
    );
    if (!rows[0]) throw AppError.invalid('taskStateForbids');
    if (request.targets.kind === 'relation') await this.markPushed(scope, request.targets);
  }

  /** The spec's push calls: a type 4–7 task for the devices the relation's configuration reaches. */
  async pushRelation(
    caller: Caller,
    relation: Exclude<RelationName, 'device'>,
    body: RelationPush,
  ): Promise<{ id: number; devices: number }> {
    const param = body.taskParam;
    if (param.relationName !== undefined && param.relationName !== relation) {
      throw AppError.invalid('invalidFormat', 'taskParam.relationName');
    }
    const relationId = relation === 'global' ? caller.scope.orgId : (param.relationId ?? 0);
    const name =
      param.name?.trim() ||
      `${relationLabel[relation]} configuration: ${await this.relationName(caller.scope, relation, relationId)}`;
    return this.create(caller, {
      type: relationTaskType[relation],
      schedule: {
        taskName: name.slice(0, 128),
        timeType: body.type,
        beginTime: param.beginTime,
        endTime: param.endTime,
        repeatType: param.repeatType,
        repeatTime: param.repeatTime,
        interval: param.interval,
      },
      targets: { kind: 'relation', relation, relationId },
      params: { relationName: relation, relationId },
    });
  }

  /** An immediate task for listed devices (reboot, factory reset, a device's or MACs' configuration). */
  async immediate(
    caller: Caller,
    type: number,
    deviceIds: number[],
    name: string,
    params: Record<string, unknown> = {},
  ): Promise<{ id: number; devices: number }> {
    return this.create(caller, {
      type,
      schedule: { taskName: name.slice(0, 128), timeType: 1 },
      targets: { kind: 'devices', deviceIds },
      params,
    });
  }

  /** `/device/deviceConfigUpdate`: the device's configuration pushed now (type 7, relation device). */
  async pushDevice(caller: Caller, deviceId: number): Promise<{ id: number; devices: number }> {
    await caller.scope.assertOwns(this.db, 'devices', deviceId);
    const [device] = await this.db.query<{ mac: string }>('SELECT mac FROM devices WHERE id = $1', [
      deviceId,
    ]);
    const result = await this.immediate(
      caller,
      TaskType.globalConfig,
      [deviceId],
      `Device configuration: ${macWithColons(device?.mac ?? '')}`,
      { relationName: 'device', relationId: deviceId },
    );
    await this.markPushed(caller.scope, { relation: 'device', relationId: deviceId });
    return result;
  }

  async search(scope: TenantScope, query: TaskSearch): Promise<{ list: TaskListRow[]; total: number }> {
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
        this.db,
        `SELECT t.id, t.name, t.type, t.time_type, t.begin_time, t.end_time, t.state, t.created_at, c.*
           FROM tasks t
           CROSS JOIN LATERAL (
             SELECT count(*) AS total,
                    count(*) FILTER (WHERE td.result = 2) AS success,
                    count(*) FILTER (WHERE td.result IN (3, 6)) AS failed,
                    count(*) FILTER (WHERE td.result = 1) AS ongoing
               FROM task_devices td WHERE td.task_id = t.id AND td.run = t.run) c
          WHERE ${filter}
          ORDER BY t.created_at DESC, t.id DESC
          LIMIT ${query.pageSize} OFFSET ${(query.currentPage - 1) * query.pageSize}`,
        bind,
      ),
      scope.query<{ total: string }>(this.db, `SELECT count(*) AS total FROM tasks t WHERE ${filter}`, bind),
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

  async query(scope: TenantScope, id: number): Promise<TaskDetail> {
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
      this.db,
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

  /** Start = run the current run now: from scheduled, or resuming a paused one. */
  async start(scope: TenantScope, id: number): Promise<void> {
    await this.transition(
      scope,
      id,
      [0, 5],
      `WITH t AS (
         UPDATE tasks SET state = 1, started_at = now(), next_run_at = NULL, updated_at = now()
          WHERE id = $1 AND state IN (0, 5) AND {scope:org_id} RETURNING id, run),
       rows AS (
         UPDATE task_devices td SET result = 0, next_attempt_at = now()
           FROM t WHERE td.task_id = t.id AND td.run = t.run AND td.result IN (0, 5))
       SELECT id FROM t`,
    );
  }

  /** No further NOTIFYs; devices already notified keep waiting for their fetch. */
  async pause(scope: TenantScope, id: number): Promise<void> {
    await this.transition(
      scope,
      id,
      [0, 1],
      `WITH t AS (
         UPDATE tasks SET state = 5, updated_at = now()
          WHERE id = $1 AND state IN (0, 1) AND {scope:org_id} RETURNING id, run),
       rows AS (
         UPDATE task_devices td SET result = 5
           FROM t WHERE td.task_id = t.id AND td.run = t.run AND td.result = 0)
       SELECT id FROM t`,
    );
  }

  async cancel(scope: TenantScope, id: number): Promise<void> {
    await this.transition(
      scope,
      id,
      [0, 1, 5],
      `WITH t AS (
         UPDATE tasks SET state = 4, next_run_at = NULL, finished_at = now(), updated_at = now()
          WHERE id = $1 AND state IN (0, 1, 5) AND {scope:org_id} RETURNING id, run),
       rows AS (
         UPDATE task_devices td SET result = 4, finished_at = now()
           FROM t WHERE td.task_id = t.id AND td.run = t.run AND td.result IN (0, 1, 5))
       SELECT id FROM t`,
    );
  }

  /** A finished or cancelled task runs once more now, for the same devices, as a new run. */
  async runAgain(scope: TenantScope, id: number): Promise<void> {
    await this.transition(
      scope,
      id,
      [4, 7],
      `WITH t AS (
         UPDATE tasks SET state = 1, run = run + 1, started_at = now(), finished_at = NULL,
                next_run_at = NULL, updated_at = now()
          WHERE id = $1 AND state IN (4, 7) AND {scope:org_id} RETURNING id, run, org_id),
       rows AS (
         INSERT INTO task_devices (task_id, run, device_id, org_id)
         SELECT t.id, t.run, td.device_id, t.org_id
           FROM t JOIN task_devices td ON td.task_id = t.id AND td.run = t.run - 1)
       SELECT id FROM t`,
    );
  }

  /** Deletes tasks that are not ongoing (pause or cancel them first); all or nothing. */
  async remove(scope: TenantScope, ids: number[]): Promise<void> {
    const wanted = [...new Set(ids)];
    const rows = await scope.query<{ id: string; state: number }>(
      this.db,
      'SELECT t.id, t.state FROM tasks t WHERE t.id = ANY($1::bigint[]) AND {scope:t.org_id}',
      [wanted],
    );
    if (rows.length !== wanted.length) throw AppError.notFound();
    if (rows.some((row) => row.state === 1)) throw AppError.invalid('taskStateForbids');
    await scope.query(
      this.db,
      'DELETE FROM tasks t WHERE t.id = ANY($1::bigint[]) AND t.state <> 1 AND {scope:t.org_id} RETURNING t.id',
      [wanted],
    );
  }

  async results(
    scope: TenantScope,
    query: TaskResults,
    language: Language,
  ): Promise<{ list: TaskResultRow[]; total: number; run: number; summary: Record<string, number> }> {
    const [task] = await scope.query<{ run: number }>(
      this.db,
      'SELECT t.run FROM tasks t WHERE t.id = $1 AND {scope:t.org_id}',
      [query.id],
    );
    if (!task) throw AppError.notFound();
    const run = query.run ?? task.run;
    const filter = query.result === undefined ? '' : 'AND td.result = $3';
    const bind = query.result === undefined ? [query.id, run] : [query.id, run, query.result];
    const [rows, counts] = await Promise.all([
      this.db.query<{
        device_id: string;
        mac: string;
        device_name: string;
        result: number;
        message: string;
        finished_at: Date | null;
      }>(
        `SELECT td.device_id, d.mac, d.device_name, td.result, td.message, td.finished_at
           FROM task_devices td JOIN devices d ON d.id = td.device_id
          WHERE td.task_id = $1 AND td.run = $2 ${filter}
          ORDER BY td.device_id
          LIMIT ${query.pageSize} OFFSET ${(query.currentPage - 1) * query.pageSize}`,
        bind,
      ),
      this.db.query<{ result: number; count: string }>(
        `SELECT td.result, count(*) AS count FROM task_devices td
          WHERE td.task_id = $1 AND td.run = $2 GROUP BY td.result`,
        [query.id, run],
      ),
    ]);
    const summary: Record<string, number> = Object.fromEntries(
      Array.from({ length: 8 }, (_, result) => [String(result), 0]),
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
  async deviceHistory(
    scope: TenantScope,
    deviceId: number,
    page: { currentPage: number; pageSize: number },
    language: Language,
  ): Promise<{ list: DeviceTaskRow[]; total: number }> {
    await scope.assertOwns(this.db, 'devices', deviceId);
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
        this.db,
        `SELECT t.id, t.name, t.type, td.run, td.result, td.message, td.finished_at, t.created_at
           FROM task_devices td JOIN tasks t ON t.id = td.task_id
          WHERE td.device_id = $1 AND {scope:t.org_id}
          ORDER BY t.created_at DESC, td.run DESC
          LIMIT ${page.pageSize} OFFSET ${(page.currentPage - 1) * page.pageSize}`,
        [deviceId],
      ),
      scope.query<{ total: string }>(
        this.db,
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

  private assertTypeAvailable(type: number): void {
    if (type === TaskType.firmwareUpgrade) throw AppError.invalid('firmwareUpgradeUnavailable');
    if (type > TaskType.globalConfig) throw AppError.invalid('taskTypeUnavailable', `type ${type}`);
  }

  private scheduleBind(schedule: Schedule, zoneOffsetMinutes: number): unknown[] {
    return [
      schedule.timeType,
      schedule.begin.toISOString(),
      schedule.end?.toISOString() ?? null,
      schedule.repeatType,
      schedule.repeatTime,
      schedule.interval,
      zoneOffsetMinutes,
    ];
  }

  /** A condition on `devices d` over `$1` selecting the task's devices. */
  private async targetCondition(
    scope: TenantScope,
    targets: TaskTargets,
  ): Promise<{ where: string; id: number | number[] }> {
    if (targets.kind === 'devices') {
      if (!targets.deviceIds.length) throw AppError.invalid('taskDevicesRequired', 'deviceIds');
      return { where: 'd.id = ANY($1::bigint[])', id: targets.deviceIds };
    }
    const relationId = targets.relation === 'global' ? scope.orgId : targets.relationId;
    return this.configurationService.affectedCondition(scope, targets.relation, relationId);
  }

  /** Factory reset needs an event string from the device's driver; refused (naming models) otherwise. */
  private async assertFactoryReset(
    scope: TenantScope,
    target: { where: string; id: number | number[] },
  ): Promise<void> {
    const models = await scope.query<{ model: string }>(
      this.db,
      `SELECT DISTINCT d.model FROM devices d WHERE ${target.where} AND {scope:d.org_id}`,
      [target.id],
    );
    const unsupported = models
      .map((row) => row.model)
      .filter((model) => !this.driverRegistry.model(model)?.driver.pushEvents.factoryReset);
    if (unsupported.length) throw AppError.invalid('factoryResetUnsupported', unsupported.join(', '));
  }

  /** The push record of the relation (spec §4: configPush false means not pushed). */
  private async markPushed(
    scope: TenantScope,
    targets: { relation: RelationName; relationId: number },
  ): Promise<void> {
    const relationId = targets.relation === 'global' ? scope.orgId : targets.relationId;
    await this.db.execute(
      'UPDATE config_layers SET config_push = true WHERE relation = $1 AND relation_id = $2',
      [targets.relation, relationId],
    );
  }

  private async relationName(
    scope: TenantScope,
    relation: RelationName,
    relationId: number,
  ): Promise<string> {
    const tables: Partial<Record<RelationName, string>> = {
      model: 'model_templates',
      group: 'device_groups',
      site: 'sites',
      global: 'orgs',
    };
    const table = tables[relation];
    if (!table) return String(relationId);
    const column = relation === 'global' ? 't.id' : 't.org_id';
    const [row] = await scope.query<{ name: string }>(
      this.db,
      `SELECT t.name FROM ${table} t WHERE t.id = $1 AND {scope:${column}}`,
      [relationId],
    );
    if (!row) throw AppError.notFound();
    return row.name;
  }

  private async stateOf(scope: TenantScope, id: number, allowed: number[]): Promise<number> {
    const [row] = await scope.query<{ state: number }>(
      this.db,
      'SELECT t.state FROM tasks t WHERE t.id = $1 AND {scope:t.org_id}',
      [id],
    );
    if (!row) throw AppError.notFound();
    if (!allowed.includes(row.state)) throw AppError.invalid('taskStateForbids');
    return row.state;
  }

  /** A conditional state change; "not found" outside the scope, refused from other states. */
  private async transition(scope: TenantScope, id: number, from: number[], sql: string): Promise<void> {
    await this.stateOf(scope, id, from);
    const rows = await scope.query<{ id: string }>(this.db, sql, [id]);
    if (!rows[0]) throw AppError.invalid('taskStateForbids');
  }
}
