/**
 * Where PostgreSQL's CPU goes in a cold provisioning fetch (docs/performance.md "Provisioning"):
 * the provisioning seed on a console whose PostgreSQL loads `pg_stat_statements`, one warm-up run,
 * then two measured cold runs (phones in service, or with `first-contact` phones fetching for the
 * first time), each printed with its statements (calls, rows, planning and
 * execution time per fetch) and the devices table's updates (HOT or not).
 * `node --import tsx bench/prov-pg-cost.ts [first-contact]`
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeviceStatus } from '@phonefleet/sdk';
import pino from 'pino';
import { type RunningConsole, startConsole } from '../platform/src/app.js';
import { DEVICES_SQL } from '../platform/src/modules/provisioning/device-lookups.js';
import { postgresCpuMs } from './postgres-cpu.js';
import { load, loadWithCpu, seed, warmUpPhones } from './provisioning.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonefleet-prov-pg-'));
const start = () =>
  startConsole(
    {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      adminPassword: 'Bench@2026',
      logLevel: 'warn',
      sipAddress: '127.0.0.1',
      sipPort: 0,
    },
    pino({ level: 'warn' }),
  );

let running: RunningConsole = await start();
await running.cradle.db.execute(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
await running.cradle.db.execute('ALTER SYSTEM SET pg_stat_statements.track_planning = on');
await running.stop();
running = await start();
const { db } = running.cradle;
await db.execute('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
await seed(running, process.argv[2] === 'first-contact');
await load(`${running.url}/prov`, 'cold', warmUpPhones);

interface TableCounts {
  n_tup_upd: string;
  n_tup_hot_upd: string;
  autovacuum_count: string;
}
const tableCounts = async () =>
  (await db.one<TableCounts>(
    `SELECT n_tup_upd, n_tup_hot_upd, autovacuum_count FROM pg_stat_user_tables WHERE relname = 'devices'`,
  )) as TableCounts;

for (const run of [1, 2]) {
  await running.cradle.provisioningService.flush();
  await db.execute('SELECT pg_stat_statements_reset()');
  const before = await tableCounts();
  const figures = await loadWithCpu(running, `${running.url}/prov`);
  await running.cradle.provisioningService.flush();
  await new Promise((resolve) => setTimeout(resolve, 600));
  const after = await tableCounts();
  const fetches = Object.values(figures.statuses).reduce((sum, count) => sum + count, 0);
  const statements = await db.query<{
    query: string;
    calls: string;
    rows: string;
    plan_us: number;
    exec_us: number;
  }>(
    `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS query, calls, rows,
            round((total_plan_time * 1000 / $1)::numeric, 1)::float AS plan_us,
            round((total_exec_time * 1000 / $1)::numeric, 1)::float AS exec_us
       FROM pg_stat_statements WHERE total_plan_time + total_exec_time > 0
      ORDER BY total_plan_time + total_exec_time DESC LIMIT 8`,
    [fetches],
  );
  const count = (key: keyof TableCounts) => Number(after[key]) - Number(before[key]);
  process.stdout.write(
    `run ${run}: ${fetches} fetches, ${figures.requestsPerSecond}/s, console ${figures.consoleCpuUs} µs, ` +
      `PostgreSQL ${figures.postgresCpuUs} µs per fetch; devices updated ${count('n_tup_upd')} ` +
      `(HOT ${count('n_tup_hot_upd')}), autovacuums ${count('autovacuum_count')}\n`,
  );
  for (const row of statements)
    process.stdout.write(
      `  ${String(row.plan_us).padStart(7)} plan ${String(row.exec_us).padStart(7)} exec µs/fetch  calls ${row.calls} rows ${row.rows}  ${row.query}\n`,
    );
}
// The lookup alone for 3,000 phones, statements one after another with 1, 8 and 32 phones each:
// PostgreSQL's CPU per phone, the bare round trip first.
const macs = Array.from({ length: 3000 }, (_v, i) => (20_000 + i * 7).toString(16).padStart(12, '0'));
const ways: [string, string, number][] = [
  ['round trip (SELECT $1, $2)', 'SELECT $1::bpchar[] AS macs, $2::inet[] AS ips', 1],
  ['lookup, 1 phone per statement', DEVICES_SQL, 1],
  ['lookup, 8 phones per statement', DEVICES_SQL, 8],
  ['lookup, 32 phones per statement', DEVICES_SQL, 32],
];
for (const [name, sql, size] of ways) {
  const statements = Array.from({ length: macs.length / size }, (_v, i) =>
    macs.slice(i * size, (i + 1) * size),
  );
  const run = (batch: string[]) => db.rows(sql, [batch, batch.map(() => '127.0.0.1')], name);
  for (const batch of statements.slice(0, 10)) await run(batch);
  const before = await postgresCpuMs(running);
  for (const batch of statements) await run(batch);
  const after = await postgresCpuMs(running);
  if (before !== undefined && after !== undefined)
    process.stdout.write(`${name}: ${Math.round(((after - before) * 1000) / macs.length)} µs per phone\n`);
}
// The fetch record's UPDATE alone (the flush's first statement), 5 batches of 1,000 devices that no
// run fetched, one after another: PostgreSQL's CPU per row.
const recordBefore = await postgresCpuMs(running);
for (let batch = 0; batch < 5; batch++) {
  await db.execute(
    `UPDATE devices d SET last_fetch_at = now(), last_fetch_ip = '10.0.0.1', reported_model = d.model,
            reported_firmware = '2.14.0.5', status = ${DeviceStatus.online}
      WHERE d.id IN (SELECT id FROM devices WHERE mac >= $1 ORDER BY mac LIMIT 1000)`,
    [(90_000 + batch * 1000).toString(16).padStart(12, '0')],
  );
}
const recordAfter = await postgresCpuMs(running);
if (recordBefore !== undefined && recordAfter !== undefined)
  process.stdout.write(
    `fetch record UPDATE: ${Math.round(((recordAfter - recordBefore) * 1000) / 5000)} µs per row\n`,
  );
// One phone's lookup not fetched yet, as the prepared statement runs it (generic plan).
await db.execute('SET plan_cache_mode = force_generic_plan');
const plan = await db.query<{ 'QUERY PLAN': string }>(
  `EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, SUMMARY ON) ${DEVICES_SQL.replace('$1', "'{000000017bcd}'").replace(/\$2/g, "'{127.0.0.1}'")}`,
);
process.stdout.write(
  `lookup: ${plan
    .slice(-3)
    .map((row) => row['QUERY PLAN'])
    .join('; ')}\n`,
);
await running.stop();
