import type { HomeTotals } from '@phonefleet/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../app.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../testing/test-console.js';
import { until } from '../testing/until.js';
import { startDemoFleet } from './demo-fleet.js';

// Loopback block of its own (see docs/phone-simulator.md for the ones other test files use).
const options = { count: 50, addressBase: '127.81.0.0', macBase: '02d3a1000000', offlineEvery: 6 };

let running: RunningConsole;
let api: ApiClient;

beforeAll(async () => {
  running = await createTestConsole();
  api = new ApiClient(running.url);
  expect((await api.signIn('admin', TEST_ADMIN_PASSWORD)).code).toBe(0);
});

afterAll(async () => {
  await running?.stop();
});

const totals = async () => (await api.call<HomeTotals>('POST', '/homepage/total', {})).rows[0];

describe('npm run demo', () => {
  it('shows its 50 phones as devices of every model, online and offline, with calls of each quality, none unknown', async () => {
    const demo = await startDemoFleet(running.cradle, { consoleUrl: running.url, ...options });
    try {
      expect(demo.added).toBe(50);
      expect(demo.offline).toHaveLength(8);
      const home = await until(
        totals,
        (value) => (value?.callQuality.poor ?? 0) >= 9 && value?.deviceStatus.online === 42,
      );
      expect(home?.totalDevices).toBe(50);
      expect(home?.unknownDevices).toBe(0);
      expect(home?.deviceStatus).toMatchObject({ online: 42, offline: 8 });
      // Every model of every driver family.
      const loaded = running.cradle.driverRegistry.models().map(({ model }) => model.id);
      expect(loaded).toEqual(expect.arrayContaining(['H2', 'H2P', 'V62', 'T46S', 'D785', 'GXP2170']));
      const added = await running.cradle.db.query<{ model: string }>('SELECT DISTINCT model FROM devices');
      // The demo deals its phones over the models in load order: the first 50 models at most.
      expect(added.map((row) => row.model).sort()).toEqual([...new Set(loaded.slice(0, demo.added))].sort());
      // Two good calls per online phone, a fair one every third, a poor one every fifth.
      expect(home?.callQuality).toEqual({ good: 84, fair: 14, poor: 9 });
      expect(demo.calls).toBe(107);
      expect(home?.organizations).toEqual([expect.objectContaining({ name: 'Demo Enterprise', count: 50 })]);

      const sites = await api.call<{ list: { siteName: string }[]; total: number }>(
        'POST',
        '/device/search',
        {
          currentPage: 1,
          pageSize: 100,
        },
      );
      expect(sites.rows[0]?.total).toBe(50);
      expect(new Set(sites.rows[0]?.list.map((row) => row.siteName))).toEqual(
        new Set(['Headquarters', 'Warehouse', 'Branch office']),
      );
      const groups = await running.cradle.db.query<{ name: string; members: string }>(
        `SELECT g.name, count(m.device_id) AS members FROM device_groups g
           JOIN group_devices m ON m.group_id = g.id GROUP BY g.name ORDER BY g.name`,
      );
      expect(groups.map((group) => group.name)).toEqual(['Conference rooms', 'Front desk']);
      const templates = await running.cradle.db.query<{ model: string }>('SELECT model FROM model_templates');
      expect(templates).toHaveLength(3);
    } finally {
      await demo.stop();
    }
  }, 120_000);

  it('finds its devices again at the next start: nothing added twice, the phones report with the new credentials', async () => {
    const again = await startDemoFleet(running.cradle, { consoleUrl: running.url, ...options });
    try {
      expect(again.added).toBe(0);
      const before = (await totals())?.callQuality.good ?? 0;
      expect(await again.converse(1)).toBe(42);
      const home = await until(totals, (value) => {
        const quality = value?.callQuality;
        return (quality?.good ?? 0) + (quality?.fair ?? 0) + (quality?.poor ?? 0) >= 107 + 107 + 42;
      });
      expect(home?.totalDevices).toBe(50);
      expect(home?.unknownDevices).toBe(0);
      expect(home?.callQuality.good).toBeGreaterThan(before);
    } finally {
      await again.stop();
    }
  }, 120_000);
});
