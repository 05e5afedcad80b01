import { TaskType } from '@phonefleet/sdk';
import { DeviceResult, FILE_TASK_TYPES, WAITING_RESULTS } from '../tasks/task-states.js';

/**
 * The device-downloads module's small API for statements other modules run (docs/firmware.md
 * "Upgrade", docs/resources.md "Pushes"): the files a phone is being pushed, and the proof that an
 * upgrade arrived.
 */

/** A file waiting for a phone: the push's task type (3, 8–13), the stored file and its name. */
export interface PendingDownload {
  type: number;
  fileId: number;
  name: string;
}

/**
 * The files pushed to device `device` (an SQL expression) whose NOTIFY has gone out and whose
 * result still waits: the newest of each task type, as a JSON array of `PendingDownload` or null.
 */
export function pendingDownloadsSql(device: string): string {
  return `(SELECT json_agg(json_build_object('type', p.type, 'fileId', p.file_id, 'name', p.name))
             FROM (SELECT DISTINCT ON (t.type) t.type, (t.params->>'fileId')::bigint AS file_id,
                          t.params->>'fileName' AS name
                     FROM task_devices td JOIN tasks t ON t.id = td.task_id AND t.run = td.run
                    WHERE td.device_id = ${device} AND td.result IN (${WAITING_RESULTS})
                      AND td.notified_at IS NOT NULL AND t.type IN (${FILE_TASK_TYPES})
                    ORDER BY t.type, td.notified_at DESC) p)`;
}

/**
 * Ends the firmware upgrades a fetch proves: the phone's fetch after the NOTIFY reports the
 * target version (`params.version`, four plain numbers). `fetched` names a CTE of
 * `(id, at, version)` with the reported version in the same form (null when the phone said none).
 */
export function confirmUpgradesSql(fetched: string): string {
  return `UPDATE task_devices td SET result = ${DeviceResult.success}, finished_at = f.at, message = ''
            FROM ${fetched} f, tasks t
           WHERE td.device_id = f.id AND td.result IN (${WAITING_RESULTS}) AND td.notified_at <= f.at
             AND t.id = td.task_id AND t.type = ${TaskType.firmwareUpgrade}
             AND f.version = t.params->>'version'`;
}
