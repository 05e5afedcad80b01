import { type AlarmRow, AlarmType, StrategyFrequency, StrategyMode } from '@phonefleet/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { SmtpPeer } from '../../testing/smtp-peer.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';
import { until } from '../../testing/until.js';

let running: RunningConsole;
let smtp: SmtpPeer;
let acme: TestTenant;
let globex: TestTenant;
let api: ApiClient;
let acmeUserId: number;

const macs = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}${i.toString(16).padStart(12 - prefix.length, '0')}`);

/** Devices of `tenant` last heard two days ago and still marked online: the next sweep turns them offline. */
async function staleDevices(tenant: TestTenant, prefix: string, count: number): Promise<string[]> {
  const list = macs(prefix, count);
  await insertDevices(
    running.cradle.db,
    tenant,
    list.map((mac) => ({ mac, model: 'H2P', status: 1 })),
  );
  await running.cradle.db.execute(
    `UPDATE devices SET created_at = now() - interval '2 days' WHERE mac = ANY ($1::text[])`,
    [list],
  );
  return list;
}

async function alarms(client: ApiClient, filters: Record<string, unknown> = {}) {
  const reply = await client.call<{ list: AlarmRow[]; total: number }>('POST', '/alarm/search', {
    currentPage: 1,
    pageSize: 100,
    ...filters,
  });
  expect(reply.code, reply.message).toBe(0);
  return reply.rows[0] ?? { list: [], total: 0 };
}

const strategy = (overrides: Record<string, unknown> = {}) => ({
  name: 'Offline phones',
  description: '',
  receiverIds: [acmeUserId],
  alarmTypes: [AlarmType.offline],
  levels: [1, 2, 3],
  mode: StrategyMode.both,
  frequency: StrategyFrequency.realTime,
  status: 1,
  deviceScope: 'all',
  siteIds: [],
  groupIds: [],
  models: [],
  deviceIds: [],
  ...overrides,
});

beforeAll(async () => {
  running = await createTestConsole({ mailRetryMs: 200 });
  const { db } = running.cradle;
  acme = await createTenant(db, 'enterprise', 'Acme');
  globex = await createTenant(db, 'enterprise', 'Globex');
  const admin = new ApiClient(running.url);
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
  smtp = await SmtpPeer.serving(admin);
  api = new ApiClient(running.url);
  await api.signIn(acme.userName, acme.password);
  acmeUserId = Number(
    (await db.one<{ id: string }>('SELECT id FROM users WHERE user_name = $1', [acme.userName]))?.id,
  );
}, 60_000);

afterAll(async () => {
  await running?.stop();
  await smtp?.stop();
});

describe('alarm strategies', () => {
  it('refuse a strategy without user, content or device range, or naming another tenant’s site, saving nothing', async () => {
    const { db } = running.cradle;
    const count = async () =>
      Number((await db.one<{ n: string }>('SELECT count(*) AS n FROM alarm_strategies'))?.n);
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'Please enter the strategy name'],
      [{ receiverIds: [] }, 'Please select at least one user'],
      [{ alarmTypes: [] }, 'Please select the alarm content'],
      [{ mode: 0 }, 'Please select the alarm mode'],
      [{ deviceScope: 'site', siteIds: [] }, 'Please select the device range'],
    ];
    for (const [change, message] of cases) {
      const reply = await api.call('POST', '/alarm-strategy/addOrEdit', strategy(change));
      expect(reply.message, JSON.stringify(change)).toBe(message);
    }
    const foreign = await api.call(
      'POST',
      '/alarm-strategy/addOrEdit',
      strategy({ deviceScope: 'site', siteIds: [globex.siteId] }),
    );
    expect(foreign.message).toBe('Not found');
    const globexUser = await db.one<{ id: string }>('SELECT id FROM users WHERE org_id = $1', [globex.orgId]);
    const foreignUser = await api.call(
      'POST',
      '/alarm-strategy/addOrEdit',
      strategy({ receiverIds: [Number(globexUser?.id)] }),
    );
    expect(foreignUser.message).toBe('Please select at least one user');
    expect(await count()).toBe(before);
  });

  it('are saved, read back as the wizard edits them, listed with their device count, switched off and deleted', async () => {
    const added = await api.call<{ id: number }>(
      'POST',
      '/alarm-strategy/addOrEdit',
      strategy({ name: 'Draft', mode: StrategyMode.email }),
    );
    expect(added.code, added.message).toBe(0);
    const id = added.rows[0]?.id ?? 0;
    const read = await api.call('GET', `/alarm-strategy/query?id=${id}`);
    expect(read.rows[0]).toMatchObject({
      name: 'Draft',
      receiverIds: [acmeUserId],
      alarmTypes: [4],
      mode: 1,
      deviceScope: 'all',
    });
    const duplicate = await api.call('POST', '/alarm-strategy/addOrEdit', strategy({ name: 'Draft' }));
    expect(duplicate.message).toBe('The strategy name already exists');
    // Saved again unchanged (the same receivers), then switched off.
    expect(
      (
        await api.call(
          'POST',
          '/alarm-strategy/addOrEdit',
          strategy({ id, name: 'Draft', mode: StrategyMode.email }),
        )
      ).code,
    ).toBe(0);
    expect((await api.call('POST', '/alarm-strategy/status', { id, status: 0 })).code).toBe(0);
    const listed = await api.call<{ list: { id: number; status: number; receivers: unknown[] }[] }>(
      'POST',
      '/alarm-strategy/search',
      { currentPage: 1, pageSize: 10, keywords: 'draft' },
    );
    expect(listed.rows[0]?.list).toEqual([
      expect.objectContaining({ id, status: 0, receivers: [{ id: acmeUserId, name: acme.userName }] }),
    ]);
    expect((await api.call('DELETE', '/alarm-strategy/remove', { ids: [id] })).code).toBe(0);
    expect((await api.call('GET', `/alarm-strategy/query?id=${id}`)).message).toBe('Not found');
  });
});

describe('alarms', () => {
  it('raises one offline alarm per phone, tells the receiver once in the bell and in one email, and a repeat only counts', async () => {
    const saved = await api.call('POST', '/alarm-strategy/addOrEdit', strategy());
    expect(saved.code, saved.message).toBe(0);
    const down = await staleDevices(acme, 'a1', 3);
    await staleDevices(globex, 'b1', 2);
    const { deviceEventService, db } = running.cradle;
    expect(await deviceEventService.sweepOffline()).toBe(5);

    const listed = await until(
      () => alarms(api, { type: AlarmType.offline }),
      (found) => found.list.length === 3,
      10_000,
    );
    expect(listed.list.map((row) => [row.level, row.status, row.num, row.reason]).sort()).toEqual(
      Array(3).fill([1, 0, 1, 'The device went offline']),
    );
    expect(listed.list.map((row) => row.macAddress.replaceAll(':', '')).sort()).toEqual(down);
    const notice = await until(
      () => api.call<{ count: number }>('GET', '/homepage/notice'),
      (reply) => reply.rows[0]?.count === 3,
      10_000,
    );
    expect(JSON.stringify(notice.rows[0])).toContain('The device went offline (Phone a1');
    const mail = await until(
      () => Promise.resolve(smtp.received.filter((m) => m.to.includes(`${acme.userName}@example.com`))),
      (found) => found.length > 0,
      10_000,
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Alarm: 3 alarms');
    expect(mail[0]?.text).toContain('Phone a10000000002 a1:00:00:00:00:02  The device went offline');

    // Flapping: back online, offline again within the hour counts on the same alarm, telling no one.
    await db.execute(`UPDATE devices SET status = 1 WHERE mac = $1`, [down[0]]);
    expect(await deviceEventService.sweepOffline()).toBe(1);
    const again = await until(
      () => alarms(api, { type: AlarmType.offline, keywords: down[0] }),
      (found) => found.list[0]?.num === 2,
      10_000,
    );
    expect(again.total).toBe(1);
    await running.cradle.alarmNotifier.pass();
    expect((await api.call<{ count: number }>('GET', '/homepage/notice')).rows[0]?.count).toBe(3);
  }, 30_000);

  it('resolves the offline alarm and raises an online one when the phone is heard again', async () => {
    const [mac] = await staleDevices(acme, 'a2', 1);
    await running.cradle.deviceEventService.sweepOffline();
    // Heard now, as a fetch records it: the periodic sweep must not find it stale again.
    await running.cradle.db.execute(`UPDATE devices SET status = 1, last_seen_at = now() WHERE mac = $1`, [
      mac,
    ]);
    const found = await until(
      () => alarms(api, { keywords: mac }),
      // The rows, not the total: the search counts in a statement of its own, which can see the pass
      // that the page's statement just missed.
      (list) => list.list.length === 2,
      10_000,
    );
    expect(found.list.map((row) => [row.type, row.status]).sort()).toEqual([
      [AlarmType.offline, 2],
      [AlarmType.online, 0],
    ]);
  });

  it('raises configuration update failures from task results with the task type, and bad calls', async () => {
    const { db } = running.cradle;
    const [mac] = await staleDevices(acme, 'a3', 1);
    const device = await db.one<{ id: string }>('SELECT id FROM devices WHERE mac = $1', [mac]);
    const task = await db.one<{ id: string }>(
      `INSERT INTO tasks (org_id, name, type, time_type, begin_time, state) VALUES ($1, 'Site push', 6, 1, now(), 1)
       RETURNING id`,
      [acme.orgId],
    );
    await db.execute(
      'INSERT INTO task_devices (task_id, run, device_id, org_id, result) VALUES ($1, 1, $2, $3, 1)',
      [task?.id, device?.id, acme.orgId],
    );
    await db.execute(
      `UPDATE task_devices SET result = 6, message = 'resourceNotDownloaded' WHERE task_id = $1`,
      [task?.id],
    );
    await db.execute(
      `INSERT INTO call_records (org_id, device_id, quality, delay_avg_ms, jitter_avg_ms, loss_avg_percent)
       VALUES ($1, $2, 2, 640, 12, 1.5), ($1, $2, 0, 20, 2, 0)`,
      [acme.orgId, device?.id],
    );
    const found = await alarms(api, { keywords: mac });
    expect(found.list.map((row) => [row.type, row.level, row.updateType, row.reason]).sort()).toEqual(
      [
        [
          AlarmType.configUpdateFailed,
          2,
          6,
          'Configuration update failed (The device did not download the file in time)',
        ],
        [AlarmType.badCallQuality, 3, null, 'Bad call quality (delay 640 ms, jitter 12 ms, loss 1.5 %)'],
      ].sort(),
    );
  });
});

describe('an SMTP outage', () => {
  it('delays a real-time alarm’s email without losing it', async () => {
    await smtp.stop();
    try {
      const [mac] = await staleDevices(acme, 'a6', 1);
      await running.cradle.deviceEventService.sweepOffline();
      await until(
        () =>
          running.cradle.db.one<{ n: string }>(
            `SELECT count(*) AS n FROM mail_outbox WHERE kind = 'alarm' AND body LIKE '%' || $1 || '%'`,
            [`Phone ${mac}`],
          ),
        (row) => Number(row?.n) === 1,
        10_000,
      );
    } finally {
      await smtp.resume();
    }
    const mail = await until(
      () => Promise.resolve(smtp.received.filter((m) => m.text.includes('Phone a6'))),
      (found) => found.length === 1,
      15_000,
    );
    expect(mail[0]?.subject).toMatch(/^Alarm: /);
  }, 30_000);
});

describe('the alarm list', () => {
  it('marks read, resolves, ignores, deletes and exports in the caller’s scope only', async () => {
    const { db } = running.cradle;
    const [mac] = await staleDevices(acme, 'a4', 1);
    await staleDevices(globex, 'b4', 1);
    await running.cradle.deviceEventService.sweepOffline();
    const [mine] = (await alarms(api, { keywords: mac })).list;
    if (!mine) throw new Error('no alarm');
    const globexAlarm = await db.one<{ id: string }>('SELECT id FROM alarms WHERE org_id = $1 LIMIT 1', [
      globex.orgId,
    ]);
    const foreign = Number(globexAlarm?.id);
    const statusOf = async (id: number) =>
      (await db.one<{ status: number }>('SELECT status FROM alarms WHERE id = $1', [id]))?.status;

    expect((await api.call('POST', '/alarm/read', { ids: [mine.id, foreign] })).rows[0]).toEqual({
      changed: 1,
    });
    expect([await statusOf(mine.id), await statusOf(foreign)]).toEqual([1, 0]);
    expect((await api.call('POST', '/alarm/resolve', { ids: [mine.id] })).rows[0]).toEqual({ changed: 1 });
    // Closed alarms stay closed.
    expect((await api.call('POST', '/alarm/ignore', { ids: [mine.id] })).rows[0]).toEqual({ changed: 0 });
    expect((await api.call('POST', '/alarm/readAll', {})).code).toBe(0);
    expect(await statusOf(foreign)).toBe(0);
    expect((await alarms(api, { status: 0 })).total).toBe(0);

    const exported = await fetch(`${running.url}/api/alarm/export`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: api.cookieHeader },
      body: JSON.stringify({ keywords: mac }),
    });
    expect(exported.headers.get('content-type')).toContain('spreadsheetml');
    expect((await exported.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    const before = (await alarms(api)).total;
    expect((await api.call('DELETE', '/alarm/remove', { ids: [foreign] })).rows[0]).toEqual({ removed: 0 });
    expect((await api.call('DELETE', '/alarm/removeRead', {})).code).toBe(0);
    expect((await alarms(api)).total).toBeLessThan(before);
    expect(await statusOf(foreign)).toBe(0);
  });
});

describe('digests', () => {
  it('go out once per period with two instances ticking together, listing what happened since the last one', async () => {
    const { db } = running.cradle;
    const second = await createTestConsole({ databaseUrl: running.config.databaseUrl, mailRetryMs: 200 });
    try {
      const saved = await api.call<{ id: number }>(
        'POST',
        '/alarm-strategy/addOrEdit',
        strategy({
          name: 'Daily reboots',
          alarmTypes: [AlarmType.reboot],
          mode: StrategyMode.email,
          frequency: StrategyFrequency.daily,
        }),
      );
      expect(saved.code, saved.message).toBe(0);
      await db.execute(`UPDATE alarm_strategies SET digest_at = now() - interval '1 day' WHERE id = $1`, [
        saved.rows[0]?.id,
      ]);
      const [mac] = await staleDevices(acme, 'a5', 1);
      const device = await db.one<{ id: string }>('SELECT id FROM devices WHERE mac = $1', [mac]);
      await db.execute(`INSERT INTO device_events (org_id, device_id, event) VALUES ($1, $2, 'reboot')`, [
        acme.orgId,
        device?.id,
      ]);
      const sent = smtp.received.length;
      await Promise.all([
        running.cradle.alarmNotifier.digests(),
        second.cradle.alarmNotifier.digests(),
        running.cradle.alarmNotifier.digests(),
      ]);
      const digests = await until(
        () => Promise.resolve(smtp.received.slice(sent).filter((m) => m.subject.startsWith('Alarm summary'))),
        (found) => found.length > 0,
        10_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(smtp.received.slice(sent).filter((m) => m.subject.startsWith('Alarm summary'))).toHaveLength(1);
      expect(digests[0]?.subject).toBe('Alarm summary: 1 alarm');
      expect(digests[0]?.text).toContain('The device rebooted');
      // Today's digest went out: another tick sends nothing.
      expect(await second.cradle.alarmNotifier.digests()).toEqual([]);
    } finally {
      await second.stop();
    }
  }, 30_000);
});

describe('the digest schedule', () => {
  it('refuses to start with a schedule that is not a cron expression, saying which setting', async () => {
    await expect(
      createTestConsole({ databaseUrl: running.config.databaseUrl, alarmDigestCron: 'every morning' }),
    ).rejects.toThrow('ALARM_DIGEST_CRON is not a cron expression: every morning');
  });
});
