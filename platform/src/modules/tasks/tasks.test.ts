import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SimulatedFleet, type SimulatedPhone } from '@phonefleet/sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import type { PushSettings } from '../../config.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole } from '../../testing/test-console.js';
import { until } from '../../testing/until.js';

/**
 * Fast timers: a NOTIFY without answer fails after 64*20 ms; confirmation waits 1.5 s. Three
 * NOTIFYs in flight per instance, so fan-outs run into the concurrency limit.
 */
const push: Partial<PushSettings> = {
  concurrency: 3,
  tickMs: 100,
  sipT1Ms: 20,
  attempts: 2,
  retryDelayMs: 100,
  confirmTimeoutMs: 1500,
};

let running: RunningConsole;
let acme: TestTenant;
let api: ApiClient;
const fleets: SimulatedFleet[] = [];
/** Acme's provisioning credentials: its phones authenticate their fetches and action URL reports. */
const credentials = { username: 'acme-phones', password: 'Phones#2026' };

/** A device of the console and the simulated phone behind it. */
interface Device {
  id: number;
  phone: SimulatedPhone;
}

/**
 * A driver whose family takes no factory reset by NOTIFY (the bundled ones all do), dropped in
 * through the extra drivers folder.
 */
const extraDrivers = mkdtempSync(path.join(os.tmpdir(), 'phonefleet-tasks-drivers-'));
mkdirSync(path.join(extraDrivers, 'legacy', 'src'), { recursive: true });
writeFileSync(
  path.join(extraDrivers, 'legacy', 'package.json'),
  JSON.stringify({ name: '@vendor/driver-legacy', phonefleet: { kind: 'driver', entry: './src/index.ts' } }),
);
writeFileSync(
  path.join(extraDrivers, 'legacy', 'src', 'index.ts'),
  `export default { id: 'legacy', vendor: 'Legacy', family: 'Legacy desk', sdk: '^1.0.0', models: [{ id: 'L1',
     capabilities: { accounts: 1, keyAccounts: 1, programKeys: 0, dynamicKeys: 0, dssKeys: 0, expansionModules: 0,
       keysPerModule: 0, keySubtype: false, textEditing: true, shortWebSession: false, wifi: false, bluetooth: false,
       usb: false, colourScreen: false } }],
     files: [{ name: 'legacy-{mac}.ini', contentType: 'text/plain' }],
     pushEvents: { checkSync: 'check-sync', reboot: 'check-sync;reboot=true' },
     identify: () => undefined, render: () => '', parse: () => new Map() };`,
);

interface Results {
  list: { deviceId: number; macAddress: string; result: number; message: string }[];
  total: number;
  summary: Record<string, number>;
}

/**
 * Simulated phones (SIP on a free port and no web UI, each on an address of its own in
 * 127.64.<fleet>.0/24) registered as devices of Acme, models handed out in turn. They boot once,
 * so the console knows where to push the way it knows a real phone: the address of its
 * configuration fetch and the SIP port of its action URL.
 */
async function fleet(count: number, models = ['H2P']): Promise<Device[]> {
  const started = await SimulatedFleet.start({
    consoleUrl: running.url,
    count,
    models: models.map((model) => {
      const found = running.cradle.driverRegistry.model(model);
      if (!found) throw new Error(`driver for ${model} missing`);
      return { driver: found.driver, model };
    }),
    credentials,
    addressBase: `127.64.${fleets.length}.0`,
    sipPort: 0,
    httpPort: false,
    accountBase: false,
  });
  fleets.push(started);
  const { db, provisioningService, deviceEventService } = running.cradle;
  await insertDevices(
    db,
    acme,
    started.phones.map((phone) => ({ mac: phone.options.mac, model: phone.options.model })),
  );
  expect(await started.each((phone) => phone.boot())).toEqual([]);
  await provisioningService.flush();
  await deviceEventService.flush();
  const rows = await db.query<{ id: string; mac: string; ip: string | null; sip_port: number | null }>(
    'SELECT id, mac, host(last_fetch_ip) AS ip, sip_port FROM devices WHERE mac = ANY($1::text[])',
    [started.phones.map((phone) => phone.options.mac)],
  );
  const byMac = new Map(rows.map((row) => [row.mac, row]));
  return started.phones.map((phone) => {
    const row = byMac.get(phone.options.mac);
    expect([row?.ip, row?.sip_port]).toEqual([phone.address, phone.sipPort]);
    return { id: Number(row?.id), phone };
  });
}

async function results(client: ApiClient, id: number): Promise<Results> {
  const reply = await client.call<Results>('POST', '/task/results', { id, currentPage: 1, pageSize: 200 });
  expect(reply.code).toBe(0);
  return reply.rows[0] as Results;
}

async function taskState(client: ApiClient, id: number): Promise<number> {
  const reply = await client.call<{ state: number }>('GET', `/task/query?id=${id}`);
  return reply.rows[0]?.state ?? -1;
}

/** Waits until the task is finished (7) and answers its results. */
async function finished(client: ApiClient, id: number, timeoutMs = 15_000): Promise<Results> {
  await until(
    () => taskState(client, id),
    (state) => state === 7,
    timeoutMs,
  );
  expect(await taskState(client, id)).toBe(7);
  return results(client, id);
}

async function taskCount(): Promise<number> {
  const row = await running.cradle.db.one<{ count: string }>('SELECT count(*) AS count FROM tasks');
  return Number(row?.count);
}

beforeAll(async () => {
  running = await createTestConsole({ push, extraDriversDir: extraDrivers });
  acme = await createTenant(running.cradle.db, 'enterprise', 'Acme');
  api = new ApiClient(running.url);
  await api.signIn(acme.userName, acme.password);
  expect((await api.call('POST', '/tb-provisioning/credentials', credentials)).code).toBe(0);
}, 60_000);

afterAll(async () => {
  await Promise.all(fleets.map((started) => started.stop()));
  await running.stop();
  rmSync(extraDrivers, { recursive: true, force: true });
});

describe('validation (spec §5): bad input is refused and creates nothing', () => {
  const reboot = (extra: Record<string, unknown>, deviceIds: number[]) => ({
    taskName: 'Night reboot',
    type: 1,
    timeType: 2,
    deviceIds,
    ...extra,
  });
  let deviceId: number;

  beforeAll(async () => {
    const [device] = await fleet(1);
    deviceId = device?.id ?? 0;
  });

  it('refuses invalid schedules with the spec’s words', async () => {
    const before = await taskCount();
    const now = Date.now();
    const tooSoon = await api.call('POST', '/task/add', reboot({ beginTime: now + 60_000 }, [deviceId]));
    expect(tooSoon.message).toBe('The Task Time must start after 5 minutes');
    const noName = await api.call(
      'POST',
      '/task/add',
      reboot({ taskName: '', beginTime: now + 600_000 }, [deviceId]),
    );
    expect(noName.message).toBe('This field cannot be empty!');
    const longName = await api.call(
      'POST',
      '/task/add',
      reboot({ taskName: 'x'.repeat(129), beginTime: now + 600_000 }, [deviceId]),
    );
    expect(longName.message).toBe('The length cannot exceed 128 characters');
    const range = await api.call(
      'POST',
      '/task/add',
      reboot({ timeType: 3, repeatType: 1, beginTime: now + 7_200_000, endTime: now + 3_600_000 }, [
        deviceId,
      ]),
    );
    expect(range.message).toBe('time range error!');
    for (const interval of [0, 7201]) {
      const reply = await api.call(
        'POST',
        '/task/add',
        reboot({ timeType: 3, interval, beginTime: now + 600_000 }, [deviceId]),
      );
      expect(reply.message).toBe('The interval must be 1 to 7200 seconds');
    }
    const noDevices = await api.call('POST', '/task/add', reboot({ beginTime: now + 600_000 }, []));
    expect(noDevices.message).toBe('Please select at least one device');
    expect(await taskCount()).toBe(before);
  });

  it('moves a time equal to the current second 10 minutes later and ends the window a day less a second later', async () => {
    const now = Date.now();
    const added = await api.call<{ id: number }>('POST', '/task/add', reboot({ beginTime: now }, [deviceId]));
    expect(added.code).toBe(0);
    const task = (
      await api.call<{ beginTime: number; endTime: number; state: number }>(
        'GET',
        `/task/query?id=${added.rows[0]?.id}`,
      )
    ).rows[0];
    expect(task?.state).toBe(0);
    expect(Math.abs((task?.beginTime ?? 0) - (now + 600_000))).toBeLessThan(5_000);
    expect((task?.endTime ?? 0) - (task?.beginTime ?? 0)).toBe(86_399_000);
  });

  it('replaces a repeating start in the past by now plus 10 minutes', async () => {
    const now = Date.now();
    const added = await api.call<{ id: number }>(
      'POST',
      '/task/add',
      reboot({ timeType: 3, repeatType: 2, repeatTime: '3', beginTime: now - 86_400_000 }, [deviceId]),
    );
    expect(added.code).toBe(0);
    const task = (
      await api.call<{ beginTime: number; nextRunTime: number }>('GET', `/task/query?id=${added.rows[0]?.id}`)
    ).rows[0];
    expect(Math.abs((task?.beginTime ?? 0) - (now + 600_000))).toBeLessThan(5_000);
    const next = new Date(task?.nextRunTime ?? 0);
    expect(next.getUTCDay()).toBe(3);
    expect(next.getTime()).toBeGreaterThanOrEqual(task?.beginTime ?? 0);
  });

  it('answers not found for unknown or foreign devices and creates nothing', async () => {
    const other = await createTenant(running.cradle.db, 'enterprise', 'Other');
    await insertDevices(running.cradle.db, other, [{ mac: '0a0b0c0d0e0f', model: 'H2P' }]);
    const foreign = await running.cradle.db.one<{ id: string }>(
      `SELECT id FROM devices WHERE mac = '0a0b0c0d0e0f'`,
    );
    const before = await taskCount();
    const reply = await api.call('POST', '/device/deviceReboot', { ids: [deviceId, Number(foreign?.id)] });
    expect(reply.status).toBe(404);
    expect(reply.messageExt).toContain(String(foreign?.id));
    const byMac = await api.call('POST', '/task/add', {
      taskName: '',
      type: 1,
      timeType: 1,
      macs: ['0a:0b:0c:0d:0e:0f'],
    });
    expect(byMac.status).toBe(404);
    const unknown = await api.call('POST', '/device/deviceConfigUpdate?id=999999');
    expect(unknown.status).toBe(404);
    expect(await taskCount()).toBe(before);
  });

  it('refuses an empty range, firmware upgrades outside the firmware list and factory resets the drivers cannot do', async () => {
    await insertDevices(running.cradle.db, acme, [{ mac: '0a6400000001', model: 'L1' }]);
    const legacy = await running.cradle.db.one<{ id: string }>(
      `SELECT id FROM devices WHERE mac = '0a6400000001'`,
    );
    const empty = await createTenant(running.cradle.db, 'enterprise', 'Empty');
    const emptyApi = new ApiClient(running.url);
    await emptyApi.signIn(empty.userName, empty.password);
    const before = await taskCount();
    const global = await emptyApi.call('POST', '/global/push', {
      type: 1,
      deviceType: 3,
      taskParam: { beginTime: Date.now(), endTime: Date.now() + 86_399_000 },
    });
    expect(global.message).toBe('There are no devices in the selected range');
    const firmware = await api.call('POST', '/task/add', {
      taskName: 'Upgrade',
      type: 3,
      timeType: 1,
      deviceIds: [deviceId],
      params: { firmwareVersion: '2.0', url: 'http://x' },
    });
    expect(firmware.message).toBe(
      'Firmware upgrades are created from the firmware list, resource pushes from the resource list',
    );
    const reset = await api.call('POST', '/device/factoryReset', { ids: [deviceId, Number(legacy?.id)] });
    expect(reset.message).toBe('The device model does not support a factory reset by push');
    expect(reset.messageExt).toBe('L1');
    expect(await taskCount()).toBe(before);
  });
});

describe('pushes end in a defined state', () => {
  it('a device config push: NOTIFY check-sync, then success when the phone fetches', async () => {
    const [device] = await fleet(1);
    const fetchesBefore = device?.phone.fetches ?? 0;
    const reply = await api.call<{ id: number }>('POST', `/device/deviceConfigUpdate?id=${device?.id}`);
    expect(reply.code).toBe(0);
    const done = await finished(api, reply.rows[0]?.id ?? 0);
    expect(done.list.map((row) => row.result)).toEqual([2]);
    expect(device?.phone.notifyEvents).toEqual(['check-sync;reboot=false']);
    expect(device?.phone.fetches).toBe(fetchesBefore + 1);
  });

  it('reboot uses the driver’s reboot event; banned devices are skipped with the spec’s note', async () => {
    const phones = await fleet(3);
    const banned = phones[2];
    await running.cradle.db.execute('UPDATE devices SET push_enabled = false WHERE id = $1', [banned?.id]);
    const reply = await api.call<{ id: number; devices: number }>('POST', '/device/deviceReboot', {
      ids: phones.map((phone) => phone.id),
    });
    expect(reply.rows[0]?.devices).toBe(3);
    const done = await finished(api, reply.rows[0]?.id ?? 0);
    expect(done.summary['2']).toBe(2);
    const skipped = done.list.find((row) => row.deviceId === banned?.id);
    expect(skipped?.result).toBe(3);
    expect(skipped?.message).toBe(
      'This device has been banned to be provisioned, and subsequent modifications are only saved without device provisioning.',
    );
    expect(phones[0]?.phone.notifyEvents).toEqual(['check-sync;reboot=true']);
    expect(banned?.phone.notifyEvents).toEqual([]);
    const history = await api.call<{ list: { taskId: number; result: number }[] }>(
      'POST',
      '/device/taskHistory',
      {
        id: phones[0]?.id,
        currentPage: 1,
        pageSize: 10,
      },
    );
    expect(history.rows[0]?.list).toEqual([
      expect.objectContaining({ taskId: reply.rows[0]?.id, result: 2 }),
    ]);
  });

  it('factory reset: each phone gets its driver’s reset event, resets and boots; its fetch makes it success', async () => {
    const devices = await fleet(4, ['H2P', 'V64']);
    const reply = await api.call<{ id: number; devices: number }>('POST', '/task/add', {
      taskName: '',
      type: 2,
      timeType: 1,
      deviceIds: devices.map((device) => device.id),
    });
    expect(reply.rows[0]?.devices).toBe(4);
    const done = await finished(api, reply.rows[0]?.id ?? 0);
    expect(done.list.map((row) => [row.deviceId, row.result, row.message]).sort()).toEqual(
      devices.map((device) => [device.id, 2, '']).sort(),
    );
    expect(devices.map((device) => device.phone.notifyEvents)).toEqual([
      ['factory-reset'],
      ['reset'],
      ['factory-reset'],
      ['reset'],
    ]);
    // The reaction: the phone reports its reboot and boots again, as after power-on.
    await Promise.all(devices.map((device) => device.phone.settled()));
    await running.cradle.deviceEventService.flush();
    const events = await running.cradle.db.query<{ device_id: string; events: string[] }>(
      `SELECT device_id, array_agg(event ORDER BY id) AS events FROM device_events
        WHERE device_id = ANY($1::bigint[]) GROUP BY device_id`,
      [devices.map((device) => device.id)],
    );
    expect(events.map((row) => row.events)).toEqual(
      devices.map(() => ['setupCompleted', 'reboot', 'setupCompleted']),
    );
    const list = await api.call<{ list: { id: number; type: number; taskName: string; success: number }[] }>(
      'POST',
      '/task/search',
      { currentPage: 1, pageSize: 10, type: 2 },
    );
    expect(list.rows[0]?.list[0]).toMatchObject({ id: reply.rows[0]?.id, type: 2, success: 4 });
  });

  it('a phone that never answers fails after the retries', async () => {
    const [device] = await fleet(1);
    device?.phone.mute();
    const reply = await api.call<{ id: number }>('POST', `/tb-mac/push?ids=${device?.id}`);
    const done = await finished(api, reply.rows[0]?.id ?? 0);
    expect(done.list[0]).toMatchObject({ result: 3, message: 'The device did not answer the notification' });
    expect(device?.phone.notifies).toBe(push.attempts);
  });

  it('a phone that answers but never fetches times out', async () => {
    const [device] = await fleet(1);
    device?.phone.ignoreNotify();
    const reply = await api.call<{ id: number }>('POST', `/tb-mac/push?macs=${device?.phone.options.mac}`);
    const ongoing = await until(
      () => results(api, reply.rows[0]?.id ?? 0),
      (r) => r.summary['1'] === 1,
    );
    expect(ongoing.summary['1']).toBe(1);
    const done = await finished(api, reply.rows[0]?.id ?? 0);
    expect(done.list[0]).toMatchObject({
      result: 6,
      message: 'The device answered but did not fetch its configuration in time',
    });
    expect(device?.phone.notifies).toBe(1);
  });

  it('a group push becomes a type 5 task for the group’s devices and marks the layer pushed', async () => {
    const phones = await fleet(2);
    const [group] = await running.cradle.db.query<{ id: string }>(
      `INSERT INTO device_groups (org_id, site_id, name) VALUES ($1, $2, 'Lobby') RETURNING id`,
      [acme.orgId, acme.siteId],
    );
    await running.cradle.db.execute(
      'INSERT INTO group_devices (group_id, device_id) SELECT $1, unnest($2::bigint[])',
      [group?.id, phones.map((phone) => phone.id)],
    );
    await running.cradle.db.execute(
      `INSERT INTO config_layers (org_id, relation, relation_id, config) VALUES ($1, 'group', $2, '{}')`,
      [acme.orgId, group?.id],
    );
    const reply = await api.call<{ id: number; devices: number }>('POST', '/tb-group-template/push', {
      type: 1,
      deviceType: 3,
      taskParam: {
        relationId: Number(group?.id),
        relationName: 'group',
        beginTime: Date.now(),
        endTime: Date.now() + 86_399_000,
      },
    });
    expect(reply.rows[0]?.devices).toBe(2);
    const done = await finished(api, reply.rows[0]?.id ?? 0);
    expect(done.summary['2']).toBe(2);
    const list = await api.call<{ list: { id: number; type: number; taskName: string; success: number }[] }>(
      'POST',
      '/task/search',
      { currentPage: 1, pageSize: 10, type: 5 },
    );
    expect(list.rows[0]?.list[0]).toMatchObject({
      id: reply.rows[0]?.id,
      type: 5,
      taskName: 'Group configuration: Lobby',
      success: 2,
    });
    const record = await api.call<{ configPush: boolean }>(
      'GET',
      `/tb-config/configPushRecord?relationId=${group?.id}&relationName=group`,
    );
    expect(record.rows[0]?.configPush).toBe(true);
  });
});

describe('task actions follow the documented transitions', () => {
  it('pause, start, cancel, run again and delete; refused from other states', async () => {
    const phones = await fleet(2);
    const added = await api.call<{ id: number }>('POST', '/task/add', {
      taskName: 'Later',
      type: 1,
      timeType: 2,
      beginTime: Date.now() + 3_600_000,
      deviceIds: phones.map((phone) => phone.id),
    });
    const id = added.rows[0]?.id ?? 0;
    expect((await api.call('POST', '/task/runAgain', { id })).message).toBe(
      'The task’s current state does not allow this action',
    );
    expect((await api.call('POST', '/task/pause', { id })).code).toBe(0);
    expect(await taskState(api, id)).toBe(5);
    expect((await results(api, id)).summary['5']).toBe(2);
    const edited = await api.call('POST', '/task/update', {
      id,
      taskName: 'Later, one phone',
      type: 1,
      timeType: 2,
      beginTime: Date.now() + 3_600_000,
      deviceIds: [phones[0]?.id],
    });
    expect(edited.code).toBe(0);
    expect((await results(api, id)).total).toBe(1);
    expect((await api.call('POST', '/task/start', { id })).code).toBe(0);
    const done = await finished(api, id);
    expect(done.summary['2']).toBe(1);
    expect(
      (
        await api.call('POST', '/task/update', {
          id,
          taskName: 'x',
          type: 1,
          timeType: 1,
          deviceIds: [phones[0]?.id],
        })
      ).message,
    ).toBe('The task’s current state does not allow this action');
    expect((await api.call('POST', '/task/runAgain', { id })).code).toBe(0);
    const again = await finished(api, id);
    expect(again.summary['2']).toBe(1);
    expect(phones[0]?.phone.notifies).toBe(2);
    expect((await api.call<{ run: number }>('GET', `/task/query?id=${id}`)).rows[0]?.run).toBe(2);

    const later = await api.call<{ id: number }>('POST', '/task/add', {
      taskName: 'Cancelled',
      type: 1,
      timeType: 2,
      beginTime: Date.now() + 3_600_000,
      deviceIds: [phones[1]?.id],
    });
    const laterId = later.rows[0]?.id ?? 0;
    expect((await api.call('POST', '/task/cancel', { id: laterId })).code).toBe(0);
    expect((await results(api, laterId)).summary['4']).toBe(1);
    expect((await api.call('DELETE', '/task/remove', { ids: [id, laterId] })).code).toBe(0);
    expect((await api.call('GET', `/task/query?id=${id}`)).status).toBe(404);
    expect(phones[1]?.phone.notifies).toBe(0);
  });
});

describe('tenancy', () => {
  it('another enterprise can neither see nor act on a task or a device’s history', async () => {
    const [device] = await fleet(1);
    const added = await api.call<{ id: number }>('POST', '/task/add', {
      taskName: 'Acme only',
      type: 1,
      timeType: 2,
      beginTime: Date.now() + 3_600_000,
      deviceIds: [device?.id],
    });
    const id = added.rows[0]?.id ?? 0;
    const intruder = await createTenant(running.cradle.db, 'enterprise', 'Intruder');
    const other = new ApiClient(running.url);
    await other.signIn(intruder.userName, intruder.password);
    const list = await other.call<{ total: number }>('POST', '/task/search', {
      currentPage: 1,
      pageSize: 10,
    });
    expect(list.rows[0]?.total).toBe(0);
    expect((await other.call('GET', `/task/query?id=${id}`)).status).toBe(404);
    for (const path of ['/task/start', '/task/pause', '/task/cancel', '/task/runAgain']) {
      expect((await other.call('POST', path, { id })).status, path).toBe(404);
    }
    expect((await other.call('POST', '/task/results', { id, currentPage: 1, pageSize: 10 })).status).toBe(
      404,
    );
    expect((await other.call('DELETE', '/task/remove', { ids: [id] })).status).toBe(404);
    const history = await other.call('POST', '/device/taskHistory', {
      id: device?.id,
      currentPage: 1,
      pageSize: 10,
    });
    expect(history.status).toBe(404);
    expect(await taskState(api, id)).toBe(0);
  });
});

describe('several instances on one database', () => {
  it('a scheduled task fires once: every phone gets exactly one NOTIFY', async () => {
    const second = await createTestConsole({ databaseUrl: running.config.databaseUrl, push });
    try {
      const phones = await fleet(20);
      const reboot = await api.call<{ id: number }>('POST', '/task/add', {
        taskName: 'Both instances',
        type: 1,
        timeType: 2,
        beginTime: Date.now() + 600_000,
        deviceIds: phones.map((phone) => phone.id),
      });
      const id = reboot.rows[0]?.id ?? 0;
      // Time passes: the task is due now on both instances.
      await running.cradle.db.execute(
        `UPDATE tasks SET begin_time = now(), end_time = now() + interval '1 day', next_run_at = now() WHERE id = $1`,
        [id],
      );
      await running.cradle.db.execute('UPDATE task_devices SET next_attempt_at = now() WHERE task_id = $1', [
        id,
      ]);
      const done = await finished(api, id);
      expect(done.summary['2']).toBe(20);
      expect(phones.map((device) => device.phone.notifies)).toEqual(phones.map(() => 1));
    } finally {
      await second.stop();
    }
  }, 60_000);

  it('an instance killed mid-fan-out: another finishes the task, no phone notified beyond the retries', async () => {
    // A wide confirmation window: under load a rebooted phone may take seconds to fetch again.
    const settings = { ...push, attempts: 3, concurrency: 10, confirmTimeoutMs: 15_000 };
    const first = await createTestConsole({ databaseUrl: running.config.databaseUrl, push: settings });
    // The phones answer only after a while, so the first instance dies with every NOTIFY in flight.
    // They fetch from the shared console, which stays up (same database).
    const phones = await fleet(10);
    for (const device of phones) device.phone.slow(400);
    // Only the first instance runs: the shared console's engine must not pick the task up.
    await running.cradle.taskEngine.dispose();
    const firstApi = new ApiClient(first.url);
    await firstApi.signIn(acme.userName, acme.password);
    const added = await firstApi.call<{ id: number }>('POST', '/device/deviceReboot', {
      ids: phones.map((phone) => phone.id),
    });
    const id = added.rows[0]?.id ?? 0;
    await until(
      async () => phones.filter((device) => device.phone.notifies > 0).length,
      (count) => count === phones.length,
      5_000,
    );
    // Crash: the database goes away under the engine; nothing more it does reaches PostgreSQL.
    await first.cradle.db.close();
    await first.cradle.taskEngine.dispose();
    // The phones answer the replacement at normal speed (slowness delays their fetches too).
    for (const device of phones) device.phone.healthy();
    const second = await createTestConsole({ databaseUrl: running.config.databaseUrl, push: settings });
    try {
      const secondApi = new ApiClient(second.url);
      await secondApi.signIn(acme.userName, acme.password);
      const done = await finished(secondApi, id, 30_000);
      expect(done.list.map((r) => [r.result, r.message])).toEqual(phones.map(() => [2, '']));
      for (const device of phones) {
        expect(device.phone.notifies).toBeGreaterThanOrEqual(1);
        expect(device.phone.notifies).toBeLessThanOrEqual(settings.attempts);
      }
    } finally {
      await second.stop();
      await first.stop().catch(() => undefined);
    }
  }, 90_000);
});
