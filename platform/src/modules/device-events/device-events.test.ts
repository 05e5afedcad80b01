import { buildNotify, SipUdpEndpoint } from '@phonefleet/sdk/sip';
import { SimulatedFleet, type SimulatedPhone } from '@phonefleet/sdk/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole } from '../../testing/test-console.js';
import type { RecordedDeviceEvent } from './device-event-service.js';
import { callQuality } from './event-batch.js';

let running: RunningConsole;
let acme: TestTenant;
let globex: TestTenant;
let fleet: SimulatedFleet;
let stranger: SimulatedFleet;
const acmeCredentials = { username: 'acme-phones', password: 'Phones#2026' };
const globexCredentials = { username: 'globex-phones', password: 'Globex#2026' };
const SIP_PORT = 5262;

interface DeviceState {
  status: number;
  account_status: number;
  last_seen_at: Date | null;
  last_reboot_at: Date | null;
  reported_firmware: string | null;
  sip_port: number | null;
}

async function device(mac: string): Promise<DeviceState & { id: string }> {
  const row = await running.cradle.db.one<DeviceState & { id: string }>(
    `SELECT id, status, account_status, last_seen_at, last_reboot_at, reported_firmware, sip_port
       FROM devices WHERE mac = $1`,
    [mac],
  );
  if (!row) throw new Error(`no device ${mac}`);
  return row;
}

async function events(mac: string): Promise<{ event: string; account: string | null; ip: string }[]> {
  return running.cradle.db.query(
    `SELECT e.event, e.account, host(e.ip) AS ip FROM device_events e JOIN devices d ON d.id = e.device_id
      WHERE d.mac = $1 ORDER BY e.id`,
    [mac],
  );
}

const phone = (index: number) => fleet.phones[index] as SimulatedPhone;
const flush = () => running.cradle.deviceEventService.flush();

beforeAll(async () => {
  running = await createTestConsole();
  const { db } = running.cradle;
  acme = await createTenant(db, 'enterprise', 'Acme');
  globex = await createTenant(db, 'enterprise', 'Globex');
  for (const [tenant, credentials] of [
    [acme, acmeCredentials],
    [globex, globexCredentials],
  ] as const) {
    const api = new ApiClient(running.url);
    await api.signIn(tenant.userName, tenant.password);
    expect((await api.call('POST', '/tb-provisioning/credentials', credentials)).code).toBe(0);
  }
  const h2 = running.cradle.driverRegistry.model('H2P');
  const v64 = running.cradle.driverRegistry.model('V64');
  if (!h2 || !v64) throw new Error('drivers missing');
  fleet = await SimulatedFleet.start({
    consoleUrl: running.url,
    count: 6,
    models: [
      { driver: h2.driver, model: 'H2P', firmware: '2.14.0.5' },
      { driver: v64.driver, model: 'V64', firmware: '2.1.0.12' },
    ],
    credentials: acmeCredentials,
    addressBase: '127.62.0.0',
    macBase: '0a6200000000',
    sipPort: SIP_PORT,
    httpPort: false,
  });
  await insertDevices(
    db,
    acme,
    fleet.phones.map((p) => ({ mac: p.options.mac, model: p.options.model })),
  );
  // The same kind of phones, but of another enterprise, with its credentials, on other addresses.
  stranger = await SimulatedFleet.start({
    consoleUrl: running.url,
    count: 1,
    models: [{ driver: h2.driver, model: 'H2P' }],
    credentials: globexCredentials,
    addressBase: '127.62.1.0',
    macBase: '0a6201000000',
    sipPort: SIP_PORT,
    httpPort: false,
  });
  await insertDevices(db, globex, [{ mac: '0a6201000000', model: 'H2P' }]);
});

afterAll(async () => {
  await fleet?.stop();
  await stranger?.stop();
  await running?.stop();
});

describe('action URL events', () => {
  it('marks a booted phone online and registered, with its reboot, firmware and SIP port', async () => {
    const before = await device(phone(0).options.mac);
    expect(before).toMatchObject({ status: 0, account_status: 0, last_seen_at: null });
    await phone(0).boot();
    expect(await phone(0).report('reboot')).toBe(200);
    await flush();
    const after = await device(phone(0).options.mac);
    expect(after).toMatchObject({
      status: 1,
      account_status: 1,
      reported_firmware: '2.14.0.5',
      sip_port: SIP_PORT,
    });
    expect(after.last_seen_at).toBeInstanceOf(Date);
    expect(after.last_reboot_at).toBeInstanceOf(Date);
    expect(await events(phone(0).options.mac)).toEqual([
      { event: 'setupCompleted', account: '100000', ip: '127.62.0.1' },
      { event: 'registered', account: '100000', ip: '127.62.0.1' },
      { event: 'reboot', account: '100000', ip: '127.62.0.1' },
    ]);
  });

  it('records registration failures and unregistrations as account status', async () => {
    const mac = phone(1).options.mac;
    await phone(1).report('registered');
    await phone(1).report('registrationFailed');
    await flush();
    expect((await device(mac)).account_status).toBe(2);
    await phone(1).report('unregistered');
    await flush();
    // No SIP account is bound to this device in the console: nothing abnormal about it.
    expect((await device(mac)).account_status).toBe(0);
  });

  it('stores calls with the spec quality of their figures', async () => {
    const mac = phone(2).options.mac;
    await phone(2).report('callEnd', { delayMs: 120, jitterMs: 10, lossPercent: 1 });
    await phone(2).report('callEnd', { delayMs: 300, jitterMs: 10, lossPercent: 1 });
    await phone(2).report('callEnd', { delayMs: 80, jitterMs: 31, lossPercent: 0 });
    await flush();
    const calls = await running.cradle.db.query<{ quality: number; delay_avg_ms: number; org_id: string }>(
      `SELECT c.quality, c.delay_avg_ms, c.org_id FROM call_records c JOIN devices d ON d.id = c.device_id
        WHERE d.mac = $1 ORDER BY c.id`,
      [mac],
    );
    expect(calls.map((c) => [c.quality, c.delay_avg_ms, Number(c.org_id)])).toEqual([
      [0, 120, acme.orgId],
      [1, 300, acme.orgId],
      [2, 80, acme.orgId],
    ]);
  });

  it('changes nothing for unauthenticated, foreign, unknown or malformed reports', async () => {
    const mac = phone(3).options.mac;
    const url = (event: string, query: string) => `${running.url}/events/${event}?${query}`;
    const statusOf = async (address: string) => (await fetch(address)).status;
    expect(await statusOf(url('registered', `mac=${mac}`))).toBe(401);

    // Globex's phone signs a report about an Acme device with Globex's valid credentials.
    const spoofer = stranger.phones[0] as SimulatedPhone;
    const forged = Object.create(spoofer, {
      options: { value: { ...spoofer.options, mac } },
    }) as SimulatedPhone;
    expect(await forged.report('registrationFailed')).toBe(401);

    expect(await statusOf(url('poweredOff', `mac=${mac}`))).toBe(404);
    // An unknown MAC is challenged like a known one: the answer tells nothing of the inventory.
    expect(await statusOf(url('registered', 'mac=0a62ffffffff'))).toBe(401);
    expect(await statusOf(url('callEnd', `mac=${mac}&loss=250`))).toBe(400);
    expect(await statusOf(url('registered', `mac=${mac}&ip=not-an-ip`))).toBe(400);
    expect((await fetch(url('registered', `mac=${mac}`), { method: 'POST' })).status).toBe(405);
    await flush();
    expect(await device(mac)).toMatchObject({ status: 0, account_status: 0, last_seen_at: null });
    expect(await events(mac)).toEqual([]);
    // The stranger's own report about its own device is fine.
    expect(await spoofer.report('registered')).toBe(200);
  });

  it('tells listeners and the device_events channel which devices reported', async () => {
    await flush();
    const heard: RecordedDeviceEvent[][] = [];
    const unsubscribe = running.cradle.deviceEventService.onDeviceEvent((batch) => {
      heard.push(batch);
    });
    const listener = new pg.Client({ connectionString: running.config.databaseUrl });
    await listener.connect();
    const payloads: string[] = [];
    listener.on('notification', (message) => payloads.push(message.payload ?? ''));
    await listener.query('LISTEN device_events');
    try {
      await Promise.all([phone(4).report('setupCompleted'), phone(5).report('reboot')]);
      await flush();
      const ids = [
        Number((await device(phone(4).options.mac)).id),
        Number((await device(phone(5).options.mac)).id),
      ];
      expect(
        heard
          .flat()
          .map((e) => [e.deviceId, e.event, e.orgId])
          .sort(),
      ).toEqual(
        [
          [ids[0], 'setupCompleted', acme.orgId],
          [ids[1], 'reboot', acme.orgId],
        ].sort(),
      );
      await expect
        .poll(() => payloads.flatMap((p) => p.split(',').map(Number)).sort())
        .toEqual([...ids].sort());
    } finally {
      unsubscribe();
      await listener.end();
    }
  });

  it('re-fetches after a check-sync NOTIFY: the fetch updates the device from the phone address', async () => {
    const endpoint = await SipUdpEndpoint.bind({ address: '127.0.0.1', port: 0 });
    try {
      const target = phone(1);
      const { mac } = target.options;
      const { target: to, request } = buildNotify({
        target: { host: target.address, port: target.sipPort },
        event: target.options.driver.pushEvents.checkSync,
      });
      expect((await endpoint.sendRequest(to, request)).status).toBe(200);
      await fleet.settled();
      await running.cradle.provisioningService.flush();
      const fetched = await running.cradle.db.one<{ ip: string; last_fetch_at: Date | null }>(
        'SELECT host(last_fetch_ip) AS ip, last_fetch_at FROM devices WHERE mac = $1',
        [mac],
      );
      expect(fetched).toMatchObject({ ip: target.address });
      expect(target.fetches).toBe(1);
    } finally {
      await endpoint.close();
    }
  });
});

describe('offline sweep', () => {
  it('turns devices not heard from within the threshold offline, with an offline event', async () => {
    const service = running.cradle.deviceEventService;
    await phone(0).report('registered');
    await flush();
    expect(await service.sweepOffline()).toBe(0);
    expect((await device(phone(0).options.mac)).status).toBe(1);
    const later = new Date(Date.now() + (running.config.deviceOfflineSeconds + 1) * 1000);
    const online = await running.cradle.db.one<{ n: string }>(
      'SELECT count(*) AS n FROM devices WHERE status <> 0',
    );
    expect(await service.sweepOffline(later)).toBe(Number(online?.n));
    expect((await device(phone(0).options.mac)).status).toBe(0);
    expect((await events(phone(0).options.mac)).at(-1)?.event).toBe('offline');
    expect(await service.sweepOffline(later)).toBe(0);
  });

  it('runs by itself on a console with a short threshold', async () => {
    const quick = await createTestConsole({ deviceOfflineSeconds: 1 });
    try {
      const tenant = await createTenant(quick.cradle.db, 'enterprise', 'Quick');
      await insertDevices(quick.cradle.db, tenant, [{ mac: '0a62ff000001', model: 'H2P', status: 1 }]);
      await quick.cradle.db.execute(
        `UPDATE devices SET last_seen_at = now() - interval '5 seconds', created_at = now() - interval '5 seconds'`,
      );
      await expect
        .poll(
          async () => (await quick.cradle.db.one<{ status: number }>('SELECT status FROM devices'))?.status,
          {
            timeout: 5000,
          },
        )
        .toBe(0);
    } finally {
      await quick.stop();
    }
  });
});

describe('callQuality', () => {
  it.each([
    [200, 15, 2, 0],
    [201, 0, 0, 1],
    [0, 16, 0, 1],
    [0, 0, 2.5, 1],
    [500, 30, 10, 1],
    [501, 0, 0, 2],
    [0, 31, 0, 2],
    [0, 0, 10.5, 2],
  ])('delay %s ms, jitter %s ms, loss %s percent: quality %s', (delay, jitter, loss, quality) => {
    expect(callQuality(delay, jitter, loss)).toBe(quality);
  });
});
