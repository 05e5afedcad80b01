import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../platform/src/app.js';
import {
  ApiClient,
  createTestConsole,
  TEST_ADMIN_PASSWORD,
  TEST_CAPTCHA,
} from '../platform/src/testing/test-console.js';
import { assertBuilt, launchBrowser, searchSelect, submitLogin } from './support/browser.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface SiteOption {
  id: number;
  siteName: string;
  parentId: number | null;
}

/** A device import workbook with the template's headers. */
async function importWorkbook(file: string, rows: string[][]): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Devices');
  sheet.addRow(['MAC Address', 'Device Name', 'Device Model', 'Firmware Version', 'Site', 'S/N']);
  for (const row of rows) sheet.addRow(row);
  await workbook.xlsx.writeFile(file);
}

describe('device management (browser)', () => {
  let running: RunningConsole;
  let api: ApiClient;
  let browser: Browser;
  let page: Page;
  let folder: string;

  const list = () => page.getByTestId('device-list');
  const rows = () => list().locator('tbody tr.ant-table-row');
  const row = (text: string) => rows().filter({ hasText: text });
  const toolbarButton = (name: string) => list().getByRole('button', { name, exact: true });
  const formItem = (label: string) =>
    page.getByTestId('device-form').locator('.ant-form-item').filter({ hasText: label });

  async function choose(select: Locator, option: string): Promise<void> {
    await select.locator('.ant-select-selector').click();
    await searchSelect(select, option);
    const item = page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .locator(`[title="${option}"]`)
      .first();
    await item.click();
  }

  /** Closes the import dialog and waits until it is gone (a click during its re-render is tried again). */
  async function closeImportDialog(): Promise<void> {
    const dialog = page.getByTestId('import-dialog');
    const close = page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' });
    await expect
      .poll(
        async () => {
          if (await dialog.isVisible()) await close.click({ timeout: 2000 }).catch(() => undefined);
          return dialog.isVisible();
        },
        { timeout: 20_000 },
      )
      .toBe(false);
  }

  async function search(keywords: string): Promise<void> {
    const box = page.getByTestId('device-keywords');
    await box.fill(keywords);
    await box.press('Enter');
  }

  beforeAll(async () => {
    assertBuilt();
    if (!existsSync(path.join(root, 'plugins/devices/dist/mf-manifest.json'))) {
      throw new Error('plugins/devices/dist is missing: run npm run build first');
    }
    folder = mkdtempSync(path.join(tmpdir(), 'pf-devices-e2e-'));
    running = await createTestConsole();
    api = new ApiClient(running.url);
    await api.signIn('admin', TEST_ADMIN_PASSWORD);
    const sites = await api.call<SiteOption>('GET', '/tb-site-template/siteSelect');
    const defaultSite = sites.rows.find((site) => site.parentId === null);
    if (!defaultSite) throw new Error('no default site');
    const annex = await api.call('POST', '/tb-site-template/addSiteTemplate', {
      siteName: 'Annex',
      parentId: defaultSite.id,
    });
    expect(annex.code).toBe(0);
    const existing = await api.call('POST', '/device/add', {
      macAddress: '00:15:65:00:00:99',
      deviceModel: 'H2P',
      firmwareVersion: '2.0.1.1',
      siteId: defaultSite.id,
    });
    expect(existing.code).toBe(0);

    browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: { width: 1600, height: 900 },
      acceptDownloads: true,
    });
    page = await context.newPage();
    await page.goto(`${running.url}/login`);
    await submitLogin(page, { userName: 'admin', password: TEST_ADMIN_PASSWORD, code: TEST_CAPTCHA });
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('lists devices sorted by MAC and adds one: an invalid MAC gets the MAC rule message', async () => {
    await page.goto(`${running.url}/device`);
    await row('00:15:65:00:00:99').waitFor();
    await toolbarButton('Add').click();
    await page.waitForURL(`${running.url}/device/addDevice`);
    const groups = ['00', '15', '65', 'aa', 'bb'];
    for (const [index, text] of groups.entries()) await page.getByTestId(`mac-group-${index}`).fill(text);
    await choose(formItem('Device Model'), 'H2P');
    await formItem('Firmware Version').locator('input').fill('2.0.1.10');
    await choose(formItem('Site'), 'Default');
    await page.getByRole('button', { name: 'Save' }).click();
    await formItem('MAC Address').getByText('Invalid MAC address').waitFor();
    expect(page.url()).toBe(`${running.url}/device/addDevice`);

    // A pasted MAC with dashes fills every group.
    await page.getByTestId('mac-group-0').focus();
    await page.evaluate(() => {
      const input = document.querySelector('[data-testid=mac-group-0]');
      const data = new DataTransfer();
      data.setData('text', '00-15-65-AA-BB-CC');
      input?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    expect(await page.getByTestId('mac-group-5').inputValue()).toBe('cc');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${running.url}/device`);
    await row('00:15:65:aa:bb:cc').waitFor();
    expect(await rows().count()).toBe(2);
    // Default order: MAC ascending.
    expect(await rows().first().textContent()).toContain('00:15:65:00:00:99');
  });

  it('finds the device by keyword and edits its name', async () => {
    await search('65:aa:bb');
    await expect.poll(() => rows().count()).toBe(1);
    await row('00:15:65:aa:bb:cc').getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL((url) => url.pathname === '/device/editDevice');
    const name = formItem('Device Name').locator('input');
    await expect.poll(() => formItem('Firmware Version').locator('input').inputValue()).toBe('2.0.1.10');
    expect(await page.getByTestId('mac-group-0').isDisabled()).toBe(true);
    await name.fill('Front desk');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${running.url}/device`);
    await search('front');
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain('Front desk');
  });

  it('warns before configuring an offline device, then opens its parameters', async () => {
    await search('00:15:65:00:00:99');
    await expect.poll(() => rows().count()).toBe(1);
    await rows().first().getByRole('button', { name: 'Set parameters' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.locator('.ant-modal-confirm-title').getByText('The device is offline').waitFor();
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/device/setParam');
    const query = new URL(page.url()).searchParams;
    expect(query.get('deviceModel')).toBe('H2P');
    expect(query.get('pushStatus')).toBe('1');
    await page.getByTestId('parameter-editor').waitFor();
    await page.goto(`${running.url}/device`);
    await rows().first().waitFor();
  });

  it('downloads the list and the import template as xlsx', async () => {
    const exported = page.waitForEvent('download');
    await toolbarButton('Export').click();
    expect((await exported).suggestedFilename()).toBe('devices.xlsx');
    await toolbarButton('Import').click();
    const template = page.waitForEvent('download');
    await page.getByTestId('import-dialog').getByRole('button', { name: 'Download template' }).click();
    expect((await template).suggestedFilename()).toBe('device-template.xlsx');
    await closeImportDialog();
  });

  it('imports a workbook and lists the duplicate row with its message', async () => {
    const file = path.join(folder, 'devices.xlsx');
    await importWorkbook(file, [
      ['00:15:65:00:00:10', 'Imported', 'H2P', '2.0.1.10', 'Default', ''],
      ['00:15:65:00:00:99', 'Again', 'H2P', '2.0.1.10', 'Default', ''],
    ]);
    await toolbarButton('Import').click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByText('devices.xlsx').waitFor();
    await page.getByTestId('import-upload').click();
    const failed = page.getByTestId('import-failed');
    await failed.getByText('Duplicate device').waitFor();
    expect(await failed.locator('tbody tr.ant-table-row').count()).toBe(1);
    expect(await failed.locator('tbody tr.ant-table-row').textContent()).toContain('00:15:65:00:00:99');
    await closeImportDialog();
    await search('00:15:65:00:00:10');
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain('Imported');
  });

  it('transfers the device to another site', async () => {
    await search('front');
    await expect.poll(() => rows().count()).toBe(1);
    await rows().first().locator('input[type=checkbox]').check();
    await toolbarButton('Transfer site').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('transfer-dialog') });
    await choose(dialog, 'Annex');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(async () => rows().first().textContent()).toContain('Annex');
  });

  it('filters the list by the sidebar site tree, remembered after a reload', async () => {
    await search('');
    await expect.poll(() => rows().count()).toBeGreaterThan(1);
    const sidebarSite = page.getByTestId('site-filter');
    await choose(sidebarSite, 'Annex');
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain('Annex');
    await page.reload();
    await sidebarSite.locator('.ant-select-selection-item[title="Annex"]').waitFor();
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(1);
    await sidebarSite.hover();
    await sidebarSite.locator('.ant-select-clear').click();
    await expect.poll(() => rows().count()).toBeGreaterThan(1);
    await search('front');
    await expect.poll(() => rows().count()).toBe(1);
  });

  it('deletes the device after the confirmation', async () => {
    await rows().first().locator('input[type=checkbox]').check();
    await toolbarButton('Delete').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('Their SIP accounts will be removed too.').waitFor();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => rows().count()).toBe(0);
    const left = await api.call<{ list: { macAddress: string }[] }>('POST', '/device/search', {
      keywords: 'aa:bb:cc',
    });
    expect(left.rows[0]?.list).toEqual([]);
  });

  it('scans an address range and shows the progress and the scan log', async () => {
    await page.goto(`${running.url}/device`);
    await toolbarButton('Scan').click();
    await page.waitForURL(`${running.url}/device/scanDevice`);
    await page.locator('#startIp').fill('127.0.0.1');
    await page.locator('#endIp').fill('127.0.0.2');
    await page.getByRole('button', { name: 'Start scan' }).click();
    await page.getByTestId('scan-page').getByText('2 / 2 Finished').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('scan-log').textContent()).not.toBe('');
  });

  it('shows a device’s details, operation log and the system log empty state', async () => {
    await page.goto(`${running.url}/device`);
    await search('00:15:65:00:00:99');
    await expect.poll(() => rows().count()).toBe(1);
    await rows().first().getByRole('button', { name: 'Details' }).click();
    await page.waitForURL((url) => url.pathname === '/device/deviceDetailInfo');
    await page.getByTestId('device-info').getByText('00:15:65:00:00:99').waitFor();
    await page
      .getByText('Warning: The device is currently offline. Account status may not be correct.')
      .waitFor();
    await page.getByRole('tab', { name: 'Operation log' }).click();
    await page.locator('[data-table-id=device-operation-log]').getByText('Added the device').waitFor();
    await page.getByRole('tab', { name: 'System log' }).click();
    await page.getByTestId('system-log-empty').getByText('Not collected yet').waitFor();
  });
});
