import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import type { SmtpPeer } from '../../testing/smtp-peer.js';
import { insertDevices } from '../../testing/tenants.js';
import { ApiClient } from '../../testing/test-console.js';
import { OrganisationsKit, PASSWORD, until } from './organisations-test-kit.js';

/** Channels and enterprises through the API, with every email read back from a real SMTP server. */
let kit: OrganisationsKit;
let running: RunningConsole;
let smtp: SmtpPeer;
let admin: ApiClient;
const ids = { north: 0, harbor: 0, northSub: 0, quay: 0, south: 0, idle: 0 };
const users: Record<string, ApiClient> = {};
const activate = (email: string) => kit.activate(email);
const added = (api: ApiClient, kind: 'channel' | 'enterprise', body: Record<string, unknown>) =>
  kit.added(api, kind, body);
const statusOf = (id: number) => kit.statusOf(id);

beforeAll(async () => {
  kit = await OrganisationsKit.start();
  ({ running, smtp, admin } = kit);
}, 60_000);

afterAll(() => kit?.stop());

describe('creating channels and enterprises', () => {
  it('creates an inactivated organisation with its default site and first user; activation makes it normal', async () => {
    ids.north = await added(admin, 'channel', {
      name: 'North Reseller',
      email: 'north@example.com',
      contact: 'Nora',
    });
    ids.harbor = await added(admin, 'enterprise', {
      name: 'Harbor Hotel',
      email: 'harbor@example.com',
      country: 'Germany',
      deviceLimit: 50,
      channelId: ids.north,
    });
    const north = await admin.call('GET', `/tb-channel/query?id=${ids.north}`);
    expect(north.rows[0]).toMatchObject({
      name: 'North Reseller',
      email: 'north@example.com',
      contact: 'Nora',
    });
    expect(north.rows[0]).toMatchObject({ status: 'inactivated', maySubChannels: false, parentId: null });
    const harbor = await admin.call('GET', `/tb-enterprise/query?id=${ids.harbor}`);
    expect(harbor.rows[0]).toMatchObject({ country: 'Germany', deviceLimit: 50, deviceCount: 0 });
    expect(harbor.rows[0]).toMatchObject({
      channelId: ids.north,
      channelName: 'North Reseller',
      channelAuthorized: false,
    });
    const { db } = running.cradle;
    const made = await db.query<{ user_name: string; status: string; role: string; site: string }>(
      `SELECT u.user_name, u.status, r.name AS role, s.name AS site FROM users u JOIN roles r ON r.id = u.role_id
         JOIN sites s ON s.org_id = u.org_id AND s.is_default WHERE u.org_id = ANY($1::bigint[]) ORDER BY u.id`,
      [[ids.north, ids.harbor]],
    );
    expect(made).toEqual([
      {
        user_name: 'north@example.com',
        status: 'inactivated',
        role: 'Channel administrator',
        site: 'Default',
      },
      {
        user_name: 'harbor@example.com',
        status: 'inactivated',
        role: 'Enterprise administrator',
        site: 'Default',
      },
    ]);
    // Not activated yet: no password works.
    expect((await new ApiClient(running.url).signIn('north@example.com', PASSWORD)).code).toBe(40100);

    users.north = await activate('north@example.com');
    expect(await statusOf(ids.north)).toBe('normal');
    expect(await statusOf(ids.harbor)).toBe('inactivated');
    users.harbor = await activate('harbor@example.com');
    expect(await statusOf(ids.harbor)).toBe('normal');
    const list = await users.north.call<{ list: { name: string }[]; total: number }>(
      'POST',
      '/tb-enterprise/search',
      {
        currentPage: 1,
        pageSize: 10,
      },
    );
    expect(list.rows[0]).toMatchObject({ total: 1, list: [{ name: 'Harbor Hotel' }] });
  });

  it('refuses duplicates and invalid input in the spec’s words, creating nothing', async () => {
    const before = await kit.counts();
    const refusals: [string, Record<string, unknown>, number, string][] = [
      [
        'channel',
        { name: 'north reseller', email: 'other@example.com' },
        40900,
        'The channel name already exists',
      ],
      ['channel', { name: 'West', email: 'NORTH@example.com' }, 40900, 'The email already exists'],
      [
        'enterprise',
        { name: 'HARBOR HOTEL', email: 'h2@example.com', country: 'DE', channelId: ids.north },
        40900,
        'The enterprise name already exists',
      ],
      ['channel', { name: ' ', email: 'w@example.com' }, 40000, 'This field cannot be empty!'],
      [
        'channel',
        { name: 'x'.repeat(129), email: 'w@example.com' },
        40000,
        'The length cannot exceed 128 characters',
      ],
      [
        'channel',
        { name: 'West', email: 'not-an-address' },
        40000,
        'Please fill in the email address correctly!',
      ],
      ['channel', { name: 'West' }, 40000, 'This field cannot be empty!'],
      [
        'channel',
        { name: 'West', email: `${'w'.repeat(120)}@example.com` },
        40000,
        'The length cannot exceed 128 characters',
      ],
      ['enterprise', { name: 'East', email: 'e@example.com' }, 40000, 'This field cannot be empty!'],
      [
        'enterprise',
        { name: 'East', email: 'e@example.com', country: 'DE', deviceLimit: -1 },
        40000,
        'Invalid format!',
      ],
      [
        'enterprise',
        { name: 'East', email: 'e@example.com', country: 'DE', deviceLimit: 1.5 },
        40000,
        'Invalid format!',
      ],
      [
        'enterprise',
        { name: 'East', email: 'e@example.com', country: 'DE', channelId: String(ids.north) },
        40000,
        'Invalid format!',
      ],
      [
        'enterprise',
        { name: 'East', email: 'e@example.com', country: 'DE', channelId: ids.harbor },
        40400,
        'Not found',
      ],
    ];
    for (const [kind, body, code, message] of refusals) {
      const reply = await admin.call('POST', `/tb-${kind}/add`, body);
      expect([JSON.stringify(body).slice(0, 60), reply.code, reply.message]).toEqual([
        JSON.stringify(body).slice(0, 60),
        code,
        message,
      ]);
    }
    const notice = { ids: [ids.north], template: 'en', title: 'Hi', body: 'Text' };
    const longTitle = await admin.call('POST', '/tb-channel/sendEmail', {
      ...notice,
      title: 't'.repeat(501),
    });
    expect(longTitle.message).toBe('The length cannot exceed 500 characters');
    const longBody = await admin.call('POST', '/tb-channel/sendEmail', {
      ...notice,
      body: 'b'.repeat(10_001),
    });
    expect(longBody.message).toBe('The length cannot exceed 10000 characters');
    const rename = await admin.call('POST', '/tb-enterprise/update', {
      id: ids.harbor,
      name: 'Harbor Hotel',
      email: 'harbor@example.com',
      country: 'DE',
      channelId: 1234,
    });
    expect(rename.message).toBe('An organisation cannot be moved to another channel');
    expect(await kit.counts()).toBe(before);
  });

  it('lets a channel add a sub-channel only when it may create sub-channels', async () => {
    const sub = { name: 'North Sub', email: 'north-sub@example.com' };
    const refused = await users.north?.call('POST', '/tb-channel/add', sub);
    expect([refused?.code, refused?.message]).toEqual([40000, 'This channel may not create sub-channels']);
    const allowed = await admin.call('POST', '/tb-channel/update', {
      id: ids.north,
      name: 'North Reseller',
      email: 'north@example.com',
      maySubChannels: true,
    });
    expect(allowed.code, allowed.message).toBe(0);
    ids.northSub = await added(users.north as ApiClient, 'channel', sub);
    expect((await admin.call('GET', `/tb-channel/query?id=${ids.northSub}`)).rows[0]).toMatchObject({
      parentId: ids.north,
      parentName: 'North Reseller',
    });
    ids.quay = await added(users.north as ApiClient, 'enterprise', {
      name: 'Quay Shop',
      email: 'quay@example.com',
      country: 'NL',
    });
    expect((await admin.call('GET', `/tb-enterprise/query?id=${ids.quay}`)).rows[0]).toMatchObject({
      channelId: ids.north,
    });
  });

  it('moves the first user to a new register email until it activates; afterwards only the contact changes', async () => {
    await kit.activationToken('quay@example.com');
    const edit = { id: ids.quay, name: 'Quay Shop', email: 'quay2@example.com', country: 'NL' };
    expect((await users.north?.call('POST', '/tb-enterprise/update', edit))?.code).toBe(0);
    users.quay = await activate('quay2@example.com');
    const harborEdit = {
      id: ids.harbor,
      name: 'Harbor Hotel',
      email: 'front@example.com',
      country: 'Germany',
    };
    expect((await admin.call('POST', '/tb-enterprise/update', harborEdit)).code).toBe(0);
    const { db } = running.cradle;
    const emails = await db.query<{ org: string; user: string }>(
      `SELECT o.email AS org, u.email AS user FROM orgs o JOIN users u ON u.org_id = o.id WHERE o.id = ANY($1::bigint[]) ORDER BY o.id`,
      [[ids.harbor, ids.quay]],
    );
    expect(emails).toEqual([
      { org: 'front@example.com', user: 'harbor@example.com' },
      { org: 'quay2@example.com', user: 'quay2@example.com' },
    ]);
    expect(smtp.to('front@example.com')).toEqual([]);
    // Optional fields left out of an edit stay as they were.
    expect((await admin.call('GET', `/tb-enterprise/query?id=${ids.harbor}`)).rows[0]).toMatchObject({
      deviceLimit: 50,
      email: 'front@example.com',
    });
    expect((await admin.call('GET', `/tb-channel/query?id=${ids.north}`)).rows[0]).toMatchObject({
      contact: 'Nora',
      maySubChannels: true,
    });
  });
});

describe('scope, exports and notifications', () => {
  it('answers Not found for organisations outside the caller’s subtree', async () => {
    ids.south = await added(admin, 'channel', { name: 'South Reseller', email: 'south@example.com' });
    users.south = await activate('south@example.com');
    const south = users.south;
    const harbor = [ids.harbor];
    for (const [method, path, body] of [
      ['GET', `/tb-enterprise/query?id=${ids.harbor}`, undefined],
      [
        'POST',
        '/tb-enterprise/update',
        { id: ids.harbor, name: 'Mine', email: 'm@example.com', country: 'X' },
      ],
      ['POST', '/tb-enterprise/freeze', { ids: harbor }],
      ['POST', '/tb-enterprise/sendEmail', { ids: harbor, template: 'en', title: 'x', body: 'y' }],
      ['DELETE', '/tb-enterprise/remove', { ids: harbor }],
      [
        'POST',
        '/tb-enterprise/add',
        { name: 'Sneaky', email: 's@example.com', country: 'X', channelId: ids.north },
      ],
      ['GET', `/tb-channel/query?id=${ids.north}`, undefined],
    ] as const) {
      const reply = await south.call(method, path, body);
      expect([path, reply.code, reply.message]).toEqual([path, 40400, 'Not found']);
    }
    const lists = await south.call<{ total: number }>('POST', '/tb-enterprise/search', {});
    expect(lists.rows[0]?.total).toBe(0);
    const ownChannel = await users.north?.call('GET', `/tb-channel/query?id=${ids.north}`);
    expect(ownChannel?.code).toBe(40400);
    const enterpriseUser = await users.harbor?.call('POST', '/tb-channel/search', {});
    expect(enterpriseUser?.code).toBe(40300);
  });

  it('exports the list as xlsx with its rows', async () => {
    const enterprises = await admin.call('POST', '/tb-enterprise/export', { sortField: 'name' });
    expect(enterprises.file).toContain('Harbor Hotel\tfront@example.com');
    expect(enterprises.file).toContain('Quay Shop');
    const channels = await users.north?.call('POST', '/tb-channel/export', {});
    expect(channels?.file?.split('\n')).toHaveLength(2);
    expect(channels?.file).toContain('North Sub');
  });

  it('queues one notification per organisation to its register email', async () => {
    const reply = await admin.call<{ queued: number }>('POST', '/tb-channel/sendEmail', {
      ids: [ids.north, ids.south],
      template: 'zh',
      title: 'Maintenance window',
      body: 'The console is down on Sunday.',
    });
    expect(reply.rows[0]).toEqual({ queued: 2 });
    for (const [email, name] of [
      ['north@example.com', 'North Reseller'],
      ['south@example.com', 'South Reseller'],
    ] as const) {
      const mails = await until(
        () => smtp.to(email).filter((m) => m.subject === 'Maintenance window'),
        (found) => found.length > 0,
      );
      expect(mails[0]?.text).toContain(`${name}，您好`);
      expect(mails[0]?.text).toContain('The console is down on Sunday.');
    }
  });
});

describe('entering and authorized channels', () => {
  it('lists for a channel only the enterprises that authorized it, as the enterprise decides', async () => {
    const names = (reply: { rows: { name: string }[] } | undefined) => reply?.rows.map((row) => row.name);
    expect(names(await users.north?.call('POST', '/allEnterprise', {}))).toEqual([]);
    const harbor = users.harbor as ApiClient;
    expect((await harbor.call('GET', '/tb-authorization/query')).rows[0]).toEqual({
      channelId: ids.north,
      channelName: 'North Reseller',
      authorized: false,
    });
    const saved = await harbor.call('POST', '/tb-authorization/save', { authorized: true });
    expect(saved.rows[0]).toMatchObject({ authorized: true });
    expect(names(await users.north?.call('POST', '/allEnterprise', {}))).toEqual(['Harbor Hotel']);
    expect(names(await users.north?.call('POST', '/allEnterprise', { keywords: 'quay' }))).toEqual([]);
    expect(names(await admin.call('POST', '/allEnterprise', { keywords: 'o' }))).toEqual([
      'Harbor Hotel',
      'Quay Shop',
    ]);
    expect(names(await users.north?.call('POST', '/allChannel', {}))).toEqual(['North Sub']);
    expect((await harbor.call('POST', '/allEnterprise', {})).rows).toEqual([]);
    const trees = await users.north?.call<{ name: string; enterable: boolean; children: unknown[] }>(
      'GET',
      '/tb-channel-enter/getUserTrees',
    );
    expect(trees?.rows.map((n) => [n.name, n.enterable])).toEqual([
      ['North Sub', false],
      ['Harbor Hotel', true],
      ['Quay Shop', false],
    ]);
    // Withdrawing needs the cancel button.
    const { db } = running.cradle;
    const onlyAuthorize = `UPDATE role_resources rr SET buttons = $1 FROM roles r, resources s
       WHERE rr.role_id = r.id AND rr.resource_id = s.id AND r.name = 'Enterprise administrator' AND s.power = 'authorizedChannels'`;
    await db.execute(onlyAuthorize, [['authorize']]);
    expect((await harbor.call('POST', '/tb-authorization/save', { authorized: false })).code).toBe(40300);
    await db.execute(onlyAuthorize, [['authorize', 'cancel']]);
    expect(
      (await harbor.call('POST', '/tb-authorization/save', { authorized: false })).rows[0],
    ).toMatchObject({
      authorized: false,
    });
    expect(names(await users.north?.call('POST', '/allEnterprise', {}))).toEqual([]);
  });
});

describe('freezing and deleting', () => {
  it('freezes a channel with everything below it and unfreezes it', async () => {
    const harbor = users.harbor as ApiClient;
    expect((await harbor.call('GET', '/homepage/init')).code).toBe(0);
    const own = await admin.call('POST', '/tb-channel/freeze', { ids: [1] });
    expect(own.message).toBe('You cannot freeze your own organisation');
    expect((await admin.call('POST', '/tb-channel/freeze', { ids: [ids.north] })).code).toBe(0);
    expect((await harbor.call('GET', '/homepage/init')).code).toBe(80000);
    expect((await users.north?.call('GET', '/homepage/init'))?.code).toBe(80000);
    for (const email of ['harbor@example.com', 'north@example.com']) {
      const refused = await new ApiClient(running.url).signIn(email, PASSWORD);
      expect([refused.code, refused.message]).toEqual([40100, 'The account has been frozen']);
    }
    expect((await users.south?.call('GET', '/homepage/init'))?.code).toBe(0);
    expect(await statusOf(ids.north)).toBe('frozen');
    expect((await admin.call('POST', '/tb-channel/unfreeze', { ids: [ids.north] })).code).toBe(0);
    expect(await statusOf(ids.north)).toBe('normal');
    for (const name of ['harbor', 'north']) {
      users[name] = new ApiClient(running.url);
      expect((await users[name]?.signIn(`${name}@example.com`, PASSWORD))?.code).toBe(0);
    }
    // An organisation whose first user never activated is inactivated again.
    ids.idle = await added(admin, 'enterprise', {
      name: 'Idle Co',
      email: 'idle@example.com',
      country: 'FR',
    });
    await admin.call('POST', '/tb-enterprise/freeze', { ids: [ids.idle] });
    expect(await statusOf(ids.idle)).toBe('frozen');
    await admin.call('POST', '/tb-enterprise/unfreeze', { ids: [ids.idle] });
    expect(await statusOf(ids.idle)).toBe('inactivated');
  });

  it('refuses to delete an organisation with organisations below or data, all or nothing', async () => {
    const parent = await admin.call('DELETE', '/tb-channel/remove', { ids: [ids.north] });
    expect([parent.code, parent.message, parent.messageExt]).toEqual([
      40000,
      'The channel has sub-channels or enterprises, please delete them first',
      'North Reseller',
    ]);
    const { db } = running.cradle;
    const site = await db.one<{ id: string }>('SELECT id FROM sites WHERE org_id = $1 AND is_default', [
      ids.harbor,
    ]);
    const tenant = { orgId: ids.harbor, siteId: Number(site?.id), userName: '', password: '' };
    await insertDevices(db, tenant, [{ mac: '001565aa0001', model: 'H2' }]);
    const withData = await admin.call('DELETE', '/tb-enterprise/remove', { ids: [ids.idle, ids.harbor] });
    expect([withData.code, withData.message]).toEqual([
      40000,
      'The enterprise has data, please transfer it first',
    ]);
    expect(withData.messageExt).toContain('Harbor Hotel: devices');
    expect(await statusOf(ids.idle)).toBe('inactivated');
    expect((await admin.call('GET', `/tb-enterprise/query?id=${ids.harbor}`)).rows[0]).toMatchObject({
      deviceCount: 1,
    });

    // What its users made of themselves goes with it; the operation log of what they did stays.
    const fed = await db.query(
      `INSERT INTO feedback (org_id, user_name, content) VALUES ($1, 'quay-owner', 'Quay feedback') RETURNING id`,
      [ids.quay],
    );
    expect(fed).toHaveLength(1);
    await running.cradle.operationLogWriter.flush();
    const removed = await users.north?.call('DELETE', '/tb-enterprise/remove', { ids: [ids.quay] });
    expect(removed?.rows[0]).toEqual({ deleted: 1 });
    expect((await users.quay?.call('GET', '/homepage/init'))?.code).toBe(80000);
    const left = await db.one<{ n: string }>(
      `SELECT (SELECT count(*) FROM orgs WHERE id = $1) + (SELECT count(*) FROM users WHERE org_id = $1)
            + (SELECT count(*) FROM sites WHERE org_id = $1) AS n`,
      [ids.quay],
    );
    expect(Number(left?.n)).toBe(0);
    expect(await db.one(`SELECT count(*)::int AS n FROM feedback WHERE content = 'Quay feedback'`)).toEqual({
      n: 0,
    });
    const logged = await db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM operation_log WHERE org_id = $1',
      [ids.quay],
    );
    expect(logged?.n).toBeGreaterThan(0);
    expect((await admin.call('DELETE', '/tb-enterprise/remove', { ids: [ids.idle] })).code).toBe(0);
  });
});
