import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../platform/src/app.js';
import {
  createTestConsole,
  TEST_ADMIN_PASSWORD,
  TEST_CAPTCHA,
} from '../platform/src/testing/test-console.js';
import { assertBuilt, launchBrowser, pickFromDropdown, submitLogin } from './support/browser.js';
import { writeBrokenPlugin } from './support/fixture-plugin.js';

describe('a plugin whose remote is down', () => {
  let running: RunningConsole;
  let browser: Browser;
  let page: Page;
  let extraPluginsDir: string;

  beforeAll(async () => {
    assertBuilt();
    extraPluginsDir = mkdtempSync(path.join(os.tmpdir(), 'phonefleet-e2e-plugins-'));
    writeBrokenPlugin(extraPluginsDir);
    running = await createTestConsole({ extraPluginsDir });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${running.url}/login`);
    await submitLogin(page, { userName: 'admin', password: TEST_ADMIN_PASSWORD, code: TEST_CAPTCHA });
    await page.getByTestId('home-dashboard').waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
    rmSync(extraPluginsDir, { recursive: true, force: true });
  });

  it('shows "Area unavailable" in its own area only', async () => {
    await page.getByRole('menuitem', { name: 'Broken area' }).click();
    await page.waitForURL('**/broken');
    const fallback = page.getByTestId('area-unavailable');
    await fallback.waitFor();
    expect(await fallback.textContent()).toContain('Area unavailable');
    expect(await fallback.getAttribute('data-plugin')).toBe('broken');
    // The shell around it still works.
    await page.getByTestId('user-menu').waitFor();
    await page.getByTestId('breadcrumb').waitFor();
  });

  it('keeps failing cleanly on retry while the remote stays down', async () => {
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('area-unavailable').waitFor();
  });

  it('still opens home', async () => {
    await page.getByRole('menuitem', { name: 'Home' }).click();
    await page.getByTestId('home-dashboard').waitFor();
    expect(await page.getByTestId('total-devices').textContent()).toContain('0');
  });

  it('shows the fallback in Chinese too', async () => {
    await pickFromDropdown(page, 'language-switch', '简体中文');
    await page.getByRole('menuitem', { name: '损坏的功能区' }).click();
    await page.waitForURL('**/broken');
    await page.getByText('功能区不可用').waitFor();
    await page.getByRole('button', { name: '重 试' }).waitFor();
  });
});
