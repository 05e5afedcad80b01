import type { Database } from '../../db/database.js';
import { notifyCredentialsSql } from '../sip/binding-sql.js';
import { AT_MOST_ONCE_TYPES, DeviceResult, TaskState } from './task-states.js';

/** A `task_devices` row an instance claimed, with what sending its NOTIFY needs. */
export interface ClaimedRow {
  task_id: string;
  run: number;
  device_id: string;
  attempts: number;
  ip: string | null;
  sip_port: number | null;
  model: string;
  push_enabled: boolean;
  type: number;
  /** What a phone that challenges the NOTIFY gets: its line 1 account (`notifyCredentialsSql`); null when none is bound. */
  notify_credentials: { username: string; password: string } | null;
}

/**
 * Due rows of ongoing tasks, locked without waiting for rows other instances hold; the attempt
 * is counted and the row leased (`next_attempt_at` = now + `leaseMs`) before any NOTIFY leaves,
 * so a crash never allows more NOTIFYs than the retry policy. Rows of a reboot or reset are leased
 * for the confirmation window as well (`proofMs`): if this instance dies with their NOTIFY in
 * flight, no instance sends it again before the phone had the time to show it acted.
 */
export function claimDueDevices(
  db: Database,
  limit: number,
  attempts: number,
  lease: { ms: number; proofMs: number },
): Promise<ClaimedRow[]> {
  return db.query<ClaimedRow>(
    `WITH picked AS (
       SELECT td.task_id, td.run, td.device_id FROM task_devices td
        WHERE td.result = ${DeviceResult.scheduled} AND td.next_attempt_at <= now() AND td.attempts < $2
          AND EXISTS (SELECT 1 FROM tasks t WHERE t.id = td.task_id AND t.state = ${TaskState.ongoing} AND t.run = td.run)
        ORDER BY td.next_attempt_at
        LIMIT $1 FOR UPDATE OF td SKIP LOCKED)
     UPDATE task_devices td
        SET attempts = td.attempts + 1, notified_at = now(),
            next_attempt_at = now() + ($3 + CASE WHEN t.type IN (${AT_MOST_ONCE_TYPES}) THEN $4 ELSE 0 END)
                                       * interval '1 millisecond'
       FROM picked p, devices d, tasks t
      WHERE td.task_id = p.task_id AND td.run = p.run AND td.device_id = p.device_id
        AND d.id = td.device_id AND t.id = td.task_id
     RETURNING td.task_id, td.run, td.device_id, td.attempts, host(d.last_fetch_ip) AS ip, d.sip_port,
               d.model, d.push_enabled, t.type, ${notifyCredentialsSql('d.id')} AS notify_credentials`,
    [limit, attempts, lease.ms, lease.proofMs],
  );
}
