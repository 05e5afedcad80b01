import { SimulatedPhone } from '@phonefleet/sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole } from '../../testing/test-console.js';

/** This file's phones send from 127.72.1.x (the first-contact block, docs/phone-simulator.md). */
const credentials = { username: 'pier-phones', password: 'Pier#Phones2026' };
let running: RunningConsole;
let pier: TestTenant;
let open: TestTenant;
let fenced: TestTenant;
let rival: TestTenant;

interface Seen {
  ip: string | null;
  sip_port: number | null;
  reported_model: string | null;
  reported_firmware: string | null;
  status: number;
  seen: boolean;
}

function phone(mac: string, address: string, withCredentials?: { username: string; password: string }) {
  const h2 = running.cradle.driverRegistry.model('H2P');
  if (!h2) throw new Error('H2 driver missing');
  return new SimulatedPhone({
    driver: h2.driver,
    model: 'H2P',
    mac,
    firmware: '2.14.0.9',
    provisioningUrl: `${running.url}/prov`,
    address,
    sipPort: 5472,
    httpPort: false,
    ...(withCredentials ? { credentials: withCredentials } : {}),
  });
}

async function owner(tenant: TestTenant): Promise<ApiClient> {
  const api = new ApiClient(running.url);
  await api.signIn(tenant.userName, tenant.password);
  return api;
}

async function seen(mac: string): Promise<Seen | undefined> {
  return running.cradle.db.one<Seen>(
    `SELECT host(last_fetch_ip) AS ip, sip_port, reported_model, reported_firmware, status,
            last_seen_at IS NOT NULL AS seen
       FROM devices WHERE mac = $1`,
    [mac],
  );
}

async function unknownRows(mac: string): Promise<number> {
  const row = await running.cradle.db.one<{ n: string }>(
    'SELECT count(*) AS n FROM unknown_devices WHERE mac = $1',
    [mac],
  );
  return Number(row?.n ?? 0);
}

async function unknownCount(tenant: TestTenant): Promise<number> {
  const totals = await (await owner(tenant)).call<{ unknownDevices: number }>('POST', '/homepage/total', {});
  return totals.rows[0]?.unknownDevices ?? -1;
}

beforeAll(async () => {
  running = await createTestConsole();
  const { db } = running.cradle;
  pier = await createTenant(db, 'enterprise', 'Pier Hotel');
  open = await createTenant(db, 'enterprise', 'Open Office');
  fenced = await createTenant(db, 'enterprise', 'Fenced Office');
  rival = await createTenant(db, 'enterprise', 'Rival Hotel');
  expect((await (await owner(pier)).call('POST', '/tb-provisioning/credentials', credentials)).code).toBe(0);
  const rivalCredentials = { username: credentials.username, password: 'Rival#Phones2026' };
  expect(
    (await (await owner(rival)).call('POST', '/tb-provisioning/credentials', rivalCredentials)).code,
  ).toBe(0);
  // No credentials, but an allow-list the loopback addresses are outside of.
  await db.execute(`UPDATE orgs SET prov_allow_cidrs = '{10.0.0.0/8}' WHERE id = $1`, [fenced.orgId]);
});

afterAll(async () => {
  await running?.stop();
});

describe('first contact', () => {
  it('gives a new device the address, SIP port, model and firmware its own phone showed while unknown', async () => {
    const mac = '0a7201000001';
    const own = phone(mac, '127.72.1.1', credentials);
    expect((await own.fetchConfig()).status).toBe(401);
    expect(await own.report('setupCompleted')).toBe(401);
    // Afterwards a stranger asks for the same MAC from elsewhere, anonymously and with another
    // tenant's credentials: neither may give Pier's device an address.
    expect((await phone(mac, '127.72.1.9').fetchConfig()).status).toBe(401);
    const impostor = phone(mac, '127.72.1.8', {
      username: credentials.username,
      password: 'Rival#Phones2026',
    });
    expect((await impostor.fetchConfig()).status).toBe(401);
    expect(await unknownCount(pier)).toBe(1);

    const added = await (await owner(pier)).call<{ id: number }>('POST', '/device/add', {
      macAddress: mac,
      deviceModel: 'H2P',
      firmwareVersion: '2.14.0.5',
      siteId: pier.siteId,
    });
    expect(added.code).toBe(0);
    expect(await seen(mac)).toEqual({
      ip: '127.72.1.1',
      sip_port: 5472,
      reported_model: 'H2P',
      reported_firmware: '2.14.0.9',
      status: 1,
      seen: true,
    });
    expect(await unknownRows(mac)).toBe(0);
    expect(await unknownCount(pier)).toBe(0);
    // The phone is now served with Pier's credentials.
    expect((await own.fetchConfig()).status).toBe(200);
  });

  it('takes an anonymous sighting only where no organization above the device set credentials', async () => {
    const mac = '0a7201000002';
    expect((await phone(mac, '127.72.1.2').fetchConfig()).status).toBe(401);
    const api = await owner(open);
    const added = await api.call('POST', '/device/add', {
      macAddress: mac,
      deviceModel: 'H2P',
      firmwareVersion: '2.14.0.5',
      siteId: open.siteId,
    });
    expect(added.code).toBe(0);
    expect(await seen(mac)).toMatchObject({ ip: '127.72.1.2', status: 1, sip_port: null });

    // Credentials set: the same anonymous request gives nothing.
    const guarded = '0a7201000003';
    expect((await phone(guarded, '127.72.1.3').fetchConfig()).status).toBe(401);
    const pierApi = await owner(pier);
    expect(
      (
        await pierApi.call('POST', '/device/add', {
          macAddress: guarded,
          deviceModel: 'H2P',
          firmwareVersion: '2.14.0.5',
          siteId: pier.siteId,
        })
      ).code,
    ).toBe(0);
    expect(await seen(guarded)).toMatchObject({ ip: null, status: 0, seen: false });
    expect(await unknownRows(guarded)).toBe(0);
  });

  it('ignores a sighting from outside the allow-list', async () => {
    const mac = '0a7201000004';
    expect((await phone(mac, '127.72.1.4').fetchConfig()).status).toBe(401);
    const added = await (await owner(fenced)).call('POST', '/device/add', {
      macAddress: mac,
      deviceModel: 'H2P',
      firmwareVersion: '2.14.0.5',
      siteId: fenced.siteId,
    });
    expect(added.code).toBe(0);
    expect(await seen(mac)).toMatchObject({ ip: null, status: 0 });
  });

  it('settles a removed device: unknown again only once its phone asks again', async () => {
    const mac = '0a7201000001';
    const api = await owner(pier);
    const found = await api.call<{ list: { id: number }[] }>('POST', '/device/search', {
      currentPage: 1,
      pageSize: 10,
      keywords: mac,
    });
    const id = found.rows[0]?.list[0]?.id;
    // A known device's failed request, recorded against the platform.
    expect((await phone(mac, '127.72.1.9', { username: 'x', password: 'y' }).fetchConfig()).status).toBe(401);
    expect((await api.call('DELETE', '/device/removeBatch', { ids: [id] })).code).toBe(0);
    expect(await unknownRows(mac)).toBe(0);
    expect(await unknownCount(pier)).toBe(0);
    expect((await phone(mac, '127.72.1.1', credentials).fetchConfig()).status).toBe(401);
    expect(await unknownCount(pier)).toBe(1);
  });
});
