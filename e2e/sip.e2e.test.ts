import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SimulatedFleet, type SippRegistrar, startSippRegistrar } from '@phonefleet/sdk/testing';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../platform/src/app.js';
import { createTenant, type TestTenant } from '../platform/src/testing/tenants.js';
import { ApiClient, createTestConsole, TEST_CAPTCHA } from '../platform/src/testing/test-console.js';
import { assertBuilt, launchBrowser, submitLogin } from './support/browser.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** This file's phones: their own loopback block and SIP port (docs/phone-simulator.md). */
const ADDRESS_BASE = '127.74.0.0';
const SIP_PORT = 5474;
const MAC_BASE = '0a7400000000';
const PHONES = 20;
const credentials = { username: 'clinic-phones', password: 'Clinic#Phones2026' };
const REGISTRAR_PASSWORD = 'Reg#Clinic-2026';
const WRONG_PASSWORD = 'Not#The-Password';
const SERVER_NAME = 'Clinic PBX';
/** The account template's columns (GET /tb-sip-account/template), in its order. */
const TEMPLATE_COLUMNS = [
  'Label',
  'Register Name',
  'Password',
  'Display Name',
  'User Name',
  'SIP Server',
  'Model',
  'Site',
];

/** Extension of phone `index` (0-based): 7401 … 7420; the last one gets the wrong password. */
const extension = (index: number) => String(7401 + index);
const room = (index: number) => `Room ${String(index + 1).padStart(2, '0')}`;

/**
 * The SIP issue's "done when", as a new user meets it: a SIP server entered on its form, twenty
 * accounts imported from a spreadsheet, bound to twenty phones on line 1 in the bulk page, a
 * configuration push from the task screens; the phones fetch, register with a real registrar
 * (sipp, digest over UDP) and report, and the console shows nineteen registered accounts and the
 * one with the wrong password refused with sipp's '403 Forbidden'.
 */
describe('SIP accounts from import to registration (browser, simulated phones, sipp)', () => {
  let running: RunningConsole;
  let clinic: TestTenant;
  let owner: ApiClient;
  let registrar: SippRegistrar;
  let fleet: SimulatedFleet;
  let browser: Browser;
  let page: Page;
  let folder: string;

  const macOf = (index: number): string => {
    const phone = fleet.phones[index];
    if (!phone) throw new Error(`no phone ${index}`);
    // As the console shows it: 0a:74:00:00:00:05.
    return (phone.options.mac.match(/.{2}/g) ?? []).join(':');
  };
  /** The dropdown that is open now (antd keeps closed ones in the page, hidden). */
  const openDropdown = () => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const accountList = () => page.getByTestId('sip-account-list');
  const accountRows = () => accountList().locator('tbody tr.ant-table-row');
  const listTotal = (list: Locator) => list.locator('.ant-pagination-total-text');

  /**
   * Clicks an item of a select's dropdown once the dropdown has finished opening: a click that
   * lands while it is still sliding in can be lost (as `pickFromDropdown` says of menus).
   */
  async function clickInDropdown(item: Locator): Promise<void> {
    await item.waitFor();
    await item.locator('xpath=ancestor::div[contains(@class, "ant-select-dropdown")][1]').evaluate(
      (node) =>
        new Promise<void>((resolve) => {
          const settled = () => !/-(enter|appear)/.test(node.className);
          if (settled()) return resolve();
          const observer = new MutationObserver(() => {
            if (settled()) {
              observer.disconnect();
              resolve();
            }
          });
          observer.observe(node, { attributes: true, attributeFilter: ['class'] });
        }),
    );
    await item.click();
  }

  /** Opens a Select, picks the option with this exact title and waits until the select shows it. */
  async function choose(select: Locator, option: string): Promise<void> {
    await select.locator('.ant-select-selector').click();
    await clickInDropdown(openDropdown().locator(`.ant-select-item-option[title="${option}"]`));
    await select.locator(`.ant-select-selection-item[title="${option}"]`).waitFor();
  }

  /** Opens a site TreeSelect, picks the tenant's site and waits until the select shows it. */
  async function chooseSite(select: Locator): Promise<void> {
    await select.click();
    await clickInDropdown(openDropdown().locator('.ant-select-tree-title', { hasText: 'Default' }).first());
    await select.locator('.ant-select-selection-item[title="Default"]').waitFor();
  }

  /**
   * Types into a searchable multiple select, picks the option the search brings that holds `text`,
   * and waits for its tag.
   */
  async function pickBySearch(select: Locator, typed: string, text: string): Promise<void> {
    await select.locator('input').fill(typed);
    await clickInDropdown(openDropdown().locator('.ant-select-item-option', { hasText: text }));
    await select.locator('.ant-select-selection-item', { hasText: text }).waitFor();
  }

  /**
   * The account list as shown after a reload, all twenty on one page (50 per page): how many rows
   * show each status tag, and the rows' texts.
   */
  async function allAccounts(): Promise<{ statuses: Record<string, number>; texts: string[] }> {
    await page.goto(`${running.url}/sipAccount`);
    await accountRows().first().waitFor();
    await accountList().locator('.ant-pagination-options .ant-select-selector').click();
    await clickInDropdown(
      openDropdown()
        .locator('.ant-select-item-option')
        .filter({ hasText: /^50 \/ page$/ }),
    );
    await expect.poll(() => accountRows().count(), { timeout: 30_000 }).toBe(PHONES);
    const statuses: Record<string, number> = {};
    for (const status of ['Unassigned', 'Registered', 'Unregistered']) {
      const count = await accountRows().getByText(status, { exact: true }).count();
      if (count) statuses[status] = count;
    }
    return { statuses, texts: await accountRows().allTextContents() };
  }

  /** The account list filtered by one status, once its total is `total` ("Total N items"). */
  async function filterByStatus(status: 'Registered' | 'Unregistered', total: number): Promise<void> {
    await page.goto(`${running.url}/sipAccount`);
    await accountRows().first().waitFor();
    await choose(page.getByTestId('sip-account-status-filter'), status);
    await expect
      .poll(() => listTotal(accountList()).textContent(), { timeout: 30_000 })
      .toBe(`Total ${total} items`);
  }

  /** A phone's lines page, reached as a person does: the device list, its MAC, "SIP accounts". */
  async function openLines(index: number): Promise<Locator> {
    const mac = macOf(index);
    await page.goto(`${running.url}/device`);
    const keywords = page.getByTestId('device-keywords');
    await keywords.fill(mac);
    await keywords.press('Enter');
    const rows = page.getByTestId('device-list').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(1);
    await rows.first().getByText(mac).waitFor();
    await rows.first().getByTestId('device-sip-accounts').click();
    await page.waitForURL((url) => url.pathname === '/device/deviceAccount');
    const card = page.getByTestId('device-account-page');
    await card.getByText(`SIP accounts of ${mac}`).waitFor();
    return card;
  }

  beforeAll(async () => {
    assertBuilt();
    for (const plugin of ['devices', 'sip', 'tasks', 'home']) {
      if (!existsSync(path.join(root, `plugins/${plugin}/dist/mf-manifest.json`))) {
        throw new Error(`plugins/${plugin}/dist is missing: run npm run build first`);
      }
    }
    folder = mkdtempSync(path.join(tmpdir(), 'pf-sip-e2e-'));
    running = await createTestConsole({
      push: { tickMs: 200, sipT1Ms: 50, attempts: 2, retryDelayMs: 200, confirmTimeoutMs: 20_000 },
    });
    clinic = await createTenant(running.cradle.db, 'enterprise', 'Harbour Clinic');
    owner = new ApiClient(running.url);
    await owner.signIn(clinic.userName, clinic.password);
    expect((await owner.call('POST', '/tb-provisioning/credentials', credentials)).code).toBe(0);
    registrar = await startSippRegistrar({ password: REGISTRAR_PASSWORD });
    const h2 = running.cradle.driverRegistry.model('H2P');
    if (!h2) throw new Error('H2 driver missing');
    fleet = await SimulatedFleet.start({
      consoleUrl: running.url,
      count: PHONES,
      models: [{ driver: h2.driver, model: 'H2P', firmware: '2.14.0.5' }],
      credentials,
      addressBase: ADDRESS_BASE,
      macBase: MAC_BASE,
      sipPort: SIP_PORT,
      httpPort: false,
      accountBase: false,
    });
    // The phones are the console's devices, in service: added, then powered on (their address
    // and SIP port, where pushes go, are recorded as they fetch and report).
    for (const [index, phone] of fleet.phones.entries()) {
      const added = await owner.call('POST', '/device/add', {
        macAddress: phone.options.mac,
        deviceName: room(index),
        deviceModel: 'H2P',
        firmwareVersion: '2.14.0.5',
        siteId: clinic.siteId,
      });
      expect(added.code, added.message).toBe(0);
    }
    expect(await fleet.each((phone) => phone.boot())).toEqual([]);
    await running.cradle.deviceEventService.flush();

    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    page = await context.newPage();
    await page.goto(`${running.url}/login`);
    await submitLogin(page, { userName: clinic.userName, password: clinic.password, code: TEST_CAPTCHA });
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });

  afterAll(async () => {
    await browser?.close();
    await fleet?.stop();
    await registrar?.stop();
    await running?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('adds the SIP server on /sipServer/addServer, pointing at the registrar', async () => {
    await page.goto(`${running.url}/sipServer`);
    await page.getByTestId('sip-server-add').click();
    await page.waitForURL((url) => url.pathname === '/sipServer/addServer');
    const form = page.getByTestId('sip-server-form');
    await page.getByTestId('sip-server-name').fill(SERVER_NAME);
    await form.getByLabel('SIP Server', { exact: true }).fill(registrar.host);
    const port = form.getByLabel('Port', { exact: true });
    expect(await port.inputValue()).toBe('5060');
    await port.fill(String(registrar.port));
    await chooseSite(
      form.locator('.ant-form-item', { has: page.locator('label[for="siteId"]') }).locator('.ant-select'),
    );
    await page.getByTestId('sip-server-save').click();
    await page.waitForURL((url) => url.pathname === '/sipServer');
    const row = page.getByTestId('sip-server-list').locator('tbody tr.ant-table-row').filter({
      hasText: SERVER_NAME,
    });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(registrar.host);
    expect(text).toContain(String(registrar.port));
    expect(text).toContain('Default');
  });

  it('imports twenty accounts from a spreadsheet in the template’s columns', async () => {
    // The template the dialog offers names the columns the file is written in.
    const template = await owner.call('GET', '/tb-sip-account/template');
    expect(template.file?.split('\n')[0]?.split('\t').filter(Boolean)).toEqual(TEMPLATE_COLUMNS);
    const file = path.join(folder, 'clinic-accounts.xlsx');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('SIP accounts');
    sheet.addRow(TEMPLATE_COLUMNS);
    for (let index = 0; index < PHONES; index += 1) {
      const password = index === PHONES - 1 ? WRONG_PASSWORD : REGISTRAR_PASSWORD;
      const user = extension(index);
      sheet.addRow([room(index), user, password, room(index), user, SERVER_NAME, 'H2P', 'Default']);
    }
    await workbook.xlsx.writeFile(file);

    await page.goto(`${running.url}/sipAccount`);
    await accountList().locator('.ant-empty').waitFor();
    await accountList().getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByText('clinic-accounts.xlsx').waitFor();
    await page.getByTestId('import-upload').click();
    await page.getByTestId('import-summary').getByText(`Imported ${PHONES}, refused 0`).waitFor();
    await expect
      .poll(() => listTotal(accountList()).textContent(), { timeout: 30_000 })
      .toBe(`Total ${PHONES} items`);
    const first = accountRows().filter({ hasText: extension(0) });
    expect(await first.getByText('Unassigned', { exact: true }).count()).toBe(1);
    expect(await first.textContent()).toContain(SERVER_NAME);
  });

  it('binds the twenty accounts to the twenty phones, line 1, on the bulk page', async () => {
    await page.goto(`${running.url}/device`);
    await page.getByTestId('device-list').getByRole('button', { name: 'Assign SIP accounts' }).click();
    await page.waitForURL((url) => url.pathname === '/device/deviceAccountAssign');
    const form = page.getByTestId('device-account-assign');
    await form.getByText('The first account goes to the first device').waitFor();
    expect(await form.getByLabel('Line', { exact: true }).inputValue()).toBe('1');

    const devices = page.getByTestId('assign-devices');
    await devices.locator('.ant-select-selector').click();
    for (let index = 0; index < PHONES; index += 1) {
      await pickBySearch(devices, macOf(index), `${macOf(index)} · ${room(index)} · H2P`);
    }
    await page.keyboard.press('Escape');
    const accounts = page.getByTestId('assign-account-list');
    await accounts.locator('.ant-select-selector').click();
    for (let index = 0; index < PHONES; index += 1) {
      const user = extension(index);
      await pickBySearch(accounts, user, `${user} · ${room(index)} · ${SERVER_NAME}`);
    }
    await page.keyboard.press('Escape');

    const pairs = page.getByTestId('assign-pairs').locator('tbody tr.ant-table-row');
    await expect.poll(() => pairs.count(), { timeout: 30_000 }).toBe(PHONES);
    for (const index of [0, PHONES - 1]) {
      const text = (await pairs.nth(index).textContent()) ?? '';
      expect(text).toContain(macOf(index));
      expect(text).toContain(extension(index));
    }
    expect(await form.getByText('are chosen: only the first').count()).toBe(0);
    await page.getByTestId('assign-accounts').click();
    await page.getByText(`${PHONES} account(s) assigned`).waitFor();
    await page.waitForURL((url) => url.pathname === '/device');

    // Bound, not yet registered: the phones have not had their new files.
    const bound = await allAccounts();
    expect(bound.statuses).toEqual({ Unregistered: PHONES });
    for (let index = 0; index < PHONES; index += 1) {
      const text = bound.texts.find((row) => row.includes(extension(index)));
      expect(text).toContain(`${macOf(index)} · line 1`);
    }
  }, 180_000);

  it('pushes the configuration of the 20 phones from the device list: every phone fetched', async () => {
    const before = fleet.counters.fetches;
    await page.goto(`${running.url}/device`);
    const list = page.getByTestId('device-list');
    const rows = list.locator('tbody tr.ant-table-row');
    const keywords = page.getByTestId('device-keywords');
    await keywords.fill('0a:74:00');
    await keywords.press('Enter');
    await list.locator('.ant-pagination-options .ant-select-selector').click();
    await clickInDropdown(
      openDropdown()
        .locator('.ant-select-item-option')
        .filter({ hasText: /^50 \/ page$/ }),
    );
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(PHONES);
    await list.locator('thead input[type=checkbox]').check();
    await list.getByRole('button', { name: 'Push configuration' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText(`Push the configuration of the ${PHONES} selected device(s) now?`).waitFor();
    await confirm.getByRole('button', { name: 'OK' }).click();

    // The push is a task: its results say every phone fetched its file.
    await page.goto(`${running.url}/task`);
    const row = page
      .getByTestId('task-list')
      .locator('tbody tr.ant-table-row')
      .filter({
        hasText: `Device configuration: ${PHONES} device(s)`,
      });
    await row.getByRole('button', { name: 'Results' }).click();
    await page.waitForURL((url) => url.pathname === '/task/taskResult');
    await expect
      .poll(() => page.getByTestId('result-count-2').textContent(), { timeout: 60_000 })
      .toBe(`Success ${PHONES}`);
    expect(await page.getByTestId('result-count-3').textContent()).toBe('Failed 0');
    expect(fleet.counters.fetches - before).toBeGreaterThanOrEqual(PHONES);
  }, 120_000);

  it('shows nineteen accounts registered and the wrong password refused with 403 Forbidden', async () => {
    await expect
      .poll(async () => (await allAccounts()).statuses, { timeout: 120_000, interval: 1000 })
      .toEqual({ Registered: PHONES - 1, Unregistered: 1 });
    await filterByStatus('Registered', PHONES - 1);
    await filterByStatus('Unregistered', 1);
    const refused = accountRows().first();
    expect(await refused.textContent()).toContain(extension(PHONES - 1));
    expect(await refused.textContent()).toContain(`${macOf(PHONES - 1)} · line 1`);
    expect(await refused.getByText('Unregistered', { exact: true }).count()).toBe(1);
    // The list says why, as the registrar answered.
    expect(await refused.textContent()).toContain('403 Forbidden');

    // Why: the phone's lines page shows what the registrar answered.
    const failedLines = await openLines(PHONES - 1);
    await failedLines.getByText('Abnormal', { exact: true }).waitFor();
    const line1 = failedLines.getByTestId('device-lines').locator('tbody tr[data-row-key="1"]');
    await expect.poll(() => line1.textContent(), { timeout: 30_000 }).toContain('403 Forbidden');
    expect(await line1.textContent()).toContain(extension(PHONES - 1));
    expect(await line1.getByText('Unregistered', { exact: true }).count()).toBe(1);

    const goodLines = await openLines(0);
    await goodLines.getByText('Normal', { exact: true }).waitFor();
    const good = goodLines.getByTestId('device-lines').locator('tbody tr[data-row-key="1"]');
    expect(await good.getByText('Registered', { exact: true }).count()).toBe(1);
    expect(await good.textContent()).not.toContain('Forbidden');

    // The registrar saw the same: nineteen accepted, the twentieth refused.
    const verdicts = await registrar.registrations();
    const users = (accepted: boolean) => [
      ...new Set(verdicts.filter((verdict) => verdict.accepted === accepted).map((verdict) => verdict.user)),
    ];
    expect(users(true).sort()).toEqual(Array.from({ length: PHONES - 1 }, (_, index) => extension(index)));
    expect(users(false)).toEqual([extension(PHONES - 1)]);

    // The dashboard agrees.
    await page.goto(`${running.url}/`);
    await expect
      .poll(() => page.getByTestId('registered-accounts').textContent(), { timeout: 30_000 })
      .toContain(`Registered${PHONES - 1}`);
  }, 180_000);
});
