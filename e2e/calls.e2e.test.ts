import { type CallQuality, SimulatedFleet } from '@phonefleet/sdk/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../platform/src/app.js';
import { createTenant, type TestTenant } from '../platform/src/testing/tenants.js';
import { ApiClient, createTestConsole, TEST_CAPTCHA } from '../platform/src/testing/test-console.js';
import { assertBuilt, launchBrowser, submitLogin } from './support/browser.js';

/** This file's phones: their own loopback block and SIP port (docs/phone-simulator.md). */
const ADDRESS_BASE = '127.77.0.0';
const SIP_PORT = 5477;
const MAC_BASE = '0a7700000000';
const credentials = { username: 'office-phones', password: 'Office#Phones2026' };
const desk = (index: number) => `Desk ${index + 1}`;

/** Spec §9: good if delay ≤ 200 ms, loss ≤ 2 % and jitter ≤ 15 ms; poor if delay > 500 ms, loss > 10 % or jitter > 30 ms. */
function qualityOf({ delayMs, jitterMs, lossPercent }: CallQuality): 'Good' | 'Fair' | 'Poor' {
  if (delayMs > 500 || lossPercent > 10 || jitterMs > 30) return 'Poor';
  if (delayMs <= 200 && lossPercent <= 2 && jitterMs <= 15) return 'Good';
  return 'Fair';
}

const call = (delayMs: number, jitterMs: number, lossPercent: number): CallQuality => ({
  delayMs,
  jitterMs,
  lossPercent,
});
/** Five calls per phone, on and around the thresholds; Desk 4 has the most poor ones. */
const CALLS: CallQuality[][] = [
  [call(80, 5, 0), call(120, 10, 1), call(200, 15, 2), call(50, 2, 0.5), call(201, 10, 1)],
  [call(150, 12, 1.5), call(90, 8, 0), call(110, 9, 1), call(300, 20, 3), call(501, 10, 1)],
  [call(60, 4, 0), call(180, 14, 2), call(500, 30, 10), call(250, 16, 2), call(100, 31, 1)],
  [call(400, 25, 5), call(100, 10, 2.5), call(100, 10, 10.5), call(800, 50, 20), call(600, 40, 15)],
];

/**
 * The call statistics part of issue 16's "done when", as a new user meets it: twenty calls of
 * varied quality, reported by simulated phones through the real `/events/callEnd` action URL,
 * appear on /callStatistics with the right good/fair/poor split, among the worst devices and in
 * the per-call table.
 */
describe('call statistics (browser, simulated phones)', () => {
  let running: RunningConsole;
  let office: TestTenant;
  let fleet: SimulatedFleet;
  let browser: Browser;
  let page: Page;

  const expected = { Good: 0, Fair: 0, Poor: 0 };
  for (const phoneCalls of CALLS) for (const figures of phoneCalls) expected[qualityOf(figures)] += 1;

  beforeAll(async () => {
    assertBuilt();
    running = await createTestConsole();
    office = await createTenant(running.cradle.db, 'enterprise', 'Harbour Office');
    const owner = new ApiClient(running.url);
    await owner.signIn(office.userName, office.password);
    // Action URLs need the phones' credentials (docs/device-events.md).
    expect((await owner.call('POST', '/tb-provisioning/credentials', credentials)).code).toBe(0);
    const h2 = running.cradle.driverRegistry.model('H2P');
    if (!h2) throw new Error('H2 driver missing');
    fleet = await SimulatedFleet.start({
      consoleUrl: running.url,
      count: CALLS.length,
      models: [{ driver: h2.driver, model: 'H2P', firmware: '2.14.0.5' }],
      credentials,
      addressBase: ADDRESS_BASE,
      macBase: MAC_BASE,
      sipPort: SIP_PORT,
      httpPort: false,
      accountBase: false,
    });
    for (const [index, phone] of fleet.phones.entries()) {
      const added = await owner.call('POST', '/device/add', {
        macAddress: phone.options.mac,
        deviceName: desk(index),
        deviceModel: 'H2P',
        firmwareVersion: '2.14.0.5',
        siteId: office.siteId,
      });
      expect(added.code, added.message).toBe(0);
    }
    expect(await fleet.each((phone) => phone.boot())).toEqual([]);

    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    await page.goto(`${running.url}/login`);
    await submitLogin(page, { userName: office.userName, password: office.password, code: TEST_CAPTCHA });
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });

  afterAll(async () => {
    await browser?.close();
    await fleet?.stop();
    await running?.stop();
  });

  it('the phones report twenty calls through /events/callEnd', async () => {
    expect(expected).toEqual({ Good: 9, Fair: 6, Poor: 5 });
    const statuses = await Promise.all(
      fleet.phones.map(async (phone, index) => {
        const answered: number[] = [];
        for (const figures of CALLS[index] ?? []) answered.push(await phone.report('callEnd', figures));
        return answered;
      }),
    );
    expect(statuses.flat()).toEqual(Array(20).fill(200));
    await running.cradle.deviceEventService.flush();
  });

  it('shows the good/fair/poor split, the worst devices and every call on /callStatistics', async () => {
    await page.goto(`${running.url}/callStatistics`);
    const quality = page.getByTestId('call-quality');
    const slice = (key: string) => quality.locator(`[data-slice="${key}"]`);
    await expect.poll(() => slice('poor').textContent(), { timeout: 15_000 }).toContain('5');
    expect((await slice('good').textContent())?.replace(/\s/g, '')).toBe('Good945%');
    expect((await slice('fair').textContent())?.replace(/\s/g, '')).toBe('Fair630%');
    expect((await slice('poor').textContent())?.replace(/\s/g, '')).toBe('Poor525%');
    expect(await page.getByTestId('calls-total').textContent()).toContain('20');
    // Today's bar holds them all (the page starts with the last seven days, cut into days).
    const bars = await page.getByTestId('calls-over-time').locator('[data-bar] title').allTextContents();
    expect(bars).toHaveLength(7);
    expect(bars.at(-1)).toMatch(/: Good 9, Fair 6, Poor 5$/);

    const worst = page.getByTestId('worst-devices').locator('tbody tr.ant-table-row');
    await expect.poll(() => worst.count()).toBe(3);
    expect(await worst.first().textContent()).toContain('Desk 4');
    expect(await worst.first().textContent()).toContain('60%');

    const records = page.getByTestId('call-records');
    await records.getByText('Total 20 items').waitFor();
    const rows = records.locator('tbody tr.ant-table-row');
    expect(await rows.count()).toBe(10);
  });

  it('filters the figures and the table by quality, with each poor call’s figures', async () => {
    await page.locator('#call-quality-filter').click();
    await page.locator('.ant-select-item-option[title="Poor"]').click();
    const records = page.getByTestId('call-records');
    await records.getByText('Total 5 items').waitFor();
    const rows = records.locator('tbody tr.ant-table-row');
    const texts = await rows.allTextContents();
    expect(texts).toHaveLength(5);
    for (const text of texts) expect(text).toContain('Poor');
    const worstCall = texts.find((text) => text.includes('800 / 800 / 800'));
    expect(worstCall).toContain('Desk 4');
    expect(worstCall).toContain('50 / 50 / 50');
    expect(worstCall).toContain('20 / 20 / 20');
    await expect.poll(() => page.getByTestId('calls-total').textContent()).toContain('5');
    expect(await page.getByTestId('call-quality').locator('[data-slice="good"]').textContent()).toContain(
      '0',
    );
  });
});
