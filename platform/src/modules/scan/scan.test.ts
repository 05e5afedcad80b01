import http from 'node:http';
import type { ScanProgress } from '@phonefleet/sdk';
import { SimulatedFleet } from '@phonefleet/sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole } from '../../testing/test-console.js';

// Not 5060/80: a console elsewhere on this host may hold 0.0.0.0:5060, which blocks 127.x.y.z:5060.
const PROBE = { sipPort: 5362, httpPort: 8362, concurrency: 16, timeoutMs: 600 };

let running: RunningConsole;
let second: RunningConsole;
let acme: TestTenant;
let globex: TestTenant;
let acmeApi: ApiClient;
let globexApi: ApiClient;
let fleet: SimulatedFleet;
const webServers: http.Server[] = [];

/** A device that only has a web server, with the given Server header. */
async function webOnly(address: string, server: string): Promise<void> {
  const web = http.createServer((_req, res) => res.writeHead(200, { Server: server }).end('<html></html>'));
  await new Promise<void>((resolve) => web.listen(PROBE.httpPort, address, resolve));
  webServers.push(web);
}

async function signedIn(tenant: TestTenant, language?: string): Promise<ApiClient> {
  const api = new ApiClient(running.url, language);
  await api.signIn(tenant.userName, tenant.password);
  return api;
}

async function scan(api: ApiClient, body: Record<string, unknown>) {
  return api.call<{ scanId: number }>('POST', '/device/scanDevice', body);
}

async function progress(api: ApiClient, scanId: number): Promise<ScanProgress | undefined> {
  return (await api.call<ScanProgress>('GET', `/device/getScanIP?scanId=${scanId}`)).rows[0];
}

beforeAll(async () => {
  running = await createTestConsole();
  second = await createTestConsole({ databaseUrl: running.config.databaseUrl });
  for (const instance of [running, second]) instance.cradle.scanService.probe = { ...PROBE };
  const { db, driverRegistry } = running.cradle;
  acme = await createTenant(db, 'enterprise', 'Acme');
  globex = await createTenant(db, 'enterprise', 'Globex');
  acmeApi = await signedIn(acme);
  globexApi = await signedIn(globex);
  const h2 = driverRegistry.model('H2P');
  const v64 = driverRegistry.model('V64');
  if (!h2 || !v64) throw new Error('drivers missing');
  fleet = await SimulatedFleet.start({
    consoleUrl: running.url,
    count: 5,
    models: [
      { driver: h2.driver, model: 'H2P', firmware: '2.14.0.5' },
      { driver: v64.driver, model: 'V64', firmware: '2.1.0.12' },
    ],
    addressBase: '127.63.0.0',
    macBase: '0a6300000000',
    sipPort: PROBE.sipPort,
    httpPort: PROBE.httpPort,
  });
  fleet.phoneAt('127.63.0.4')?.offline();
  fleet.phoneAt('127.63.0.5')?.faulty();
  await webOnly('127.63.0.9', 'Generic H2 2.12.1.3 001565AABBCD');
  await webOnly('127.63.0.10', 'nginx/1.24.0');
  await insertDevices(db, acme, [{ mac: '0a6300000000', model: 'H2P' }]);
  // Known elsewhere: reported as known, without saying whose.
  await insertDevices(db, globex, [{ mac: '0a6300000001', model: 'V64' }]);
});

afterAll(async () => {
  await fleet?.stop();
  await Promise.all(webServers.map((web) => new Promise((resolve) => web.close(resolve))));
  await second?.stop();
  await running?.stop();
});

describe('scan by IP range', () => {
  it('finds phones by SIP and HTTP, identifies them through the drivers and logs what it did', async () => {
    const started = await scan(acmeApi, { startIp: '127.63.0.1', endIp: '127.63.0.12', siteId: acme.siteId });
    expect(started.code).toBe(0);
    const scanId = started.rows[0]?.scanId ?? 0;
    expect(scanId).toBeGreaterThan(0);
    await expect
      .poll(async () => (await progress(acmeApi, scanId))?.state, { timeout: 10_000 })
      .toBe('finished');
    const result = await progress(acmeApi, scanId);
    expect(result).toMatchObject({ state: 'finished', probed: 12, total: 12 });
    expect(
      [...(result?.found ?? [])].sort((a, b) => a.ip.localeCompare(b.ip, 'en', { numeric: true })),
    ).toEqual([
      {
        ip: '127.63.0.1',
        macAddress: '0a:63:00:00:00:00',
        deviceModel: 'H2P',
        firmwareVersion: '2.14.0.5',
        via: 'sip',
        known: true,
      },
      {
        ip: '127.63.0.2',
        macAddress: '0a:63:00:00:00:01',
        deviceModel: 'V64',
        firmwareVersion: '2.1.0.12',
        via: 'sip',
        known: true,
      },
      {
        ip: '127.63.0.3',
        macAddress: '0a:63:00:00:00:02',
        deviceModel: 'H2P',
        firmwareVersion: '2.14.0.5',
        via: 'sip',
        known: false,
      },
      {
        ip: '127.63.0.9',
        macAddress: '00:15:65:aa:bb:cd',
        deviceModel: 'H2',
        firmwareVersion: '2.12.1.3',
        via: 'http',
        known: false,
      },
    ]);
    const log = result?.log.map((entry) => entry.text) ?? [];
    expect(log[0]).toBe('Scanning 127.63.0.1 - 127.63.0.12 (12 addresses)');
    expect(log).toContain('Found V64 at 127.63.0.2 via SIP (firmware 2.1.0.12, MAC 0a:63:00:00:00:01)');
    expect(log).toContain('127.63.0.10 answered but is not a supported phone: nginx/1.24.0');
    expect(log.at(-1)).toBe('Scan finished: 4 devices found');
    expect(JSON.stringify(result)).not.toContain('Globex');
    for (const entry of result?.log ?? []) expect(Number.isNaN(Date.parse(entry.time))).toBe(false);

    const chinese = await progress(await signedIn(acme, 'zh-CN'), scanId);
    expect(chinese?.log.at(-1)?.text).toBe('扫描完成：发现 4 台设备');
  });

  it.each([
    ['start after end', '127.63.0.9', '127.63.0.1'],
    ['more than 1,024 addresses', '10.0.0.0', '10.0.4.0'],
    ['not an address', '127.63.0', '127.63.0.5'],
    ['an octet above 255', '127.63.0.1', '127.63.0.256'],
  ])('refuses %s with the spec message and the range', async (_, startIp, endIp) => {
    const before = await running.cradle.db.one<{ n: string }>('SELECT count(*) AS n FROM scans');
    const reply = await scan(acmeApi, { startIp, endIp });
    expect(reply.code).not.toBe(0);
    expect(reply.message).toBe('Invalid IP address range:');
    expect(reply.messageExt).toBe(`${startIp} - ${endIp}`);
    expect(await running.cradle.db.one<{ n: string }>('SELECT count(*) AS n FROM scans')).toEqual(before);
  });

  it('accepts exactly 1,024 addresses and stops on request, seen the same by another instance', async () => {
    const started = await scan(acmeApi, { startIp: '127.63.4.0', endIp: '127.63.7.255' });
    expect(started.code).toBe(0);
    const scanId = started.rows[0]?.scanId ?? 0;
    expect((await progress(acmeApi, scanId))?.total).toBe(1024);

    // Stopped through the other instance: the one probing sees it on its next progress write.
    const otherApi = new ApiClient(second.url);
    await otherApi.signIn(acme.userName, acme.password);
    expect((await otherApi.call('POST', '/device/stopScanDevice', { scanId })).code).toBe(0);
    const stopped = await progress(acmeApi, scanId);
    expect(stopped?.state).toBe('stopped');
    expect(stopped?.log.at(-1)?.text).toBe('Scan stopped');
    // The probing instance notices within a progress write and writes its last count once.
    const pause = () => new Promise((resolve) => setTimeout(resolve, 2 * PROBE.timeoutMs));
    await pause();
    const settled = await progress(acmeApi, scanId);
    await pause();
    const later = await progress(acmeApi, scanId);
    expect(later?.state).toBe('stopped');
    expect(later?.probed).toBe(settled?.probed);
    expect(later?.probed).toBeLessThan(1024);
    expect(await progress(otherApi, scanId)).toEqual(later);
  });

  it('keeps a scan to its organization', async () => {
    const started = await scan(acmeApi, { startIp: '127.63.0.1', endIp: '127.63.0.2' });
    const scanId = started.rows[0]?.scanId ?? 0;
    const read = await globexApi.call('GET', `/device/getScanIP?scanId=${scanId}`);
    expect(read.code).not.toBe(0);
    expect(read.rows).toEqual([]);
    expect((await globexApi.call('POST', '/device/stopScanDevice', { scanId })).code).not.toBe(0);
    const foreignSite = await scan(globexApi, {
      startIp: '127.63.0.1',
      endIp: '127.63.0.2',
      siteId: acme.siteId,
    });
    expect(foreignSite.code).not.toBe(0);
    await expect
      .poll(async () => (await progress(acmeApi, scanId))?.state, { timeout: 10_000 })
      .toBe('finished');
  });
});
