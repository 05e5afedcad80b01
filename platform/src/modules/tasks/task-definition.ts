import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { ConfigurationService } from '../configuration/configuration-service.js';
import type { RelationName } from '../configuration/schemas.js';
import type { DriverRegistry } from '../extensions/driver-registry.js';
import type { TenantScope } from '../tenancy/scope.js';
import { normaliseSchedule, type Schedule, type ScheduleInput } from './schedule.js';
import { TaskType } from './schemas.js';
import { DeviceResult, FILE_TASK_TYPES, TaskState } from './task-states.js';
import {
  assertFactoryReset,
  type TargetCondition,
  type TaskTargets,
  targetCondition,
} from './task-targets.js';
import { assertStateAllows } from './task-transitions.js';

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

/** What defining a task needs: the database, the reach of configuration layers, the drivers' push events. */
export interface TaskDefinitionDeps {
  db: Database;
  configurationService: ConfigurationService;
  driverRegistry: DriverRegistry;
}

/**
 * Validates and stores a task with one row per device for its first run, in one statement.
 * Immediate tasks are ongoing at once; the engine picks them up on its next pass.
 */
export async function createTask(
  deps: TaskDefinitionDeps,
  caller: Caller,
  request: TaskRequest,
): Promise<{ id: number; devices: number }> {
  const { scope } = caller;
  const { schedule, target } = await validate(deps, caller, request);
  const rows = await scope.query<{ id: string; devices: string }>(
    deps.db,
    `WITH targets AS (SELECT d.id FROM devices d WHERE ${target.where} AND {devices:d}),
     task AS (
       INSERT INTO tasks (org_id, name, type, time_type, begin_time, end_time, repeat_type, repeat_time,
                          interval_seconds, zone_offset_minutes, state, next_run_at, params, created_by, started_at)
       SELECT $2::bigint, $3::text, $4::smallint, $5::smallint, $6::timestamptz, $7::timestamptz,
              $8::smallint, $9::text, $10::integer, $11::integer, $12::smallint, $13::timestamptz,
              $14::jsonb, $15::bigint, CASE WHEN $12::smallint = ${TaskState.ongoing} THEN now() END
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
      ...scheduleBind(schedule, caller.zoneOffsetMinutes),
      schedule.firstRun ? TaskState.scheduled : TaskState.ongoing,
      schedule.firstRun?.toISOString() ?? null,
      JSON.stringify(request.params),
      caller.userId,
    ],
  );
  const row = rows[0];
  if (!row) throw AppError.invalid('taskNoDevicesInRange');
  if (request.targets.kind === 'relation') await markPushed(deps.db, scope, request.targets);
  return { id: Number(row.id), devices: Number(row.devices) };
}

/**
 * Edits a scheduled or paused task: new definition, and the current run starts over with the new
 * device range (every device back to scheduled, or paused when the task is paused).
 */
export async function updateTask(
  deps: TaskDefinitionDeps,
  caller: Caller,
  id: number,
  request: TaskRequest,
): Promise<void> {
  const { scope } = caller;
  const { db } = deps;
  const { scheduled, ongoing, paused } = TaskState;
  await assertStateAllows(db, scope, id, [scheduled, paused]);
  const { schedule, target } = await validate(deps, caller, request);
  const [exists] = await scope.query<{ found: number }>(
    db,
    `SELECT 1 AS found FROM devices d WHERE ${target.where} AND {devices:d} LIMIT 1`,
    [target.id],
  );
  if (!exists) throw AppError.invalid('taskNoDevicesInRange');
  const rows = await scope.query<{ id: string }>(
    db,
    `WITH targets AS (SELECT d.id FROM devices d WHERE ${target.where} AND {devices:d}),
     t AS (
       UPDATE tasks SET name = $3::text, type = $4::smallint, time_type = $5::smallint,
              begin_time = $6::timestamptz, end_time = $7::timestamptz, repeat_type = $8::smallint,
              repeat_time = $9::text, interval_seconds = $10::integer, zone_offset_minutes = $11::integer,
              state = CASE WHEN state = ${paused} THEN ${paused}
                           WHEN $12::timestamptz IS NULL THEN ${ongoing} ELSE ${scheduled} END,
              next_run_at = $12::timestamptz, params = $13::jsonb, updated_at = now(),
              started_at = CASE WHEN state = ${scheduled} AND $12::timestamptz IS NULL THEN now() ELSE started_at END
        WHERE id = $2 AND state IN (${scheduled}, ${paused}) AND type NOT IN (${FILE_TASK_TYPES}) AND {scope:org_id}
       RETURNING id, run, org_id, state, coalesce(next_run_at, now()) AS due),
     gone AS (
       DELETE FROM task_devices td USING t
        WHERE td.task_id = t.id AND td.run = t.run AND td.device_id NOT IN (SELECT id FROM targets)),
     kept AS (
       INSERT INTO task_devices (task_id, run, device_id, org_id, result, next_attempt_at)
       SELECT t.id, t.run, d.id, t.org_id,
              CASE WHEN t.state = ${paused} THEN ${DeviceResult.paused} ELSE ${DeviceResult.scheduled} END, t.due
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
      ...scheduleBind(schedule, caller.zoneOffsetMinutes),
      schedule.firstRun?.toISOString() ?? null,
      JSON.stringify(request.params),
    ],
  );
  if (!rows[0]) throw AppError.invalid('taskStateForbids');
  if (request.targets.kind === 'relation') await markPushed(db, scope, request.targets);
}

/** The push record of the relation (spec §4: configPush false means not pushed). */
export async function markPushed(
  db: Database,
  scope: TenantScope,
  targets: { relation: RelationName; relationId: number },
): Promise<void> {
  const relationId = targets.relation === 'global' ? scope.orgId : targets.relationId;
  await db.execute('UPDATE config_layers SET config_push = true WHERE relation = $1 AND relation_id = $2', [
    targets.relation,
    relationId,
  ]);
}

/** The spec's rules for a task (docs/tasks.md, Validation): type, schedule, device range. */
async function validate(
  deps: TaskDefinitionDeps,
  caller: Caller,
  request: TaskRequest,
): Promise<{ schedule: Schedule; target: TargetCondition }> {
  const { scope } = caller;
  const schedule = normaliseSchedule(request.schedule, Date.now(), caller.zoneOffsetMinutes);
  const target = await targetCondition(deps.configurationService, scope, request.targets);
  if (request.type === TaskType.factoryReset) {
    await assertFactoryReset(deps.db, deps.driverRegistry, scope, target);
  }
  return { schedule, target };
}

function scheduleBind(schedule: Schedule, zoneOffsetMinutes: number): unknown[] {
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
