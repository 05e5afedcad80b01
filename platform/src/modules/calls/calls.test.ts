import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';
import {
  B1,
  type CallFixture,
  insertCalls,
  MARCH,
  P1,
  P2,
  P3,
  rollupState,
  signedIn,
  startCallFixture,
  summaryOf,
} from './call-fixtures.js';
import { rollUpEveryCall } from './migrations/0032-call-rollups.js';

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
const worstMacs = (summary: { worstDevices: { macAddress: string }[] }) =>
  summary.worstDevices.map((device) => device.macAddress);

describe('call statistics summary (docs/call-statistics.md)', () => {
  it('splits the calls by quality, with average and maximum figures', async () => {
    const summary = await summaryOf(clinicApi, MARCH);
    expect(summary.distribution).toEqual({ good: 4, fair: 2, poor: 4 });
    expect(summary.total).toBe(10);
    // Nine calls reported figures: delays 100, 120, 300, 600, 80, 700, 50, 250, 550.
    expect(summary.averages).toEqual({ delayMs: 305.6, jitterMs: 11.7, lossPercent: 1.9 });
    expect(summary.maxima).toEqual({ delayMs: 1400, jitterMs: 80, lossPercent: 24 });
    expect(summary.startTime).toBe(MARCH.startTime);
    expect(summary.endTime).toBe(MARCH.endTime);
  });

  it('cuts a range of up to two days into hours and a longer one into days of the caller’s zone', async () => {
    const hours = await summaryOf(clinicApi, {
      startTime: '2026-03-10T09:00:00Z',
      endTime: '2026-03-10T11:00:00Z',
    });
    expect(hours.bucket).toBe('hour');
    expect(hours.overTime).toEqual([
      { time: '2026-03-10T09:00:00.000Z', good: 2, fair: 1, poor: 2 },
      { time: '2026-03-10T10:00:00.000Z', good: 1, fair: 0, poor: 0 },
    ]);
    const oneDay = await summaryOf(clinicApi, {
      startTime: MARCH.startTime,
      endTime: '2026-03-11T00:00:00Z',
    });
    expect(oneDay.overTime).toHaveLength(24);
    expect(oneDay.overTime.reduce((sum, bucket) => sum + bucket.good + bucket.fair + bucket.poor, 0)).toBe(7);

    const utcDays = await summaryOf(clinicApi, MARCH);
    expect(utcDays.bucket).toBe('day');
    expect(utcDays.overTime).toEqual([
      { time: '2026-03-10T00:00:00.000Z', good: 3, fair: 2, poor: 2 },
      { time: '2026-03-11T00:00:00.000Z', good: 1, fair: 0, poor: 1 },
      { time: '2026-03-12T00:00:00.000Z', good: 0, fair: 0, poor: 1 },
    ]);
    // In GMT+08:00 a day starts at 16:00 UTC: the call at 17:30 UTC on the 10th is on the 11th.
    const beijing = await summaryOf(clinicApi, MARCH, { Timezone: 'GMT+08:00' });
    expect(beijing.overTime).toEqual([
      { time: '2026-03-09T16:00:00.000Z', good: 3, fair: 1, poor: 2 },
      { time: '2026-03-10T16:00:00.000Z', good: 0, fair: 1, poor: 1 },
      { time: '2026-03-11T16:00:00.000Z', good: 1, fair: 0, poor: 1 },
      { time: '2026-03-12T16:00:00.000Z', good: 0, fair: 0, poor: 0 },
    ]);
    const asked = await summaryOf(clinicApi, { ...MARCH, bucket: 'hour' });
    expect(asked.overTime).toHaveLength(72);
  });

  it('ranks the worst devices and sites by poor share, then poor calls', async () => {
    const summary = await summaryOf(clinicApi, MARCH);
    expect(
      summary.worstDevices.map((d) => [d.macAddress, d.good, d.fair, d.poor, d.total, d.poorShare]),
    ).toEqual([
      [mac(P2), 1, 1, 2, 4, 0.5],
      [mac(P3), 1, 0, 1, 2, 0.5],
      [mac(P1), 2, 1, 1, 4, 0.25],
    ]);
    expect(summary.worstDevices[0]).toMatchObject({
      deviceName: `Phone ${P2}`,
      siteName: 'Ward A',
      averages: { delayMs: 270, jitterMs: 16.8, lossPercent: 3.3 },
    });
    expect(
      summary.worstSites.map((s) => [s.siteName, s.orgName, s.good, s.fair, s.poor, s.poorShare]),
    ).toEqual([
      ['Ward A', 'Lakeside Clinic', 2, 1, 3, 0.5],
      ['Default', 'Lakeside Clinic', 2, 1, 1, 0.25],
    ]);
  });

  it('counts a range that is not whole days exactly, as the detail list does', async () => {
    const range = { startTime: '2026-03-10T10:00:00Z', endTime: '2026-03-12T00:00:00Z' };
    const summary = await summaryOf(clinicApi, range);
    expect(summary.distribution).toEqual({ good: 2, fair: 1, poor: 1 });
    expect(summary.worstDevices.map((d) => [d.macAddress, d.total, d.poor])).toEqual([[mac(P1), 1, 1]]);
    const list = await clinicApi.call<{ total: number }>('POST', '/callStatistics/search', range);
    expect(list.rows[0]?.total).toBe(4);
  });

  it('filters by site subtree, phone keywords and quality', async () => {
    const { clinic } = fixture;
    const ward = await summaryOf(clinicApi, { ...MARCH, siteId: clinic.wardId });
    expect(ward.distribution).toEqual({ good: 2, fair: 1, poor: 3 });
    expect(worstMacs(ward)).toEqual([mac(P2), mac(P3)]);
    expect(ward.worstSites.map((s) => s.siteName)).toEqual(['Ward A']);
    const root = await summaryOf(clinicApi, { ...MARCH, siteId: clinic.siteId });
    expect(root.total).toBe(10);

    const byMac = await summaryOf(clinicApi, { ...MARCH, keywords: '00:00:02' });
    expect(byMac.distribution).toEqual({ good: 1, fair: 1, poor: 2 });
    expect(byMac.overTime[0]).toEqual({ time: '2026-03-10T00:00:00.000Z', good: 1, fair: 1, poor: 2 });
    expect(worstMacs(byMac)).toEqual([mac(P2)]);
    expect(byMac.worstSites.map((s) => [s.siteName, s.total])).toEqual([['Ward A', 4]]);
    const byName = await summaryOf(clinicApi, { ...MARCH, keywords: `phone ${P3}` });
    expect(byName.total).toBe(2);

    const poor = await summaryOf(clinicApi, { ...MARCH, quality: 2 });
    expect(poor.distribution).toEqual({ good: 0, fair: 0, poor: 4 });
    expect(poor.averages).toEqual({ delayMs: null, jitterMs: null, lossPercent: null });
    // Every share is 1: poor calls decide, then the device's age.
    expect(worstMacs(poor)).toEqual([mac(P2), mac(P1), mac(P3)]);
    const good = await summaryOf(clinicApi, { ...MARCH, quality: 0 });
    expect([good.total, good.worstDevices, good.worstSites]).toEqual([4, [], []]);
  });

  it('defaults to the last seven days', async () => {
    const summary = await summaryOf(clinicApi, {});
    expect(summary.bucket).toBe('day');
    expect(Date.parse(summary.endTime) - Date.parse(summary.startTime)).toBeGreaterThanOrEqual(
      7 * 86_400_000,
    );
    expect(summary.total).toBe(0);
  });
});

describe('call statistics scope', () => {
  it('shows a channel its enterprises’ calls, an enterprise its own, another tenant none of them', async () => {
    const { running, channel, other } = fixture;
    const reseller = await summaryOf(await signedIn(running, channel), MARCH);
    expect(reseller.distribution).toEqual({ good: 5, fair: 2, poor: 6 });
    expect(worstMacs(reseller)).toEqual([mac(B1), mac(P2), mac(P3), mac(P1)]);
    expect(reseller.worstSites.map((s) => `${s.siteName} (${s.orgName})`)).toEqual([
      'Default (Hillside Bank)',
      'Ward A (Lakeside Clinic)',
      'Default (Lakeside Clinic)',
    ]);
    const stranger = await summaryOf(await signedIn(running, other), MARCH);
    expect(stranger.total).toBe(1);
    expect(worstMacs(stranger)).toEqual([mac('0c7300000001')]);
    const admin = new ApiClient(running.url);
    await admin.signIn('admin', TEST_ADMIN_PASSWORD);
    expect((await summaryOf(admin, MARCH)).total).toBe(14);
  });

  it('leaves out the calls of an enterprise that has not authorized the channel', async () => {
    const { running, channel, clinic } = fixture;
    const { db } = running.cradle;
    await db.execute('UPDATE orgs SET channel_authorized = false WHERE id = $1', [clinic.orgId]);
    try {
      const reseller = await summaryOf(await signedIn(running, channel), MARCH);
      expect(reseller.distribution).toEqual({ good: 1, fair: 0, poor: 2 });
      expect(worstMacs(reseller)).toEqual([mac(B1)]);
      // Naming the clinic's site changes nothing.
      expect(
        (await summaryOf(await signedIn(running, channel), { ...MARCH, siteId: clinic.wardId })).total,
      ).toBe(0);
    } finally {
      await db.execute('UPDATE orgs SET channel_authorized = true WHERE id = $1', [clinic.orgId]);
    }
  });

  it('shows a sub-user limited to a site only that site’s calls', async () => {
    const { running, clinic } = fixture;
    await running.cradle.db.execute(
      `INSERT INTO users (org_id, user_name, email, password_hash, user_type, role_id, site_ids)
       SELECT $1, 'ward-nurse', 'nurse@example.com', u.password_hash, 'enterprise', u.role_id, ARRAY[$2::bigint]
         FROM users u WHERE u.user_name = $3`,
      [clinic.orgId, clinic.wardId, clinic.userName],
    );
    const nurse = await signedIn(running, { ...clinic, userName: 'ward-nurse' });
    const summary = await summaryOf(nurse, MARCH);
    expect(summary.total).toBe(6);
    expect(summary.worstSites.map((s) => s.siteName)).toEqual(['Ward A']);
    expect((await summaryOf(nurse, { ...MARCH, siteId: clinic.siteId })).total).toBe(6);
    const list = await nurse.call<{ total: number }>('POST', '/callStatistics/search', MARCH);
    expect(list.rows[0]?.total).toBe(6);
  });
});

describe('call rollups', () => {
  it('adds concurrent batches of one phone and hour together', async () => {
    const { db } = fixture.running.cradle;
    const batch = (quality: 0 | 2) =>
      Array.from({ length: 40 }, (_, i) => ({
        mac: P1,
        at: `2026-02-02T08:${String(i).padStart(2, '0')}:00Z`,
        quality,
        delay: 100,
      }));
    await Promise.all([insertCalls(db, batch(0)), insertCalls(db, batch(2)), insertCalls(db, batch(0))]);
    const range = { startTime: '2026-02-02T00:00:00Z', endTime: '2026-02-03T00:00:00Z' };
    const summary = await summaryOf(clinicApi, range);
    expect(summary.distribution).toEqual({ good: 80, fair: 0, poor: 40 });
    expect(summary.worstDevices.map((d) => [d.macAddress, d.total])).toEqual([[mac(P1), 120]]);
  });

  it('the backfill of migration 0032 rolls up the stored calls as the trigger kept them', async () => {
    const { db } = fixture.running.cradle;
    const kept = await rollupState(db);
    await db.transaction(async (transaction) => {
      await db.execute('TRUNCATE call_site_hours, call_device_hours, call_device_days', [], transaction);
      await db.execute(rollUpEveryCall, [], transaction);
    });
    expect(await rollupState(db)).toBe(kept);
  });
});
