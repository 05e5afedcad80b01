import type { Database } from '../../db/database.js';

/**
 * The console's own records of a device in a range, the first part of "export system log": what
 * the phone reported (registrations, reboots, calls, going offline) and what users changed, oldest
 * first, one line each; then the phone's own log follows.
 */
export async function consoleRecords(
  db: Database,
  deviceId: number,
  range: { from: Date | null; to: Date | null },
): Promise<string> {
  const rows = await db.query<{ line: string }>(
    `SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || ' ' || what AS line FROM (
       SELECT created_at AS at, 'event ' || event || coalesce(' account=' || account, '')
              || coalesce(' ip=' || host(ip), '') AS what
         FROM device_events WHERE device_id = $1
          AND ($2::timestamptz IS NULL OR created_at >= $2) AND ($3::timestamptz IS NULL OR created_at <= $3)
       UNION ALL
       SELECT created_at, 'change ' || action || ' by ' || user_name || CASE WHEN detail <> '' THEN ' ' || detail ELSE '' END
         FROM device_logs WHERE device_id = $1
          AND ($2::timestamptz IS NULL OR created_at >= $2) AND ($3::timestamptz IS NULL OR created_at <= $3)
     ) records ORDER BY at LIMIT 100000`,
    [deviceId, range.from, range.to],
  );
  const header = `# Console records of this device${range.from ? ` from ${range.from.toISOString()}` : ''}${
    range.to ? ` to ${range.to.toISOString()}` : ''
  }\n`;
  return `${header}${rows.map((row) => `${row.line}\n`).join('')}# The phone's own log\n`;
}
