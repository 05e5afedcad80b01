import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SimulatedPhone } from '@phonefleet/sdk/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../platform/src/app.js';
import { createTenant, insertDevices, type TestTenant } from '../platform/src/testing/tenants.js';
import { createTestConsole, TEST_CAPTCHA } from '../platform/src/testing/test-console.js';
import { assertBuilt, launchBrowser, submitLogin } from './support/browser.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// This file's own loopback block, SIP port and MACs (browser test files run side by side).
const ADDRESS_BASE = '127.73.0.0';
const SIP_PORT = 5473;
const MAC_PREFIX = '0a:73:00';
const MAC = `${MAC_PREFIX}:00:00:01`;
const STORED_MAC = MAC.replaceAll(':', '');

/** Phone credentials set from the global configuration's screen, then used by a phone. */
describe('phone credentials screen', () => {
  let running: RunningConsole;
  let browser: Browser;
  let page: Page;
  let harbour: TestTenant;

  const toast = (text: string) => page.locator('.ant-message').getByText(text);
  const status = () => page.getByTestId('credentials-password-status').innerText();

  /** The H2P phone at the start of this file's address block, with the given credentials. */
  function phone(credentials?: { username: string; password: string }): SimulatedPhone {
    const h2 = running.cradle.driverRegistry.model('H2P');
    if (!h2) throw new Error('H2 driver missing');
    return new SimulatedPhone({
      driver: h2.driver,
      model: 'H2P',
      mac: STORED_MAC,
      firmware: '2.14.0.5',
      provisioningUrl: `${running.url}/prov`,
      address: ADDRESS_BASE.replace(/0$/, '1'),
      sipPort: SIP_PORT,
      httpPort: false,
      ...(credentials ? { credentials } : {}),
    });
  }

  beforeAll(async () => {
    assertBuilt();
    if (!existsSync(path.join(root, 'plugins/parameters/dist/mf-manifest.json'))) {
      throw new Error('plugins/parameters/dist is missing: run npm run build first');
    }
    running = await createTestConsole();
    harbour = await createTenant(running.cradle.db, 'enterprise', 'Harbour Hotel');
    await insertDevices(running.cradle.db, harbour, [{ mac: STORED_MAC, model: 'H2P' }]);
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    await page.goto(`${running.url}/login`);
    await submitLogin(page, { userName: harbour.userName, password: harbour.password, code: TEST_CAPTCHA });
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  it('shows that no password is set and the URL to give phones, with a copy button', async () => {
    // Before: a phone without credentials is served (nothing asks it to authenticate).
    expect((await phone().fetchConfig()).status).toBe(200);

    await page.goto(`${running.url}/global`);
    await page.getByRole('tab', { name: 'Phone credentials' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'credentials');
    await page.getByTestId('credentials-form').waitFor();
    expect(await status()).toBe('Stored password: not set');
    const urls = page.getByTestId('credentials-urls');
    await urls.getByText('Provisioning URL (DHCP option 66)').waitFor();
    expect(await page.getByTestId('provisioning-url').innerText()).toBe(`${running.url}/prov/`);
    expect(await urls.getByRole('button', { name: 'Copy' }).count()).toBe(2);
  });

  it('refuses a weak password on its field and changes nothing', async () => {
    await page.getByTestId('credentials-username').fill('harbour-phones');
    await page.getByTestId('credentials-password').fill('weak');
    await page.getByTestId('credentials-save').click();
    await page
      .getByTestId('credentials-form')
      .locator('.ant-form-item-explain-error')
      .getByText('The password must be 8-20 characters', { exact: false })
      .waitFor();
    expect(await status()).toBe('Stored password: not set');
    expect((await phone().fetchConfig()).status).toBe(200);
  });

  it('sets the organization’s credentials and allow-list: the phone with them fetches, one without gets 401', async () => {
    await page.getByTestId('credentials-password').fill('Harbour-Phone1');
    const allow = page.getByTestId('credentials-allow').locator('input');
    await allow.fill('127.73.0.0/16');
    await allow.press('Enter');
    await page.getByTestId('credentials-save').click();
    await toast('Saved successfully').waitFor();
    await expect.poll(status).toBe('Stored password: set');
    // Write-only: the stored password is never put back in the field.
    expect(await page.getByTestId('credentials-password').inputValue()).toBe('');
    expect(await page.getByTestId('credentials-username').inputValue()).toBe('harbour-phones');
    await page.getByTestId('credentials-form').getByText('127.73.0.0/16').waitFor();

    const served = await phone({ username: 'harbour-phones', password: 'Harbour-Phone1' }).fetchConfig();
    expect(served.status).toBe(200);
    expect(served.body.length).toBeGreaterThan(0);
    expect((await phone().fetchConfig()).status).toBe(401);
    expect((await phone({ username: 'harbour-phones', password: 'Wrong-Phone1' }).fetchConfig()).status).toBe(
      401,
    );
  });

  it('sets a device’s own password: the phone authenticates with its MAC', async () => {
    const card = page.getByTestId('device-password');
    await card.getByTestId('device-password-device').click();
    await page.locator('.ant-select-item-option', { hasText: MAC }).first().click();
    await card.getByText('Stored password: not set').waitFor();
    await card.getByTestId('device-password-password').fill('Desk-Phone22');
    await card.getByTestId('device-password-save').click();
    await card.getByText('Stored password: set').waitFor();
    expect(await card.getByTestId('device-password-password').inputValue()).toBe('');
    expect((await phone({ username: STORED_MAC, password: 'Desk-Phone22' }).fetchConfig()).status).toBe(200);
  });
});
