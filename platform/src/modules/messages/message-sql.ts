/**
 * The messages module's small API for statements other modules run: raising messages for a set of
 * users in the statement that decides them. `recipients` is a query of `(org_id, user_id, content)`.
 */
export function raiseMessagesSql(type: number, recipients: string): string {
  return `INSERT INTO messages (org_id, user_id, type, content)
          SELECT r.org_id, r.user_id, ${Math.trunc(type)}, r.content FROM (${recipients}) r`;
}

/**
 * Appended to a `raiseMessagesSql` statement, it answers the recipients (`user_id`) so the raiser
 * can ring their bells once the transaction commits:
 * `liveService.publishAfterCommit(transaction, { userIds }, { name: 'notice' })` (docs/live.md).
 */
export const RETURNING_RECIPIENTS = 'RETURNING user_id';

/** Spec §3: message type 9 is a firmware message; any other is an alarm's. */
export const FIRMWARE_MESSAGE = 9;

/**
 * Messages about alarms: `recipients` is a query of `(org_id, user_id, type, content, num, alarm_time)`,
 * the alarm's type, how often it happened and when last.
 */
export function raiseAlarmMessagesSql(recipients: string): string {
  return `INSERT INTO messages (org_id, user_id, type, content, num, alarm_time)
          SELECT r.org_id, r.user_id, r.type, r.content, r.num, r.alarm_time FROM (${recipients}) r`;
}
