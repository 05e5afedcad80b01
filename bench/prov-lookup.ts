import type { RunningConsole } from '../platform/src/app.js';
import { DEVICES_SQL } from '../platform/src/modules/provisioning/device-lookups.js';

const ORGS = 1000;
const SITES = 10_000;

/**
 * Issue 18: a phone's lookup must cost what its own ancestry costs, not what the platform's size
 * does. 1,000 enterprises with 10 sites each (one phone per site, a layer per site) beside the
 * other seeds; the lookup of one phone (`DEVICES_SQL` for one MAC, as `/prov/` runs it for a lone fetch) timed
 * over 500 round trips, and PostgreSQL's execution time and buffers from EXPLAIN ANALYZE.
 */
export async function benchProvisioningLookup(running: RunningConsole): Promise<Record<string, number>> {
  const { db } = running.cradle;
  await db.execute(`
    INSERT INTO orgs (id, type, name, parent_id, path, prov_username, prov_ha1)
      SELECT 5000 + i, 'enterprise', 'Lookup org ' || i, 1, '/1/' || (5000 + i) || '/', 'lookup' || i, md5('x' || i)
        FROM generate_series(1, ${ORGS}) i;
    INSERT INTO sites (id, org_id, name, path)
      SELECT 600000 + i, 5000 + (i % ${ORGS}) + 1, 'Lookup site ' || i, '/' || (600000 + i) || '/'
        FROM generate_series(1, ${SITES}) i;
    INSERT INTO devices (org_id, site_id, mac, model, device_name)
      SELECT 5000 + (i % ${ORGS}) + 1, 600000 + i, lpad(to_hex(i + 99999999), 12, '0'), 'H2P', 'Lookup ' || i
        FROM generate_series(1, ${SITES}) i;
    INSERT INTO config_layers (org_id, relation, relation_id, config, pushed)
      SELECT org_id, 'site', id, '{}', '{"settings.general.CallIdleTimeout":"10"}' FROM sites WHERE id > 600000;
    ANALYZE orgs, sites, devices, config_layers;`);
  const mac = (await db.one<{ mac: string }>(`SELECT lpad(to_hex(${SITES} + 99999999), 12, '0') AS mac`))
    ?.mac;
  const asked = [[mac], ['127.0.0.1']];
  for (let i = 0; i < 50; i++) await db.rows(DEVICES_SQL, asked, 'bench-lookup');
  const started = performance.now();
  for (let i = 0; i < 500; i++) await db.rows(DEVICES_SQL, asked, 'bench-lookup');
  const roundTripMs = (performance.now() - started) / 500;
  const plan = (
    await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${DEVICES_SQL}`, asked)
  ).map((row) => row['QUERY PLAN']);
  const number = (pattern: RegExp) =>
    Number(plan.map((line) => pattern.exec(line)?.[1]).find(Boolean) ?? NaN);
  return {
    provLookupRoundTripMs: Number(roundTripMs.toFixed(3)),
    provLookupExecutionMs: number(/Execution Time: ([\d.]+) ms/),
    provLookupSharedBuffers: number(/Buffers: shared hit=(\d+)/),
  };
}
