import type { RunningConsole } from '../platform/src/app.js';
import { load } from './load.js';
import { signInAdmin } from './sign-in.js';

const DEVICES = 1_000_000;

/** 1,000,000 devices over 1,000 sites (100 regions of 10), all set-based SQL. */
async function seed(running: RunningConsole): Promise<void> {
  await running.cradle.db.execute(`
    INSERT INTO orgs (id, type, name, parent_id, path) VALUES (2000, 'enterprise', 'Fleet', 1, '/1/2000/');
    INSERT INTO sites (id, org_id, name, path)
      SELECT 100000 + r, 2000, 'Region ' || r, '/' || (100000 + r) || '/' FROM generate_series(1, 100) r;
    INSERT INTO sites (id, org_id, name, parent_id, path)
      SELECT 200000 + r * 10 + c, 2000, 'Site ' || r || '-' || c, 100000 + r,
             '/' || (100000 + r) || '/' || (200000 + r * 10 + c) || '/'
        FROM generate_series(1, 100) r, generate_series(0, 9) c;
    INSERT INTO devices (org_id, site_id, mac, model, device_name, status)
      SELECT 2000, 200000 + (i % 100 + 1) * 10 + (i / 100 % 10), lpad(to_hex(i + 16777216), 12, '0'),
             (ARRAY['H2', 'H2P', 'V62', 'V64', 'V65', 'V67'])[i % 6 + 1], 'Room ' || (i % 9973) || ' phone ' || i, i % 3
        FROM generate_series(1, ${DEVICES}) i;
    ANALYZE devices; ANALYZE sites;`);
}

/** The device list at a million devices, 16 concurrent clients, page 50. */
export async function benchDevices(
  running: RunningConsole,
  adminPassword: string,
): Promise<Record<string, number>> {
  const started = performance.now();
  await seed(running);
  const seedSeconds = (performance.now() - started) / 1000;
  const cookie = await signInAdmin(running, adminPassword);
  const url = `${running.url}/api/device/search`;
  const post = (body: object) => ({
    method: 'POST' as const,
    body: JSON.stringify(body),
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
  });
  const deep = await fetch(url, post({ pageSize: 50, currentPage: 150, site: 100042 }));
  const cursor = ((await deep.json()) as { result: { rows: { nextCursor: string }[] } }).result.rows[0]
    ?.nextCursor;
  const cases: Record<string, object> = {
    SiteByMac: { pageSize: 50, site: 100042 },
    SiteKeywordByName: { pageSize: 50, site: 100042, keywords: 'room 12', sortField: 'deviceName' },
    AllByName: { pageSize: 50, sortField: 'deviceName' },
    DeepKeyset: { pageSize: 50, site: 100042, cursor },
  };
  const figures: Record<string, number> = { devicesSeedSeconds1M: Number(seedSeconds.toFixed(1)) };
  for (const [name, body] of Object.entries(cases)) {
    const result = await load(url, { seconds: 5, connections: 16, ...post(body) });
    figures[`devices${name}PerSecond`] = Math.round(result.requestsPerSecond);
    figures[`devices${name}P50Ms`] = result.p50Ms;
    figures[`devices${name}P99Ms`] = result.p99Ms;
    if (result.non2xx) figures[`devices${name}Non2xx`] = result.non2xx;
  }
  return figures;
}
