import { randomBytes } from 'node:crypto';
import type { RunningConsole } from '../../app.js';
import type { Database } from '../../db/database.js';
import { createTenant, insertDevices } from '../../testing/tenants.js';
import { ApiClient, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';
import { until } from '../../testing/until.js';
import { tablePlan } from './catalogue.js';

/**
 * A console's data for the backup tests: a tenant, devices, a device layer, a finished task with its
 * results, a file of 20 MB (three 8 MiB pieces) and a small one, a diagnostics capture.
 */
export async function seedFleet(running: RunningConsole, label: string): Promise<void> {
  const { db, fileStore } = running.cradle;
  const tenant = await createTenant(db, 'enterprise', `Backup ${label}`);
  const macs = Array.from(
    { length: 50 },
    (_, index) => `${label.slice(0, 2)}00000000${String(index).padStart(2, '0')}`,
  );
  await insertDevices(
    db,
    tenant,
    macs.map((mac) => ({ mac, model: 'H2' })),
  );
  await db.execute(
    `INSERT INTO config_layers (org_id, relation, relation_id, config, pushed)
     SELECT org_id, 'device', id, jsonb_build_object('label', $2::text || mac), jsonb_build_object('a.b', mac)
       FROM devices WHERE org_id = $1`,
    [tenant.orgId, label],
  );
  await db.execute(
    `WITH task AS (INSERT INTO tasks (org_id, name, type, time_type, begin_time, state)
                   VALUES ($1, $2, 1, 1, now(), 7) RETURNING id)
     INSERT INTO task_devices (task_id, run, device_id, org_id, result, finished_at)
     SELECT task.id, 1, d.id, d.org_id, 2, now() FROM task, devices d WHERE d.org_id = $1`,
    [tenant.orgId, `Reboot ${label}`],
  );
  const big = randomBytes(20 * 1024 * 1024 + 12345);
  await fileStore.write(chunks(big), {
    orgId: tenant.orgId,
    name: `${label}.rom`,
    maxBytes: 64 * 1024 * 1024,
  });
  await fileStore.write(chunks(Buffer.from(`${label} contacts`)), {
    orgId: tenant.orgId,
    name: `${label}.xml`,
    maxBytes: 1024,
  });
  await db.execute(
    `INSERT INTO diagnostic_sessions (org_id, device_id, mac, action, state, oid, bytes, ended_at)
     SELECT org_id, id, mac, 'log', 'done', lo_from_bytea(0, convert_to($2, 'UTF8')), length($2), now()
       FROM devices WHERE org_id = $1 ORDER BY id LIMIT 1`,
    [tenant.orgId, `${label} capture`],
  );
}

async function* chunks(bytes: Buffer): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < bytes.length; offset += 1024 * 1024)
    yield bytes.subarray(offset, offset + 1024 * 1024);
}

/**
 * Everything a backup of every part holds, as one text per table (rows in a fixed order), each large
 * object's digest and each sequence's value, and every index (a full restore rebuilds them): equal
 * texts mean equal data, byte for byte.
 */
export async function fingerprint(running: RunningConsole): Promise<Record<string, string>> {
  const { db } = running.cradle;
  const plan = tablePlan(running.cradle.modules);
  const tables = await db.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    if (plan.transient.has(name) || plan.untouched.has(name)) continue;
    const [row] = await db.query<{ digest: string | null; count: string }>(
      `SELECT md5(string_agg(t::text, E'\\n' ORDER BY t::text)) AS digest, count(*) AS count FROM "${name}" t`,
    );
    result[name] = `${row?.count}:${row?.digest}`;
  }
  const objects = await db.query<{ oid: string; digest: string }>(
    'SELECT oid, md5(lo_get(oid)) AS digest FROM pg_largeobject_metadata ORDER BY oid',
  );
  const [indexes] = await db.query<{ all: string }>(
    `SELECT string_agg(indexdef, E'\n' ORDER BY indexdef) AS all FROM pg_indexes WHERE schemaname = current_schema()`,
  );
  result.indexes = indexes?.all ?? '';
  result['large objects'] = objects.map((object) => `${object.oid}=${object.digest}`).join(',');
  const sequences = await db.query<{ name: string }>(
    `SELECT sequencename AS name FROM pg_sequences WHERE schemaname = current_schema() ORDER BY 1`,
  );
  const skipped = [...plan.transient, ...plan.untouched];
  for (const { name } of sequences) {
    if (skipped.some((table) => name.startsWith(`${table}_`))) continue;
    const [value] = await db.query<{ last_value: string }>(`SELECT last_value FROM "${name}"`);
    result[`sequence ${name}`] = value?.last_value ?? '';
  }
  return result;
}

/**
 * The dialog's status until the console is free again, polled as the administrator (signing in
 * again when a restore ended the sessions).
 */
export async function waitForIdle(url: string, timeoutMs = 60_000) {
  const poller = new ApiClient(url);
  await poller.signIn('admin', TEST_ADMIN_PASSWORD);
  const reply = await until(
    async () => {
      const status = await poller.call<{ status: number; last: { outcome: string; message: string } | null }>(
        'GET',
        '/backup/status',
      );
      if (status.code === 80000) await poller.signIn('admin', TEST_ADMIN_PASSWORD);
      return status;
    },
    (status) => status.code === 0 && status.rows[0]?.status === 0,
    timeoutMs,
  );
  return reply;
}

export async function count(db: Database, sql: string): Promise<number> {
  const [row] = await db.query<{ n: string }>(sql);
  return Number(row?.n ?? 0);
}
