import type { UnknownDeviceRow } from '@phonefleet/sdk';
import { SimulatedPhone } from '@phonefleet/sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';

/** This file's phones send from 127.78.1.x (docs/phone-simulator.md). */
const credentials = { username: 'wharf-phones', password: 'Wharf#Phones2026' };
const ANONYMOUS = 12;
let running: RunningConsole;
let wharf: TestTenant;
let rival: TestTenant;
let owner: ApiClient;
let intruder: ApiClient;
let admin: ApiClient;

interface Page {
  list: UnknownDeviceRow[];
  total: number;
}

function phone(mac: string, address: string, options: { credentials?: typeof credentials } = {}) {
  const h2 = running.cradle.driverRegistry.model('H2P');
  if (!h2) throw new Error('H2 driver missing');
  return new SimulatedPhone({
    driver: h2.driver,
    model: 'H2P',
    mac,
    firmware: '2.14.0.9',
    provisioningUrl: `${running.url}/prov`,
    address,
    httpPort: false,
    ...options,
  });
}

async function search(api: ApiClient, body: Record<string, unknown> = {}): Promise<Page> {
  const reply = await api.call<Page>('POST', '/unknownDevice/search', { pageSize: 50, ...body });
  expect(reply.code, reply.message).toBe(0);
  const page = reply.rows[0];
  if (!page) throw new Error('no page');
  return page;
}

async function homeCount(api: ApiClient): Promise<number> {
  return (
    (await api.call<{ unknownDevices: number }>('POST', '/homepage/total', {})).rows[0]?.unknownDevices ?? -1
  );
}

const macs = (page: Page) => page.list.map((row) => row.macAddress);

beforeAll(async () => {
  running = await createTestConsole();
  const { db } = running.cradle;
  wharf = await createTenant(db, 'enterprise', 'Wharf Offices');
  rival = await createTenant(db, 'enterprise', 'Rival Offices');
  owner = new ApiClient(running.url);
  await owner.signIn(wharf.userName, wharf.password);
  intruder = new ApiClient(running.url);
  await intruder.signIn(rival.userName, rival.password);
  admin = new ApiClient(running.url);
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
  expect((await owner.call('POST', '/tb-provisioning/credentials', credentials)).code).toBe(0);
  // Two of Wharf's phones (they authenticate: filed under Wharf), asking twice and once.
  const first = phone('0a7801000001', '127.78.1.1', { credentials });
  expect((await first.fetchConfig()).status).toBe(401);
  expect((await first.fetchConfig()).status).toBe(401);
  expect((await phone('0a7801000002', '127.78.1.2', { credentials }).fetchConfig()).status).toBe(401);
  // Anonymous phones (filed under the platform) and a request naming no MAC.
  for (let n = 1; n <= ANONYMOUS; n += 1) {
    const mac = `0a78010001${String(n).padStart(2, '0')}`;
    expect((await phone(mac, `127.78.1.${100 + n}`).fetchConfig()).status).toBe(401);
  }
  expect((await fetch(`${running.url}/prov/%zz`)).status).toBe(404);
});

afterAll(async () => {
  await running?.stop();
});

describe('unknown devices', () => {
  it('lists what each phone showed, within the caller’s scope, as many as the home page counts', async () => {
    const page = await search(owner);
    expect(page.total).toBe(2);
    expect(await homeCount(owner)).toBe(2);
    const first = page.list.find((row) => row.macAddress === '0a:78:01:00:00:01');
    expect(first).toMatchObject({
      deviceModel: 'H2P',
      firmwareVersion: '2.14.0.9',
      ip: '127.78.1.1',
      reason: 'MAC not in inventory',
      hits: 2,
      organizationName: 'Wharf Offices',
    });
    expect(first?.path).toContain('0a7801000001');
    expect(Date.parse(first?.lastSeen ?? '')).toBeGreaterThanOrEqual(Date.parse(first?.firstSeen ?? ''));
    // Newest first by default.
    expect(macs(page)).toEqual(['0a:78:01:00:00:02', '0a:78:01:00:00:01']);
    // Another tenant sees none of them; the administrator sees them all, the MAC-less request as its address.
    expect((await search(intruder)).total).toBe(0);
    const all = await search(admin, { keywords: '127.78.1' });
    expect(all.total).toBe(2 + ANONYMOUS);
    const everything = await search(admin);
    expect(everything.total).toBe(await homeCount(admin));
    expect(everything.list.find((row) => row.macAddress === null)).toMatchObject({
      reason: 'malformed path',
    });
  });

  it('filters by keywords (a MAC in any form) and reason, pages and sorts', async () => {
    expect(macs(await search(owner, { keywords: '0A-78-01-00-00-02' }))).toEqual(['0a:78:01:00:00:02']);
    expect((await search(owner, { keywords: 'no such phone' })).total).toBe(0);
    const reasons = await admin.call<{ reason: string; count: number }>('GET', '/unknownDevice/reasons');
    expect(reasons.rows).toEqual(
      expect.arrayContaining([
        { reason: 'MAC not in inventory', count: 2 + ANONYMOUS },
        { reason: 'malformed path', count: 1 },
      ]),
    );
    expect((await search(admin, { reason: 'malformed path' })).list.map((row) => row.reason)).toEqual([
      'malformed path',
    ]);
    const second = await search(admin, {
      keywords: '0a:78:01:00:01',
      sortField: 'macAddress',
      sortOrder: 'asc',
      pageSize: 10,
      currentPage: 2,
    });
    expect(second.total).toBe(ANONYMOUS);
    expect(macs(second)).toEqual(['0a:78:01:00:01:11', '0a:78:01:00:01:12']);
    const refused = await owner.call('POST', '/unknownDevice/search', { pageSize: 7 });
    expect(refused.code).toBe(40000);
  });

  it('adds one to a site in one call: the model, firmware and address its phone showed, then serves it', async () => {
    const page = await search(owner, { keywords: '0a7801000001' });
    const row = page.list[0];
    if (!row) throw new Error('no row');
    // Another tenant cannot add it, not even to its own site; nothing changes.
    const stolen = await intruder.call('POST', '/unknownDevice/add', { ids: [row.id], siteId: rival.siteId });
    expect(stolen.code).toBe(40400);
    const foreignSite = await owner.call('POST', '/unknownDevice/add', {
      ids: [row.id],
      siteId: rival.siteId,
    });
    expect(foreignSite.code).toBe(40400);
    expect((await search(owner)).total).toBe(2);

    const added = await owner.call('POST', '/unknownDevice/add', { ids: [row.id], siteId: wharf.siteId });
    expect([added.code, added.message, added.rows, added.totalRows]).toEqual([0, 'Success', [], 1]);
    const device = await running.cradle.db.one(
      `SELECT model, firmware, host(last_fetch_ip) AS ip, status, site_id::int AS site,
              (SELECT action FROM device_logs l WHERE l.device_id = d.id) AS logged
         FROM devices d WHERE mac = '0a7801000001'`,
    );
    expect(device).toEqual({
      model: 'H2P',
      firmware: '2.14.0.9',
      ip: '127.78.1.1',
      status: 1,
      site: wharf.siteId,
      logged: 'add',
    });
    expect(macs(await search(owner))).toEqual(['0a:78:01:00:00:02']);
    expect(await homeCount(owner)).toBe(1);
    expect((await phone('0a7801000001', '127.78.1.1', { credentials }).fetchConfig()).status).toBe(200);
  });

  it('adds several at once, with the model given, and answers the ones it could not add', async () => {
    const anonymous = await search(admin, {
      keywords: '0a:78:01:00:01:0',
      sortField: 'macAddress',
      sortOrder: 'asc',
    });
    expect(anonymous.total).toBe(9);
    const malformed = (await search(admin, { reason: 'malformed path' })).list[0];
    if (!malformed) throw new Error('no MAC-less row');
    // One of them became a device while the list was on screen (its record not yet settled): a duplicate.
    await insertDevices(running.cradle.db, wharf, [{ mac: '0a7801000109', model: 'H2P' }]);
    const ids = [...anonymous.list.map((row) => row.id), malformed.id];
    const added = await admin.call<{ macAddress: string; message: string }>('POST', '/unknownDevice/add', {
      ids,
      siteId: wharf.siteId,
      deviceModel: 'h2p',
      firmwareVersion: '2.14.0.5',
    });
    expect(added.code).toBe(0);
    expect(added.message).toBe('Some devices could not be added');
    expect(added.totalRows).toBe(10);
    expect(added.rows.map((row) => [row.macAddress, row.message])).toEqual([
      ['', 'This field cannot be empty!'],
      ['0a:78:01:00:01:09', 'Duplicate device'],
    ]);
    const stored = await running.cradle.db.one<{ n: string; models: string[]; firmware: string[] }>(
      `SELECT count(*) AS n, array_agg(DISTINCT model) AS models, array_agg(DISTINCT firmware) AS firmware
         FROM devices WHERE mac LIKE '0a780100010%' AND mac <> '0a7801000109' AND site_id = $1`,
      [wharf.siteId],
    );
    expect(stored).toEqual({ n: '8', models: ['H2P'], firmware: ['2.14.0.5'] });
    expect((await search(admin, { keywords: '0a:78:01:00:01:0' })).total).toBe(0);
    expect(macs(await search(admin, { keywords: '0a:78:01:00:01:1' }))).toHaveLength(3);
  });

  it('refuses adding without the add button', async () => {
    const { db } = running.cradle;
    await db.execute(
      `WITH role AS (INSERT INTO roles (org_id, name, user_type) VALUES ($1, 'Looker', 'enterprise') RETURNING id),
            granted AS (INSERT INTO role_resources (role_id, resource_id, buttons)
                        SELECT role.id, s.id, '{}' FROM role, resources s WHERE s.power = 'deviceManagement')
       INSERT INTO users (org_id, user_name, email, password_hash, user_type, role_id, parent_user_id)
       SELECT $1, 'wharf-looker', 'looker@example.com', u.password_hash, 'enterprise', role.id, u.id
         FROM role, users u WHERE u.user_name = $2`,
      [wharf.orgId, wharf.userName],
    );
    const looker = new ApiClient(running.url);
    await looker.signIn('wharf-looker', wharf.password);
    const page = await search(looker);
    expect(macs(page)).toEqual(['0a:78:01:00:00:02']);
    const row = page.list[0];
    const refused = await looker.call('POST', '/unknownDevice/add', { ids: [row?.id], siteId: wharf.siteId });
    expect(refused.code).toBe(40300);
    expect((await search(owner)).total).toBe(1);
  });
});
