import { SimulatedFleet, type SimulatedPhone } from '@phonefleet/sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import type { PushSettings } from '../../config.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole } from '../../testing/test-console.js';
import { until } from '../../testing/until.js';

/**
 * A reboot or factory reset must reach a phone at most once (docs/tasks.md "At most once"): a
 * NOTIFY that may have been delivered is not sent again before the phone had its confirmation
 * window to show that it acted. A claim's lease here is 64·20 ms + 5 s.
 */
const push: Partial<PushSettings> = {
  concurrency: 10,
  tickMs: 100,
  sipT1Ms: 20,
  attempts: 3,
  retryDelayMs: 100,
  confirmTimeoutMs: 20_000,
};
/** Phones answer a NOTIFY, report their restart and fetch, each this long after the last: the fetch comes ~10 s after the NOTIFY, past the lease. */
const SLOW_MS = 2500;
const credentials = { username: 'acme-phones', password: 'Phones#2026' };

let running: RunningConsole;
let acme: TestTenant;
const fleets: SimulatedFleet[] = [];

/** Phones on 127.66.<n>.0/24, booted once so the console knows their address and SIP port. */
async function phones(count: number): Promise<{ ids: number[]; phones: SimulatedPhone[] }> {
  const model = running.cradle.driverRegistry.model('H2P');
  if (!model) throw new Error('driver for H2P missing');
  const fleet = await SimulatedFleet.start({
    consoleUrl: running.url,
    count,
    models: [{ driver: model.driver, model: 'H2P' }],
    credentials,
    addressBase: `127.66.${fleets.length}.0`,
    sipPort: 0,
    httpPort: false,
    accountBase: false,
  });
  fleets.push(fleet);
  const { db, provisioningService, deviceEventService } = running.cradle;
  const macs = fleet.phones.map((phone) => phone.options.mac);
  await insertDevices(
    db,
    acme,
    macs.map((mac) => ({ mac, model: 'H2P' })),
  );
  expect(await fleet.each((phone) => phone.boot())).toEqual([]);
  await provisioningService.flush();
  await deviceEventService.flush();
  const rows = await db.query<{ id: string }>(
    'SELECT id FROM devices WHERE mac = ANY($1::text[]) ORDER BY mac',
    [macs],
  );
  return { ids: rows.map((row) => Number(row.id)), phones: fleet.phones };
}

beforeAll(async () => {
  running = await createTestConsole({ push });
  acme = await createTenant(running.cradle.db, 'enterprise', 'Acme');
  const api = new ApiClient(running.url);
  await api.signIn(acme.userName, acme.password);
  expect((await api.call('POST', '/tb-provisioning/credentials', credentials)).code).toBe(0);
  // The instances under test run the tasks; this one only serves the phones' fetches and reports.
  await running.cradle.taskEngine.dispose();
}, 60_000);

afterAll(async () => {
  for (const fleet of fleets) await fleet.stop();
  await running?.stop();
});

describe('reboots and resets reach a phone at most once', () => {
  it('an instance dies with reboots in flight: the phones that acted are not rebooted again', async () => {
    const { ids, phones: group } = await phones(10);
    for (const phone of group) phone.slow(SLOW_MS);
    const first = await createTestConsole({ databaseUrl: running.config.databaseUrl, push });
    const firstApi = new ApiClient(first.url);
    await firstApi.signIn(acme.userName, acme.password);
    const added = await firstApi.call<{ id: number }>('POST', '/device/deviceReboot', { ids });
    const taskId = added.rows[0]?.id ?? 0;
    await until(
      async () => group.filter((phone) => phone.notifies > 0).length,
      (count) => count === group.length,
      30_000,
    );
    // Killed: every NOTIFY is in flight, no answer can be recorded, nothing more reaches PostgreSQL.
    await first.cradle.db.close();
    await first.cradle.taskEngine.dispose();
    const second = await createTestConsole({ databaseUrl: running.config.databaseUrl, push });
    try {
      const done = await until(
        () =>
          running.cradle.db.query<{ result: number; message: string }>(
            'SELECT result, message FROM task_devices WHERE task_id = $1 ORDER BY device_id',
            [taskId],
          ),
        (rows) => rows.every((row) => row.result === 2),
        30_000,
      );
      expect(done.map((row) => [row.result, row.message])).toEqual(group.map(() => [2, '']));
      // Past the lease the old engine sent every one of them again: a second reboot.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(group.map((phone) => phone.notifyEvents)).toEqual(group.map(() => ['check-sync;reboot=true']));
    } finally {
      await second.stop();
      await first.stop().catch(() => undefined);
    }
  }, 90_000);

  it('an unanswered reboot is sent again only after the confirmation window', async () => {
    const settings = { ...push, confirmTimeoutMs: 4000 };
    const solo = await createTestConsole({ databaseUrl: running.config.databaseUrl, push: settings });
    const { ids, phones: group } = await phones(1);
    const phone = group[0];
    if (!phone) throw new Error('no phone');
    // It takes the NOTIFY and never answers: it may have rebooted, the console cannot tell.
    phone.mute();
    try {
      const api = new ApiClient(solo.url);
      await api.signIn(acme.userName, acme.password);
      const added = await api.call<{ id: number }>('POST', '/device/deviceReboot', { ids });
      expect(added.code).toBe(0);
      await until(
        async () => phone.notifies,
        (n) => n > 0,
      );
      const firstAt = phone.lastNotifyAt ?? 0;
      // The transaction gives up after 64·20 ms; the old retry came 100 ms later.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(phone.notifies).toBe(1);
      await until(
        async () => phone.notifies,
        (n) => n > 1,
        15_000,
      );
      expect(phone.notifies).toBe(2);
      expect((phone.lastNotifyAt ?? 0) - firstAt).toBeGreaterThanOrEqual(settings.confirmTimeoutMs);
      expect((await api.call('POST', '/task/cancel', { id: added.rows[0]?.id })).code).toBe(0);
    } finally {
      phone.healthy();
      await solo.stop();
    }
  }, 60_000);
});
