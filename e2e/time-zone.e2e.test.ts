import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../platform/src/app.js';
import {
  createTestConsole,
  TEST_ADMIN_PASSWORD,
  TEST_CAPTCHA,
} from '../platform/src/testing/test-console.js';
import { assertBuilt, launchBrowser, submitLogin } from './support/browser.js';

describe('a new user’s time zone', () => {
  let running: RunningConsole;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    assertBuilt();
    running = await createTestConsole();
    browser = await launchBrowser();
    // São Paulo keeps GMT-03:00 all year: far from the (GMT+08:00) Beijing a new user used to get.
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      timezoneId: 'America/Sao_Paulo',
    });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  it('is the browser’s until the user chooses one', async () => {
    const zones: string[] = [];
    page.on('request', (request) => {
      const zone = request.headers().timezone;
      if (zone && new URL(request.url()).pathname.startsWith('/api/homepage')) zones.push(zone);
    });
    await page.goto(`${running.url}/login`);
    await submitLogin(page, { userName: 'admin', password: TEST_ADMIN_PASSWORD, code: TEST_CAPTCHA });
    await page.getByTestId('home-dashboard').waitFor();
    await expect.poll(() => page.getByTestId('time-zone').textContent()).toContain('GMT-03:00');
    await expect.poll(() => zones.at(-1)).toBe('GMT-03:00');
  });
});
