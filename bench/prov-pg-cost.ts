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
import pino from 'pino';
import { type RunningConsole, startConsole } from '../platform/src/app.js';
import { DEVICE_SQL } from '../platform/src/modules/provisioning/provisioning-service.js';
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
// One phone's lookup not fetched yet, as the prepared statement runs it (generic plan).
await db.execute('SET plan_cache_mode = force_generic_plan');
const plan = await db.query<{ 'QUERY PLAN': string }>(
  `EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, SUMMARY ON) ${DEVICE_SQL.replace('$1', "'000000017bcd'").replace(/\$2/g, "'127.0.0.1'")}`,
);
process.stdout.write(
  `lookup: ${plan
    .slice(-3)
    .map((row) => row['QUERY PLAN'])
    .join('; ')}\n`,
);
await running.stop();
