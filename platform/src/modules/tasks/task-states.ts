/**
 * The numbers stored in `tasks.state` and `task_devices.result` (spec §4; the transitions we chose
 * are in docs/tasks.md). SQL text interpolates these rather than repeating bare numbers.
 */
export const TaskState = {
  scheduled: 0,
  ongoing: 1,
  cancelled: 4,
  paused: 5,
  finished: 7,
} as const;

/** Per-device result: 0 scheduled … 7 finished (spec §4). */
export const DeviceResult = {
  scheduled: 0,
  ongoing: 1,
  success: 2,
  failed: 3,
  cancelled: 4,
  paused: 5,
  timeout: 6,
  finished: 7,
} as const;

/**
 * Task types whose NOTIFY has an effect a second delivery would repeat (a second reboot, a second
 * reset): once one may have been delivered, none is sent again before the confirmation window has
 * shown whether the phone acted (docs/tasks.md "At most once").
 */
export const AT_MOST_ONCE_TYPES = '1, 2';

/**
 * Task types whose proof is not a configuration fetch but a file the phone downloads (8–13, a
 * resource) or the firmware version it reports afterwards (3): docs/firmware.md "Upgrade".
 */
export const FILE_TASK_TYPES = '3, 8, 9, 10, 11, 12, 13';

/** Results that still wait for something: a NOTIFY to send, or the fetch that confirms it. */
export const WAITING_RESULTS = `${DeviceResult.scheduled}, ${DeviceResult.ongoing}`;

/**
 * Whether a task that has not finished (scheduled, ongoing, paused) names `value` (an SQL
 * expression) as its `params` key `key`: what other modules ask before deleting a record a task
 * uses (a firmware, a resource).
 */
export function unfinishedTaskUsesSql(key: string, value: string): string {
  return `EXISTS (SELECT 1 FROM tasks t WHERE t.params->>'${key}' = (${value})::text
                    AND t.state IN (${TaskState.scheduled}, ${TaskState.ongoing}, ${TaskState.paused}))`;
}
