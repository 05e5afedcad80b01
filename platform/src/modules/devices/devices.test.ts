import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import {
  ApiClient,
  type ApiReply,
  createTestConsole,
  TEST_ADMIN_PASSWORD,
} from '../../testing/test-console.js';
import { sortFields } from './schemas.js';

let running: RunningConsole;
let acme: TestTenant;
let api: ApiClient;
let childSite: number;

interface Page {
  list: { macAddress: string; deviceName: string; deviceModel: string; siteName: string }[];
  total: number;
  nextCursor: string | null;
}

async function search(body: Record<string, unknown>): Promise<Page> {
  const reply = await api.call<Page>('POST', '/device/search', body);
  expect(reply.code, reply.message).toBe(0);
  const page = reply.rows[0];
  if (!page) throw new Error('no page');
  return page;
}

beforeAll(async () => {
  running = await createTestConsole();
  const { db } = running.cradle;
  acme = await createTenant(db, 'enterprise', 'Acme');
  const other = await createTenant(db, 'enterprise', 'Other');
  const [child] = await db.query<{ id: string }>(
    `INSERT INTO sites (org_id, name, parent_id, path) VALUES ($1, 'Annex', $2, '') RETURNING id`,
    [acme.orgId, acme.siteId],
  );
  childSite = Number(child?.id);
  await db.execute(`UPDATE sites SET path = '/' || $2::text || '/' || id || '/' WHERE id = $1`, [
    childSite,
    acme.siteId,
  ]);
  // 57 devices in the default site, 5 in the annex below it, 3 of another tenant.
  await insertDevices(
    db,
    acme,
    Array.from({ length: 57 }, (_v, i) => ({
      mac: `0015650000${i.toString(16).padStart(2, '0')}`,
      model: i % 3 ? 'H2' : 'V64',
    })),
  );
  await insertDevices(
    db,
    { ...acme, siteId: childSite },
    Array.from({ length: 5 }, (_v, i) => ({
      mac: `00aabb0000${i.toString(16).padStart(2, '0')}`,
      model: 'H2P',
    })),
  );
  await insertDevices(db, other, [
    { mac: '0015650000ff', model: 'H2' },
    { mac: '001565000100', model: 'H2' },
    { mac: 'ccccccccccc1', model: 'H2' },
  ]);
  await db.execute(`UPDATE devices SET device_name = 'Lobby phone' WHERE mac = '001565000007'`);
  api = new ApiClient(running.url);
  await api.signIn(acme.userName, acme.password);
});
afterAll(async () => {
  await running.stop();
});

describe('device search', () => {
  it('pages the tenant’s devices by MAC with the default page size, total and colon MACs', async () => {
    const first = await search({});
    expect(first.total).toBe(62);
    expect(first.list).toHaveLength(10);
    expect(first.list[0]?.macAddress).toBe('00:15:65:00:00:00');
    expect(first.list.map((d) => d.macAddress)).not.toContain('00:15:65:00:00:ff');
  });

  it('walks deep pages with the keyset cursor and meets OFFSET paging', async () => {
    const seen: string[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await search({ pageSize: 20, ...(cursor ? { cursor } : {}) });
      seen.push(...page.list.map((d) => d.macAddress));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(62);
    expect(new Set(seen).size).toBe(62);
    const third = await search({ pageSize: 20, currentPage: 3 });
    expect(third.list.map((d) => d.macAddress)).toEqual(seen.slice(40, 60));
  });

  it('filters by site subtree, model, keywords (MAC with separators, names) and sorts descending', async () => {
    expect((await search({ site: childSite })).total).toBe(5);
    expect((await search({ site: acme.siteId })).total).toBe(62);
    expect((await search({ types: ['V64'] })).total).toBe(19);
    expect((await search({ keywords: '00:aa:bb' })).total).toBe(5);
    expect((await search({ keywords: 'LOBBY' })).list.map((d) => d.deviceName)).toEqual(['Lobby phone']);
    expect((await search({ keywords: '100%' })).total).toBe(0);
    const byName = await search({ sortField: 'deviceName', sortOrder: 'desc', pageSize: 50 });
    expect(byName.list[0]?.deviceName).toBe('Phone 00aabb000004');
    const next = await search({
      sortField: 'deviceName',
      sortOrder: 'desc',
      pageSize: 50,
      cursor: byName.nextCursor,
    });
    expect(next.list).toHaveLength(12);
  });

  it('refuses page sizes outside the spec and forged cursors', async () => {
    expect((await api.call('POST', '/device/search', { pageSize: 15 })).code).toBe(40000);
    expect((await api.call('POST', '/device/search', { cursor: 'not-a-cursor' })).code).toBe(40000);
  });
});

describe('device list rows', () => {
  it('answers each row as the device query does, every field included', async () => {
    const { db } = running.cradle;
    await db.execute(
      `UPDATE devices SET serial_number = 'SN-1', reported_firmware = '2.1.0', last_fetch_ip = '10.1.2.3',
              last_fetch_at = '2026-03-04 05:06:07.891234+00', created_at = '2025-12-31 23:59:59.999999+00',
              account_status = 1, push_enabled = false, device_name = 'Quote " and \\ slash'
        WHERE mac = '001565000003'`,
    );
    const page = await search({ keywords: '00:15:65:00:00:0', pageSize: 20 });
    for (const row of page.list) {
      const one = await api.call<Record<string, unknown>>(
        'GET',
        `/device/query?id=${(row as unknown as { id: number }).id}`,
      );
      const { sipAccountId: _sip, boundLines: _lines, ...fields } = one.rows[0] ?? {};
      expect(row).toEqual(fields);
    }
    expect(page.list.find((row) => row.macAddress === '00:15:65:00:00:03')).toMatchObject({
      serialNumber: 'SN-1',
      firmwareVersion: '2.1.0',
      ip: '10.1.2.3',
      lastFetchTime: '2026-03-04T05:06:07.891Z',
      createTime: '2025-12-31T23:59:59.999Z',
      accountStatus: 1,
      pushEnabled: false,
      deviceName: 'Quote " and \\ slash',
    });
  });
});

describe('device list order', () => {
  it('pages every sort, inside a site subtree and across the fleet, with and without a keyword, as ORDER BY does', async () => {
    const { db } = running.cradle;
    // Statuses and create times that differ (and repeat, so the id breaks ties).
    await db.execute(
      `UPDATE devices SET status = (id % 3)::smallint, created_at = now() - (id % 7) * interval '1 hour'
        WHERE org_id = $1`,
      [acme.orgId],
    );
    const admin = new ApiClient(running.url);
    await admin.signIn('admin', TEST_ADMIN_PASSWORD);
    const keyword = '00:15:65:00:00:1';
    const cases = [
      // The tenant's subtree, merged from per-site index scans; then with a keyword.
      { client: api, body: { site: acme.siteId }, where: `d.site_id IN (${acme.siteId}, ${childSite})` },
      {
        client: api,
        body: { site: acme.siteId, keywords: keyword },
        where: `d.site_id IN (${acme.siteId}, ${childSite}) AND d.search_text LIKE '%00156500001%'`,
      },
      // The administrator's whole fleet: one ordered scan; then with a keyword.
      { client: admin, body: {}, where: 'TRUE' },
      { client: admin, body: { keywords: keyword }, where: `d.search_text LIKE '%00156500001%'` },
    ];
    for (const { client, body, where } of cases) {
      for (const [sortField, column] of Object.entries(sortFields)) {
        for (const sortOrder of ['asc', 'desc'] as const) {
          const direction = sortOrder === 'desc' ? 'DESC' : 'ASC';
          const expected = (
            await db.query<{ mac: string }>(
              `SELECT d.mac FROM devices d WHERE ${where} ORDER BY ${column} ${direction}, d.id ${direction}`,
            )
          ).map((row) => row.mac.match(/.{2}/g)?.join(':'));
          const seen: string[] = [];
          let cursor: string | null = null;
          do {
            const reply: ApiReply<Page> = await client.call<Page>('POST', '/device/search', {
              ...body,
              sortField,
              sortOrder,
              pageSize: 20,
              ...(cursor ? { cursor } : {}),
            });
            expect(reply.code, reply.message).toBe(0);
            seen.push(...(reply.rows[0]?.list.map((d) => d.macAddress) ?? []));
            cursor = reply.rows[0]?.nextCursor ?? null;
          } while (cursor);
          expect(seen, `${JSON.stringify(body)} by ${sortField} ${sortOrder}`).toEqual(expected);
          const second = await client.call<Page>('POST', '/device/search', {
            ...body,
            sortField,
            sortOrder,
            pageSize: 20,
            currentPage: 2,
          });
          expect(second.rows[0]?.list.map((d) => d.macAddress)).toEqual(expected.slice(20, 40));
        }
      }
    }
  });
});

describe('device totals', () => {
  it('counts exactly up to 10,000 and estimates beyond, saying so', async () => {
    const { db } = running.cradle;
    const big = await createTenant(db, 'enterprise', 'Big');
    await insertDevices(
      db,
      big,
      Array.from({ length: 10_050 }, (_v, i) => ({
        mac: `0099${i.toString(16).padStart(8, '0')}`,
        model: 'H2',
      })),
    );
    await db.execute('ANALYZE devices');
    const client = new ApiClient(running.url);
    await client.signIn(big.userName, big.password);
    const page = (
      await client.call<Page & { totalExact: boolean }>('POST', '/device/search', { pageSize: 50 })
    ).rows[0];
    expect(page?.totalExact).toBe(false);
    expect(page?.total).toBeGreaterThan(10_000);
    expect(page?.list).toHaveLength(50);
    const few = (
      await client.call<Page & { totalExact: boolean }>('POST', '/device/search', {
        keywords: '00:99:00:00:00:0',
      })
    ).rows[0];
    expect(few).toMatchObject({ total: 16, totalExact: true });
  });

  it('shows a change in the total at once, though totals are reused between pages', async () => {
    const before = await search({ site: childSite });
    const added = await api.call('POST', '/device/add', {
      macAddress: '00:aa:bb:00:00:99',
      deviceModel: 'H2',
      firmwareVersion: '1.0',
      siteId: childSite,
    });
    expect(added.code, added.message).toBe(0);
    expect((await search({ site: childSite })).total).toBe(before.total + 1);
    await running.cradle.db.execute(`DELETE FROM devices WHERE mac = '00aabb000099'`);
    await expect.poll(async () => (await search({ site: childSite })).total).toBe(before.total);
  });

  it('answers the ids of every device a filter matches, in the caller’s scope only', async () => {
    const matching = async (body: Record<string, unknown>) => {
      const reply = await api.call<{ ids: number[]; total: number }>('POST', '/device/matchingIds', body);
      expect(reply.code, reply.message).toBe(0);
      return reply.rows[0];
    };
    // '001565' also matches two devices of another tenant: they are not answered.
    const all = await matching({ keywords: '00:15:65' });
    expect(all?.total).toBe(57);
    expect(new Set(all?.ids).size).toBe(57);
    const page = await search({ keywords: '00:15:65', pageSize: 10 });
    expect(page.total).toBe(57);
    expect((await matching({ site: childSite }))?.ids).toHaveLength(5);
    expect((await matching({ keywords: '00:15:65', types: ['V64'] }))?.total).toBe(19);
    const foreign = await running.cradle.db.query<{ id: string }>(
      `SELECT id FROM devices WHERE mac IN ('0015650000ff', '001565000100')`,
    );
    for (const { id } of foreign) expect(all?.ids).not.toContain(Number(id));
    const bad = await api.call('POST', '/device/matchingIds', { site: 'x' });
    expect(bad.code).toBe(40000);
  });

  it('refuses to select more devices than a task or group takes, saying how many', async () => {
    const { db } = running.cradle;
    const huge = await createTenant(db, 'enterprise', 'Huge');
    await db.execute(
      `INSERT INTO devices (org_id, site_id, mac, model, device_name)
       SELECT $1, $2, 'ee' || lpad(to_hex(x), 10, '0'), 'H2', 'Phone ' || x FROM generate_series(1, 100001) AS x`,
      [huge.orgId, huge.siteId],
    );
    const client = new ApiClient(running.url);
    await client.signIn(huge.userName, huge.password);
    const reply = await client.call('POST', '/device/matchingIds', {});
    expect(reply.code).toBe(40000);
    expect(reply.message).toBe(
      'More than 100,000 devices match: narrow the search (at most 100,000 devices can be selected)',
    );
    const fewer = await client.call<{ total: number }>('POST', '/device/matchingIds', {
      keywords: 'ee00000001',
    });
    expect(fewer.code, fewer.message).toBe(0);
    expect(fewer.rows[0]?.total).toBe(256);
  });
});
