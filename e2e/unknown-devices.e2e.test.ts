import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SimulatedPhone } from '@phonefleet/sdk/testing';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../platform/src/app.js';
import { createTenant, type TestTenant } from '../platform/src/testing/tenants.js';
import { ApiClient, createTestConsole, TEST_CAPTCHA } from '../platform/src/testing/test-console.js';
import { assertBuilt, launchBrowser, submitLogin } from './support/browser.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** This file's phones send from 127.78.0.x (docs/phone-simulator.md). */
const credentials = { username: 'dock-phones', password: 'Dock#Phones2026' };
const IMPORT_ROWS = 20_000;
const BAD_EVERY = 500;

/**
 * Issue 19, as a new user meets it: a phone that asked before it was added is listed as unknown,
 * added to a site from the list in one step and then served; a large import shows how far it got
 * and ends with its failed rows.
 */
describe('unknown devices and import progress (browser, a simulated phone)', () => {
  let running: RunningConsole;
  let dock: TestTenant;
  let browser: Browser;
  let page: Page;
  let folder: string;
  let phone: SimulatedPhone;

  beforeAll(async () => {
    assertBuilt();
    for (const plugin of ['home', 'devices']) {
      if (!existsSync(path.join(root, `plugins/${plugin}/dist/mf-manifest.json`))) {
        throw new Error(`plugins/${plugin}/dist is missing: run npm run build first`);
      }
    }
    folder = mkdtempSync(path.join(tmpdir(), 'pf-unknown-e2e-'));
    running = await createTestConsole();
    dock = await createTenant(running.cradle.db, 'enterprise', 'Dock Offices');
    const owner = new ApiClient(running.url);
    await owner.signIn(dock.userName, dock.password);
    expect((await owner.call('POST', '/tb-provisioning/credentials', credentials)).code).toBe(0);
    const h2 = running.cradle.driverRegistry.model('H2P');
    if (!h2) throw new Error('H2 driver missing');
    phone = new SimulatedPhone({
      driver: h2.driver,
      model: 'H2P',
      mac: '0a7800000001',
      firmware: '2.14.0.9',
      provisioningUrl: `${running.url}/prov`,
      address: '127.78.0.1',
      httpPort: false,
      credentials,
    });
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    page = await context.newPage();
    await page.goto(`${running.url}/login`);
    await submitLogin(page, { userName: dock.userName, password: dock.password, code: TEST_CAPTCHA });
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('lists a refused phone, adds it to a site in one step, and the phone then gets its configuration', async () => {
    expect((await phone.fetchConfig()).status).toBe(401);
    await page.goto(`${running.url}/`);
    await page.getByTestId('home-dashboard').waitFor();
    await page.locator('[data-testid=home-dashboard][aria-busy=false]').waitFor();
    expect(await page.getByTestId('unknown-devices').textContent()).toContain('Unknown devices1');
    await page.getByTestId('unknown-devices-link').click();
    await page.waitForURL((url) => url.pathname === '/device/unknownDevice');
    const list = page.getByTestId('unknown-device-list');
    const rows = list.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    const text = (await rows.first().textContent()) ?? '';
    for (const shown of [
      '0a:78:00:00:00:01',
      'H2P',
      '2.14.0.9',
      '127.78.0.1',
      'MAC not in inventory',
      '0a7800000001',
    ]) {
      expect(text).toContain(shown);
    }

    await rows.first().getByTestId('unknown-add').click();
    const dialog = page.getByTestId('add-unknown-dialog');
    await dialog.waitFor();
    await page.getByTestId('add-unknown-site').click();
    await page.locator('.ant-select-tree-title', { hasText: 'Default' }).first().click();
    await page.getByTestId('add-unknown-ok').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(0);

    const device = await running.cradle.db.one<{ model: string; firmware: string; ip: string }>(
      `SELECT model, firmware, host(last_fetch_ip) AS ip FROM devices WHERE mac = '0a7800000001'`,
    );
    expect(device).toEqual({ model: 'H2P', firmware: '2.14.0.9', ip: '127.78.0.1' });
    expect((await phone.fetchConfig()).status).toBe(200);
    await page.goto(`${running.url}/device`);
    const box = page.getByTestId('device-keywords');
    await box.fill('0a:78:00:00:00:01');
    await box.press('Enter');
    await expect
      .poll(() => page.getByTestId('device-list').locator('tbody tr.ant-table-row').count(), {
        timeout: 10_000,
      })
      .toBe(1);
  });

  /** A workbook of IMPORT_ROWS devices, every BAD_EVERY-th in a site that does not exist. */
  async function largeWorkbook(name: string, macPrefix: string): Promise<string> {
    const file = path.join(folder, name);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Devices');
    sheet.addRow(['MAC Address', 'Device Name', 'Device Model', 'Firmware Version', 'Site', 'S/N']);
    for (let n = 0; n < IMPORT_ROWS; n += 1) {
      const mac = `${macPrefix}${n.toString(16).padStart(8, '0')}`;
      sheet.addRow([mac, '', 'H2P', '2.14.0.5', n % BAD_EVERY === BAD_EVERY - 1 ? 'Nowhere' : 'Default', '']);
    }
    await workbook.xlsx.writeFile(file);
    return file;
  }

  async function startImport(file: string): Promise<void> {
    await page.goto(`${running.url}/device`);
    await page.getByTestId('device-list').getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByText(path.basename(file)).waitFor();
    await page.getByTestId('import-upload').click();
  }

  it('shows rows read and stored while a large import runs, then the failed rows', async () => {
    await startImport(await largeWorkbook('many.xlsx', '0a7a'));

    // The counts the dialog showed, read as they change, until the failed rows appear.
    const seen: { read: number; stored: number }[] = [];
    const progress = page.getByTestId('import-progress');
    const failed = page.getByTestId('import-failed');
    const deadline = Date.now() + 60_000;
    while (!(await failed.isVisible()) && Date.now() < deadline) {
      const read = await progress.getAttribute('data-read', { timeout: 100 }).catch(() => null);
      const stored = await progress.getAttribute('data-stored', { timeout: 100 }).catch(() => null);
      if (read !== null && stored !== null) seen.push({ read: Number(read), stored: Number(stored) });
      await page.waitForTimeout(100);
    }
    const bad = IMPORT_ROWS / BAD_EVERY;
    await failed.waitFor();
    const counts = (await page.getByTestId('import-counts').textContent()) ?? '';
    expect(counts).toBe(`Imported ${IMPORT_ROWS - bad}, refused ${bad}`);
    // While it ran the dialog showed where it was (how far it gets between two polls depends on the
    // machine: reading 20,000 rows may end before the first poll), never going back.
    const stored = IMPORT_ROWS - bad;
    expect(seen.length, JSON.stringify(seen)).toBeGreaterThanOrEqual(1);
    expect(seen.some((s) => s.read > 0 && s.stored < stored)).toBe(true);
    for (const [index, s] of seen.entries()) {
      const before = seen[index - 1] ?? { read: 0, stored: 0 };
      expect(s.read >= before.read && s.stored >= before.stored && s.read <= IMPORT_ROWS).toBe(true);
    }
    const table = failed.locator('tbody tr.ant-table-row');
    expect(await table.count()).toBeGreaterThan(0);
    expect(await table.first().textContent()).toContain('The site does not exist');
  });

  it('follows the import again after the page is reloaded, to its failed rows', async () => {
    await startImport(await largeWorkbook('reloaded.xlsx', '0a7b'));
    const progress = page.getByTestId('import-progress');
    await expect
      .poll(
        async () =>
          Number((await progress.getAttribute('data-read', { timeout: 200 }).catch(() => null)) ?? 0),
        {
          timeout: 20_000,
          interval: 50,
        },
      )
      .toBeGreaterThan(0);
    await page.reload();
    // The device list reopens the dialog, which reads the same import's progress to its end.
    await page.getByTestId('import-dialog').waitFor();
    const bad = IMPORT_ROWS / BAD_EVERY;
    await page.getByTestId('import-failed').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('import-counts').textContent()).toBe(
      `Imported ${IMPORT_ROWS - bad}, refused ${bad}`,
    );
    const table = page.getByTestId('import-failed').locator('tbody tr.ant-table-row');
    expect(await table.first().textContent()).toContain('The site does not exist');
    const stored = await running.cradle.db.one<{ n: string }>(
      `SELECT count(*) AS n FROM devices WHERE mac LIKE '0a7b%'`,
    );
    expect(Number(stored?.n)).toBe(IMPORT_ROWS - bad);
  });
});
