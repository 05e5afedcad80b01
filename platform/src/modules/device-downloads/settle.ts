import { TaskType } from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { DeviceResult, FILE_TASK_TYPES } from '../tasks/task-states.js';

/**
 * Firmware and resource pushes past their confirmation time (the task engine settles the others).
 * A resource that was not downloaded to the last byte is timeout. An upgrade is failed when the
 * phone downloaded the image and fetched again since with another version ('… still reports
 * version (x)'), timeout otherwise: downloaded but silent since, or never downloaded.
 */
export async function settleDownloads(db: Database): Promise<void> {
  await db.execute(
    `WITH due AS (
       SELECT td.task_id, td.run, td.device_id, t.type, d.reported_firmware,
              coalesce(dl.last_completed_at >= td.notified_at, false) AS downloaded,
              coalesce(d.last_fetch_at > dl.last_completed_at, false) AS fetched_since
         FROM task_devices td
         JOIN tasks t ON t.id = td.task_id
         JOIN devices d ON d.id = td.device_id
         LEFT JOIN file_downloads dl ON dl.device_id = td.device_id AND dl.file_id = (t.params->>'fileId')::bigint
        WHERE td.result = ${DeviceResult.ongoing} AND td.confirm_by <= now() AND t.type IN (${FILE_TASK_TYPES})
        FOR UPDATE OF td SKIP LOCKED)
     UPDATE task_devices td
        SET result = CASE WHEN due.type = ${TaskType.firmwareUpgrade} AND due.downloaded AND due.fetched_since
                          THEN ${DeviceResult.failed} ELSE ${DeviceResult.timeout} END,
            finished_at = now(),
            message = CASE WHEN due.type <> ${TaskType.firmwareUpgrade} THEN 'resourceNotDownloaded'
                           WHEN due.downloaded AND due.fetched_since
                           THEN 'upgradeNotApplied:' || coalesce(due.reported_firmware, '')
                           WHEN due.downloaded THEN 'upgradeNotReported'
                           ELSE 'upgradeNotDownloaded' END
       FROM due
      WHERE td.task_id = due.task_id AND td.run = due.run AND td.device_id = due.device_id
        AND td.result = ${DeviceResult.ongoing}`,
  );
}
