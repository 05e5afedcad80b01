import { DeviceResult, WAITING_RESULTS } from './task-states.js';

/**
 * For other modules: the statement that ends the pushes a phone's fetch proves delivered. A fetch
 * after a NOTIFY was sent is the proof the change arrived (result success, whether or not the
 * NOTIFY's 200 has been recorded yet; docs/tasks.md). `fetched` names a CTE of `(id, at)`:
 * device ids and their fetch times.
 */
export function confirmDeliveriesSql(fetched: string): string {
  return `UPDATE task_devices td SET result = ${DeviceResult.success}, finished_at = f.at, message = ''
           FROM ${fetched} f
          WHERE td.device_id = f.id AND td.result IN (${WAITING_RESULTS}) AND td.notified_at <= f.at`;
}
