import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureBundles } from '../bench/bundle-size.js';
import type { RunningConsole } from '../platform/src/app.js';
import {
  createTestConsole,
  TEST_ADMIN_PASSWORD,
  TEST_CAPTCHA,
} from '../platform/src/testing/test-console.js';
import { assertBuilt, launchBrowser, pickFromDropdown, submitLogin } from './support/browser.js';

describe('console shell', () => {
  let running: RunningConsole;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pluginFiles: string[] = [];

  beforeAll(async () => {
    assertBuilt();
    running = await createTestConsole();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/plugins/home/') && response.ok()) {
        pluginFiles.push(new URL(response.url()).pathname);
      }
    });
  });

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  it('sends a signed-out visitor to the login page, titled for a LAN deployment', async () => {
    const fetched = new Set<string>();
    const record = (response: { url(): string }) => fetched.add(new URL(response.url()).pathname);
    page.on('response', record);
    await page.goto(`${running.url}/no-such-area`);
    await page.waitForURL('**/login');
    await page.getByText('Sign in to your account').waitFor();
    expect(await page.title()).toBe('PhoneFleet Console');
    page.off('response', record);
    // The login page fetches exactly the files the bundle-size bench counts for it.
    const expected = measureBundles()
      .details.hostLogin.map((file) => (file.file === 'index.html' ? '/' : `/${file.file}`))
      .sort();
    const actual = [...fetched]
      .filter((file) => !file.startsWith('/api/'))
      .map((file) => (file === '/no-such-area' ? '/' : file)) // the page itself: index.html
      .sort();
    expect(actual).toEqual(expected);
  });

  it('signs in and shows the home dashboard loaded from the home remote', async () => {
    await submitLogin(page, { userName: 'admin', password: TEST_ADMIN_PASSWORD, code: TEST_CAPTCHA });
    // The login page remembered /no-such-area, which no plugin provides: 404 inside the layout.
    await page.getByText('Sorry, the page you visited does not exist.').waitFor();
    await page.getByRole('menuitem', { name: 'Home' }).click();
    await page.waitForURL(`${running.url}/`);
    const dashboard = page.getByTestId('home-dashboard');
    await dashboard.waitFor();
    await expect.poll(() => dashboard.getAttribute('aria-busy')).toBe('false');
    expect(await page.getByTestId('total-devices').textContent()).toBe('Total devices0');
    expect(await page.getByTestId('unknown-devices').textContent()).toContain('0');
    expect(pluginFiles).toContain('/plugins/home/mf-manifest.json');
    expect(pluginFiles.some((file) => file.endsWith('.js'))).toBe(true);
    // No breadcrumb on home.
    expect(await page.getByTestId('breadcrumb').count()).toBe(0);
    // The message bell is for enterprise and channel users (docs/messages.md), not the administrator.
    expect(await page.getByTestId('notice-bell').count()).toBe(0);
  });

  it("shows the signed-in page with the first page's files, then fetches the after-paint ones unasked", async () => {
    const { details } = measureBundles();
    const path = (file: { file: string }) => (file.file === 'index.html' ? '/' : `/${file.file}`);
    const firstPage = [
      ...details.host.map(path),
      ...details.home.map((file) => `/plugins/home/${file.file}`),
    ];
    const afterPaint = new Set(details.hostAfterPaint.map(path));
    expect(afterPaint.size).toBeGreaterThan(0);
    const fetched = new Set<string>();
    const record = (response: { url(): string }) => fetched.add(new URL(response.url()).pathname);
    page.on('response', record);
    // The after-paint files are held back until the shell and the home page are shown.
    const held: string[] = [];
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*', async (route) => {
      const file = new URL(route.request().url()).pathname;
      if (afterPaint.has(file)) {
        held.push(file);
        await released;
      }
      await route.continue();
    });
    let placeholders: { siteFilter: unknown; timeZone: unknown; menu: unknown };
    try {
      await page.reload();
      await page.getByRole('menuitem', { name: 'Home' }).waitFor();
      await expect.poll(() => page.getByTestId('home-dashboard').getAttribute('aria-busy')).toBe('false');
      placeholders = {
        siteFilter: await page.getByTestId('site-filter-placeholder').boundingBox(),
        timeZone: await page.getByTestId('time-zone-placeholder').boundingBox(),
        menu: await page.getByRole('menuitem', { name: 'Home' }).boundingBox(),
      };
      expect([...fetched].filter((file) => !file.startsWith('/api/')).sort()).toEqual([...firstPage].sort());
      // Requested right after the first paint, with nothing clicked.
      await expect.poll(() => new Set(held).size).toBe(afterPaint.size);
    } finally {
      release();
    }
    await page.getByTestId('site-filter').waitFor();
    await page.getByTestId('time-zone').waitFor();
    page.off('response', record);
    await page.unroute('**/assets/*');
    expect([...fetched].filter((file) => !file.startsWith('/api/')).sort()).toEqual(
      [...firstPage, ...afterPaint].sort(),
    );
    // The controls took their placeholders' places: nothing moved.
    expect(await page.getByTestId('site-filter').boundingBox()).toEqual(placeholders.siteFilter);
    expect(await page.getByTestId('time-zone').boundingBox()).toEqual(placeholders.timeZone);
    expect(await page.getByRole('menuitem', { name: 'Home' }).boundingBox()).toEqual(placeholders.menu);
  });

  it('opens personal info from the user menu and returns home from the sidebar', async () => {
    await pickFromDropdown(page, 'user-menu', 'Personal info');
    await page.waitForURL('**/personnalInfo');
    await page.getByTestId('personal-info').waitFor();
    expect(await page.getByTestId('personal-info').textContent()).toContain('admin');
    await page.getByTestId('breadcrumb').waitFor();
    await page.getByRole('menuitem', { name: 'Home' }).click();
    await page.getByTestId('home-dashboard').waitFor();
  });

  it('switches the language to 简体中文 and remembers it', async () => {
    await pickFromDropdown(page, 'language-switch', '简体中文');
    await page.getByRole('menuitem', { name: '首页' }).waitFor();
    await page.getByText('设备总数').waitFor();
    expect(await page.getByTestId('language-switch').textContent()).toContain('简体中文');
    expect(await page.evaluate(() => localStorage.getItem('pf.language'))).toBe('zh-CN');
    const request = page.waitForRequest((r) => r.url().endsWith('/api/homepage/total'));
    await page.reload();
    const sent = await request;
    expect(sent.headers()['accept-language']).toBe('zh-CN');
    expect(sent.headers().timezone).toMatch(/^GMT[+-]\d{2}:\d{2}$/);
    await page.getByText('设备总数').waitFor();
  });

  it('signs out back to the login page', async () => {
    await pickFromDropdown(page, 'user-menu', '退出登录');
    await page.waitForURL('**/login');
    await page.goto(`${running.url}/`);
    await page.waitForURL('**/login');
  });
});
