import {
  type NotifyAuthOptions,
  SimulatedFleet,
  type SimulatedPhone,
  type SippRegistrar,
  startSippRegistrar,
} from '@phonefleet/sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import type { PushSettings } from '../../config.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole } from '../../testing/test-console.js';
import { until } from '../../testing/until.js';

/**
 * Phones that authenticate NOTIFY as Cisco MPP phones do (docs/tasks.md "NOTIFY authentication"):
 * simulated phones speaking SIP over UDP answer every unsigned NOTIFY 401 with a digest challenge and
 * act only on a retry signed with the account of their line 1, which they registered with a real
 * registrar (sipp) from the file the console served them.
 */
const push: Partial<PushSettings> = {
  concurrency: 3,
  tickMs: 100,
  sipT1Ms: 20,
  attempts: 2,
  retryDelayMs: 100,
  confirmTimeoutMs: 1500,
};
const credentials = { username: 'acme-phones', password: 'Phones#2026' };
const LINE_PASSWORD = 'Line1#Secret';

let running: RunningConsole;
let acme: TestTenant;
let api: ApiClient;
let registrar: SippRegistrar;
let serverId: number;
const fleets: SimulatedFleet[] = [];

interface Results {
  list: { deviceId: number; result: number; message: string }[];
}

beforeAll(async () => {
  running = await createTestConsole({ push });
  acme = await createTenant(running.cradle.db, 'enterprise', 'Acme');
  api = new ApiClient(running.url);
  await api.signIn(acme.userName, acme.password);
  expect((await api.call('POST', '/tb-provisioning/credentials', credentials)).code).toBe(0);
  registrar = await startSippRegistrar({ password: LINE_PASSWORD });
  const server = await api.call<{ id: number }>('POST', '/tb-sip-server/add', {
    serverName: 'sipp',
    server: registrar.host,
    port: registrar.port,
    siteId: acme.siteId,
  });
  expect(server.code, server.message).toBe(0);
  serverId = server.rows[0]?.id ?? 0;
}, 60_000);

afterAll(async () => {
  await Promise.all(fleets.map((fleet) => fleet.stop()));
  await registrar?.stop();
  await running?.stop();
});

/**
 * One challenging phone, a device of Acme; `line1` names the account bound to its line 1 (none
 * when undefined). It boots once: it fetches its file (with its line) and the console learns its address.
 */
async function challengingPhone(
  index: number,
  line1: string | undefined,
  notifyAuth: NotifyAuthOptions = {},
): Promise<{ id: number; phone: SimulatedPhone }> {
  const h2p = running.cradle.driverRegistry.model('H2P');
  if (!h2p) throw new Error('H2 driver missing');
  const fleet = await SimulatedFleet.start({
    consoleUrl: running.url,
    count: 1,
    models: [{ driver: h2p.driver, model: 'H2P' }],
    credentials,
    addressBase: `127.67.${index}.0`,
    sipPort: 0,
    httpPort: false,
    accountBase: false,
    notifyAuth,
  });
  fleets.push(fleet);
  const phone = fleet.phones[0] as SimulatedPhone;
  const { db, provisioningService, deviceEventService } = running.cradle;
  await insertDevices(db, acme, [{ mac: phone.options.mac, model: 'H2P' }]);
  const row = await db.one<{ id: string }>('SELECT id FROM devices WHERE mac = $1', [phone.options.mac]);
  const id = Number(row?.id);
  if (line1) {
    const added = await api.call<{ id: number }>('POST', '/tb-sip-account/add', {
      registerName: line1,
      userName: line1,
      password: LINE_PASSWORD,
      serverId,
      siteId: acme.siteId,
    });
    expect(added.code, added.message).toBe(0);
    const assignments = [{ deviceId: id, line: 1, accountId: added.rows[0]?.id }];
    expect((await api.call('POST', '/device/accountAssign', { assignments })).code).toBe(0);
  }
  expect(await fleet.each((each) => each.boot())).toEqual([]);
  await phone.settled();
  await provisioningService.flush();
  await deviceEventService.flush();
  return { id, phone };
}

/** Pushes the device's configuration and waits for the task to finish; its one result. */
async function pushed(deviceId: number): Promise<Results['list'][number] | undefined> {
  const reply = await api.call<{ id: number }>('POST', `/device/deviceConfigUpdate?id=${deviceId}`);
  expect(reply.code).toBe(0);
  const taskId = reply.rows[0]?.id ?? 0;
  const state = async () =>
    (await api.call<{ state: number }>('GET', `/task/query?id=${taskId}`)).rows[0]?.state;
  expect(await until(state, (value) => value === 7, 15_000)).toBe(7);
  const results = await api.call<Results>('POST', '/task/results', {
    id: taskId,
    currentPage: 1,
    pageSize: 10,
  });
  return results.rows[0]?.list[0];
}

describe('phones that authenticate NOTIFY', () => {
  it('a phone with an account on line 1 acts on the signed retry: it fetches its file, success', async () => {
    const { id, phone } = await challengingPhone(0, '7101');
    expect(phone.lines.get(1)?.state).toBe('registered');
    const fetchesBefore = phone.fetches;
    const result = await pushed(id);
    expect(result).toMatchObject({ result: 2, message: '' });
    expect(phone.notifyAuth?.challenges).toBe(1);
    expect(phone.notifyAuth?.badSignatures).toBe(0);
    expect(phone.notifyEvents).toEqual(['check-sync;reboot=false']);
    expect(phone.fetches).toBe(fetchesBefore + 1);
  });

  it('without an account bound the challenge ends the push with the reason, nothing signed is sent', async () => {
    const { id, phone } = await challengingPhone(1, undefined);
    const result = await pushed(id);
    expect(result).toMatchObject({
      result: 3,
      message:
        'The device asked for authentication of the notification and no SIP account is bound to its line 1 (401 Unauthorized)',
    });
    expect([phone.notifyAuth?.challenges, phone.notifyAuth?.badSignatures, phone.notifies]).toEqual([
      1, 0, 0,
    ]);
  });

  it('a phone that knows another password refuses the signed retry once: refused, no more NOTIFYs', async () => {
    const { id, phone } = await challengingPhone(2, '7102', {
      credentials: { username: '7102', password: 'Set#OnThePhone' },
    });
    const fetchesBefore = phone.fetches;
    const result = await pushed(id);
    expect(result).toMatchObject({
      result: 3,
      message:
        'The device refused the notification signed with the SIP account bound to its line 1 (401 Unauthorized)',
    });
    // The unsigned NOTIFY and exactly one signed retry; the task's second attempt is not used.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect([phone.notifyAuth?.challenges, phone.notifyAuth?.badSignatures, phone.notifies]).toEqual([
      2, 1, 0,
    ]);
    expect(phone.fetches).toBe(fetchesBefore);
  });
});
