import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
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
/** The SMTP account the console relays through. */
const RELAY = { user: 'console@example.com', password: 'Relay#2026' };
const CHANNEL = {
  name: 'Harbour Resellers',
  email: 'desk@harbour-resellers.example',
  password: 'Harbour#2026',
};
const ENTERPRISE = {
  name: 'Quay Hotels',
  email: 'it@quay-hotels.example',
  country: 'Norway',
  password: 'QuayHotels#2026',
};
const SUB_USER = {
  userName: 'annex.keeper',
  email: 'annex@quay-hotels.example',
  password: 'AnnexKeeper#2026',
};
/** Added by the channel user while it works in Quay Hotels (Default site). */
const CHANNEL_DEVICE = '00:15:65:13:00:01';
/** Added by the enterprise user: one in Annex, one in the default site. */
const ANNEX_DEVICE = '00:15:65:13:00:02';
const DEFAULT_DEVICE = '00:15:65:13:00:03';

/**
 * Issue 13's acceptance scenario, walked as new users would through the screens
 * (docs/organisations-ui.md, docs/users-ui.md): the administrator creates a channel and an enterprise
 * under it; both first users activate from the emails a real SMTP server receives; the channel user
 * cannot enter the enterprise until the enterprise authorizes it, then enters it and adds a device
 * that belongs to the enterprise; the enterprise adds a site and a sub-user limited to it, who sees
 * only that site's devices; cancelling the authorization shuts the channel out again.
 */
describe('organisation journey: channel, enterprise, authorization, sub-user (issue 13)', () => {
  let running: RunningConsole;
  let smtp: SmtpPeer;
  let browser: Browser;
  /** One signed-in page per person, kept across the steps. */
  let admin: Page;
  let enterprise: Page;
  let channel: Page;

  const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text);
  const orgRow = (page: Page, name: string) => page.locator('tbody tr.ant-table-row', { hasText: name });
  const deviceRows = (page: Page) => page.getByTestId('device-list').locator('tbody tr.ant-table-row');

  /** Clicks a sidebar entry by its title (the entry's name also holds its icon's label). */
  async function openMenu(page: Page, title: string): Promise<void> {
    await page.getByRole('menuitem', { name: new RegExp(`(^|\\s)${title}$`) }).click();
  }

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    return context.newPage();
  }

  async function signIn(page: Page, userName: string, password: string): Promise<void> {
    if (!page.url().endsWith('/login')) await page.goto(`${running.url}/login`);
    await submitLogin(page, { userName, password, code: TEST_CAPTCHA });
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  }

  /** The activation link of the newest 'Activate your PhoneFleet account' email to `address`. */
  async function activationLink(address: string): Promise<string> {
    const activations = () =>
      smtp.to(address).filter((mail) => mail.subject === 'Activate your PhoneFleet account');
    await expect.poll(() => activations().length, { timeout: 20_000 }).toBeGreaterThan(0);
    const text = activations().at(-1)?.text ?? '';
    const link = /https?:\/\/\S+\/modifyPassword\?token=\S+/.exec(text)?.[0];
    expect(link, text).toBeDefined();
    expect(link).toContain('activate=1');
    return link ?? '';
  }

  /** Opens the emailed link in a fresh browser, sets the password, then signs in with it. */
  async function activateAndSignIn(address: string, userName: string, password: string): Promise<Page> {
    const link = await activationLink(address);
    const page = await newPage();
    await page.goto(link);
    await page.getByText('Activate your account').waitFor();
    await page.getByLabel('New password').fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/login');
    await toast(page, 'Password modified successfully!').waitFor();
    await signIn(page, userName, password);
    return page;
  }

  /**
   * Picks `option` in the select or tree select `field` until the field shows `label` (a click that
   * lands while the dropdown is still opening can be lost; a second click on a tree node would take
   * it out again, so it is checked first).
   */
  async function choose(
    page: Page,
    field: Locator,
    option: Locator,
    label: string,
    { search = false } = {},
  ): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      if ((await field.textContent())?.includes(label)) return;
      if (!(await option.isVisible())) {
        await field.click();
        // A long list (every loaded driver's models) shows only its first options: search it.
        if (search) await field.locator('input').fill(label);
      }
      await option.click();
      await page.waitForTimeout(200);
    }
    expect(await field.textContent()).toContain(label);
  }

  /** The header's enterprise picker, open, with the enterprise's node shown in its tree. */
  async function openPicker(page: Page): Promise<{ picker: Locator; tree: Locator; node: Locator }> {
    await page.getByTestId('enter-enterprise').click();
    const picker = page.getByRole('dialog', { name: 'Enter an enterprise' });
    const tree = picker.getByTestId('enterprise-tree');
    const node = page.locator('.ant-select-tree-title', { hasText: ENTERPRISE.name });
    await tree.click();
    await node.waitFor();
    return { picker, tree, node };
  }

  /** Whether the picker shows the enterprise greyed out (antd's disabled tree node). */
  const greyed = (page: Page, node: Locator) =>
    page
      .locator('.ant-select-tree-treenode', { has: node })
      .evaluate((element) => element.classList.contains('ant-select-tree-treenode-disabled'));

  /** The picker lists Quay Hotels greyed out: choosing it picks nothing and Enter stays disabled. */
  async function expectNotEnterable(page: Page): Promise<void> {
    const { picker, tree, node } = await openPicker(page);
    expect(await greyed(page, node)).toBe(true);
    // The dropdown may still be opening (outside the viewport for a click): dispatch the click itself.
    await node.dispatchEvent('click');
    await page.waitForTimeout(300);
    expect(await tree.textContent()).not.toContain(ENTERPRISE.name);
    expect(await picker.locator('#enter-ok').isDisabled()).toBe(true);
    await picker.locator('.ant-modal-title').click(); // closes the tree
    await picker.getByRole('button', { name: 'Cancel' }).click();
    await picker.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('entered-enterprise').count()).toBe(0);
  }

  /** Device → Add, the six MAC groups, model, firmware and site, Save; back on the list. */
  async function addDevice(page: Page, mac: string, site: string): Promise<void> {
    await page.goto(`${running.url}/device`);
    await page.getByTestId('device-list').getByRole('button', { name: 'Add', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/device/addDevice');
    for (const [index, group] of mac.split(':').entries())
      await page.getByTestId(`mac-group-${index}`).fill(group);
    const item = (label: string) =>
      page.getByTestId('device-form').locator('.ant-form-item').filter({ hasText: label });
    const dropdownOption = (title: string) =>
      page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
        .locator(`[title="${title}"]`)
        .first();
    await choose(page, item('Device Model').locator('.ant-select'), dropdownOption('H2P'), 'H2P', {
      search: true,
    });
    await item('Firmware Version').locator('input').fill('2.0.1.10');
    await choose(page, item('Site').locator('.ant-select'), dropdownOption(site), site);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/device');
    await deviceRows(page).filter({ hasText: mac }).waitFor();
  }

  /** The MACs the device list shows, in order of MAC. */
  async function shownMacs(page: Page): Promise<string[]> {
    const texts = await deviceRows(page).allInnerTexts();
    return texts.map((text) => /([0-9a-f]{2}:){5}[0-9a-f]{2}/.exec(text)?.[0] ?? text).sort();
  }

  /** Opens the device list and waits until it shows exactly `macs`. */
  async function expectDeviceList(page: Page, macs: string[]): Promise<void> {
    await page.goto(`${running.url}/device`);
    await page.getByTestId('device-list').waitFor();
    await expect.poll(() => shownMacs(page)).toEqual([...macs].sort());
  }

  beforeAll(async () => {
    assertBuilt();
    for (const plugin of ['organisations', 'users', 'devices', 'sites']) {
      if (!existsSync(path.join(root, `plugins/${plugin}/dist/mf-manifest.json`)))
        throw new Error(`plugins/${plugin}/dist is missing: run npm run build first`);
    }
    smtp = await SmtpPeer.start({ accounts: { [RELAY.user]: RELAY.password } });
    running = await createTestConsole({ mailRetryMs: 200 });
    // Set-up with no screen in this journey: the email server (its dialog has its own test).
    const api = new ApiClient(running.url);
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
  });

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
    await smtp?.stop();
  });

  it('the administrator signs in and creates channel “Harbour Resellers” from Channel Management', async () => {
    admin = await newPage();
    await signIn(admin, 'admin', TEST_ADMIN_PASSWORD);
    await openMenu(admin, 'Channel Management');
    await admin.getByTestId('channel-list').waitFor();
    await admin.getByTestId('org-add').click();
    await admin.waitForURL((url) => url.pathname === '/channelManagement/addChannel');
    await admin.getByTestId('org-name').fill(CHANNEL.name);
    await admin.getByTestId('org-email').fill(CHANNEL.email);
    await admin.getByTestId('org-save').click();
    await admin.waitForURL((url) => url.pathname === '/channelManagement');
    await toast(admin, `An activation email has been sent to ${CHANNEL.email}`).waitFor();
    const row = orgRow(admin, CHANNEL.name);
    await row.waitFor();
    expect(await row.locator('[data-status]').textContent()).toBe('Inactivated');
    expect(await row.textContent()).toContain(CHANNEL.email);
  });

  it('the administrator creates enterprise “Quay Hotels” under that channel from Enterprise Management', async () => {
    await openMenu(admin, 'Enterprise Management');
    await admin.getByTestId('enterprise-list').waitFor();
    await admin.getByTestId('org-add').click();
    await admin.waitForURL((url) => url.pathname === '/enterpriseManagement/addEnterprise');
    await admin.getByTestId('org-name').fill(ENTERPRISE.name);
    await admin.getByTestId('org-email').fill(ENTERPRISE.email);
    await admin.getByTestId('org-country').fill(ENTERPRISE.country);
    const channelField = admin
      .locator('.ant-form-item', { has: admin.getByLabel('Channel') })
      .locator('.ant-select');
    const option = admin.locator('.ant-select-item-option', { hasText: CHANNEL.name }).first();
    await choose(admin, channelField, option, CHANNEL.name);
    await admin.getByTestId('org-save').click();
    await admin.waitForURL((url) => url.pathname === '/enterpriseManagement');
    await toast(admin, `An activation email has been sent to ${ENTERPRISE.email}`).waitFor();
    const row = orgRow(admin, ENTERPRISE.name);
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    for (const shown of [ENTERPRISE.email, ENTERPRISE.country, CHANNEL.name, 'Inactivated'])
      expect(text).toContain(shown);
  });

  it('both first users get activation emails; the enterprise user activates, signs in and finds its channel Not authorized', async () => {
    await activationLink(CHANNEL.email);
    enterprise = await activateAndSignIn(ENTERPRISE.email, ENTERPRISE.email, ENTERPRISE.password);
    await openMenu(enterprise, 'Authorized Channels');
    const card = enterprise.getByTestId('authorization');
    await card.getByTestId('authorization-channel').getByText(CHANNEL.name).waitFor();
    expect(await card.getByTestId('authorization-status').textContent()).toBe('Not authorized');
    await card.getByText(`Channel “${CHANNEL.name}” may not enter your enterprise.`).waitFor();
    // The enterprise has no way into other enterprises.
    expect(await enterprise.getByTestId('enter-enterprise').count()).toBe(0);
  });

  it('the channel user activates and signs in; before the authorization its picker lists Quay Hotels but does not let it enter', async () => {
    channel = await activateAndSignIn(CHANNEL.email, CHANNEL.email, CHANNEL.password);
    await expectNotEnterable(channel);
  });

  it('the enterprise user authorizes “Harbour Resellers” on Authorized Channels', async () => {
    const card = enterprise.getByTestId('authorization');
    await card.getByTestId('authorize').click();
    const confirm = enterprise.locator('.ant-modal-confirm');
    await confirm
      .getByText(`Authorize channel “${CHANNEL.name}” to enter and manage your enterprise?`)
      .waitFor();
    await confirm.getByRole('button', { name: 'Authorize' }).click();
    await toast(enterprise, 'The channel is authorized').waitFor();
    await expect.poll(() => card.getByTestId('authorization-status').textContent()).toBe('Authorized');
    await card
      .getByText(`Channel “${CHANNEL.name}” may enter your enterprise and manage its data.`)
      .waitFor();
    await card.getByTestId('cancel-authorization').waitFor();
  });

  it('the channel user enters Quay Hotels from the header, adds a device there and returns', async () => {
    const { picker, tree, node } = await openPicker(channel);
    expect(await greyed(channel, node)).toBe(false);
    await choose(channel, tree, node, ENTERPRISE.name);
    await picker.locator('#enter-ok').click();
    await channel.getByTestId('entered-enterprise').getByText(`Working in ${ENTERPRISE.name}`).waitFor();

    await addDevice(channel, CHANNEL_DEVICE, 'Default');
    expect(await deviceRows(channel).filter({ hasText: CHANNEL_DEVICE }).textContent()).toContain('Default');

    await channel.getByTestId('entered-return').click();
    await channel.getByTestId('enter-enterprise').waitFor();
    expect(await channel.getByTestId('entered-enterprise').count()).toBe(0);
  });

  it('the device belongs to Quay Hotels: the enterprise user’s device list shows it', async () => {
    await expectDeviceList(enterprise, [CHANNEL_DEVICE]);
    expect(await deviceRows(enterprise).first().textContent()).toContain('Default');
    // Its first user has activated: the administrator's list shows the enterprise Normal.
    await admin.reload();
    const row = orgRow(admin, ENTERPRISE.name);
    await expect.poll(() => row.locator('[data-status]').textContent()).toBe('Normal');
  });

  it('the enterprise user adds site “Annex”, then a device in Annex and one in the default site', async () => {
    await enterprise.goto(`${running.url}/site`);
    await enterprise.getByTestId('site-actions').waitFor();
    await enterprise.getByRole('button', { name: 'Add child site' }).click();
    await enterprise.waitForURL((url) => url.pathname === '/site/addSite');
    await enterprise.getByTestId('site-name').fill('Annex');
    await enterprise.getByTestId('site-next').click();
    await enterprise.waitForURL((url) => url.pathname === '/site/setParam');
    await enterprise.getByTestId('parameter-editor').waitFor();
    // Saving a site's parameters needs at least one: the MTU, as a person would tick it.
    await enterprise.getByTestId('tab-network').click();
    await enterprise.getByTestId('push-network.ipParameter.MTU').check();
    await enterprise.getByRole('button', { name: 'Save only' }).click();
    await enterprise.waitForURL((url) => url.pathname === '/site');
    await enterprise.getByTestId('wizard-finished').getByText('Site “Annex” is ready').waitFor();
    await enterprise.getByTestId('site-tree').getByText('Annex (0)').waitFor();

    await addDevice(enterprise, ANNEX_DEVICE, 'Annex');
    await addDevice(enterprise, DEFAULT_DEVICE, 'Default');
    await expectDeviceList(enterprise, [CHANNEL_DEVICE, ANNEX_DEVICE, DEFAULT_DEVICE]);
    expect(await deviceRows(enterprise).filter({ hasText: ANNEX_DEVICE }).textContent()).toContain('Annex');
  });

  it('the enterprise user adds a sub-user limited to Annex from Users → Add', async () => {
    await openMenu(enterprise, 'User');
    await enterprise.getByTestId('user-list').waitFor();
    await enterprise.getByTestId('user-add').click();
    const dialog = enterprise.getByRole('dialog', { name: 'Add user' });
    await dialog.getByTestId('user-name').fill(SUB_USER.userName);
    await dialog.getByTestId('user-email').fill(SUB_USER.email);
    const role = enterprise.locator('.ant-select-item-option', { hasText: 'Enterprise administrator' });
    await choose(enterprise, dialog.getByTestId('user-role'), role, 'Enterprise administrator');
    await dialog.getByRole('radio', { name: 'Chosen sites' }).check();
    const annex = enterprise.locator('.ant-select-tree-title', { hasText: 'Annex' });
    await choose(enterprise, dialog.getByTestId('user-sites'), annex, 'Annex');
    await dialog.locator('.ant-modal-title').click(); // closes the tree
    await dialog.getByTestId('user-save').click();
    await toast(
      enterprise,
      `The user has been added: an activation email was sent to ${SUB_USER.email}`,
    ).waitFor();
    const row = enterprise.getByTestId('user-list').locator('tr', { hasText: SUB_USER.userName });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    for (const shown of [SUB_USER.email, 'Enterprise administrator', 'Annex', 'Inactivated'])
      expect(text).toContain(shown);
  });

  it('the sub-user activates from its email, signs in and its device list shows only the Annex device', async () => {
    const sub = await activateAndSignIn(SUB_USER.email, SUB_USER.userName, SUB_USER.password);
    await expectDeviceList(sub, [ANNEX_DEVICE]);
    const row = deviceRows(sub).first();
    expect(await row.textContent()).toContain('Annex');
    expect(await sub.getByTestId('device-list').textContent()).not.toContain(DEFAULT_DEVICE);
    expect(await sub.getByTestId('device-list').textContent()).not.toContain(CHANNEL_DEVICE);
    await sub.context().close();
  });

  it('after the enterprise cancels the authorization, the channel user’s picker no longer lets it enter', async () => {
    await openMenu(enterprise, 'Authorized Channels');
    const card = enterprise.getByTestId('authorization');
    await card.getByTestId('cancel-authorization').click();
    const confirm = enterprise.locator('.ant-modal-confirm');
    await confirm
      .getByText(
        `Cancel the authorization of channel “${CHANNEL.name}”? It can no longer enter your enterprise.`,
      )
      .waitFor();
    await confirm.getByRole('button', { name: 'Cancel authorization' }).click();
    await toast(enterprise, 'The authorization is cancelled').waitFor();
    await expect.poll(() => card.getByTestId('authorization-status').textContent()).toBe('Not authorized');

    await channel.reload();
    await expectNotEnterable(channel);
  });
});
