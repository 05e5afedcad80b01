import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole } from '../../testing/test-console.js';
import { taskTypeDeviceConfig } from './migrations/0015-task-type-device-config.js';

/** Task type 14, device configuration (docs/tasks.md "Task types"), without the engine's phones. */
let running: RunningConsole;
let acme: TestTenant;
let api: ApiClient;
let deviceId: number;

interface TaskList {
  list: { id: number; taskName: string; type: number }[];
  total: number;
}

const search = (body: Record<string, unknown>) =>
  api.call<TaskList>('POST', '/task/search', { currentPage: 1, pageSize: 10, ...body });

beforeAll(async () => {
  running = await createTestConsole();
  acme = await createTenant(running.cradle.db, 'enterprise', 'Acme');
  await insertDevices(running.cradle.db, acme, [{ mac: '0a6500000001', model: 'H2P' }]);
  deviceId = Number(
    (await running.cradle.db.one<{ id: string }>(`SELECT id FROM devices WHERE mac = '0a6500000001'`))?.id,
  );
  api = new ApiClient(running.url);
  await api.signIn(acme.userName, acme.password);
});

afterAll(async () => {
  await running?.stop();
});

describe('task type 14, device configuration', () => {
  it('is what a device’s and a MAC push create, and what the type filter finds', async () => {
    const device = await api.call<{ id: number }>('POST', `/device/deviceConfigUpdate?id=${deviceId}`);
    expect(device.code).toBe(0);
    const mac = await api.call<{ id: number }>('POST', '/tb-mac/push?macs=0a:65:00:00:00:01');
    expect(mac.code).toBe(0);
    const found = await search({ type: 14 });
    expect(found.code).toBe(0);
    expect(found.rows[0]?.list.map((task) => [task.taskName, task.type]).sort()).toEqual([
      ['Device configuration: 0a:65:00:00:00:01', 14],
      ['MAC configuration: 1 device(s)', 14],
    ]);
    expect((await search({ type: 7 })).rows[0]?.total).toBe(0);
  });

  it('can be added for listed devices; 8–13 are made from the resource list, 15 is unknown: both refused, nothing created', async () => {
    const added = await api.call<{ id: number }>('POST', '/task/add', {
      taskName: 'Desk phones',
      type: 14,
      timeType: 1,
      deviceIds: [deviceId],
    });
    expect(added.code).toBe(0);
    const before = (await search({})).rows[0]?.total;
    const resource = await api.call('POST', '/task/add', { type: 8, timeType: 1, deviceIds: [deviceId] });
    expect(resource.message).toBe(
      'Firmware upgrades are created from the firmware list, resource pushes from the resource list',
    );
    const unknown = await api.call('POST', '/task/add', { type: 15, timeType: 1, deviceIds: [deviceId] });
    expect(unknown.code).toBe(40000);
    expect((await search({ type: 15 })).code).toBe(40000);
    expect((await search({})).rows[0]?.total).toBe(before);
  });

  it('migration 0015 files earlier device and MAC pushes under 14 and leaves global pushes at 7', async () => {
    const { db } = running.cradle;
    await db.execute(
      `INSERT INTO tasks (org_id, name, type, time_type, begin_time, state, params)
       VALUES ($1, 'old device push', 7, 1, now(), 7, '{"relationName":"device"}'),
              ($1, 'old global push', 7, 1, now(), 7, '{"relationName":"global"}')`,
      [acme.orgId],
    );
    await db.transaction((transaction) => taskTypeDeviceConfig.up(db, transaction));
    const rows = await db.query<{ name: string; type: number }>(
      `SELECT name, type FROM tasks WHERE name LIKE 'old %' ORDER BY name`,
    );
    expect(rows).toEqual([
      { name: 'old device push', type: 14 },
      { name: 'old global push', type: 7 },
    ]);
  });
});
