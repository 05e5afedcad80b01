import type { Database } from '../../db/database.js';
import { nextOccurrence, TimeType } from './schedule.js';
import { DeviceResult, TaskState, WAITING_RESULTS } from './task-states.js';

const FIRE_BATCH = 100;

/**
 * Scheduled tasks whose time came become ongoing, once: the state change is conditional and the
 * rows are locked with SKIP LOCKED, so with several instances exactly one fires each task.
 * A task whose window ended before any instance could fire it ends with its devices timed out.
 */
export async function fireDueTasks(db: Database): Promise<void> {
  await db.execute(
    `WITH missed AS (
       UPDATE tasks SET state = ${TaskState.finished}, next_run_at = NULL, finished_at = now(), updated_at = now()
        WHERE state = ${TaskState.scheduled} AND next_run_at <= now() AND end_time < now()
       RETURNING id, run)
     UPDATE task_devices td SET result = ${DeviceResult.timeout}, finished_at = now(), message = 'pushWindowEnded'
       FROM missed m WHERE td.task_id = m.id AND td.run = m.run AND td.result = ${DeviceResult.scheduled}`,
  );
  await db.execute(
    `WITH due AS (
       SELECT id FROM tasks
        WHERE state = ${TaskState.scheduled} AND next_run_at <= now() AND (end_time IS NULL OR end_time >= now())
        ORDER BY next_run_at LIMIT ${FIRE_BATCH} FOR UPDATE SKIP LOCKED)
     UPDATE tasks t SET state = ${TaskState.ongoing}, started_at = now(), next_run_at = NULL, updated_at = now()
       FROM due WHERE t.id = due.id`,
  );
}

/**
 * Ongoing tasks whose current run has no scheduled or ongoing device left: finished, or for a
 * repeating task the next run is prepared (same devices) and scheduled at its next occurrence.
 */
export async function completeRuns(db: Database): Promise<void> {
  const done = await db.query<{
    id: string;
    run: number;
    time_type: number;
    begin_time: Date;
    end_time: Date | null;
    repeat_type: number | null;
    repeat_time: string | null;
    interval_seconds: number | null;
    zone_offset_minutes: number;
  }>(
    `SELECT t.id, t.run, t.time_type, t.begin_time, t.end_time, t.repeat_type, t.repeat_time,
            t.interval_seconds, t.zone_offset_minutes
       FROM tasks t
      WHERE t.state = ${TaskState.ongoing} AND NOT EXISTS (
        SELECT 1 FROM task_devices td WHERE td.task_id = t.id AND td.run = t.run AND td.result IN (${WAITING_RESULTS}))`,
  );
  if (!done.length) return;
  const now = Date.now();
  const next = done.map((task) =>
    task.time_type === TimeType.repeating
      ? (nextOccurrence(
          {
            begin: task.begin_time,
            end: task.end_time,
            repeatType: task.repeat_type,
            repeatTime: task.repeat_time,
            interval: task.interval_seconds,
            zoneOffsetMinutes: task.zone_offset_minutes,
          },
          now,
        )?.toISOString() ?? null)
      : null,
  );
  await db.execute(
    `WITH v AS (SELECT * FROM unnest($1::bigint[], $2::int[], $3::timestamptz[]) AS v(id, run, next_at)),
     moved AS (
       UPDATE tasks t
          SET state = CASE WHEN v.next_at IS NULL THEN ${TaskState.finished} ELSE ${TaskState.scheduled} END,
              run = CASE WHEN v.next_at IS NULL THEN t.run ELSE t.run + 1 END,
              next_run_at = v.next_at,
              finished_at = CASE WHEN v.next_at IS NULL THEN now() END,
              updated_at = now()
         FROM v
        WHERE t.id = v.id AND t.run = v.run AND t.state = ${TaskState.ongoing} AND NOT EXISTS (
          SELECT 1 FROM task_devices td WHERE td.task_id = t.id AND td.run = t.run AND td.result IN (${WAITING_RESULTS}))
       RETURNING t.id, t.run, t.org_id, v.next_at)
     INSERT INTO task_devices (task_id, run, device_id, org_id, next_attempt_at)
     SELECT m.id, m.run, td.device_id, m.org_id, m.next_at
       FROM moved m JOIN task_devices td ON td.task_id = m.id AND td.run = m.run - 1
      WHERE m.next_at IS NOT NULL`,
    [done.map((task) => task.id), done.map((task) => task.run), next],
  );
}
