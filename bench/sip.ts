import type { RunningConsole } from '../platform/src/app.js';
import { signInAdmin } from './sign-in.js';

/** Devices of the provisioning seed (organization 1000) bound in one bulk call. */
const BULK = 10_000;

/**
 * Two bound accounts on every phone of the provisioning seed (10 servers, one per region), set-based:
 * the provisioning benchmark then runs again to show what the lines cost a fetch.
 */
export async function bindTwoLinesPerPhone(running: RunningConsole): Promise<number> {
  const started = performance.now();
  await running.cradle.db.execute(`
    INSERT INTO sip_servers (id, org_id, site_id, name, address)
      SELECT 40000 + p, 1000, 10000 + p, 'PBX ' || p, 'pbx' || p || '.example.com' FROM generate_series(1, 10) p;
    WITH accounts AS (
      INSERT INTO sip_accounts (org_id, site_id, server_id, register_name, user_name, password, label_name, display_name)
      SELECT 1000, d.site_id, 40000 + (s.parent_id - 10000), 'auth' || (d.id * 100 + l), d.id * 100 + l,
             'pw-' || d.id || '-' || l, 'Line ' || l, 'Phone ' || d.id
        FROM devices d JOIN sites s ON s.id = d.site_id, generate_series(1, 2) l
       WHERE d.org_id = 1000
      RETURNING id, user_name::bigint AS n)
    INSERT INTO sip_bindings (device_id, line, account_id) SELECT n / 100, n % 100, id FROM accounts;
    ANALYZE;`);
  return Number(((performance.now() - started) / 1000).toFixed(1));
}

/** `POST /device/accountAssign` with 10,000 bindings (line 3 of 10,000 phones), as the administrator. */
export async function benchBulkBind(
  running: RunningConsole,
  adminPassword: string,
): Promise<Record<string, number | string>> {
  const { db } = running.cradle;
  const rows = await db.query<{ device_id: string; account_id: string }>(`
    WITH picked AS (SELECT d.id, d.site_id FROM devices d WHERE d.org_id = 1000 ORDER BY d.id LIMIT ${BULK}),
         accounts AS (
           INSERT INTO sip_accounts (org_id, site_id, server_id, register_name, user_name, password)
           SELECT 1000, p.site_id, 40000 + (s.parent_id - 10000), 'auth' || (p.id * 100 + 3), p.id * 100 + 3, 'pw'
             FROM picked p JOIN sites s ON s.id = p.site_id
           RETURNING id, user_name::bigint / 100 AS device_id)
    SELECT device_id, id AS account_id FROM accounts`);
  const cookie = await signInAdmin(running, adminPassword);
  const body = JSON.stringify({
    assignments: rows.map((row) => ({
      deviceId: Number(row.device_id),
      line: 3,
      accountId: Number(row.account_id),
    })),
  });
  const started = performance.now();
  const reply = await fetch(`${running.url}/api/device/accountAssign`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    body,
  });
  const seconds = (performance.now() - started) / 1000;
  const envelope = (await reply.json()) as {
    code: number;
    message: string;
    result: { rows: { bound: number }[] };
  };
  if (envelope.code !== 0) throw new Error(`bulk bind refused: ${envelope.message}`);
  return {
    sipBulkBind10kSeconds: Number(seconds.toFixed(2)),
    sipBulkBindBound: envelope.result.rows[0]?.bound ?? 0,
  };
}
