import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SimulatedFleet, SimulatedPhone } from '@phonefleet/sdk/testing';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../platform/src/app.js';
import { createTenant, type TestTenant } from '../platform/src/testing/tenants.js';
import {
  ApiClient,
  createTestConsole,
  TEST_ADMIN_PASSWORD,
  TEST_CAPTCHA,
} from '../platform/src/testing/test-console.js';
import { assertBuilt, launchBrowser, searchSelect, submitLogin } from './support/browser.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** This file's phones: their own loopback block and SIP port (docs/phone-simulator.md). */
const ADDRESS_BASE = '127.72.0.0';
const SIP_PORT = 5472;
const MAC_PREFIX = '0a:72:00';
/** Where a stranger claiming the first phone's MAC sends from. */
const STRANGER_ADDRESS = '127.72.0.250';
const credentials = { username: 'quay-phones', password: 'Quay#Phones2026' };
const PHONES = 6;

/**
 * Issue 11 items 1-3, as a person meets them: phones that asked for their configuration before
 * they were added are pushable the moment they are added (by the form or an import), leave the
 * unknown count when added, and the dashboard's figures agree with the device list.
 */
describe('first contact: phones seen before they were added (browser, simulated phones)', () => {
  let running: RunningConsole;
  let quay: TestTenant;
  let owner: ApiClient;
  let fleet: SimulatedFleet;
  let stranger: SimulatedPhone;
  let browser: Browser;
  let page: Page;
  let adminPage: Page;
  let folder: string;

  const card = (on: Page, testId: string) => on.getByTestId(testId);
  const list = () => page.getByTestId('device-list');
  const rows = () => list().locator('tbody tr.ant-table-row');
  const formItem = (label: string) =>
    page.getByTestId('device-form').locator('.ant-form-item').filter({ hasText: label });

  async function choose(select: Locator, option: string): Promise<void> {
    await select.locator('.ant-select-selector').click();
    await searchSelect(select, option);
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .locator(`[title="${option}"]`)
      .first()
      .click();
  }

  /** The dashboard as the person sees it after pressing Refresh. */
  async function dashboard(on: Page): Promise<void> {
    if (!on.url().endsWith('/')) {
      await on.goto(`${running.url}/`);
    }
    await on.getByTestId('home-dashboard').waitFor();
    await on.getByTestId('home-dashboard').getByRole('button', { name: 'Refresh' }).click();
    await on.locator('[data-testid=home-dashboard][aria-busy=false]').waitFor();
  }

  async function listPhones(): Promise<string[]> {
    await page.goto(`${running.url}/device`);
    const box = page.getByTestId('device-keywords');
    await box.fill(MAC_PREFIX);
    await box.press('Enter');
    await expect.poll(() => rows().count(), { timeout: 10_000 }).toBe(PHONES);
    return rows().allTextContents();
  }

  beforeAll(async () => {
    assertBuilt();
    for (const plugin of ['home', 'devices', 'tasks']) {
      if (!existsSync(path.join(root, `plugins/${plugin}/dist/mf-manifest.json`))) {
        throw new Error(`plugins/${plugin}/dist is missing: run npm run build first`);
      }
    }
    folder = mkdtempSync(path.join(tmpdir(), 'pf-first-contact-e2e-'));
    running = await createTestConsole({
      push: { tickMs: 200, sipT1Ms: 50, attempts: 2, retryDelayMs: 200, confirmTimeoutMs: 20_000 },
    });
    quay = await createTenant(running.cradle.db, 'enterprise', 'Quay Offices');
    owner = new ApiClient(running.url);
    await owner.signIn(quay.userName, quay.password);
    expect((await owner.call('POST', '/tb-provisioning/credentials', credentials)).code).toBe(0);
    const h2 = running.cradle.driverRegistry.model('H2P');
    if (!h2) throw new Error('H2 driver missing');
    fleet = await SimulatedFleet.start({
      consoleUrl: running.url,
      count: PHONES,
      models: [{ driver: h2.driver, model: 'H2P', firmware: '2.14.0.5' }],
      credentials,
      addressBase: ADDRESS_BASE,
      macBase: '0a7200000000',
      sipPort: SIP_PORT,
      httpPort: false,
    });
    // Powered on before anyone added them: every fetch and report is refused, but seen.
    const first = fleet.phones[0];
    if (!first) throw new Error('no phones');
    expect(await fleet.each((phone) => phone.fetchConfig().then((r) => r.status))).toEqual([]);
    for (const phone of fleet.phones) expect(await phone.report('setupCompleted')).toBe(401);
    // Someone else claims the first phone's MAC, without credentials, after it: never its address.
    stranger = new SimulatedPhone({
      driver: h2.driver,
      model: 'H2P',
      mac: first.options.mac,
      firmware: '9.9.9.9',
      provisioningUrl: `${running.url}/prov`,
      address: STRANGER_ADDRESS,
      sipPort: 5999,
      httpPort: false,
    });
    expect((await stranger.fetchConfig()).status).toBe(401);

    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    page = await context.newPage();
    await page.goto(`${running.url}/login`);
    await submitLogin(page, { userName: quay.userName, password: quay.password, code: TEST_CAPTCHA });
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const adminContext = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    adminPage = await adminContext.newPage();
    await adminPage.goto(`${running.url}/login`);
    await submitLogin(adminPage, { userName: 'admin', password: TEST_ADMIN_PASSWORD, code: TEST_CAPTCHA });
    await adminPage.waitForURL((url) => !url.pathname.startsWith('/login'));
  });

  afterAll(async () => {
    await browser?.close();
    await fleet?.stop();
    await running?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('counts the phones that asked as unknown devices, and says why empty figures are empty', async () => {
    await dashboard(page);
    expect(await card(page, 'unknown-devices').textContent()).toContain(`Unknown devices${PHONES}`);
    expect(await card(page, 'total-devices').textContent()).toBe('Total devices0');
    expect(await card(page, 'model-statistics').textContent()).toContain('No devices yet');
    expect(await card(page, 'sip-account-status').textContent()).toContain('No SIP accounts yet');
    expect(await card(page, 'call-quality').textContent()).toContain('No calls yet');
  });

  it('adds one phone with the form and the rest by import: all online at once, off the unknown count', async () => {
    const [first, ...rest] = fleet.phones;
    if (!first) throw new Error('no phones');
    await page.goto(`${running.url}/device/addDevice`);
    const groups = first.options.mac.match(/.{2}/g) ?? [];
    for (const [index, text] of groups.entries()) await page.getByTestId(`mac-group-${index}`).fill(text);
    await choose(formItem('Device Model'), 'H2P');
    await formItem('Firmware Version').locator('input').fill('2.14.0.5');
    await choose(formItem('Site'), 'Default');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${running.url}/device`);

    const file = path.join(folder, 'phones.xlsx');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Devices');
    sheet.addRow(['MAC Address', 'Device Name', 'Device Model', 'Firmware Version', 'Site', 'S/N']);
    for (const phone of rest) sheet.addRow([phone.options.mac, '', 'H2P', '2.14.0.5', 'Default', '']);
    await workbook.xlsx.writeFile(file);
    await list().getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByText('phones.xlsx').waitFor();
    await page.getByTestId('import-upload').click();
    await page
      .getByTestId('import-summary')
      .getByText(`Imported ${PHONES - 1}, refused 0`)
      .waitFor();

    // Online, at the phones' own addresses (not the stranger's), before any of them asked again.
    const texts = await listPhones();
    for (const text of texts) {
      expect(text).toContain('Online');
      expect(text).toContain(ADDRESS_BASE.slice(0, 8));
      expect(text).not.toContain(STRANGER_ADDRESS);
    }
    await dashboard(page);
    expect(await card(page, 'unknown-devices').textContent()).toContain('Unknown devices0');
    expect(await card(page, 'total-devices').textContent()).toBe(`Total devices${PHONES}`);
    expect(await card(page, 'online-devices').textContent()).toContain(`Online${PHONES}`);
  });

  it('reboots the phones at once: every result is success', async () => {
    const before = fleet.counters.notifies;
    await page.goto(`${running.url}/task`);
    await page.getByTestId('task-add').click();
    await page.waitForURL(`${running.url}/task/addTask`);
    await page.getByTestId('task-name').fill('Reboot the quay phones');
    const picker = page.getByTestId('task-device-picker');
    const search = page.getByTestId('task-device-keywords');
    await search.fill(MAC_PREFIX);
    await search.press('Enter');
    await expect.poll(() => picker.locator('tbody tr.ant-table-row').count()).toBe(PHONES);
    await picker.locator('thead input[type=checkbox]').check();
    await page.getByTestId('task-submit').click();
    await page.waitForURL(`${running.url}/task`);
    const row = page.getByTestId('task-list').locator('tbody tr.ant-table-row').filter({
      hasText: 'Reboot the quay phones',
    });
    await row.getByRole('button', { name: 'Results' }).click();
    await page.waitForURL((url) => url.pathname === '/task/taskResult');
    await expect
      .poll(() => page.getByTestId('result-count-2').textContent(), { timeout: 30_000 })
      .toBe(`Success ${PHONES}`);
    expect(await page.getByTestId('result-count-3').textContent()).toBe('Failed 0');
    // One NOTIFY per phone, each on its own address and SIP port.
    expect(fleet.counters.notifies - before).toBe(PHONES);
  });

  it('shows as Registered exactly the phones the device list shows Normal, and the administrator the organizations', async () => {
    // The rebooted phones report setupCompleted and registered (action URLs) as they boot.
    await running.cradle.deviceEventService.flush();
    await expect
      .poll(async () => (await listPhones()).filter((text) => text.includes('Normal')).length, {
        timeout: 20_000,
      })
      .toBe(PHONES);
    await dashboard(page);
    expect(await card(page, 'registered-accounts').textContent()).toContain(`Registered${PHONES}`);
    await dashboard(adminPage);
    expect(await card(adminPage, 'registered-accounts').textContent()).toContain(`Registered${PHONES}`);
    expect(await card(adminPage, 'organization-statistics').textContent()).toContain(
      `Quay Offices (Enterprise)${PHONES}`,
    );
    // The stranger's request for the first phone's MAC was settled when the phone was added.
    expect(await card(adminPage, 'unknown-devices').textContent()).toContain('Unknown devices0');
  });

  it('counts a removed phone as unknown again only once it asks again', async () => {
    const last = fleet.phones[PHONES - 1];
    if (!last) throw new Error('no phones');
    const found = await owner.call<{ list: { id: number; macAddress: string }[] }>('POST', '/device/search', {
      currentPage: 1,
      pageSize: 50,
      keywords: last.options.mac,
    });
    const id = found.rows[0]?.list[0]?.id;
    expect((await owner.call('DELETE', '/device/removeBatch', { ids: [id] })).code).toBe(0);
    await dashboard(page);
    expect(await card(page, 'unknown-devices').textContent()).toContain('Unknown devices0');
    expect((await last.fetchConfig()).status).toBe(401);
    await dashboard(page);
    expect(await card(page, 'unknown-devices').textContent()).toContain('Unknown devices1');
  });
});
