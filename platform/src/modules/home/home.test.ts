import type { HomeTotals } from '@phonefleet/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';

let running: RunningConsole;
let channel: TestTenant;
let hotel: TestTenant;

async function totals(userName: string, password: string): Promise<HomeTotals> {
  const api = new ApiClient(running.url);
  await api.signIn(userName, password);
  const reply = await api.call<HomeTotals>('POST', '/homepage/total', {});
  expect(reply.code).toBe(0);
  const [row] = reply.rows;
  if (!row) throw new Error('no totals');
  return row;
}

async function deviceListCount(tenant: TestTenant, accountStatus: number): Promise<number> {
  const api = new ApiClient(running.url);
  await api.signIn(tenant.userName, tenant.password);
  const reply = await api.call<{ list: { accountStatus: number }[] }>('POST', '/device/search', {
    currentPage: 1,
    pageSize: 50,
  });
  return (reply.rows[0]?.list ?? []).filter((row) => row.accountStatus === accountStatus).length;
}

beforeAll(async () => {
  running = await createTestConsole();
  const { db } = running.cradle;
  channel = await createTenant(db, 'channel', 'Coast Reseller');
  hotel = await createTenant(db, 'enterprise', 'Coast Hotel', channel.orgId);
  await insertDevices(
    db,
    hotel,
    ['0a7202000001', '0a7202000002', '0a7202000003', '0a7202000004'].map((mac) => ({ mac, model: 'H2P' })),
  );
  // Two lines registered, one failed, one phone without a line; a console account bound to the
  // last phone (not registered yet) and one bound to no phone.
  await db.execute(
    `UPDATE devices SET account_status = CASE mac WHEN '0a7202000001' THEN 1 WHEN '0a7202000002' THEN 1
                                                  WHEN '0a7202000003' THEN 2 ELSE 0 END
      WHERE org_id = $1`,
    [hotel.orgId],
  );
  await db.execute(
    `WITH server AS (INSERT INTO sip_servers (org_id, site_id, name, address) VALUES ($1, $2, 'PBX', 'pbx.test')
                     RETURNING id),
          accounts AS (
       INSERT INTO sip_accounts (org_id, site_id, server_id, register_name, user_name)
       SELECT $1, $2, server.id, x, x FROM server, unnest(ARRAY['line-4', 'spare']) AS x RETURNING id, user_name)
     INSERT INTO sip_bindings (device_id, line, account_id)
     SELECT d.id, 1, a.id FROM accounts a JOIN devices d ON d.mac = '0a7202000004' WHERE a.user_name = 'line-4'`,
    [hotel.orgId, hotel.siteId],
  );
});

afterAll(async () => {
  await running?.stop();
});

describe('home dashboard figures (docs/home.md)', () => {
  it('counts as registered exactly the devices the list shows with account status Normal', async () => {
    const figures = await totals(hotel.userName, hotel.password);
    expect(figures.sipAccounts).toEqual({ registered: 2, unregistered: 2, unassigned: 1 });
    expect(figures.sipAccounts.registered).toBe(await deviceListCount(hotel, 1));
  });

  it('shows the administrator and a channel the organizations below them, an enterprise itself', async () => {
    const admin = await totals('admin', TEST_ADMIN_PASSWORD);
    expect(admin.organizations).toEqual([
      { id: channel.orgId, name: 'Coast Reseller', type: 'channel', count: 4 },
    ]);
    expect(admin.sipAccounts.registered).toBe(2);
    const reseller = await totals(channel.userName, channel.password);
    expect(reseller.organizations).toEqual([
      { id: hotel.orgId, name: 'Coast Hotel', type: 'enterprise', count: 4 },
    ]);
    const own = await totals(hotel.userName, hotel.password);
    expect(own.organizations).toEqual([
      { id: hotel.orgId, name: 'Coast Hotel', type: 'enterprise', count: 4 },
    ]);
  });

  it('counts unknown devices by MAC, never a MAC in the inventory, and one per address without a MAC', async () => {
    const { db } = running.cradle;
    await db.execute(
      `INSERT INTO unknown_devices (org_id, mac, path, ip, reason) VALUES
         (1, '0a7202000099', 'x.cfg', '127.72.2.1', 'MAC not in inventory'),
         (1, '0a7202000099', 'x.cfg', '127.72.2.1', 'no driver serves this file'),
         (1, '0a7202000001', 'x.cfg', '127.72.2.2', 'authentication failed'),
         (1, NULL, 'bad', '127.72.2.3', 'malformed path'),
         (1, NULL, 'bad', '127.72.2.3', 'no MAC in path or User-Agent')`,
    );
    expect((await totals('admin', TEST_ADMIN_PASSWORD)).unknownDevices).toBe(2);
    expect((await totals(hotel.userName, hotel.password)).unknownDevices).toBe(0);
  });

  it('splits the scope’s calls by quality, a channel counting its enterprises’ calls', async () => {
    const { db } = running.cradle;
    await db.execute(
      `INSERT INTO call_records (org_id, device_id, quality, ended_at)
       SELECT $1, d.id, q, now() - make_interval(hours => q * 30)
         FROM devices d, unnest(ARRAY[0, 0, 1, 2]) AS q WHERE d.mac = '0a7202000001'`,
      [hotel.orgId],
    );
    for (const [userName, password] of [
      [hotel.userName, hotel.password],
      [channel.userName, channel.password],
    ] as const)
      expect((await totals(userName, password)).callQuality).toEqual({ good: 2, fair: 1, poor: 1 });
  });
});
