import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SimulatedFleet } from '@phonefleet/sdk/testing';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../platform/src/app.js';
import { createTenant, insertDevices, type TestTenant } from '../platform/src/testing/tenants.js';
import { ApiClient, createTestConsole, TEST_CAPTCHA } from '../platform/src/testing/test-console.js';
import { assertBuilt, launchBrowser, submitLogin } from './support/browser.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** This file's phones: their own loopback block and SIP port (docs/phone-simulator.md). */
const ADDRESS_BASE = '127.71.0.0';
const SIP_PORT = 5471;
const MAC_PREFIX = '0a:71:00';
const PHONES = 20;
const credentials = { username: 'lakeside-phones', password: 'Phones#2026' };
const VIEWPORT = { width: 1366, height: 768 };

interface TaskRow {
  id: number;
  taskName: string;
  state: number;
  total: number;
  success: number;
}

/**
 * Where a cell is drawn and what is on top at its centre: a cell within the viewport, not under
 * the pinned Actions column (nor anything else), shows its own content there.
 */
async function cellOnScreen(cell: Locator): Promise<{ inViewport: boolean; onTop: boolean }> {
  await cell.waitFor();
  return cell.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const top = document.elementFromPoint(x, y);
    return {
      inViewport: box.left >= 0 && box.right <= window.innerWidth && box.width > 0,
      onTop: top !== null && element.contains(top),
    };
  });
}

/** The body cell of `row` under the header titled `title`. */
async function cellUnder(table: Locator, row: Locator, title: string): Promise<Locator> {
  const headers = await table.locator('thead th').allTextContents();
  const index = headers.findIndex((text) => text.trim() === title);
  if (index < 0) throw new Error(`no column ${title} in ${headers.join(' | ')}`);
  return row.locator(`> td:nth-child(${index + 1})`);
}

describe('lists: live task progress, import results, select all matching (browser, simulated phones)', () => {
  let running: RunningConsole;
  let lakeside: TestTenant;
  let owner: ApiClient;
  let fleet: SimulatedFleet;
  let browser: Browser;
  let page: Page;
  let folder: string;
  const deviceIds: number[] = [];

  async function tasksNamed(name: string): Promise<TaskRow[]> {
    const reply = await owner.call<{ list: TaskRow[] }>('POST', '/task/search', {
      currentPage: 1,
      pageSize: 50,
      keywords: name,
    });
    expect(reply.code).toBe(0);
    return reply.rows[0]?.list ?? [];
  }

  beforeAll(async () => {
    assertBuilt();
    for (const plugin of ['tasks', 'devices', 'mac-files']) {
      if (!existsSync(path.join(root, `plugins/${plugin}/dist/mf-manifest.json`))) {
        throw new Error(`plugins/${plugin}/dist is missing: run npm run build first`);
      }
    }
    folder = mkdtempSync(path.join(tmpdir(), 'pf-lists-'));
    // Fast retries; the phones wait 4 s before rebooting, so "ongoing" is seen first.
    running = await createTestConsole({
      push: { tickMs: 200, sipT1Ms: 50, attempts: 2, retryDelayMs: 200, confirmTimeoutMs: 30_000 },
    });
    const { db } = running.cradle;
    lakeside = await createTenant(db, 'enterprise', 'Lakeside Clinic');
    owner = new ApiClient(running.url);
    await owner.signIn(lakeside.userName, lakeside.password);
    expect((await owner.call('POST', '/tb-provisioning/credentials', credentials)).code).toBe(0);
    const h2 = running.cradle.driverRegistry.model('H2P');
    if (!h2) throw new Error('H2 driver missing');
    fleet = await SimulatedFleet.start({
      consoleUrl: running.url,
      count: PHONES,
      models: [{ driver: h2.driver, model: 'H2P', firmware: '2.14.0.5' }],
      credentials,
      addressBase: ADDRESS_BASE,
      macBase: '0a7100000000',
      sipPort: SIP_PORT,
      httpPort: false,
      reactionDelayMs: 4000,
    });
    await insertDevices(
      db,
      lakeside,
      fleet.phones.map((phone) => ({ mac: phone.options.mac, model: 'H2P' })),
    );
    expect(await fleet.each((phone) => phone.boot())).toEqual([]);
    await running.cradle.deviceEventService.flush();
    const ids = await db.query<{ id: string }>('SELECT id FROM devices WHERE org_id = $1 ORDER BY mac', [
      lakeside.orgId,
    ]);
    deviceIds.push(...ids.map((row) => Number(row.id)));
    expect(deviceIds).toHaveLength(PHONES);

    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: VIEWPORT });
    page = await context.newPage();
    await page.goto(`${running.url}/login`);
    await submitLogin(page, { userName: lakeside.userName, password: lakeside.password, code: TEST_CAPTCHA });
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });

  afterAll(async () => {
    await browser?.close();
    await fleet?.stop();
    await running?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('shows a running task’s progress bar fill up to 10 success without a reload, State and Progress in view at 1366 px', async () => {
    const added = await owner.call<{ id: number }>('POST', '/task/add', {
      taskName: 'Reboot the first ten',
      type: 1,
      timeType: 1,
      deviceIds: deviceIds.slice(0, 10),
    });
    expect(added.code, added.message).toBe(0);
    await page.goto(`${running.url}/task`);
    const list = page.getByTestId('task-list');
    const row = list.locator('tbody tr.ant-table-row').filter({ hasText: 'Reboot the first ten' });
    await row.waitFor();
    // Marks this document: a reload or navigation would lose it.
    await page.evaluate(() => {
      (window as { listsMarker?: boolean }).listsMarker = true;
    });
    const progress = row.getByTestId('task-progress');
    expect(await progress.textContent()).not.toBe('10 success · 0 failed · 0 ongoing / 10');
    expect(await row.locator('.ant-tag').filter({ hasText: 'Ongoing' }).count()).toBe(1);
    expect(await page.getByTestId('task-live').getAttribute('data-polling')).toBe('yes');

    // Nothing scrolls sideways and the pinned Actions column covers neither State nor Progress.
    const stateCell = await cellUnder(list, row, 'State');
    const progressCell = await cellUnder(list, row, 'Progress');
    expect(await cellOnScreen(stateCell)).toEqual({ inViewport: true, onTop: true });
    expect(await cellOnScreen(progressCell)).toEqual({ inViewport: true, onTop: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORT.width,
    );

    await expect
      .poll(() => progress.textContent(), { timeout: 40_000 })
      .toBe('10 success · 0 failed · 0 ongoing / 10');
    // The bar's success part is full.
    await expect
      .poll(() => row.locator('.ant-progress-success-bg').evaluate((bar) => (bar as HTMLElement).style.width))
      .toBe('100%');
    await row.locator('.ant-tag').filter({ hasText: 'Finished' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByTestId('task-live').getAttribute('data-polling')).toBe('no');
    expect(await page.evaluate(() => (window as { listsMarker?: boolean }).listsMarker)).toBe(true);
    const [task] = await tasksNamed('Reboot the first ten');
    expect(task).toMatchObject({ state: 7, total: 10, success: 10 });
    expect(await cellOnScreen(stateCell)).toEqual({ inViewport: true, onTop: true });
  });

  it('shows the task list’s State and Progress and the device list’s Account Status at 1366 and 1440 px (sidebar open)', async () => {
    for (const width of [1366, 1440]) {
      await page.setViewportSize({ width, height: 768 });
      await page.goto(`${running.url}/task`);
      const tasks = page.getByTestId('task-list');
      const task = tasks.locator('tbody tr.ant-table-row').first();
      await task.waitFor();
      for (const title of ['State', 'Progress']) {
        const shown = await cellOnScreen(await cellUnder(tasks, task, title));
        expect([width, title, shown]).toEqual([width, title, { inViewport: true, onTop: true }]);
      }
      await page.goto(`${running.url}/device`);
      const devices = page.getByTestId('device-list');
      const device = devices.locator('tbody tr.ant-table-row').first();
      await device.waitFor();
      expect(await (await cellUnder(devices, device, 'Account Status')).textContent()).not.toBe('');
      for (const title of ['Status', 'Account Status']) {
        const shown = await cellOnScreen(await cellUnder(devices, device, title));
        expect([width, title, shown]).toEqual([width, title, { inViewport: true, onTop: true }]);
      }
    }
    await page.setViewportSize(VIEWPORT);
  });

  it('selects all 20 matching devices across pages and creates the task over all 20', async () => {
    await page.goto(`${running.url}/task/addTask`);
    await page.getByTestId('task-name').fill('Reboot every lakeside phone');
    const picker = page.getByTestId('task-device-picker');
    const search = page.getByTestId('task-device-keywords');
    await search.fill(MAC_PREFIX);
    await search.press('Enter');
    // Page size 10: the page checkbox selects the page only.
    await expect.poll(() => picker.locator('tbody tr.ant-table-row').count()).toBe(10);
    expect(await picker.getByText('Total 20 items').count()).toBe(1);
    await picker.locator('thead input[type=checkbox]').check();
    await expect
      .poll(() => page.getByTestId('task-device-count').textContent())
      .toBe('10 device(s) selected');
    await picker.getByTestId('select-all-matching').click();
    await expect
      .poll(() => page.getByTestId('task-device-count').textContent())
      .toBe('20 device(s) selected');
    await picker.getByText('All 20 matching devices are selected').waitFor();
    // The next page is selected too.
    await picker.locator('.ant-pagination-item-2').click();
    await expect
      .poll(() => picker.locator('tbody tr.ant-table-row').first().textContent())
      .toContain(`${MAC_PREFIX}:00:00:0a`);
    await expect.poll(() => picker.locator('tbody tr.ant-table-row-selected').count()).toBe(10);

    await page.getByTestId('task-submit').click();
    await page.waitForURL(`${running.url}/task`);
    const [task] = await tasksNamed('Reboot every lakeside phone');
    expect(task?.total).toBe(20);
    const detail = await owner.call<{ deviceIds: number[] }>('GET', `/task/query?id=${task?.id}`);
    expect(detail.rows[0]?.deviceIds).toEqual([...deviceIds].sort((a, b) => a - b));
  });

  it('sums up a device import with good and bad rows: imported 3, refused 2', async () => {
    const file = path.join(folder, 'lakeside.xlsx');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Devices');
    sheet.addRow(['MAC Address', 'Device Name', 'Device Model', 'Firmware Version', 'Site', 'S/N']);
    sheet.addRow(['0a:71:01:00:00:01', 'Ward 1', 'H2P', '2.14.0.5', 'Default', '']);
    sheet.addRow(['0a:71:01:00:00:02', 'Ward 2', 'H2P', '2.14.0.5', 'Default', '']);
    sheet.addRow(['0a:71:01:00:00', 'Short MAC', 'H2P', '2.14.0.5', 'Default', '']);
    sheet.addRow(['0a:71:01:00:00:03', 'Ward 3', 'H2P', '2.14.0.5', 'Default', '']);
    sheet.addRow(['0a:71:00:00:00:00', 'Already here', 'H2P', '2.14.0.5', 'Default', '']);
    await workbook.xlsx.writeFile(file);

    await page.goto(`${running.url}/device`);
    await page.getByTestId('device-list').getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByText('lakeside.xlsx').waitFor();
    await page.getByTestId('import-upload').click();
    const summary = page.getByTestId('import-summary');
    await summary.waitFor();
    expect(await page.getByTestId('import-counts').textContent()).toBe('Imported 3, refused 2');
    expect(await summary.getAttribute('class')).toContain('ant-alert-warning');
    expect(await summary.textContent()).not.toContain('Success');
    const failed = page.getByTestId('import-failed').locator('tbody tr.ant-table-row');
    expect(await failed.count()).toBe(2);
    expect(await failed.allTextContents()).toEqual([
      expect.stringContaining('Invalid MAC address'),
      expect.stringContaining('Duplicate device'),
    ]);
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    const imported = await running.cradle.db.query<{ mac: string }>(
      `SELECT mac FROM devices WHERE mac LIKE '0a7101%' ORDER BY mac`,
    );
    expect(imported.map((row) => row.mac)).toEqual(['0a7101000001', '0a7101000002', '0a7101000003']);
  });

  it('does not head a MAC-file import whose only file was refused as Success', async () => {
    const file = path.join(folder, 'config.0a71ffffff01.xml');
    writeFileSync(file, '<?xml version="1.0" encoding="UTF-8"?><settings></settings>');
    await page.goto(`${running.url}/MAC`);
    await page.getByTestId('mac-import').click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByText('config.0a71ffffff01.xml').waitFor();
    await page.getByTestId('import-upload').click();
    const summary = page.getByTestId('import-summary');
    await summary.waitFor();
    const heading = (await summary.textContent()) ?? '';
    expect(heading).not.toContain('Success');
    expect(heading).toContain('Nothing was imported');
    expect(await page.getByTestId('import-counts').textContent()).toBe('Imported 0, refused 1');
    expect(await summary.getAttribute('class')).toContain('ant-alert-error');
    const failed = page.getByTestId('import-failed').locator('tbody tr.ant-table-row');
    expect(await failed.count()).toBe(1);
    expect(await failed.textContent()).toContain('No device has this MAC address');
  });
});
