import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SimulatedFleet, simulatedFirmwareImage } from '@phonefleet/sdk/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../platform/src/app.js';
import { createTenant, type TestTenant } from '../platform/src/testing/tenants.js';
import { ApiClient, createTestConsole, TEST_CAPTCHA } from '../platform/src/testing/test-console.js';
import { assertBuilt, launchBrowser, searchSelect, submitLogin } from './support/browser.js';

/** This file's phones: their own loopback block and SIP port (docs/phone-simulator.md). */
const ADDRESS_BASE = '127.75.0.0';
const SIP_PORT = 5475;
const MAC_BASE = '0a7500000000';
const PHONES = 5;
/** The last phone downloads the image and comes back on its old version. */
const FAULTY = PHONES - 1;
const OLD_VERSION = '2.14.0.5';
const NEW_VERSION = '2.15.0.1';
const UPGRADE_TASK = 'Ward phones to 2.15.0.1';
const RINGTONE_TASK = 'Ward ringtone';
const credentials = { username: 'ward-phones', password: 'Ward#Phones2026' };
const room = (index: number) => `Ward ${index + 1}`;
/** Fast retries; an upgrade has 8 s to prove itself, so the faulty phone's failure comes quickly. */
const PUSH = {
  tickMs: 100,
  sipT1Ms: 20,
  attempts: 2,
  retryDelayMs: 100,
  confirmTimeoutMs: 10_000,
  upgradeConfirmMs: 8000,
};

/** A ringtone of `bytes`: a RIFF/WAVE header, then silence. */
const waveFile = (bytes: number) =>
  Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVE'), Buffer.alloc(bytes - 12)]);

/**
 * The firmware issue's "done when", as a new user meets it: a firmware image uploaded on its form,
 * five simulated phones upgraded from the firmware's row; four report the new version and one
 * (faulty: it flashes and comes back on its old version) fails with the spec's message, in the
 * task's results, on the phones themselves and on their details pages. Then a ringtone: a 201 KB .wav
 * is refused when chosen with the spec's tip and nothing is sent; a small one is uploaded, pushed to
 * two phones, and both download it whole.
 */
describe('firmware upgrade and ringtone push (browser, simulated phones)', () => {
  let running: RunningConsole;
  let ward: TestTenant;
  let owner: ApiClient;
  let fleet: SimulatedFleet;
  let browser: Browser;
  let page: Page;
  let folder: string;

  const macOf = (index: number): string => {
    const phone = fleet.phones[index];
    if (!phone) throw new Error(`no phone ${index}`);
    // As the console shows it: 0a:75:00:00:00:04.
    return (phone.options.mac.match(/.{2}/g) ?? []).join(':');
  };
  /** The dropdown that is open now (antd keeps closed ones in the page, hidden). */
  const openDropdown = () => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const rowsOf = (list: Locator) => list.locator('tbody tr.ant-table-row');
  /** A form's field by the `for` of its label (antd: the field's name). */
  const field = (form: Locator, name: string) =>
    form.locator('.ant-form-item', { has: page.locator(`label[for="${name}"]`) });

  /** Clicks an item of a select's dropdown once it has finished opening (as in sip.e2e.test.ts). */
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

  /** Opens a Select (or TreeSelect), picks the option with this title and waits until it shows. */
  async function choose(select: Locator, option: string, tree = false): Promise<void> {
    await select.locator('.ant-select-selector').click();
    if (!tree) await searchSelect(select, option);
    const item = tree
      ? openDropdown().locator('.ant-select-tree-title', { hasText: option }).first()
      : openDropdown().locator(`.ant-select-item-option[title="${option}"]`);
    await clickInDropdown(item);
    await select.locator(`.ant-select-selection-item[title="${option}"]`).waitFor();
  }

  /** The execution dialog: Immediate, the task's name, OK, then the kit's notice. */
  async function runImmediately(dialog: Locator, name: string): Promise<void> {
    await dialog.getByTestId('execution-type').getByText('Immediate', { exact: true }).click();
    await page.locator('#execution-task-name').fill(name);
    await page.getByTestId('execution-ok').click();
    await page.locator('.ant-message').getByText('The task has been created').waitFor();
    await dialog.waitFor({ state: 'detached' });
  }

  /** The task's results page, opened from its row in the task list, once its counts are these. */
  async function awaitResults(task: string, counts: { success: number; failed: number }): Promise<Locator> {
    await page.goto(`${running.url}/task`);
    const row = rowsOf(page.getByTestId('task-list')).filter({ hasText: task });
    await row.getByRole('button', { name: 'Results' }).click();
    await page.waitForURL((url) => url.pathname === '/task/taskResult');
    const results = page.getByTestId('task-results');
    // The page polls every 2 s until the task is over.
    await expect.poll(() => results.getAttribute('data-polling'), { timeout: 45_000 }).toBe('no');
    expect(await page.getByTestId('result-count-2').textContent()).toBe(`Success ${counts.success}`);
    expect(await page.getByTestId('result-count-3').textContent()).toBe(`Failed ${counts.failed}`);
    await expect
      .poll(() => rowsOf(results).count(), { timeout: 10_000 })
      .toBe(counts.success + counts.failed);
    return results;
  }

  beforeAll(async () => {
    assertBuilt();
    folder = mkdtempSync(path.join(tmpdir(), 'pf-firmware-e2e-'));
    running = await createTestConsole({ push: PUSH });
    ward = await createTenant(running.cradle.db, 'enterprise', 'Harbour Ward');
    owner = new ApiClient(running.url);
    await owner.signIn(ward.userName, ward.password);
    expect((await owner.call('POST', '/tb-provisioning/credentials', credentials)).code).toBe(0);
    const h2 = running.cradle.driverRegistry.model('H2P');
    if (!h2) throw new Error('H2 driver missing');
    fleet = await SimulatedFleet.start({
      consoleUrl: running.url,
      count: PHONES,
      models: [{ driver: h2.driver, model: 'H2P', firmware: OLD_VERSION }],
      credentials,
      addressBase: ADDRESS_BASE,
      macBase: MAC_BASE,
      sipPort: SIP_PORT,
      httpPort: false,
      accountBase: false,
    });
    fleet.phones[FAULTY]?.upgradeFault('oldVersion');
    // The phones are the console's devices, in service: added, then powered on (their address
    // and SIP port, where pushes go, are recorded as they fetch and report).
    for (const [index, phone] of fleet.phones.entries()) {
      const added = await owner.call('POST', '/device/add', {
        macAddress: phone.options.mac,
        deviceName: room(index),
        deviceModel: 'H2P',
        firmwareVersion: OLD_VERSION,
        siteId: ward.siteId,
      });
      expect(added.code, added.message).toBe(0);
    }
    expect(await fleet.each((phone) => phone.boot())).toEqual([]);
    await running.cradle.deviceEventService.flush();

    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    await page.goto(`${running.url}/login`);
    await submitLogin(page, { userName: ward.userName, password: ward.password, code: TEST_CAPTCHA });
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });

  afterAll(async () => {
    await browser?.close();
    await fleet?.stop();
    await running?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('uploads firmware 2.15.0.1 for H2P on its form; the list shows it', async () => {
    const image = path.join(folder, `h2p-${NEW_VERSION}.rom`);
    writeFileSync(image, simulatedFirmwareImage(NEW_VERSION, 512 * 1024));
    await page.goto(`${running.url}/firmware`);
    await page.getByTestId('firmware-upload').click();
    await page.waitForURL((url) => url.pathname === '/firmware/uploadFirmware');
    const form = page.getByTestId('firmware-form');
    await page.getByTestId('firmware-name').fill('H2P ward release');
    await form.getByLabel('Version', { exact: true }).fill(NEW_VERSION);
    const models = field(form, 'supportModel').locator('.ant-select');
    await choose(models, 'H2P');
    await page.keyboard.press('Escape');
    await page.getByTestId('firmware-file').locator('input[type=file]').setInputFiles(image);
    await page.getByTestId('firmware-file').getByText(`h2p-${NEW_VERSION}.rom`).waitFor();
    await page.getByTestId('firmware-save').click();
    await page.waitForURL((url) => url.pathname === '/firmware', { timeout: 30_000 });
    const row = rowsOf(page.getByTestId('firmware-list')).filter({ hasText: 'H2P ward release' });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    for (const shown of [NEW_VERSION, 'H2P', `h2p-${NEW_VERSION}.rom`, '512 KB'])
      expect(text).toContain(shown);
  });

  it('upgrades the five phones from the row: four succeed, the faulty one fails with the spec’s message', async () => {
    const row = rowsOf(page.getByTestId('firmware-list')).filter({ hasText: 'H2P ward release' });
    await row.getByTestId('firmware-upgrade').click();
    const dialog = page.getByTestId('firmware-upgrade-dialog');
    await dialog.getByTestId('upgrade-firmware').getByText(NEW_VERSION).waitFor();
    const picker = page.getByTestId('upgrade-device-picker');
    await expect.poll(() => rowsOf(picker).count(), { timeout: 30_000 }).toBe(PHONES);
    await picker.locator('thead input[type=checkbox]').check();
    await expect
      .poll(() => page.getByTestId('upgrade-device-count').textContent())
      .toBe(`${PHONES} device(s) selected`);
    await runImmediately(dialog, UPGRADE_TASK);

    const results = await awaitResults(UPGRADE_TASK, { success: PHONES - 1, failed: 1 });
    const failed = rowsOf(results).filter({ hasText: macOf(FAULTY) });
    expect(await failed.textContent()).toContain(
      `The device downloaded the firmware but still reports version (${OLD_VERSION})`,
    );
    expect(await failed.getByText('Failed', { exact: true }).count()).toBe(1);
    // The phones agree: four run the new version, the faulty one its old one.
    expect(fleet.phones.map((phone) => phone.firmware)).toEqual([
      ...Array.from({ length: PHONES - 1 }, () => NEW_VERSION),
      OLD_VERSION,
    ]);
  }, 120_000);

  it('shows the version each phone reports on its details page', async () => {
    const shown: [number, string][] = [
      [0, NEW_VERSION],
      [FAULTY, OLD_VERSION],
    ];
    for (const [index, version] of shown) {
      await page.goto(`${running.url}/device`);
      const keywords = page.getByTestId('device-keywords');
      await keywords.fill(macOf(index));
      await keywords.press('Enter');
      const rows = rowsOf(page.getByTestId('device-list'));
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(1);
      // Not the list's Firmware Version column: it shows the version entered when the device was
      // added (devices.firmware), never the one the phone reports, so it still says 2.14.0.5.
      await rows
        .filter({ hasText: macOf(index) })
        .getByRole('button', { name: 'Details' })
        .click();
      await page.waitForURL((url) => url.pathname === '/device/deviceDetailInfo');
      const software = page
        .getByTestId('device-info')
        .locator('th', { hasText: 'Software Version' })
        .locator('xpath=following-sibling::td[1]');
      await expect.poll(() => software.textContent(), { timeout: 30_000 }).toBe(version);
    }
  });

  it('refuses a 201 KB ringtone with the spec’s tip, sending nothing; then uploads a small one', async () => {
    const tooLarge = path.join(folder, 'ward-bell-large.wav');
    writeFileSync(tooLarge, waveFile(201 * 1024));
    const small = path.join(folder, 'ward-bell.wav');
    writeFileSync(small, waveFile(20 * 1024));
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/tb-resource/addOrEdit')) saves.push(request.url());
    });

    await page.goto(`${running.url}/otherResources`);
    await page.getByTestId('resource-upload').click();
    await page.waitForURL((url) => url.pathname === '/otherResources/uploadFiles');
    const form = page.getByTestId('resource-form');
    await page.getByTestId('resource-name').fill('Ward bell');
    await choose(page.getByTestId('resource-type'), 'Ringtone');
    await expect
      .poll(() => page.getByTestId('resource-file-hint').textContent())
      .toBe('Supported: .wav, up to 200KB');
    await choose(field(form, 'siteId').locator('.ant-select'), 'Default', true);

    const file = page.getByTestId('resource-file');
    await file.locator('input[type=file]').setInputFiles(tooLarge);
    await page.locator('.ant-message').getByText('The file cannot be larger than 200KB').waitFor();
    expect(await file.getByText('ward-bell-large.wav').count()).toBe(0);
    await page.getByTestId('resource-save').click();
    await field(form, 'file').getByText('Please select a file to upload').waitFor();
    expect(saves).toEqual([]);
    const none = await owner.call<{ total: number }>('POST', '/tb-resource/search', {
      currentPage: 1,
      pageSize: 10,
    });
    expect(none.rows[0]?.total).toBe(0);

    await file.locator('input[type=file]').setInputFiles(small);
    await file.getByText('ward-bell.wav').waitFor();
    await page.getByTestId('resource-save').click();
    await page.waitForURL((url) => url.pathname === '/otherResources', { timeout: 30_000 });
    expect(saves).toHaveLength(1);
    const row = rowsOf(page.getByTestId('resource-list')).filter({ hasText: 'Ward bell' });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    for (const shown of ['Ringtone', 'Default', 'ward-bell.wav', '20 KB']) expect(text).toContain(shown);
  });

  it('pushes the ringtone to two phones from its row; both download it whole', async () => {
    const row = rowsOf(page.getByTestId('resource-list')).filter({ hasText: 'Ward bell' });
    await row.getByTestId('resource-push').click();
    const dialog = page.getByTestId('resource-push-dialog');
    await dialog.getByTestId('resource-pushed').getByText('ward-bell.wav (20 KB)').waitFor();
    const picker = page.getByTestId('resource-push-devices');
    await expect.poll(() => rowsOf(picker).count(), { timeout: 30_000 }).toBe(PHONES);
    for (const index of [0, 1]) {
      await rowsOf(picker)
        .filter({ hasText: macOf(index) })
        .locator('input[type=checkbox]')
        .check();
    }
    await expect
      .poll(() => page.getByTestId('resource-push-count').textContent())
      .toBe('2 device(s) selected');
    await runImmediately(dialog, RINGTONE_TASK);

    const results = await awaitResults(RINGTONE_TASK, { success: 2, failed: 0 });
    for (const index of [0, 1]) {
      expect(await results.textContent()).toContain(macOf(index));
      expect(fleet.phones[index]?.downloads).toContainEqual(
        expect.objectContaining({ kind: 'ringtone', size: 20 * 1024 }),
      );
    }
    expect(fleet.phones[2]?.downloads.some((download) => download.kind === 'ringtone')).toBe(false);
  }, 120_000);
});
