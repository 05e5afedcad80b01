import { SimulatedFleet } from '@phonefleet/sdk/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../platform/src/app.js';
import { SmtpPeer } from '../platform/src/testing/smtp-peer.js';
import { createTenant, type TestTenant } from '../platform/src/testing/tenants.js';
import {
  ApiClient,
  createTestConsole,
  TEST_ADMIN_PASSWORD,
  TEST_CAPTCHA,
} from '../platform/src/testing/test-console.js';
import { assertBuilt, launchBrowser, submitLogin } from './support/browser.js';

/** This file's phones: their own loopback block and SIP port (docs/phone-simulator.md). */
const ADDRESS_BASE = '127.76.0.0';
const SIP_PORT = 5476;
const MAC_BASE = '0a7600000000';
const PHONES = 5;
/** The phones unplugged in the test; the others keep fetching. */
const STOPPED = 3;
/** A phone not heard from for this long is offline (docs/device-events.md). */
const OFFLINE_SECONDS = 4;
const credentials = { username: 'dock-phones', password: 'Dock#Phones2026' };

/**
 * The alarm issue's "done when", as a new user meets it: a strategy for 'offline' with email and
 * in-station made in the wizard; three of five simulated phones stop; the bell counts 3 without a
 * reload and one email listing them reaches the SMTP server on loopback; the alarm list shows them.
 */
describe('alarms: a strategy, phones going offline, the bell and the email (browser, simulated phones)', () => {
  let running: RunningConsole;
  let smtp: SmtpPeer;
  let dock: TestTenant;
  let fleet: SimulatedFleet;
  let browser: Browser;
  let page: Page;
  const alive = new Set<number>();
  let heartbeat: NodeJS.Timeout | undefined;

  beforeAll(async () => {
    assertBuilt();
    running = await createTestConsole({ deviceOfflineSeconds: OFFLINE_SECONDS, mailRetryMs: 200 });
    dock = await createTenant(running.cradle.db, 'enterprise', 'Dockside');
    const admin = new ApiClient(running.url);
    await admin.signIn('admin', TEST_ADMIN_PASSWORD);
    smtp = await SmtpPeer.serving(admin);
    const owner = new ApiClient(running.url);
    await owner.signIn(dock.userName, dock.password);
    expect((await owner.call('POST', '/tb-provisioning/credentials', credentials)).code).toBe(0);
    const h2 = running.cradle.driverRegistry.model('H2P');
    if (!h2) throw new Error('H2 driver missing');
    fleet = await SimulatedFleet.start({
      consoleUrl: running.url,
      count: PHONES,
      models: [{ driver: h2.driver, model: 'H2P' }],
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
        deviceName: `Berth ${index + 1}`,
        deviceModel: 'H2P',
        firmwareVersion: '2.14.0.5',
        siteId: dock.siteId,
      });
      expect(added.code, added.message).toBe(0);
      alive.add(index);
    }
    expect(await fleet.each((phone) => phone.boot())).toEqual([]);
    // Phones in service keep fetching (a short polling interval): they stay online.
    heartbeat = setInterval(() => {
      for (const index of alive) void fleet.phones[index]?.fetchConfig().catch(() => undefined);
    }, 1000);

    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    await page.goto(`${running.url}/login`);
    await submitLogin(page, { userName: dock.userName, password: dock.password, code: TEST_CAPTCHA });
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });

  afterAll(async () => {
    clearInterval(heartbeat);
    await browser?.close();
    await fleet?.stop();
    await running?.stop();
    await smtp?.stop();
  });

  it('makes a strategy for offline phones, by email and in-station, in the four-step wizard', async () => {
    await page.goto(`${running.url}/alarmStrategy`);
    await page.getByTestId('strategy-add').click();
    await page.waitForURL((url) => url.pathname === '/alarmStrategy/addStrategy');
    // Step 1: a name and the mode; real-time is the default frequency.
    await page.getByTestId('strategy-next').click();
    await page.getByText('Please enter the strategy name').waitFor();
    await page.getByTestId('strategy-name').fill('Offline berths');
    await page.getByTestId('strategy-mode').getByText('Email and in-station message').click();
    await page.getByTestId('strategy-next').click();
    // Step 2: the receiver; Next without one is refused.
    const receivers = page.getByTestId('strategy-receivers');
    await receivers.getByText(`${dock.userName} (${dock.userName}@example.com)`).waitFor();
    await page.getByTestId('strategy-next').click();
    await page.getByText('Please select at least one user').waitFor();
    await receivers.getByText(`${dock.userName} (${dock.userName}@example.com)`).click();
    await receivers.locator('.ant-transfer-operation button').first().click();
    await page.getByTestId('strategy-next').click();
    // Step 3: the content, offline.
    await page.getByTestId('strategy-alarm-types').locator('[data-type="4"]').click();
    await page.getByTestId('strategy-next').click();
    // Step 4: every device (the default), then Finish.
    await page.getByTestId('strategy-finish').click();
    await page.waitForURL((url) => url.pathname === '/alarmStrategy');
    await page.getByTestId('wizard-finished').getByText('Offline berths').first().waitFor();
    const row = page
      .getByTestId('strategy-list')
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: 'Offline berths' });
    const text = (await row.textContent()) ?? '';
    for (const shown of ['Offline', 'Real-time', 'Email and in-station message', dock.userName])
      expect(text).toContain(shown);
  });

  it('counts three on the bell without a reload and emails one list when three phones stop', async () => {
    await page.goto(`${running.url}/`);
    const bell = page.getByTestId('notice-bell');
    await bell.waitFor();
    expect(await bell.getAttribute('data-count')).toBe('0');
    const sent = smtp.received.length;
    for (let index = 0; index < STOPPED; index += 1) alive.delete(index);
    // Offline after OFFLINE_SECONDS of silence; the live update reaches the bell within seconds,
    // well before the 60 s poll.
    await expect
      .poll(() => bell.getAttribute('data-count'), { timeout: (OFFLINE_SECONDS + 10) * 1000 })
      .toBe('3');
    await expect
      .poll(
        () => smtp.received.slice(sent).filter((m) => m.to.includes(`${dock.userName}@example.com`)).length,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    const mail = smtp.received.slice(sent).find((m) => m.to.includes(`${dock.userName}@example.com`));
    expect(mail?.subject).toBe('Alarm: 3 alarms');
    for (let index = 0; index < STOPPED; index += 1) expect(mail?.text).toContain(`Berth ${index + 1}`);
    expect(mail?.text).not.toContain(`Berth ${PHONES}`);
  }, 60_000);

  it('lists the three offline alarms, unread, on the alarm list', async () => {
    await page.goto(`${running.url}/alarmList`);
    const rows = page.getByTestId('alarm-list').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(STOPPED);
    const text = (await page.getByTestId('alarm-list').textContent()) ?? '';
    for (const shown of ['Critical', 'Offline', 'Unread', 'The device went offline', 'Berth 1', 'Berth 3'])
      expect(text).toContain(shown);
  });
});
