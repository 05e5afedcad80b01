/*
 * The user's actions on a task (docs/tasks.md, States): each is one conditional state change of the
 * task and the devices of its current run.
 */
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { TenantScope } from '../tenancy/scope.js';
import { DeviceResult, TaskState } from './task-states.js';

const { scheduled, ongoing, cancelled, paused, finished } = TaskState;

/** Start = run the current run now: from scheduled, or resuming a paused one. */
export async function startTask(db: Database, scope: TenantScope, id: number): Promise<void> {
  await transition(
    db,
    scope,
    id,
    [scheduled, paused],
    `WITH t AS (
       UPDATE tasks SET state = ${ongoing}, started_at = now(), next_run_at = NULL, updated_at = now()
        WHERE id = $1 AND state IN (${scheduled}, ${paused}) AND {scope:org_id} RETURNING id, run),
     rows AS (
       UPDATE task_devices td SET result = ${DeviceResult.scheduled}, next_attempt_at = now()
         FROM t WHERE td.task_id = t.id AND td.run = t.run
          AND td.result IN (${DeviceResult.scheduled}, ${DeviceResult.paused}))
     SELECT id FROM t`,
  );
}

/** No further NOTIFYs; devices already notified keep waiting for their fetch. */
export async function pauseTask(db: Database, scope: TenantScope, id: number): Promise<void> {
  await transition(
    db,
    scope,
    id,
    [scheduled, ongoing],
    `WITH t AS (
       UPDATE tasks SET state = ${paused}, updated_at = now()
        WHERE id = $1 AND state IN (${scheduled}, ${ongoing}) AND {scope:org_id} RETURNING id, run),
     rows AS (
       UPDATE task_devices td SET result = ${DeviceResult.paused}
         FROM t WHERE td.task_id = t.id AND td.run = t.run AND td.result = ${DeviceResult.scheduled})
     SELECT id FROM t`,
  );
}

export async function cancelTask(db: Database, scope: TenantScope, id: number): Promise<void> {
  await transition(
    db,
    scope,
    id,
    [scheduled, ongoing, paused],
    `WITH t AS (
       UPDATE tasks SET state = ${cancelled}, next_run_at = NULL, finished_at = now(), updated_at = now()
        WHERE id = $1 AND state IN (${scheduled}, ${ongoing}, ${paused}) AND {scope:org_id} RETURNING id, run),
     rows AS (
       UPDATE task_devices td SET result = ${DeviceResult.cancelled}, finished_at = now()
         FROM t WHERE td.task_id = t.id AND td.run = t.run
          AND td.result IN (${DeviceResult.scheduled}, ${DeviceResult.ongoing}, ${DeviceResult.paused}))
     SELECT id FROM t`,
  );
}

/** A finished or cancelled task runs once more now, for the same devices, as a new run. */
export async function runTaskAgain(db: Database, scope: TenantScope, id: number): Promise<void> {
  await transition(
    db,
    scope,
    id,
    [cancelled, finished],
    `WITH t AS (
       UPDATE tasks SET state = ${ongoing}, run = run + 1, started_at = now(), finished_at = NULL,
              next_run_at = NULL, updated_at = now()
        WHERE id = $1 AND state IN (${cancelled}, ${finished}) AND {scope:org_id} RETURNING id, run, org_id),
     rows AS (
       INSERT INTO task_devices (task_id, run, device_id, org_id)
       SELECT t.id, t.run, td.device_id, t.org_id
         FROM t JOIN task_devices td ON td.task_id = t.id AND td.run = t.run - 1)
     SELECT id FROM t`,
  );
}

/** Deletes tasks that are not ongoing (pause or cancel them first); all or nothing. */
export async function removeTasks(db: Database, scope: TenantScope, ids: number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  const rows = await scope.query<{ id: string; state: number }>(
    db,
    'SELECT t.id, t.state FROM tasks t WHERE t.id = ANY($1::bigint[]) AND {scope:t.org_id}',
    [wanted],
  );
  if (rows.length !== wanted.length) throw AppError.notFound();
  if (rows.some((row) => row.state === ongoing)) throw AppError.invalid('taskStateForbids');
  await scope.query(
    db,
    `DELETE FROM tasks t WHERE t.id = ANY($1::bigint[]) AND t.state <> ${ongoing} AND {scope:t.org_id} RETURNING t.id`,
    [wanted],
  );
}

/** "Not found" outside the scope; 'The task’s current state does not allow this action' from other states. */
export async function assertStateAllows(
  db: Database,
  scope: TenantScope,
  id: number,
  allowed: number[],
): Promise<void> {
  const [row] = await scope.query<{ state: number }>(
    db,
    'SELECT t.state FROM tasks t WHERE t.id = $1 AND {scope:t.org_id}',
    [id],
  );
  if (!row) throw AppError.notFound();
  if (!allowed.includes(row.state)) throw AppError.invalid('taskStateForbids');
}

/** A conditional state change; "not found" outside the scope, refused from other states. */
async function transition(
  db: Database,
  scope: TenantScope,
  id: number,
  from: number[],
  sql: string,
): Promise<void> {
  await assertStateAllows(db, scope, id, from);
  const rows = await scope.query<{ id: string }>(db, sql, [id]);
  if (!rows[0]) throw AppError.invalid('taskStateForbids');
}
