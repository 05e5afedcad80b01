import type { Database } from '../../db/database.js';
import { DeviceResult, FILE_TASK_TYPES } from './task-states.js';

/**
 * Results that can end now. A scheduled row whose attempts ran out can only be one whose lease
 * expired without an outcome (an instance stopped mid-NOTIFY, every retry having been written as
 * such): it fails as interrupted. Answered rows past their confirmation time are timeout unless
 * the device fetched since the NOTIFY; the message says whether the console failed its fetch.
 * Firmware and resource pushes are settled by the device-downloads module (`settleDownloads`).
 */
export async function settleResults(db: Database, attempts: number): Promise<void> {
  await db.execute(
    `UPDATE task_devices SET result = ${DeviceResult.failed}, finished_at = now(), message = 'pushInterrupted'
      WHERE result = ${DeviceResult.scheduled} AND attempts >= $1 AND next_attempt_at <= now()`,
    [attempts],
  );
  await db.execute(
    `UPDATE task_devices td
        SET result = CASE WHEN d.last_fetch_at >= td.notified_at
                          THEN ${DeviceResult.success} ELSE ${DeviceResult.timeout} END,
            finished_at = now(),
            message = CASE WHEN d.last_fetch_at >= td.notified_at THEN ''
                           WHEN td.message = 'pushUnserved' THEN 'pushUnserved' ELSE 'pushNotFetched' END
       FROM devices d
      WHERE td.result = ${DeviceResult.ongoing} AND td.confirm_by <= now() AND d.id = td.device_id
        AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.id = td.task_id AND t.type IN (${FILE_TASK_TYPES}))`,
  );
}
