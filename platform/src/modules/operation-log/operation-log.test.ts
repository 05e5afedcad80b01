import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import type { RouteDefinition } from '../../http/route.js';
import { createTenant, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';
import { until } from '../../testing/until.js';
import { FLUSH_EVERY_MS, OperationLogWriter } from './batch-writer.js';
import { changesState, keyFields, routeTitle } from './contents.js';
import type { OperationLogRow } from './operation-log-service.js';

let running: RunningConsole;
let channel: TestTenant;
let acme: TestTenant;
let globex: TestTenant;

type Page = { list: OperationLogRow[]; total: number };

async function signedIn(userName: string, password: string, language = 'en'): Promise<ApiClient> {
  const api = new ApiClient(running.url, language);
  const reply = await api.signIn(userName, password);
  expect(reply.code, reply.message).toBe(0);
  return api;
}

async function search(api: ApiClient, filters: Record<string, unknown> = {}): Promise<Page> {
  const reply = await api.call<Page>('POST', '/syslog/search', { pageSize: 100, ...filters });
  expect(reply.code, reply.message).toBe(0);
  return reply.rows[0] as Page;
}

/** Waits for the writer's next flush: records are in PostgreSQL at most a second after their call. */
async function flushed(): Promise<void> {
  await running.cradle.operationLogWriter.flush();
}

async function addSite(api: ApiClient, tenant: TestTenant, siteName: string): Promise<void> {
  const reply = await api.call('POST', '/tb-site-template/addSiteTemplate', {
    siteName,
    parentId: tenant.siteId,
  });
  expect(reply.code, reply.message).toBe(0);
}

beforeAll(async () => {
  running = await createTestConsole();
  const { db } = running.cradle;
  channel = await createTenant(db, 'channel', 'Reseller Log');
  acme = await createTenant(db, 'enterprise', 'Acme Log', channel.orgId);
  globex = await createTenant(db, 'enterprise', 'Globex Log');
  // Acme has been a customer for a month: its records of ten days ago are its own.
  await db.execute(`UPDATE orgs SET created_at = now() - interval '30 days' WHERE id = $1`, [acme.orgId]);
});

afterAll(async () => {
  await running?.stop();
});

describe('what is recorded', () => {
  it('records a change once, with who, where from, when and what, and leaves reads out', async () => {
    const api = await signedIn(acme.userName, acme.password);
    const before = Date.now();
    await addSite(api, acme, 'Acme Lobby');
    await api.call('POST', '/tb-site/selectSite', {});
    await search(api);
    await flushed();
    const { list } = await search(api, { keywords: 'Acme Lobby' });
    expect(list).toHaveLength(1);
    const [record] = list as [OperationLogRow];
    expect(record).toMatchObject({
      userName: acme.userName,
      realUserName: null,
      ipAddress: '127.0.0.1',
      level: 'info',
    });
    expect(record.contents).toBe(`Site: Add (siteName=Acme Lobby, parentId=${acme.siteId})`);
    expect(record.contents).not.toContain('Takeover');
    expect(Date.parse(record.operatingTime)).toBeGreaterThanOrEqual(before - 1000);
    const all = await search(api);
    expect(all.list.filter((row) => /select|search/i.test(row.contents))).toEqual([]);
  });

  it('answers the contents in the reader’s language', async () => {
    const api = await signedIn(acme.userName, acme.password, 'zh-CN');
    const { list } = await search(api, { keywords: 'Acme Lobby' });
    expect(list.map((row) => row.contents)).toEqual([
      `站点管理：添加（siteName=Acme Lobby, parentId=${acme.siteId}）`,
    ]);
  });

  it('records sign-in, sign-out and a failed sign-in with the name tried, never a password', async () => {
    const wrong = await new ApiClient(running.url).signIn(globex.userName, 'Not-The-Password#1');
    expect(wrong.code).not.toBe(0);
    const api = await signedIn(globex.userName, globex.password);
    const out = await new ApiClient(running.url).signIn(globex.userName, globex.password);
    expect(out.code).toBe(0);
    await api.call('POST', '/user/logout');
    await flushed();
    const reader = await signedIn(globex.userName, globex.password);
    await flushed();
    const { list } = await search(reader);
    const texts = list.map((row) => `${row.level} ${row.userName} ${row.contents}`);
    expect(texts.filter((text) => text.includes('Sign-in failed'))).toEqual([
      `warning ${globex.userName} Sign-in failed: Incorrect username or password`,
    ]);
    expect(texts.filter((text) => text === `notice ${globex.userName} Sign in`)).toHaveLength(3);
    expect(texts.filter((text) => text === `notice ${globex.userName} Sign out`)).toHaveLength(1);
    const stored = await running.cradle.db.query<{ row: string }>(
      'SELECT o::text AS row FROM operation_log o',
    );
    expect(stored.map((row) => row.row).join('\n')).not.toMatch(/Not-The-Password|Tenant@2026/);
  });

  it('never writes a password, new or old, or a verification code into the contents', async () => {
    const api = await signedIn(globex.userName, globex.password);
    const changed = await api.call('POST', '/user/updatePassword', {
      oldPassword: globex.password,
      password: 'Changed#Secret2026',
      confirmPassword: 'Changed#Secret2026',
    });
    expect(changed.code, changed.message).toBe(0);
    const again = await signedIn(globex.userName, 'Changed#Secret2026');
    await flushed();
    const { list } = await search(again, { keywords: 'Modify password' });
    expect(list.map((row) => row.contents)).toEqual(['Modify password']);
    const stored = await running.cradle.db.query<{ row: string }>(
      'SELECT o::text AS row FROM operation_log o',
    );
    expect(stored.map((row) => row.row).join('\n')).not.toMatch(/Changed#Secret2026|verifyCode|userPwd/);
    globex.password = 'Changed#Secret2026';
  });
});

describe('contents', () => {
  it('names every state-changing route of the console in both languages, reads left out', async () => {
    const document = (await (await fetch(`${running.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { summary: string; 'x-access': RouteDefinition['access'] }>>;
    };
    const untitled: string[] = [];
    let recorded = 0;
    for (const [documented, operations] of Object.entries(document.paths)) {
      const path = documented.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1');
      for (const [method, operation] of Object.entries(operations)) {
        const route = {
          method: method as RouteDefinition['method'],
          path,
          summary: operation.summary,
          access: operation['x-access'],
        };
        if (!changesState(route)) continue;
        recorded += 1;
        const title = routeTitle(route);
        if (title.zh.includes(route.summary) || !/[\u4e00-\u9fff]/.test(title.zh))
          untitled.push(`${method} ${path}`);
      }
    }
    expect(untitled).toEqual([]);
    expect(recorded).toBeGreaterThan(80);
    expect(changesState({ method: 'post', path: '/alarm/read' })).toBe(true);
    expect(changesState({ method: 'post', path: '/alarm/search' })).toBe(false);
    expect(changesState({ method: 'post', path: '/device/export' })).toBe(false);
  });

  it('keeps key fields and drops secrets, nested trees and long texts', () => {
    expect(
      keyFields(
        { id: '7' },
        {},
        {
          name: 'Lobby',
          password: 'p',
          sipPwd: 'q',
          apiKey: 'k',
          token: 't',
          tree: { a: 1 },
          ids: [1, 2, 3, 4, 5, 6],
          note: 'x'.repeat(70),
        },
      ),
    ).toBe(`id=7, name=Lobby, ids=[1, 2, 3, 4, 5, … 6], note=${'x'.repeat(64)}…`);
  });
});

describe('batched writes', () => {
  it('holds records in memory until a flush writes the batch in one statement', async () => {
    const { db } = running.cradle;
    const writer = new OperationLogWriter({ db, logger: pino({ level: 'silent' }) });
    const record = (n: number) => ({
      at: new Date(),
      orgId: globex.orgId,
      userName: 'batch-probe',
      realUserName: undefined,
      ip: '10.9.9.9',
      level: 'info' as const,
      method: 'POST',
      path: '/probe',
      contentsEn: `probe ${n}`,
      contentsZh: `探针 ${n}`,
    });
    for (let n = 0; n < 3; n += 1) writer.add(record(n));
    const count = async () =>
      Number(
        (
          await db.one<{ n: string }>(
            "SELECT count(*) AS n FROM operation_log WHERE user_name = 'batch-probe'",
          )
        )?.n,
      );
    expect(await count()).toBe(0);
    await writer.flush();
    expect(await count()).toBe(3);
    writer.add(record(3));
    await writer.stop();
    expect(await count()).toBe(4);
  });

  it('has every record of a burst of calls in PostgreSQL within a second of its call', async () => {
    const api = await signedIn(acme.userName, acme.password);
    await Promise.all(Array.from({ length: 40 }, (_, n) => addSite(api, acme, `Burst ${n}`)));
    const answered = Date.now();
    const rows = await until(
      () =>
        running.cradle.db.one<{ n: string }>(
          "SELECT count(*) AS n FROM operation_log WHERE contents_en LIKE '%Burst %'",
        ),
      (row) => Number(row?.n) === 40,
    );
    expect(Number(rows?.n)).toBe(40);
    expect(Date.now() - answered).toBeLessThanOrEqual(FLUSH_EVERY_MS + 500);
  });
});

describe('filters and export', () => {
  beforeAll(async () => {
    const day = 24 * 60 * 60 * 1000;
    await running.cradle.db.execute(
      `INSERT INTO operation_log (org_id, at, user_name, ip, level, method, path, contents_en, contents_zh)
       SELECT $1, now() - make_interval(secs => x.age / 1000.0), 'aged', '10.0.0.5', 'info', 'POST', '/aged', x.name, x.name
         FROM (VALUES (${2 * 60 * 60 * 1000}, 'aged two hours'), (${3 * day}, 'aged three days'),
                      (${10 * day}, 'aged ten days')) AS x (age, name)`,
      [acme.orgId],
    );
  });

  it('filters by time range, user name, level and keyword', async () => {
    const api = await signedIn(acme.userName, acme.password);
    const now = Date.now();
    const hours = (h: number) => new Date(now - h * 60 * 60 * 1000).toISOString();
    const aged = (filters: Record<string, unknown>) =>
      search(api, { userName: 'aged', ...filters }).then((page) => page.list.map((row) => row.contents));
    expect(await aged({})).toEqual(['aged two hours', 'aged three days', 'aged ten days']);
    expect(await aged({ startTime: hours(5 * 24), endTime: hours(1) })).toEqual([
      'aged two hours',
      'aged three days',
    ]);
    expect(await aged({ startTime: hours(5 * 24), endTime: hours(3) })).toEqual(['aged three days']);
    expect(await aged({ keywords: 'TEN' })).toEqual(['aged ten days']);
    expect(await aged({ level: 'warning' })).toEqual([]);
    expect(
      (await search(api, { level: 'notice', userName: acme.userName })).list.every(
        (row) => row.contents === 'Sign in',
      ),
    ).toBe(true);
    const backwards = await api.call('POST', '/syslog/search', { startTime: hours(1), endTime: hours(5) });
    expect([backwards.code, backwards.message]).toEqual([40000, 'Invalid format!']);
  });

  it('exports the last day, the last 7 days, a custom range or all', async () => {
    const api = await signedIn(acme.userName, acme.password);
    const exported = async (body: Record<string, unknown>) => {
      const reply = await api.call('POST', '/syslog/export', { userName: 'aged', ...body });
      expect(reply.status).toBe(200);
      return (reply.file ?? '')
        .split('\n')
        .slice(1)
        .map((line) => line.split('\t').pop());
    };
    expect(await exported({ range: '1d' })).toEqual(['aged two hours']);
    expect(await exported({ range: '7d' })).toEqual(['aged two hours', 'aged three days']);
    expect(await exported({ range: 'all' })).toEqual(['aged two hours', 'aged three days', 'aged ten days']);
    const day = 24 * 60 * 60 * 1000;
    expect(
      await exported({
        range: 'custom',
        startTime: new Date(Date.now() - 11 * day).toISOString(),
        endTime: new Date(Date.now() - 2 * day).toISOString(),
      }),
    ).toEqual(['aged three days', 'aged ten days']);
    const header = (await api.call('POST', '/syslog/export', { range: '1d' })).file?.split('\n')[0];
    expect(header).toContain('Username\tIP Address\tOperating Time\tLevel\tContents');
    const open = await api.call('POST', '/syslog/export', {
      range: 'custom',
      startTime: new Date().toISOString(),
    });
    expect([open.code, open.message]).toEqual([40000, 'This field cannot be empty!']);
  });
});

describe('tenancy', () => {
  it('shows an enterprise its own records, a channel its own and its enterprises’, the administrator all', async () => {
    const channelApi = await signedIn(channel.userName, channel.password);
    await addSite(channelApi, channel, 'Reseller Depot');
    const admin = await signedIn('admin', TEST_ADMIN_PASSWORD);
    await flushed();
    const names = async (api: ApiClient) =>
      new Set((await search(api, { pageSize: 250 })).list.map((row) => row.userName));
    const acmeApi = await signedIn(acme.userName, acme.password);
    expect(await names(acmeApi)).toEqual(new Set([acme.userName, 'aged']));
    expect(await names(channelApi)).toEqual(new Set([acme.userName, 'aged', channel.userName]));
    const everyone = await names(admin);
    for (const name of [acme.userName, channel.userName, globex.userName, 'admin'])
      expect(everyone).toContain(name);
  });

  it('shows no one a record older than its organisation (one a restore removed, its id given again)', async () => {
    await running.cradle.db.execute(
      `INSERT INTO operation_log (org_id, at, user_name, ip, level, method, path, contents_en, contents_zh)
       VALUES ($1, now() - interval '1 day', 'gone-user', '10.0.0.9', 'info', 'POST', '/gone', 'gone org', 'gone org')`,
      [globex.orgId],
    );
    const globexApi = await signedIn(globex.userName, globex.password);
    expect((await search(globexApi, { userName: 'gone-user' })).list).toEqual([]);
  });

  it('records an entered enterprise’s changes under it, naming the real user', async () => {
    const admin = await signedIn('admin', TEST_ADMIN_PASSWORD);
    expect((await admin.call('POST', '/enterTheEnterprise', { id: acme.orgId })).code).toBe(0);
    await addSite(admin, acme, 'Entered Annex');
    await flushed();
    const acmeApi = await signedIn(acme.userName, acme.password);
    const { list } = await search(acmeApi, { keywords: 'Entered Annex' });
    expect(list.map((row) => [row.userName, row.realUserName])).toEqual([['Acme Log', 'admin']]);
    const byAdmin = (await search(acmeApi, { userName: 'admin' })).list.filter(
      (row) => row.realUserName === 'admin',
    );
    expect(byAdmin.map((row) => row.contents)).toEqual([
      `Site: Add (siteName=Entered Annex, parentId=${acme.siteId})`,
    ]);
  });
});

describe('retention', () => {
  it('is set by the administrator only, within 1–3650 days', async () => {
    const acmeApi = await signedIn(acme.userName, acme.password);
    expect((await acmeApi.call('GET', '/syslog/retention')).rows).toEqual([{ retentionDays: 180 }]);
    const refused = await acmeApi.call('POST', '/syslog/retention', { retentionDays: 1 });
    expect(refused.code).toBe(40300);
    const admin = await signedIn('admin', TEST_ADMIN_PASSWORD);
    const bad = await admin.call('POST', '/syslog/retention', { retentionDays: 0 });
    expect([bad.code, bad.message]).toEqual([40000, 'Invalid format!']);
    expect((await admin.call('GET', '/syslog/retention')).rows).toEqual([{ retentionDays: 180 }]);
    const set = await admin.call('POST', '/syslog/retention', { retentionDays: 7 });
    expect(set.rows).toEqual([{ retentionDays: 7 }]);
  });

  it('deletes records past the retention once an hour in the cluster', async () => {
    const { db, operationLogService } = running.cradle;
    const second = await createTestConsole({ databaseUrl: running.config.databaseUrl });
    try {
      await db.execute(`UPDATE operation_log_settings SET purged_at = '-infinity'`);
      const purges = await Promise.all([
        operationLogService.purgeExpired(),
        second.cradle.operationLogService.purgeExpired(),
      ]);
      expect(purges.filter((removed) => removed !== undefined)).toEqual([1]);
      const left = await db.query<{ contents_en: string }>(
        "SELECT contents_en FROM operation_log WHERE user_name = 'aged'",
      );
      expect(left.map((row) => row.contents_en).sort()).toEqual(['aged three days', 'aged two hours']);
      expect(await operationLogService.purgeExpired()).toBeUndefined();
    } finally {
      await second.stop();
    }
  });
});
