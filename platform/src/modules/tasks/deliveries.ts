import { AT_MOST_ONCE_TYPES, DeviceResult, FILE_TASK_TYPES, WAITING_RESULTS } from './task-states.js';

/**
 * For other modules: the statement that ends the pushes a phone's fetch proves delivered. A fetch
 * after a NOTIFY was sent is the proof the change arrived (result success, whether or not the
 * NOTIFY's 200 has been recorded yet; docs/tasks.md). Not for firmware and resource pushes: the
 * device-downloads module proves those. `fetched` names a CTE of `(id, at)`: device ids and their
 * fetch times.
 */
export function confirmDeliveriesSql(fetched: string): string {
  return `UPDATE task_devices td SET result = ${DeviceResult.success}, finished_at = f.at, message = ''
           FROM ${fetched} f, tasks t
          WHERE td.device_id = f.id AND td.result IN (${WAITING_RESULTS}) AND td.notified_at <= f.at
            AND t.id = td.task_id AND t.type NOT IN (${FILE_TASK_TYPES})`;
}

/**
 * For the device events: a phone that reports it restarted after a reboot or reset NOTIFY was sent
 * has acted on it (success), even before its first fetch. `restarted` names a CTE of `(id, at)`.
 */
export function confirmRestartsSql(restarted: string): string {
  return `UPDATE task_devices td SET result = ${DeviceResult.success}, finished_at = r.at, message = ''
           FROM ${restarted} r, tasks t
          WHERE td.device_id = r.id AND td.result IN (${WAITING_RESULTS}) AND td.notified_at <= r.at
            AND t.id = td.task_id AND t.type IN (${AT_MOST_ONCE_TYPES})`;
}

/**
 * For provisioning, once the database answers again: phones whose fetch the console could not serve
 * (`unserved` names a CTE of `(id, at)`) after their NOTIFY. A configuration push is sent again now,
 * that attempt not counted against the phone; a reboot or reset is never sent again for this (the
 * phone did restart, since it fetched), but gets the confirmation window anew from now to fetch its
 * file, and its message says what happened if it does not.
 */
export function unservedFetchesSql(unserved: string, confirmTimeoutMs: number): string {
  const window = `now() + ${Math.trunc(confirmTimeoutMs)} * interval '1 millisecond'`;
  const destructive = `t.type IN (${AT_MOST_ONCE_TYPES})`;
  return `UPDATE task_devices td
             SET result = CASE WHEN ${destructive} THEN td.result ELSE ${DeviceResult.scheduled} END,
                 attempts = CASE WHEN ${destructive} THEN td.attempts ELSE greatest(td.attempts - 1, 0) END,
                 next_attempt_at = CASE WHEN NOT ${destructive} THEN now()
                                        WHEN td.result = ${DeviceResult.scheduled} THEN greatest(td.next_attempt_at, ${window})
                                        ELSE td.next_attempt_at END,
                 confirm_by = CASE WHEN ${destructive} AND td.result = ${DeviceResult.ongoing}
                                   THEN greatest(td.confirm_by, ${window}) END,
                 message = 'pushUnserved'
            FROM ${unserved} u, tasks t
           WHERE td.device_id = u.id AND td.result IN (${WAITING_RESULTS}) AND td.notified_at <= u.at
             AND t.id = td.task_id`;
}
