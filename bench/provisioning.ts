import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeviceStatus } from '@phonefleet/sdk';
import { SimulatedPhone } from '@phonefleet/sdk/testing';
import type { RunningConsole } from '../platform/src/app.js';
import { postgresCpuMs } from './postgres-cpu.js';
import type { PhoneTemplates } from './prov-load.js';
import { MIXED_USER, mixedFleetTemplates, seedMixedFleet } from './prov-mixed.js';
import { runTypeScript } from './run-ts.js';
import { bindTwoLinesPerPhone } from './sip.js';

const DEVICES = 100_000;
/**
 * Phones of the same enterprise beyond the measured 100,000 (MACs 100,001 on) that fetch before the
 * first measured run: a console serves for hours, and the first seconds of a fresh process (code
 * compiled, PostgreSQL's plans and buffers) cost 2-2.5 times the CPU per fetch of every later run. Their
 * own devices keep the measured phones' files uncached.
 */
const WARM_UP_DEVICES = 5_000;

/**
 * 100,000 devices over 1 enterprise, 110 sites (10 parents with 10 children each), 6 models,
 * 200 groups, with layered values on every level; all set-based SQL. The phones are in service
 * (online, last fetch an hour ago) as a console serving for hours sees them, unless `firstContact`:
 * then each one's first fetch also turns it online (bench/prov-pg-cost.ts measures both).
 */
export async function seed(running: RunningConsole, firstContact = false): Promise<void> {
  const { db } = running.cradle;
  const status = firstContact ? DeviceStatus.offline : DeviceStatus.online;
  const lastFetch = firstContact ? 'NULL' : "now() - interval '1 hour'";
  const sql = `
    INSERT INTO orgs (id, type, name, parent_id, path, prov_username, prov_ha1)
      VALUES (1000, 'enterprise', 'Bench', 1, '/1/1000/', 'bench', md5('bench:phonefleet:Bench#2026'));
    INSERT INTO sites (id, org_id, name, parent_id, path)
      SELECT 10000 + p, 1000, 'Region ' || p, NULL, '/' || (10000 + p) || '/' FROM generate_series(1, 10) p;
    INSERT INTO sites (id, org_id, name, parent_id, path)
      SELECT 20000 + p * 100 + c, 1000, 'Site ' || p || '-' || c, 10000 + p, '/' || (10000 + p) || '/' || (20000 + p * 100 + c) || '/'
        FROM generate_series(1, 10) p, generate_series(1, 10) c;
    INSERT INTO devices (org_id, site_id, mac, model, device_name, status, last_fetch_at)
      SELECT 1000, 20000 + (i % 10 + 1) * 100 + (i / 10 % 10 + 1), lpad(to_hex(i), 12, '0'),
             (ARRAY['H2', 'H2P', 'H2P', 'H2'])[i % 4 + 1], 'Phone ' || i, ${status}, ${lastFetch}
        FROM generate_series(1, ${DEVICES + WARM_UP_DEVICES}) i;
    INSERT INTO model_templates (org_id, site_id, name, model)
      SELECT 1000, s.id, m || ' ' || s.name, m FROM sites s, unnest(ARRAY['H2', 'H2P']) m WHERE s.org_id = 1000 AND s.parent_id IS NOT NULL;
    INSERT INTO device_groups (id, org_id, name) SELECT 30000 + g, 1000, 'Group ' || g FROM generate_series(1, 200) g;
    INSERT INTO group_devices (group_id, device_id)
      SELECT 30000 + (d.id % 200) + 1, d.id FROM devices d WHERE d.org_id = 1000 AND d.id % 3 = 0;
    INSERT INTO config_layers (org_id, relation, relation_id, config, pushed) VALUES
      (1000, 'global', 1000, '{}', '{"sipFunction.general.SIPRegisterRetry":"120","sipFunction.general.SIPMaxCall":"3","network.port.LanSpeed":"100","settings.general.CallIdleTimeout":"10","provision.autoProvision.ProvisionPassword":"bench-secret"}');
    INSERT INTO config_layers (org_id, relation, relation_id, config, pushed)
      SELECT 1000, 'site', s.id, '{}', jsonb_build_object('settings.timeDate.SntpServer1', 'ntp' || s.id || '.example.com', 'sipFunction.general.ReleaseTimeout', '5')
        FROM sites s WHERE s.org_id = 1000;
    INSERT INTO config_layers (org_id, relation, relation_id, config, pushed)
      SELECT 1000, 'model', m.id, '{}', jsonb_build_object('settings.display.BackLightTimeout', '120', 'sipFunction.general.SIPDefaultAccount', '1')
        FROM model_templates m WHERE m.org_id = 1000;
    INSERT INTO config_layers (org_id, relation, relation_id, config, pushed)
      SELECT 1000, 'group', g.id, '{}', jsonb_build_object('sipFunction.general.LocalConfPartyMax', '4') FROM device_groups g WHERE g.org_id = 1000;
    INSERT INTO config_layers (org_id, relation, relation_id, config, pushed)
      SELECT 1000, 'device', d.id, '{}', jsonb_build_object('account.1.advanced.TelephonyVmNumber', '*97' || d.id)
        FROM devices d WHERE d.org_id = 1000 AND d.id % 10 = 0;
    ANALYZE;`;
  await db.execute(sql);
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** PostgreSQL's CPU per fetch over runs, when it could be read for each. */
function postgresCpuUs(runs: { postgresCpuUs: number | undefined }[]): number | string {
  const read = runs.flatMap((figures) =>
    figures.postgresCpuUs === undefined ? [] : [figures.postgresCpuUs],
  );
  return read.length === runs.length ? Math.round(mean(read)) : 'not on this machine';
}

interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  statuses: Record<string, number>;
}

/** The load generator's phones: the seed's H2 phones by default, or a mixed fleet's (bench/prov-mixed.ts). */
interface LoadPhones {
  count: number;
  user: { username: string; password: string };
  fleet?: Partial<PhoneTemplates>;
}
export const seedPhones: LoadPhones = { count: DEVICES, user: { username: 'bench', password: 'Bench#2026' } };
export const warmUpPhones: LoadPhones = {
  ...seedPhones,
  count: WARM_UP_DEVICES,
  fleet: { firstMac: DEVICES + 1 },
};

export async function load(
  url: string,
  mode: 'cold' | 'warm',
  phones: LoadPhones = seedPhones,
): Promise<LoadFigures> {
  const { username, password } = phones.user;
  const fleet = phones.fleet ? [JSON.stringify(phones.fleet)] : [];
  const stdout = await runTypeScript('bench/prov-load.ts', [
    url,
    '6',
    '32',
    String(phones.count),
    username,
    password,
    mode,
    ...fleet,
  ]);
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
}

/** The load, with the CPU the console (this process) and PostgreSQL spent per request. */
export async function loadWithCpu(
  running: RunningConsole,
  url: string,
  phones: LoadPhones = seedPhones,
): Promise<LoadFigures & { consoleCpuUs: number; postgresCpuUs: number | undefined }> {
  // Cold means cold: what earlier runs left in the console's caches goes, as any change announced does.
  await running.cradle.db.execute('NOTIFY phonefleet_config');
  await new Promise((resolve) => setTimeout(resolve, 100));
  const consoleBefore = process.cpuUsage();
  const postgresBefore = await postgresCpuMs(running);
  const figures = await load(url, 'cold', phones);
  const consoleUsed = process.cpuUsage(consoleBefore);
  const postgresAfter = await postgresCpuMs(running);
  const requests = Object.values(figures.statuses).reduce((sum, count) => sum + count, 0) || 1;
  return {
    ...figures,
    consoleCpuUs: Math.round((consoleUsed.user + consoleUsed.system) / requests),
    postgresCpuUs:
      postgresBefore === undefined || postgresAfter === undefined
        ? undefined
        : Math.round(((postgresAfter - postgresBefore) * 1000) / requests),
  };
}

export async function benchProvisioning(running: RunningConsole): Promise<Record<string, number | string>> {
  const started = performance.now();
  await seed(running);
  const seedSeconds = (performance.now() - started) / 1000;
  // Both fleets are in the database before either is measured, so both runs see the same tables.
  const mixedSeedSeconds = await seedMixedFleet(running, DEVICES);
  const mixed: LoadPhones = { count: DEVICES, user: MIXED_USER, fleet: mixedFleetTemplates(running) };
  const h2 = running.cradle.driverRegistry.model('H2P');
  if (!h2) throw new Error('H2 driver missing');
  const sample = await new SimulatedPhone({
    driver: h2.driver,
    model: 'H2',
    mac: '000000000004',
    firmware: '2.14.0.5',
    provisioningUrl: `${running.url}/prov`,
    credentials: { username: 'bench', password: 'Bench#2026' },
  }).fetchConfig();
  if (sample.status !== 200) throw new Error(`sample fetch answered ${sample.status}`);

  const bytes = Buffer.from(sample.body);
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': bytes.length,
      ETag: '"x"',
    });
    res.end(bytes);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  try {
    await load(`${running.url}/prov`, 'cold', warmUpPhones);
    const cold = await loadWithCpu(running, `${running.url}/prov`);
    // The mixed fleet under the same load, each phone asking for its own file. Its first run primes
    // its drivers' code as the H2 run above primed H2's (CPU per fetch 1.5-2.5 times the later runs');
    // the ratio is the next mixed run over the mean of the H2 runs on both sides of it: the machine's
    // drift falls on both sides, and the files kept from earlier runs of the same fleet favour H2 if
    // anything (one earlier mixed run; one and two earlier H2 runs).
    // CPU per fetch, which the machine's other load changes far less than files/s, is printed too.
    const mixedFirst = await loadWithCpu(running, `${running.url}/prov`, mixed);
    const coldAgain = [await loadWithCpu(running, `${running.url}/prov`)];
    const mixedCold = await loadWithCpu(running, `${running.url}/prov`, mixed);
    coldAgain.push(await loadWithCpu(running, `${running.url}/prov`));
    // Warm: the same 1,000 phones ask again with the ETag they hold and get 304 (H2, mixed, H2).
    const warm = [await load(`${running.url}/prov`, 'warm', { ...seedPhones, count: 1000 })];
    const mixedWarm = await load(`${running.url}/prov`, 'warm', { ...mixed, count: 1000 });
    warm.push(await load(`${running.url}/prov`, 'warm', { ...seedPhones, count: 1000 }));
    const perSecond = (runs: LoadFigures[]) => mean(runs.map((figures) => figures.requestsPerSecond));
    const baseline = await load(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/prov`, 'cold');
    // The same cold run with two bound SIP accounts in every phone's file (docs/sip.md).
    const linesSeedSeconds = await bindTwoLinesPerPhone(running);
    const withLines = await loadWithCpu(running, `${running.url}/prov`);
    return {
      provSeedSeconds100k: Number(seedSeconds.toFixed(1)),
      provFileBytes: bytes.length,
      provColdFilesPerSecond: cold.requestsPerSecond,
      provColdP50Ms: cold.p50Ms,
      provColdP99Ms: cold.p99Ms,
      provColdStatuses: JSON.stringify(cold.statuses),
      provColdConsoleCpuUs: cold.consoleCpuUs,
      provColdPostgresCpuUs: cold.postgresCpuUs ?? 'not on this machine',
      provWarm304PerSecond: Math.round(perSecond(warm)),
      provWarmP99Ms: Math.max(...warm.map((figures) => figures.p99Ms)),
      provWarmStatuses: warm.map((figures) => JSON.stringify(figures.statuses)).join(' '),
      provMixedSeedSeconds100k: mixedSeedSeconds,
      provColdAgainFilesPerSecond: Math.round(perSecond(coldAgain)),
      provColdAgainConsoleCpuUs: Math.round(mean(coldAgain.map((figures) => figures.consoleCpuUs))),
      provColdAgainPostgresCpuUs: postgresCpuUs(coldAgain),
      provMixedFirstColdFilesPerSecond: mixedFirst.requestsPerSecond,
      provMixedFirstColdConsoleCpuUs: mixedFirst.consoleCpuUs,
      provMixedColdFilesPerSecond: mixedCold.requestsPerSecond,
      provMixedColdP99Ms: mixedCold.p99Ms,
      provMixedColdConsoleCpuUs: mixedCold.consoleCpuUs,
      provMixedColdPostgresCpuUs: mixedCold.postgresCpuUs ?? 'not on this machine',
      provMixedColdStatuses: JSON.stringify(mixedCold.statuses),
      provMixedColdRatioToSingle: Number((mixedCold.requestsPerSecond / perSecond(coldAgain)).toFixed(2)),
      provMixedWarm304PerSecond: mixedWarm.requestsPerSecond,
      provMixedWarmStatuses: JSON.stringify(mixedWarm.statuses),
      provMixedWarmRatioToSingle: Number((mixedWarm.requestsPerSecond / perSecond(warm)).toFixed(2)),
      provBarePerSecond: baseline.requestsPerSecond,
      provColdRatioToBare: Number((cold.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)),
      provLinesSeedSeconds200k: linesSeedSeconds,
      provColdTwoLinesFilesPerSecond: withLines.requestsPerSecond,
      provColdTwoLinesP99Ms: withLines.p99Ms,
      provColdTwoLinesStatuses: JSON.stringify(withLines.statuses),
      provColdTwoLinesConsoleCpuUs: withLines.consoleCpuUs,
      provColdTwoLinesPostgresCpuUs: withLines.postgresCpuUs ?? 'not on this machine',
      // Against every H2 run without lines, as the mixed ratio is: the machine's drift falls on both sides.
      provTwoLinesDropPercent: Number(
        ((1 - withLines.requestsPerSecond / perSecond([cold, ...coldAgain])) * 100).toFixed(1),
      ),
    };
  } finally {
    bare.close();
  }
}
