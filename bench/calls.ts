import type { RunningConsole } from '../platform/src/app.js';
import { rollUpEveryCall } from '../platform/src/modules/calls/migrations/0032-call-rollups.js';
import { signInAdmin } from './sign-in.js';

const CALLS = 10_000_000;
const CHUNK = 2_000_000;
const ENTERPRISES = 20;
const DEVICES = 5_000;
const DAYS = 180;
/** Requests per measured case, one at a time (a person opening the page). */
const SAMPLES = 60;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A channel (3000) with 20 enterprises (3001–3020) of 10 sites each, 5,000 phones, and 10 million
 * calls over the last 180 days, ten busy hours a day (about one call per phone and busy hour), 80 %
 * good, 15 % fair, 5 % poor. Loaded as a bulk load would be: the table's triggers off, then the
 * migration's own backfill statement rolls everything up at once (calls.test.ts checks it equals
 * what the trigger keeps), then VACUUM (ANALYZE) as autovacuum would after a load.
 */
async function seedCalls(running: RunningConsole): Promise<{ loadSeconds: number; rollupSeconds: number }> {
  const { db } = running.cradle;
  await db.execute(`
    INSERT INTO orgs (id, type, name, parent_id, path) VALUES (3000, 'channel', 'Call channel', 1, '/1/3000/');
    INSERT INTO orgs (id, type, name, parent_id, path, channel_authorized)
      SELECT 3000 + e, 'enterprise', 'Call enterprise ' || e, 3000, '/1/3000/' || (3000 + e) || '/', true
        FROM generate_series(1, ${ENTERPRISES}) e;
    INSERT INTO sites (id, org_id, name, path, is_default)
      SELECT 300000 + e * 100, 3000 + e, 'Head office ' || e, '/' || (300000 + e * 100) || '/', true
        FROM generate_series(1, ${ENTERPRISES}) e;
    INSERT INTO sites (id, org_id, name, parent_id, path)
      SELECT 300000 + e * 100 + s, 3000 + e, 'Floor ' || e || '-' || s, 300000 + e * 100,
             '/' || (300000 + e * 100) || '/' || (300000 + e * 100 + s) || '/'
        FROM generate_series(1, ${ENTERPRISES}) e, generate_series(1, 9) s;
    INSERT INTO devices (org_id, site_id, mac, model, device_name, status)
      SELECT 3001 + i % ${ENTERPRISES}, 300000 + (i % ${ENTERPRISES} + 1) * 100 + i / ${ENTERPRISES} % 10,
             'ca11' || lpad(to_hex(i), 8, '0'), 'H2P', 'Call desk ' || i, 1
        FROM generate_series(0, ${DEVICES - 1}) i;
    ANALYZE orgs; ANALYZE sites; ANALYZE devices;
    ALTER TABLE call_records DISABLE TRIGGER USER;`);
  const seconds = (since: number) => Number(((performance.now() - since) / 1000).toFixed(1));
  const started = performance.now();
  let loadSeconds = 0;
  let rollupSeconds = 0;
  try {
    for (let from = 0; from < CALLS; from += CHUNK) {
      await db.execute(
        `WITH phones AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(org_id ORDER BY id) AS orgs
                           FROM devices WHERE mac LIKE 'ca11%'),
              -- Phone by phone: the k-th call of a phone is on day k % 180, in one of ten busy hours.
              calls AS (SELECT i, (i * 2654435761) % 100 AS roll, 1 + i % ${DEVICES} AS phone,
                               i / ${DEVICES} % ${DAYS} AS day, (i / ${DEVICES} / ${DAYS} + i) % 10 AS hour
                          FROM generate_series($1::bigint, $2::bigint) i)
         INSERT INTO call_records (org_id, device_id, quality, ended_at, caller, callee, codec,
                                   delay_min_ms, delay_avg_ms, delay_max_ms, jitter_min_ms, jitter_avg_ms,
                                   jitter_max_ms, loss_min_percent, loss_avg_percent, loss_max_percent)
         SELECT p.orgs[c.phone], p.ids[c.phone], q.quality,
                date_trunc('hour', now()) - make_interval(days => c.day::int, hours => c.hour::int,
                                                          secs => (c.i % 3600)::int),
                '2' || c.phone, '3' || (c.i % 1000), 'PCMU',
                q.delay * 0.8, q.delay, q.delay * 1.5, q.jitter * 0.5, q.jitter, q.jitter * 2,
                q.loss * 0.5, q.loss, q.loss * 2
           FROM calls c CROSS JOIN phones p
           CROSS JOIN LATERAL (SELECT CASE WHEN c.roll < 80 THEN 0 WHEN c.roll < 95 THEN 1 ELSE 2 END AS quality,
                                      CASE WHEN c.roll < 80 THEN 40 + c.roll ELSE 220 + c.roll * 5 END AS delay,
                                      CASE WHEN c.roll < 95 THEN c.roll % 15 ELSE 31 + c.roll % 9 END AS jitter,
                                      CASE WHEN c.roll < 80 THEN (c.roll % 20) / 10.0 ELSE 3 + c.roll % 8 END AS loss) q`,
        [from, Math.min(CALLS, from + CHUNK) - 1],
      );
    }
    loadSeconds = seconds(started);
    // Enough memory to aggregate the whole table in one pass, for this statement only.
    const rollupStarted = performance.now();
    await db.transaction(async (transaction) => {
      await db.execute(`SET LOCAL work_mem = '256MB'`, [], transaction);
      await db.execute(rollUpEveryCall, [], transaction);
    });
    rollupSeconds = seconds(rollupStarted);
  } finally {
    await db.execute('ALTER TABLE call_records ENABLE TRIGGER USER');
  }
  for (const table of ['call_records', 'call_site_hours', 'call_device_hours', 'call_device_days'])
    await db.execute(`VACUUM (ANALYZE) ${table}`);
  return { loadSeconds, rollupSeconds };
}

/** The milliseconds of each request, sent one after the other. */
async function timed(url: string, cookie: string, bodies: object[]): Promise<number[]> {
  const times: number[] = [];
  for (const body of bodies) {
    const started = performance.now();
    const response = await fetch(url, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json', Timezone: 'GMT+08:00' },
      body: JSON.stringify(body),
    });
    const reply = (await response.json()) as { code: number; message: string };
    if (reply.code !== 0) throw new Error(`${url}: ${reply.message}`);
    times.push(performance.now() - started);
  }
  return times;
}

function percentile(times: number[], share: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0);
}

/** Ranges of `days` whole days of GMT+08:00 ending today, each sample an hour earlier (no two alike). */
function ranges(days: number, extra: object = {}): object[] {
  const endOfToday = Math.ceil((Date.now() + 8 * HOUR_MS) / DAY_MS) * DAY_MS - 8 * HOUR_MS;
  return Array.from({ length: SAMPLES }, (_, i) => ({
    startTime: new Date(endOfToday - days * DAY_MS - i * HOUR_MS).toISOString(),
    endTime: new Date(endOfToday - i * HOUR_MS).toISOString(),
    ...extra,
  }));
}

/**
 * Call statistics (docs/call-statistics.md) over 10 million calls: the summary's p50 and p95 for the
 * page's default range (the last 7 days) as the administrator (every phone) and inside one
 * enterprise, and for today (hours), 30 days and a keyword search; the detail list's first page;
 * and how long a 1,000-call flush takes with the rollup trigger.
 */
export async function benchCalls(
  running: RunningConsole,
  adminPassword: string,
): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  const started = performance.now();
  const seed = await seedCalls(running);
  figures.callsSeedSeconds10M = Number(((performance.now() - started) / 1000).toFixed(1));
  figures.callsLoadSeconds10M = seed.loadSeconds;
  figures.callsRollupSeconds10M = seed.rollupSeconds;
  const rows = await running.cradle.db.one<{ hours: string; devices: string; days: string }>(
    `SELECT (SELECT count(*) FROM call_site_hours) AS hours, (SELECT count(*) FROM call_device_hours) AS devices,
            (SELECT count(*) FROM call_device_days) AS days`,
  );
  figures.callsSiteHourRows = Number(rows?.hours);
  figures.callsDeviceHourRows = Number(rows?.devices);
  figures.callsDeviceDayRows = Number(rows?.days);

  const admin = await signInAdmin(running, adminPassword);
  const enterprise = await signInAdmin(running, adminPassword);
  await fetch(`${running.url}/api/enterTheEnterprise`, {
    method: 'POST',
    headers: { Cookie: enterprise, 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: 3001 }),
  });
  const summary = `${running.url}/api/callStatistics/summary`;
  const record = (name: string, times: number[]) => {
    figures[`${name}P50Ms`] = percentile(times, 0.5);
    figures[`${name}P95Ms`] = percentile(times, 0.95);
  };
  // Warm-up: the first requests plan and read the pages in.
  await timed(summary, admin, ranges(7).slice(0, 5));
  record('callsSummary7dAll', await timed(summary, admin, ranges(7)));
  record('callsSummary7dEnterprise', await timed(summary, enterprise, ranges(7)));
  record('callsSummaryTodayAll', await timed(summary, admin, ranges(1)));
  record('callsSummary30dAll', await timed(summary, admin, ranges(30)));
  record('callsSummary7dKeywordAll', await timed(summary, admin, ranges(7, { keywords: 'call desk 12' })));
  record(
    'callsSearch7dAll',
    await timed(`${running.url}/api/callStatistics/search`, admin, ranges(7, { pageSize: 20 })),
  );

  // One flush of the device events: 1,000 calls in one statement, with every trigger of the table.
  const flushes: number[] = [];
  for (let batch = 0; batch < 10; batch++) {
    const flushStarted = performance.now();
    await running.cradle.db.execute(
      `INSERT INTO call_records (org_id, device_id, quality, ended_at, delay_avg_ms)
       SELECT d.org_id, d.id, i % 3, now(), 100 FROM generate_series(0, 999) i
         JOIN devices d ON d.mac = 'ca11' || lpad(to_hex((i * 7 + $1::int) % ${DEVICES}), 8, '0')`,
      [batch],
    );
    flushes.push(performance.now() - flushStarted);
  }
  figures.callsFlush1kP50Ms = percentile(flushes, 0.5);
  return figures;
}
