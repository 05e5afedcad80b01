import type { CallRecordRow } from '@phonefleet/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, insertDevices } from '../../testing/tenants.js';
import { type ApiClient, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';
import {
  type CallFixture,
  insertCalls,
  MARCH,
  OTHER_MARKER,
  P1,
  P2,
  P3,
  rollupState,
  signedIn,
  startCallFixture,
  summaryOf,
} from './call-fixtures.js';

let fixture: CallFixture;
let clinicApi: ApiClient;

beforeAll(async () => {
  fixture = await startCallFixture();
  clinicApi = await signedIn(fixture.running, fixture.clinic);
});
afterAll(async () => {
  await fixture?.running.stop();
});

const mac = (raw: string) => (raw.match(/.{2}/g) ?? []).join(':');

async function search(api: ApiClient, body: object): Promise<{ list: CallRecordRow[]; total: number }> {
  const reply = await api.call<{ list: CallRecordRow[]; total: number }>(
    'POST',
    '/callStatistics/search',
    body,
  );
  expect(reply.code, reply.message).toBe(0);
  return reply.rows[0] ?? { list: [], total: 0 };
}

describe('call detail list (docs/call-statistics.md)', () => {
  it('answers each call with its figures, quality and phone, newest first', async () => {
    const page = await search(clinicApi, { ...MARCH, pageSize: 20 });
    expect(page.total).toBe(10);
    expect(page.list.map((row) => row.endTime)[0]).toBe('2026-03-12T00:10:00.000Z');
    const worst = page.list.find((row) => row.delayAvgMs === 700);
    expect(worst).toEqual({
      id: expect.any(Number),
      endTime: '2026-03-10T09:50:00.000Z',
      caller: '2001',
      callee: '2002',
      localUrl: 'sip:2001@pbx.test',
      remoteUrl: 'sip:2002@pbx.test',
      codec: 'PCMU',
      delayMinMs: 350,
      delayAvgMs: 700,
      delayMaxMs: 1400,
      jitterMinMs: 10,
      jitterAvgMs: 20,
      jitterMaxMs: 40,
      lossMinPercent: 6,
      lossAvgPercent: 12,
      lossMaxPercent: 24,
      quality: 2,
      deviceId: expect.any(Number),
      deviceName: `Phone ${P2}`,
      macAddress: mac(P2),
      siteName: 'Ward A',
    });
    const unmeasured = page.list.find((row) => row.endTime === '2026-03-11T23:30:00.000Z');
    expect([unmeasured?.delayAvgMs, unmeasured?.quality]).toEqual([null, 0]);
  });

  it('pages, sorts and filters like the summary', async () => {
    const byDelay = await search(clinicApi, { ...MARCH, sortField: 'delay', sortOrder: 'asc', pageSize: 10 });
    expect(byDelay.list.map((row) => row.delayAvgMs)).toEqual([
      null,
      50,
      80,
      100,
      120,
      250,
      300,
      550,
      600,
      700,
    ]);
    const second = await search(clinicApi, { ...MARCH, currentPage: 2, pageSize: 10 });
    expect([second.total, second.list]).toEqual([10, []]);
    const ward = await search(clinicApi, { ...MARCH, siteId: fixture.clinic.wardId });
    expect(ward.list.map((row) => row.macAddress).sort()).toEqual([
      ...Array(4).fill(mac(P2)),
      ...Array(2).fill(mac(P3)),
    ]);
    expect((await search(clinicApi, { ...MARCH, keywords: mac(P1) })).total).toBe(4);
    const poor = await search(clinicApi, { ...MARCH, quality: 2 });
    expect([poor.total, new Set(poor.list.map((row) => row.quality))]).toEqual([4, new Set([2])]);
  });

  it('never shows another tenant’s call, even when its site is named', async () => {
    const { running, channel, other } = fixture;
    const reseller = await search(await signedIn(running, channel), { ...MARCH, pageSize: 50 });
    expect(reseller.total).toBe(13);
    expect(JSON.stringify(reseller)).not.toContain(OTHER_MARKER);
    const named = await search(clinicApi, { ...MARCH, siteId: other.siteId });
    expect(named.total).toBe(0);
    const theirs = await search(await signedIn(running, other), MARCH);
    expect(theirs.list.map((row) => row.caller)).toEqual([OTHER_MARKER]);
  });
});

describe('call export', () => {
  it('exports the list’s calls with their figures and quality, in the caller’s language', async () => {
    const reply = await clinicApi.call('POST', '/callStatistics/export', {
      ...MARCH,
      siteId: fixture.clinic.wardId,
      sortField: 'delay',
      sortOrder: 'desc',
    });
    expect(reply.status).toBe(200);
    const lines = (reply.file ?? '').split('\n');
    expect(lines[0]).toContain(
      'End Time\tDevice Name\tMAC Address\tSite\tCaller\tCallee\tLocal URL\tRemote URL',
    );
    expect(lines[0]).toContain(
      'Delay min/avg/max (ms)\tJitter min/avg/max (ms)\tLoss min/avg/max (%)\tQuality',
    );
    expect(lines).toHaveLength(7);
    expect(lines[1]).toContain(
      `2026-03-10T09:50:00.000Z\tPhone ${P2}\t${mac(P2)}\tWard A\t2001\t2002\tsip:2001@pbx.test\tsip:2002@pbx.test\tPCMU\t350 / 700 / 1400\t10 / 20 / 40\t6 / 12 / 24\tPoor`,
    );
    expect(lines[6]).toContain(`Phone ${P3}`);

    const chinese = await signedIn(fixture.running, fixture.clinic, 'zh-CN');
    const zh = await chinese.call('POST', '/callStatistics/export', { ...MARCH, quality: 0 });
    expect(zh.file?.split('\n')[0]).toContain('结束时间\t设备名称\tMAC 地址\t站点');
    expect(
      zh.file
        ?.split('\n')
        .slice(1)
        .every((line) => line.endsWith('良好')),
    ).toBe(true);
  });

  it('exports past one batch in the list’s order, every call once', async () => {
    const { running } = fixture;
    const { db } = running.cradle;
    const bulk = await createTenant(db, 'enterprise', 'Bulk Calls');
    await insertDevices(db, bulk, [{ mac: '0d7300000001', model: 'H2P' }]);
    // 4,500 calls with many equal delays (and some without one): ties are broken by id.
    await insertCalls(
      db,
      Array.from({ length: 4500 }, (_, i) => ({
        mac: '0d7300000001',
        at: new Date(Date.UTC(2026, 0, 5) + i * 1000).toISOString(),
        quality: 0 as const,
        ...(i % 10 === 0 ? {} : { delay: (i % 7) * 10 }),
      })),
    );
    const reply = await (await signedIn(running, bulk)).call('POST', '/callStatistics/export', {
      startTime: '2026-01-05T00:00:00Z',
      endTime: '2026-01-06T00:00:00Z',
      sortField: 'delay',
      sortOrder: 'asc',
    });
    const rows = (reply.file ?? '').split('\n').slice(1);
    expect(rows).toHaveLength(4500);
    expect(new Set(rows).size).toBe(4500);
    const delays = rows.map((row) => Number(row.split('\t')[10]?.split(' / ')[1] ?? -1) || 0);
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
  });

  it('needs the export button', async () => {
    const { running, clinic } = fixture;
    await running.cradle.db.execute(
      `WITH role AS (INSERT INTO roles (org_id, name, user_type) VALUES ($1, 'Call viewer', 'enterprise') RETURNING id),
            granted AS (INSERT INTO role_resources (role_id, resource_id, buttons)
                        SELECT role.id, s.id, '{}' FROM role, resources s WHERE s.power = 'callStatistics')
       INSERT INTO users (org_id, user_name, email, password_hash, user_type, role_id, parent_user_id)
       SELECT $1, 'call-viewer', 'calls@example.com', u.password_hash, 'enterprise', role.id, u.id
         FROM role, users u WHERE u.user_name = $2`,
      [clinic.orgId, clinic.userName],
    );
    const viewer = await signedIn(running, { ...clinic, userName: 'call-viewer' });
    expect((await search(viewer, MARCH)).total).toBe(10);
    expect((await viewer.call('POST', '/callStatistics/export', MARCH)).code).toBe(40300);
  });
});

describe('bad input', () => {
  it('answers the validation error in the usual words and changes nothing', async () => {
    const { db } = fixture.running.cradle;
    const before = await rollupState(db);
    const refusals: [string, object, string][] = [
      ['/callStatistics/summary', { startTime: 'yesterday' }, 'Invalid format!'],
      [
        '/callStatistics/summary',
        { startTime: MARCH.endTime, endTime: MARCH.startTime },
        'time range error!',
      ],
      [
        '/callStatistics/summary',
        { startTime: '2024-01-01T00:00:00Z', endTime: MARCH.endTime },
        'time range error!',
      ],
      [
        '/callStatistics/summary',
        { ...MARCH, endTime: '2026-04-20T00:00:00Z', bucket: 'hour' },
        'time range error!',
      ],
      ['/callStatistics/summary', { ...MARCH, bucket: 'week' }, 'Invalid format!'],
      ['/callStatistics/summary', { ...MARCH, quality: 3 }, 'Invalid format!'],
      ['/callStatistics/summary', { ...MARCH, siteId: '5' }, 'Invalid format!'],
      ['/callStatistics/search', { ...MARCH, pageSize: 7 }, 'Invalid format!'],
      ['/callStatistics/search', { ...MARCH, sortField: 'caller' }, 'Invalid format!'],
      ['/callStatistics/export', { ...MARCH, keywords: 'x'.repeat(129) }, 'Invalid format!'],
    ];
    for (const [path, body, message] of refusals) {
      const reply = await clinicApi.call('POST', path, body);
      expect([reply.status, reply.code, reply.message], `${path} ${JSON.stringify(body)}`).toEqual([
        400,
        40000,
        message,
      ]);
    }
    expect(await rollupState(db)).toBe(before);
  });
});

describe('a deleted phone', () => {
  it('keeps its calls counted where they were made; the list shows them without the phone', async () => {
    const { db } = fixture.running.cradle;
    const [p3] = await db.query<{ id: string }>('SELECT id FROM devices WHERE mac = $1', [P3]);
    const removed = await clinicApi.call('DELETE', '/device/removeBatch', { ids: [Number(p3?.id)] });
    expect(removed.code, removed.message).toBe(0);
    const summary = await summaryOf(clinicApi, MARCH);
    expect(summary.total).toBe(10);
    expect(summary.worstDevices.map((d) => d.macAddress)).toEqual([mac(P2), mac(P1)]);
    expect((await summaryOf(clinicApi, { ...MARCH, siteId: fixture.clinic.wardId })).total).toBe(6);
    const page = await search(clinicApi, { ...MARCH, pageSize: 20 });
    expect(page.total).toBe(10);
    expect(
      page.list.filter((row) => row.deviceId === null).map((row) => [row.deviceName, row.siteName]),
    ).toEqual([
      ['', ''],
      ['', ''],
    ]);
    // New calls still roll up.
    await insertCalls(db, [{ mac: P2, at: '2026-03-12T08:00:00Z', quality: 2 }]);
    expect((await summaryOf(clinicApi, MARCH)).distribution).toEqual({ good: 4, fair: 2, poor: 5 });
    const admin = await signedIn(fixture.running, { userName: 'admin', password: TEST_ADMIN_PASSWORD });
    expect((await summaryOf(admin, MARCH)).total).toBe(15);
  });
});
