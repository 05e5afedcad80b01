import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../platform/src/app.js';
import { SmtpPeer } from '../platform/src/testing/smtp-peer.js';
import {
  ApiClient,
  createTestConsole,
  TEST_ADMIN_PASSWORD,
  TEST_CAPTCHA,
} from '../platform/src/testing/test-console.js';
import { assertBuilt, launchBrowser, submitLogin } from './support/browser.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RELAY = { user: 'console@example.com', password: 'Relay#2026' };
const CHANNEL = { name: 'North Reseller', email: 'sales@north.example' };
const ENTERPRISE = { name: 'Acme Dental', email: 'it@acme-dental.example', country: 'Germany' };
const ENTERPRISE_PASSWORD = 'Acme#Dental2026';

/**
 * Channels and enterprises from the administrator's screens (docs/organisations-ui.md), a
 * notification email that reaches a real SMTP server, and the enterprise's own user authorizing
 * its channel.
 */
describe('channel and enterprise screens', () => {
  let running: RunningConsole;
  let smtp: SmtpPeer;
  let browser: Browser;
  let page: Page;
  let api: ApiClient;

  const toast = (text: string) => page.locator('.ant-message').getByText(text);
  const confirmDialog = () => page.locator('.ant-modal-confirm');
  const rowOf = (name: string) => page.locator('tbody tr.ant-table-row', { hasText: name });
  const statusOf = async (name: string) =>
    (await rowOf(name).locator('[data-status]').getAttribute('data-status')) ?? '';

  async function until<T>(
    probe: () => T | Promise<T>,
    done: (value: T) => boolean,
    timeoutMs = 15_000,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function enterpriseRow(): Promise<{ id: number; status: string; channelAuthorized: boolean }> {
    const reply = await api.call<{
      list: { id: number; name: string; status: string; channelAuthorized: boolean }[];
    }>('POST', '/tb-enterprise/search', { currentPage: 1, pageSize: 10, keywords: ENTERPRISE.name });
    const row = reply.rows[0]?.list.find((found) => found.name === ENTERPRISE.name);
    if (!row) throw new Error(`${ENTERPRISE.name} is not listed: ${reply.message}`);
    return row;
  }

  beforeAll(async () => {
    assertBuilt();
    if (!existsSync(path.join(root, 'plugins/organisations/dist/mf-manifest.json'))) {
      throw new Error('plugins/organisations/dist is missing: run npm run build first');
    }
    smtp = await SmtpPeer.start({ accounts: { [RELAY.user]: RELAY.password } });
    running = await createTestConsole({ mailRetryMs: 200 });
    api = new ApiClient(running.url);
    expect((await api.signIn('admin', TEST_ADMIN_PASSWORD)).code).toBe(0);
    const saved = await api.call('POST', '/emailConfig/save', {
      isFlag: true,
      mailServer: '127.0.0.1',
      mailPort: smtp.port,
      mailUser: RELAY.user,
      mailPass: RELAY.password,
      isTls: false,
    });
    expect(saved.code, saved.message).toBe(0);

    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    await page.goto(`${running.url}/login`);
    await submitLogin(page, { userName: 'admin', password: TEST_ADMIN_PASSWORD, code: TEST_CAPTCHA });
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
    await smtp?.stop();
  });

  it('adds a channel from its screen, refusing a bad email first; it is listed Inactivated', async () => {
    await page.goto(`${running.url}/channelManagement`);
    await page.getByTestId('channel-list').waitFor();
    await page.getByTestId('org-add').click();
    await page.waitForURL((url) => url.pathname === '/channelManagement/addChannel');

    await page.getByTestId('org-save').click();
    await page.locator('#name_help').getByText('This field cannot be empty!').waitFor();
    await page.getByTestId('org-name').fill(CHANNEL.name);
    await page.getByTestId('org-email').fill('sales@');
    await page.getByTestId('org-save').click();
    await page.locator('#email_help').getByText('Please fill in the email address correctly!').waitFor();
    await page.getByTestId('org-email').fill(CHANNEL.email);
    await page.getByTestId('org-contact').fill('Nora North');
    await page.getByTestId('org-may-sub-channels').click();
    await page.getByTestId('org-save').click();

    await page.waitForURL((url) => url.pathname === '/channelManagement');
    await toast(`An activation email has been sent to ${CHANNEL.email}`).waitFor();
    await rowOf(CHANNEL.name).waitFor();
    expect(await rowOf(CHANNEL.name).textContent()).toContain(CHANNEL.email);
    expect(await rowOf(CHANNEL.name).locator('[data-status]').textContent()).toBe('Inactivated');
    const mail = await until(
      () => smtp.to(CHANNEL.email),
      (found) => found.length > 0,
    );
    expect(mail[0]?.subject).toBe('Activate your PhoneFleet account');
  });

  it('adds an enterprise under that channel; it is listed Inactivated with its channel', async () => {
    await page.goto(`${running.url}/enterpriseManagement`);
    await page.getByTestId('enterprise-list').waitFor();
    await page.getByTestId('org-add').click();
    await page.waitForURL((url) => url.pathname === '/enterpriseManagement/addEnterprise');

    await page.getByTestId('org-name').fill(ENTERPRISE.name);
    await page.getByTestId('org-email').fill(ENTERPRISE.email);
    await page.getByTestId('org-save').click();
    await page.locator('#country_help').getByText('This field cannot be empty!').waitFor();
    await page.getByTestId('org-country').fill(ENTERPRISE.country);
    await page.getByTestId('org-device-limit').fill('50');
    await page.getByLabel('Channel').click();
    await page.locator('.ant-select-item-option', { hasText: CHANNEL.name }).first().click();
    await page.getByTestId('org-save').click();

    await page.waitForURL((url) => url.pathname === '/enterpriseManagement');
    await toast(`An activation email has been sent to ${ENTERPRISE.email}`).waitFor();
    await rowOf(ENTERPRISE.name).waitFor();
    const text = (await rowOf(ENTERPRISE.name).textContent()) ?? '';
    for (const shown of [ENTERPRISE.email, ENTERPRISE.country, '50', CHANNEL.name, 'Inactivated']) {
      expect(text).toContain(shown);
    }
  });

  it('exports the listed enterprises as an xlsx file', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('org-export').click(),
    ]);
    expect(download.suggestedFilename()).toBe('enterprises.xlsx');
    const file = await download.path();
    expect(file && statSync(file).size).toBeGreaterThan(0);
  });

  it('freezes and unfreezes the enterprise after confirmations', async () => {
    await rowOf(ENTERPRISE.name).getByRole('button', { name: 'Freeze' }).click();
    await confirmDialog().getByText('Freeze 1 enterprise(s)?', { exact: false }).waitFor();
    await confirmDialog().getByRole('button', { name: 'Freeze' }).click();
    await expect.poll(() => statusOf(ENTERPRISE.name)).toBe('frozen');
    expect(await rowOf(ENTERPRISE.name).locator('[data-status]').textContent()).toBe('Frozen');
    expect((await enterpriseRow()).status).toBe('frozen');

    await rowOf(ENTERPRISE.name).getByRole('button', { name: 'Unfreeze' }).click();
    await confirmDialog().getByRole('button', { name: 'Unfreeze' }).click();
    // No user has activated yet: it is inactivated again, not normal.
    await expect.poll(() => statusOf(ENTERPRISE.name)).toBe('inactivated');
    expect((await enterpriseRow()).status).toBe('inactivated');
  });

  it('sends a notification email to the selected enterprise; the SMTP server receives it', async () => {
    await rowOf(ENTERPRISE.name).locator('input[type=checkbox]').check();
    await page.getByTestId('org-send-email').click();
    await page.waitForURL((url) => url.pathname === '/enterpriseManagement/sendEmail');
    await page.getByTestId('org-recipients').getByText(ENTERPRISE.name).waitFor();

    await page.getByTestId('org-send').click();
    await page.locator('#title_help').getByText('This field cannot be empty!').waitFor();
    await page.getByTestId('org-mail-title').fill('Maintenance tonight');
    await page.getByTestId('org-mail-body').fill('The console is down from 22:00 to 23:00 UTC.');
    await page.getByTestId('org-send').click();

    await page.waitForURL((url) => url.pathname === '/enterpriseManagement');
    await toast('1 email(s) queued for sending').waitFor();
    const mails = await until(
      () => smtp.to(ENTERPRISE.email).filter((mail) => mail.subject === 'Maintenance tonight'),
      (found) => found.length > 0,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`Dear ${ENTERPRISE.name}`);
    expect(mails[0]?.text).toContain('The console is down from 22:00 to 23:00 UTC.');
  });

  it('the enterprise user, once activated, authorizes its channel on Authorized Channels', async () => {
    const activation = smtp
      .to(ENTERPRISE.email)
      .find((mail) => mail.subject === 'Activate your PhoneFleet account');
    const token = /[?&]token=([\w-]+)/.exec(activation?.text ?? '')?.[1];
    expect(token, 'activation link').toBeTruthy();
    const activated = await new ApiClient(running.url).call('POST', '/user/resetPassword', {
      token,
      password: ENTERPRISE_PASSWORD,
      confirmPassword: ENTERPRISE_PASSWORD,
    });
    expect(activated.code, activated.message).toBe(0);

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const user = await context.newPage();
    await user.goto(`${running.url}/login`);
    await submitLogin(user, {
      userName: ENTERPRISE.email,
      password: ENTERPRISE_PASSWORD,
      code: TEST_CAPTCHA,
    });
    await user.waitForURL((url) => !url.pathname.startsWith('/login'));
    await user.goto(`${running.url}/authorizedChannels`);
    const card = user.getByTestId('authorization');
    await card.getByTestId('authorization-channel').getByText(CHANNEL.name).waitFor();
    expect(await card.getByTestId('authorization-status').textContent()).toBe('Not authorized');

    await card.getByTestId('authorize').click();
    const confirm = user.locator('.ant-modal-confirm');
    await confirm
      .getByText(`Authorize channel “${CHANNEL.name}” to enter and manage your enterprise?`)
      .waitFor();
    await confirm.getByRole('button', { name: 'Authorize' }).click();
    await user.locator('.ant-message').getByText('The channel is authorized').waitFor();
    await expect.poll(() => card.getByTestId('authorization-status').textContent()).toBe('Authorized');
    await card.getByTestId('cancel-authorization').waitFor();
    expect((await enterpriseRow()).channelAuthorized).toBe(true);
    await context.close();

    // Activated: the administrator's list shows it Normal now.
    await page.reload();
    await expect.poll(() => statusOf(ENTERPRISE.name)).toBe('normal');
  });
});
