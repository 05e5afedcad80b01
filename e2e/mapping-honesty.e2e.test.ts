import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../platform/src/app.js';
import { notSentGroups } from '../platform/src/testing/loaded-models.js';
import { createTenant, insertDevices, type TestTenant } from '../platform/src/testing/tenants.js';
import { createTestConsole, TEST_CAPTCHA } from '../platform/src/testing/test-console.js';
import { assertBuilt, launchBrowser, submitLogin } from './support/browser.js';

/**
 * Mapping honesty (docs/writing-a-driver.md#parameters): on a site with H2P and Yealink phones, a
 * pushed parameter the Yealink driver never sends names the Yealink phones it will not reach; on a
 * Yealink device it is disabled with the driver's reason.
 */
describe('parameters a driver does not send (mixed site)', () => {
  let running: RunningConsole;
  let tenant: TestTenant;
  let browser: Browser;
  let page: Page;
  let yealinkId: number;

  beforeAll(async () => {
    assertBuilt();
    running = await createTestConsole();
    const { db } = running.cradle;
    tenant = await createTenant(db, 'enterprise', 'Mixed office');
    await insertDevices(db, tenant, [
      { mac: '001565b00001', model: 'H2P' },
      { mac: '805ec0b00001', model: 'T46S' },
      { mac: '805ec0b00002', model: 'T46S' },
      { mac: '805ec0b00003', model: 'T54W' },
    ]);
    yealinkId = Number(
      (await db.one<{ id: string }>(`SELECT id FROM devices WHERE mac = '805ec0b00001'`))?.id,
    );
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await page.goto(`${running.url}/login`);
    await submitLogin(page, { userName: tenant.userName, password: tenant.password, code: TEST_CAPTCHA });
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  async function openXvpn(url: string) {
    await page.goto(url);
    await page.getByTestId('parameter-editor').waitFor();
    await page.getByTestId('tab-network').click();
    await page.getByTestId('section-menu').getByText('XVPN', { exact: true }).click();
  }

  it('names the Yealink phones a pushed XVPN setting will not reach, and no H2P', async () => {
    await openXvpn(`${running.url}/site/setParam?relationId=${tenant.siteId}`);
    const path = 'network.xvpn.XvpnEnable';
    // One tag per driver that lacks it, in load order (driver id): Grandstream's, Snom's, Yealink's, …
    const lacking = notSentGroups(running, path);
    expect(lacking.map((group) => group.reason.en)).toEqual(
      expect.arrayContaining([
        'Grandstream GXP/GRP phones have no equivalent setting',
        'Snom D7xx phones have no equivalent setting',
        'Yealink IP phones have no equivalent setting',
      ]),
    );
    const notSent = page.getByTestId(`not-sent-${path}`);
    await notSent.filter({ hasText: 'T46S' }).waitFor();
    expect(await notSent.allTextContents()).toEqual(
      lacking.map((group) => expect.stringContaining(group.models.join(', '))),
    );
    expect(await page.getByTestId('unreached-notice').count()).toBe(0);
    await page.getByTestId(`push-${path}`).click();
    const notice = page.getByTestId('unreached-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Some pushed parameters will not reach 3 phones');
    expect(await page.getByTestId('unreached-T46S').textContent()).toBe(
      'T46S (805ec0b00001, 805ec0b00002): XVPN',
    );
    expect(await page.getByTestId('unreached-T54W').textContent()).toBe('T54W (805ec0b00003): XVPN');
    expect(await page.getByTestId('unreached-H2P').count()).toBe(0);
  });

  it('shows it disabled with the reason on a Yealink device', async () => {
    await openXvpn(`${running.url}/device/setParam?relationId=${yealinkId}&deviceModel=T46S&pushStatus=1`);
    const path = 'network.xvpn.XvpnEnable';
    expect(await page.getByTestId(`unsupported-${path}`).textContent()).toBe(
      'Not supported by this model: Yealink IP phones have no equivalent setting',
    );
    expect(await page.getByTestId(`push-${path}`).isDisabled()).toBe(true);
    // The text editor shows the phone's own format with the driver's instructions.
    await page.getByTestId('text-switch').click();
    await expect(page.getByTestId('text-instructions').textContent()).resolves.toContain('#!version:1.0.0.1');
    expect(await page.getByTestId('text-area').inputValue()).toMatch(/^#!version:1\.0\.0\.1\n/);
  });
});
