import { SimulatedFleet, type SippRegistrar, startSippRegistrar } from '@phonefleet/sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole } from '../../testing/test-console.js';
import { until } from '../../testing/until.js';

/**
 * The whole line: accounts bound in the console reach the phones' files, the phones register with
 * a real registrar (sipp, digest over UDP), and what the registrar answered shows in the console.
 */
let running: RunningConsole;
let acme: TestTenant;
let api: ApiClient;
let registrar: SippRegistrar;
let fleet: SimulatedFleet;
const REGISTRAR_PASSWORD = 'Reg#Secret-2026';
const credentials = { username: 'acme-phones', password: 'Phones#2026' };

beforeAll(async () => {
  running = await createTestConsole();
  acme = await createTenant(running.cradle.db, 'enterprise', 'Acme');
  api = new ApiClient(running.url);
  await api.signIn(acme.userName, acme.password);
  expect((await api.call('POST', '/tb-provisioning/credentials', credentials)).code).toBe(0);
  registrar = await startSippRegistrar({ password: REGISTRAR_PASSWORD });
  const h2p = running.cradle.driverRegistry.model('H2P');
  if (!h2p) throw new Error('H2 driver missing');
  fleet = await SimulatedFleet.start({
    consoleUrl: running.url,
    count: 6,
    models: [{ driver: h2p.driver, model: 'H2P' }],
    credentials,
    addressBase: '127.66.0.0',
    sipPort: 0,
    httpPort: false,
    accountBase: false,
  });
  await insertDevices(
    running.cradle.db,
    acme,
    fleet.phones.map((phone) => ({ mac: phone.options.mac, model: 'H2P' })),
  );
}, 60_000);
afterAll(async () => {
  await fleet?.stop();
  await registrar?.stop();
  await running?.stop();
});

type AccountList = {
  list: { userName: string; status: number; binding: { failure: string | null } | null }[];
};

describe('phones registering their bound accounts with a real registrar', () => {
  it('shows registered lines, and registration failed for the account with a wrong password', async () => {
    const server = await api.call<{ id: number }>('POST', '/tb-sip-server/add', {
      serverName: 'sipp',
      server: registrar.host,
      port: registrar.port,
      siteId: acme.siteId,
    });
    expect(server.code, server.message).toBe(0);
    const serverId = server.rows[0]?.id;
    const devices = await running.cradle.db.query<{ id: string; mac: string }>(
      'SELECT id, mac FROM devices WHERE org_id = $1 ORDER BY mac',
      [acme.orgId],
    );
    const assignments = [];
    for (const [index, device] of devices.entries()) {
      const userName = String(7001 + index);
      const added = await api.call<{ id: number }>('POST', '/tb-sip-account/add', {
        registerName: userName,
        userName,
        // The last account's password is not the registrar's.
        password: index === devices.length - 1 ? 'Wrong#Password' : REGISTRAR_PASSWORD,
        serverId,
        siteId: acme.siteId,
      });
      expect(added.code, added.message).toBe(0);
      assignments.push({ deviceId: Number(device.id), line: 1, accountId: added.rows[0]?.id });
    }
    expect((await api.call('POST', '/device/accountAssign', { assignments })).code).toBe(0);

    // Power on: each phone fetches its file, registers its line and reports what the registrar said.
    expect(await fleet.each((phone) => phone.boot())).toEqual([]);
    const accounts = await until(
      async () =>
        (
          await api.call<AccountList>('POST', '/tb-sip-account/search', {
            sortField: 'userName',
            pageSize: 10,
          })
        ).rows[0]?.list ?? [],
      (list) =>
        list.filter((account) => account.status === 1).length === 5 && list.some((a) => a.binding?.failure),
    );
    expect(accounts.map((a) => [a.userName, a.status, a.binding?.failure ?? null])).toEqual([
      ['7001', 1, null],
      ['7002', 1, null],
      ['7003', 1, null],
      ['7004', 1, null],
      ['7005', 1, null],
      ['7006', 2, '403 Forbidden'],
    ]);
    const verdicts = await registrar.registrations();
    expect(
      verdicts
        .filter((v) => v.accepted)
        .map((v) => v.user)
        .sort(),
    ).toEqual(['7001', '7002', '7003', '7004', '7005']);
    expect(verdicts.filter((v) => !v.accepted).map((v) => v.user)).toEqual(['7006']);
    const home = await api.call<{ sipAccounts: Record<string, number> }>('POST', '/homepage/total', {});
    expect(home.rows[0]?.sipAccounts).toEqual({ registered: 5, unregistered: 1, unassigned: 0 });
  });

  it('fixes the failed line with a corrected password pushed to its phone', async () => {
    const failed = await api.call<{
      list: {
        id: number;
        userName: string;
        registerName: string;
        serverId: number;
        siteId: number;
        binding: { deviceId: number };
      }[];
    }>('POST', '/tb-sip-account/search', { keywords: '7006' });
    const account = failed.rows[0]?.list[0];
    if (!account) throw new Error('account 7006 missing');
    const edited = await api.call('POST', '/tb-sip-account/update', {
      ...account,
      password: REGISTRAR_PASSWORD,
    });
    expect(edited.code, edited.message).toBe(0);
    // Save and update for one device: a NOTIFY check-sync, the phone fetches and registers again.
    const pushed = await api.call('POST', `/device/deviceConfigUpdate?id=${account.binding.deviceId}`);
    expect(pushed.code, pushed.message).toBe(0);
    const status = await until(
      async () =>
        (await api.call<{ status: number }>('GET', `/tb-sip-account/query?id=${account.id}`)).rows[0]?.status,
      (value) => value === 1,
      30_000,
    );
    expect(status).toBe(1);
  });
});
