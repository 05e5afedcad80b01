import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
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
import { assertBuilt, launchBrowser, pickFromDropdown, submitLogin } from './support/browser.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The SMTP account the administrator types into the email server settings. */
const RELAY = { user: 'console@example.com', password: 'Relay#2026' };
const KEEPER = { userName: 'keeper', email: 'keeper@example.com', password: 'Keeper#2026' };
const NEW_EMAIL = 'keeper.new@example.com';

/**
 * Users and roles in the browser (issue 13): the administrator sets up email through the email
 * server settings dialog; an enterprise administrator adds a custom role and a sub-user limited to
 * one site; the activation email (read from a real SMTP server) opens 'Activate your account'; the
 * sub-user signs in, sees only its role's areas, and changes its email through /modifyEmail.
 */
describe('users, roles and account links', () => {
  let running: RunningConsole;
  let smtp: SmtpPeer;
  let browser: Browser;
  let acme: TestTenant;

  const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text);

  async function signIn(userName: string, password: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${running.url}/login`);
    await submitLogin(page, { userName, password, code: TEST_CAPTCHA });
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    return page;
  }

  /**
   * Picks `option` in the select or tree select `field` until the field shows `label` (a click that
   * lands while the dropdown is still opening can be lost; a second click on a tree node would
   * take it out again, so it is checked first).
   */
  async function choose(page: Page, field: Locator, option: Locator, label: string): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      if ((await field.textContent())?.includes(label)) return;
      if (!(await option.isVisible())) await field.click();
      await option.click();
      await page.waitForTimeout(200);
    }
    expect(await field.textContent()).toContain(label);
  }

  /** The link in the newest email to `address` (waits for it), to `/<page>?token=…`. */
  async function mailedLink(address: string, page: 'modifyPassword' | 'modifyEmail'): Promise<string> {
    await expect.poll(() => smtp.to(address).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const text = smtp.to(address).at(-1)?.text ?? '';
    const link = new RegExp(`https?://\\S+/${page}\\?token=\\S+`).exec(text)?.[0];
    expect(link, text).toBeDefined();
    return link ?? '';
  }

  beforeAll(async () => {
    assertBuilt();
    if (!existsSync(path.join(root, 'plugins/users/dist/mf-manifest.json')))
      throw new Error('plugins/users/dist is missing: run npm run build first');
    smtp = await SmtpPeer.start({ accounts: { [RELAY.user]: RELAY.password } });
    running = await createTestConsole({ mailRetryMs: 200 });
    acme = await createTenant(running.cradle.db, 'enterprise', 'Acme');
    const owner = new ApiClient(running.url);
    expect((await owner.signIn(acme.userName, acme.password)).code).toBe(0);
    const lobby = await owner.call('POST', '/tb-site-template/addSiteTemplate', {
      siteName: 'Lobby',
      parentId: acme.siteId,
    });
    expect(lobby.code, lobby.message).toBe(0);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
    await smtp?.stop();
  });

  it('lets the LAN administrator set up email in the email server settings dialog', async () => {
    const page = await signIn('admin', TEST_ADMIN_PASSWORD);
    await pickFromDropdown(page, 'user-menu', 'Email server settings');
    const dialog = page.getByRole('dialog', { name: 'Email server settings' });
    await dialog.getByTestId('mail-server').waitFor();
    // Never set: TLS on with its default port; TLS off moves the port to 25 while it is a default.
    expect(await dialog.getByTestId('mail-port').inputValue()).toBe('587');
    if ((await dialog.getByTestId('mail-tls').getAttribute('aria-checked')) === 'true')
      await dialog.getByTestId('mail-tls').click();
    expect(await dialog.getByTestId('mail-port').inputValue()).toBe('25');
    if ((await dialog.getByTestId('mail-enabled').getAttribute('aria-checked')) !== 'true')
      await dialog.getByTestId('mail-enabled').click();
    await dialog.getByTestId('mail-server').fill('127.0.0.1');
    await dialog.getByTestId('mail-port').fill(String(smtp.port));
    await dialog.getByTestId('mail-user').fill(RELAY.user);
    await dialog.getByTestId('mail-pass').fill(RELAY.password);
    await dialog.getByTestId('mail-test-to').fill('probe@example.com');
    await dialog.getByTestId('mail-test').click();
    await toast(page, 'The test email has been sent').waitFor();
    expect(smtp.to('probe@example.com')).toHaveLength(1);
    await dialog.getByTestId('mail-save').click();
    await toast(page, 'Saved successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // The password is write-only: the dialog says one is stored.
    await pickFromDropdown(page, 'user-menu', 'Email server settings');
    await expect
      .poll(() => page.getByRole('dialog').getByTestId('mail-pass').getAttribute('placeholder'))
      .toBe('Stored');
    await page.context().close();
  }, 120_000);

  it('lets an enterprise administrator add a custom role and a sub-user limited to one site', async () => {
    const page = await signIn(acme.userName, acme.password);
    await page.goto(`${running.url}/user?tab=roles`);
    await page.getByTestId('role-list').waitFor();
    await page.getByTestId('role-add').click();
    await page.waitForURL('**/user/addRole');
    await page.getByTestId('role-name').fill('Site keeper');
    await page.getByTestId('role-desc').fill('Sites only');
    for (const power of ['home', 'site', 'personnalInfo'])
      await page.getByTestId(`permission-${power}`).check();
    expect(await page.getByTestId('permission-site-delete').isChecked()).toBe(true);
    await page.getByTestId('permission-site-delete').uncheck();
    await page.getByTestId('role-save').click();
    await page.waitForURL((url) => url.pathname === '/user' && url.search === '?tab=roles');
    await page.getByTestId('role-list').getByText('Site keeper').waitFor();

    await page.getByTestId('tab-users').click();
    await page.getByTestId('user-list').waitFor();
    await page.getByTestId('user-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByTestId('user-name').fill(KEEPER.userName);
    await dialog.getByTestId('user-email').fill(KEEPER.email);
    const option = page.locator('.ant-select-item-option', { hasText: 'Site keeper' });
    await choose(page, dialog.getByTestId('user-role'), option, 'Site keeper');
    await dialog.getByRole('radio', { name: 'Chosen sites' }).check();
    const lobby = page.locator('.ant-select-tree-title', { hasText: 'Lobby' });
    await choose(page, dialog.getByTestId('user-sites'), lobby, 'Lobby');
    await dialog.locator('.ant-modal-title').click(); // closes the tree
    await dialog.getByTestId('user-save').click();
    await toast(page, `an activation email was sent to ${KEEPER.email}`).waitFor();
    const row = page.getByTestId('user-list').locator('tr', { hasText: KEEPER.userName });
    await row.waitFor();
    expect(await row.textContent()).toContain('Lobby');
    expect(await row.textContent()).toContain('Inactivated');
    expect(await row.textContent()).toContain('Site keeper');
    await page.context().close();
  }, 120_000);

  it('activates the sub-user through the emailed link; it signs in and sees its role’s areas only', async () => {
    const link = await mailedLink(KEEPER.email, 'modifyPassword');
    expect(link).toContain('activate=1');
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(link);
    await page.getByText('Activate your account').waitFor();
    await page.getByLabel('New password').fill('weak');
    await page.getByLabel('Confirm password').fill('other');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The two passwords are inconsistent!').waitFor();
    await page.getByLabel('New password').fill(KEEPER.password);
    await page.getByLabel('Confirm password').fill(KEEPER.password);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/login');
    await submitLogin(page, { userName: KEEPER.userName, password: KEEPER.password, code: TEST_CAPTCHA });
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.getByRole('menuitem', { name: 'Home' }).waitFor();
    const menu = await page.locator('.ant-pro-sider .ant-menu-item').allInnerTexts();
    expect(menu.some((item) => item.includes('Site'))).toBe(true);
    expect(menu.some((item) => item.includes('User'))).toBe(false);
    await context.close();
  }, 120_000);

  it('changes the sub-user’s email through personal info and the /modifyEmail link', async () => {
    const page = await signIn(KEEPER.userName, KEEPER.password);
    await pickFromDropdown(page, 'user-menu', 'Personal info');
    await page.waitForURL('**/personnalInfo');
    await expect.poll(() => page.getByTestId('personal-email').textContent()).toBe(KEEPER.email);
    await page.getByTestId('new-email').fill(NEW_EMAIL);
    await page.getByTestId('email-password').fill(KEEPER.password);
    await page.getByTestId('email-save').click();
    await page
      .getByTestId('email-link-sent')
      .getByText(`A confirmation link was sent to ${NEW_EMAIL}`)
      .waitFor();

    const link = await mailedLink(NEW_EMAIL, 'modifyEmail');
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(link);
    await visitor.getByText('Email address modified successfully!').waitFor();
    await visitor
      .getByTestId('countdown')
      .getByText(/Back to sign in in [1-5] s/)
      .waitFor();
    await visitor.waitForURL('**/login', { timeout: 10_000 });
    // The link is single use.
    await visitor.goto(link);
    await visitor.getByText('The email address was not modified').waitFor();
    await visitor.context().close();

    await page.reload();
    await expect.poll(() => page.getByTestId('personal-email').textContent()).toBe(NEW_EMAIL);
    await page.context().close();
  }, 120_000);

  it('lets the administrator enter an enterprise from the header and return', async () => {
    const page = await signIn('admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('enter-enterprise').click();
    const picker = page.getByRole('dialog', { name: 'Enter an enterprise' });
    const acmeNode = page.locator('.ant-select-tree-title', { hasText: 'Acme' });
    await choose(page, picker.getByTestId('enterprise-tree'), acmeNode, 'Acme');
    await picker.locator('#enter-ok').click();
    await page.getByTestId('entered-enterprise').getByText('Working in Acme').waitFor();
    // The console works in Acme now: its users are the list.
    await page.goto(`${running.url}/user`);
    await page.getByTestId('user-list').getByText(`${acme.userName}@example.com`).waitFor();
    await page.getByTestId('entered-return').click();
    await page.getByTestId('enter-enterprise').waitFor();
    expect(await page.getByTestId('entered-enterprise').count()).toBe(0);
    await page.context().close();
  }, 120_000);
});
