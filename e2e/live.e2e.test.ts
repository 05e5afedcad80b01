import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../platform/src/app.js';
import { createTenant, insertDevices, type TestTenant } from '../platform/src/testing/tenants.js';
import {
  ApiClient,
  createTestConsole,
  TEST_ADMIN_PASSWORD,
  TEST_CAPTCHA,
} from '../platform/src/testing/test-console.js';
import { assertBuilt, launchBrowser, submitLogin } from './support/browser.js';

/**
 * Live updates as a signed-in enterprise user sees them (docs/live.md): the bell counts a message
 * raised for the user, and the home figures follow phones going offline, without a reload and well
 * before the 60 s poll.
 */
describe('live updates in the browser', () => {
  let running: RunningConsole;
  let acme: TestTenant;
  let admin: ApiClient;
  let browser: Browser;
  let page: Page;
  /** Frames the page's live connection received. */
  const frames: string[] = [];

  beforeAll(async () => {
    assertBuilt();
    running = await createTestConsole();
    acme = await createTenant(running.cradle.db, 'enterprise', 'Acme');
    admin = new ApiClient(running.url);
    await admin.signIn('admin', TEST_ADMIN_PASSWORD);
    const owner = new ApiClient(running.url);
    await owner.signIn(acme.userName, acme.password);
    expect(
      (await owner.call('POST', '/tb-version-notification/subscribe/newVersionNotify', { models: ['H2P'] }))
        .code,
    ).toBe(0);
    await insertDevices(
      running.cradle.db,
      acme,
      ['0a7700000001', '0a7700000002', '0a7700000003'].map((mac) => ({ mac, model: 'H2P', status: 1 })),
    );
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    page.on('websocket', (socket) => {
      if (new URL(socket.url()).pathname === '/api/live/')
        socket.on('framereceived', (frame) => frames.push(String(frame.payload)));
    });
  });

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  it('signs in and opens one live connection, accepted with the session', async () => {
    await page.goto(`${running.url}/login`);
    await submitLogin(page, { userName: acme.userName, password: acme.password, code: TEST_CAPTCHA });
    await page.getByTestId('home-dashboard').waitFor();
    const bell = page.getByTestId('notice-bell');
    await bell.waitFor();
    expect(await bell.getAttribute('data-count')).toBe('0');
    // socket.io's namespace acceptance.
    await expect.poll(() => frames.some((frame) => frame.startsWith('40')), { timeout: 10_000 }).toBe(true);
  });

  it('counts a message raised for the user on the bell without a reload, within 2 s', async () => {
    await page.evaluate(() => {
      (window as { stillThisPage?: boolean }).stillThisPage = true;
    });
    const form = new FormData();
    form.append('firmwareName', 'H2 release');
    form.append('firmwareVersion', '2.40.0.0');
    form.append('supportModel', 'H2P');
    form.append('official', 'true');
    form.append('file', new Blob([new Uint8Array(randomBytes(4096))]), 'image.rom');
    const raisedAt = Date.now();
    expect((await admin.call('POST', '/tb-firmware/addOrEditFirmware', form)).code).toBe(0);
    const bell = page.getByTestId('notice-bell');
    await expect.poll(() => bell.getAttribute('data-count'), { timeout: 10_000 }).toBe('1');
    const shownMs = Date.now() - raisedAt;
    console.info(`live e2e: message raised → bell shows it in ${shownMs} ms`);
    expect(shownMs).toBeLessThan(2000);
    expect(await page.evaluate(() => (window as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
  });

  it('updates the home figures when phones go offline, without a reload', async () => {
    const online = page.getByTestId('online-devices');
    await expect.poll(() => online.textContent()).toBe('Online3');
    const later = new Date(Date.now() + (running.config.deviceOfflineSeconds + 3600) * 1000);
    const sweptAt = Date.now();
    expect(await running.cradle.deviceEventService.sweepOffline(later)).toBe(3);
    await expect.poll(() => online.textContent(), { timeout: 10_000 }).toBe('Online0');
    console.info(`live e2e: phones offline → home figures updated in ${Date.now() - sweptAt} ms`);
    expect(await page.evaluate(() => (window as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
  });
});
