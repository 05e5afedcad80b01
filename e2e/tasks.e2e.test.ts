import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SimulatedFleet } from '@phonefleet/sdk/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../platform/src/app.js';
import { createTenant, insertDevices } from '../platform/src/testing/tenants.js';
import {
  ApiClient,
  createTestConsole,
  TEST_ADMIN_PASSWORD,
  TEST_CAPTCHA,
} from '../platform/src/testing/test-console.js';
import { assertBuilt, launchBrowser, submitLogin } from './support/browser.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** This file's phones: their own loopback block and SIP port (docs/phone-simulator.md). */
const ADDRESS_BASE = '127.68.0.0';
const SIP_PORT = 5468;
const MAC_PREFIX = '0a:68:00';
const credentials = { username: 'harbour-phones', password: 'Phones#2026' };

interface TaskRow {
  id: number;
  taskName: string;
  state: number;
  beginTime: number;
  total: number;
  success: number;
}

/** `YYYY/MM/DD HH:mm` of `epoch` in a `+08:00` style offset, as the pickers take it. */
function wallClock(epoch: number, offset: string): string {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  const minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  const local = new Date(epoch + minutes * 60_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${local.getUTCFullYear()}/${two(local.getUTCMonth() + 1)}/${two(local.getUTCDate())} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}

describe('tasks (browser, simulated phones)', () => {
  let running: RunningConsole;
  let admin: ApiClient;
  let fleet: SimulatedFleet;
  let browser: Browser;
  let page: Page;

  const list = () => page.getByTestId('task-list');
  const row = (name: string) => list().locator('tbody tr.ant-table-row').filter({ hasText: name });
  const form = () => page.getByTestId('task-form');
  const formItem = (label: string) => form().locator('.ant-form-item').filter({ hasText: label });

  async function tasksNamed(name: string): Promise<TaskRow[]> {
    const reply = await admin.call<{ list: TaskRow[] }>('POST', '/task/search', {
      currentPage: 1,
      pageSize: 50,
      keywords: name,
    });
    expect(reply.code).toBe(0);
    return reply.rows[0]?.list ?? [];
  }

  async function openAddForm(name: string): Promise<void> {
    await page.goto(`${running.url}/task`);
    await page.getByTestId('task-add').click();
    await page.waitForURL(`${running.url}/task/addTask`);
    await page.getByTestId('task-name').fill(name);
  }

  /** Picks the devices a keyword search finds, with the header checkbox of the picker. */
  async function pickDevices(keywords: string, count: number): Promise<void> {
    const picker = page.getByTestId('task-device-picker');
    const search = page.getByTestId('task-device-keywords');
    await search.fill(keywords);
    await search.press('Enter');
    await expect.poll(() => picker.locator('tbody tr.ant-table-row').count()).toBe(count);
    await picker.locator('thead input[type=checkbox]').check();
    await expect
      .poll(() => page.getByTestId('task-device-count').textContent())
      .toBe(`${count} device(s) selected`);
  }

  /** The offset the form shows its times in (`Times are in GMT+08:00`). */
  async function formZone(): Promise<string> {
    const hint = (await formItem('Task time').locator('.ant-form-item-extra').textContent()) ?? '';
    const zone = /GMT([+-]\d{2}:\d{2})/.exec(hint)?.[1];
    if (!zone) throw new Error(`no zone in "${hint}"`);
    return zone;
  }

  async function pickTaskTime(text: string): Promise<void> {
    const input = page.getByTestId('task-begin').locator('input');
    await input.click();
    await input.fill(text);
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe(text);
  }

  beforeAll(async () => {
    assertBuilt();
    if (!existsSync(path.join(root, 'plugins/tasks/dist/mf-manifest.json'))) {
      throw new Error('plugins/tasks/dist is missing: run npm run build first');
    }
    // Fast retries; the phones wait 5 s before rebooting, so "ongoing" can be seen first.
    running = await createTestConsole({
      push: { tickMs: 200, sipT1Ms: 50, attempts: 2, retryDelayMs: 200, confirmTimeoutMs: 20_000 },
    });
    const { db } = running.cradle;
    const hotel = await createTenant(db, 'enterprise', 'Harbour Hotel');
    const owner = new ApiClient(running.url);
    await owner.signIn(hotel.userName, hotel.password);
    expect((await owner.call('POST', '/tb-provisioning/credentials', credentials)).code).toBe(0);
    const h2 = running.cradle.driverRegistry.model('H2P');
    if (!h2) throw new Error('H2 driver missing');
    fleet = await SimulatedFleet.start({
      consoleUrl: running.url,
      count: 3,
      models: [{ driver: h2.driver, model: 'H2P', firmware: '2.14.0.5' }],
      credentials,
      addressBase: ADDRESS_BASE,
      macBase: '0a6800000000',
      sipPort: SIP_PORT,
      httpPort: false,
      reactionDelayMs: 5000,
    });
    await insertDevices(
      db,
      hotel,
      fleet.phones.map((phone) => ({ mac: phone.options.mac, model: 'H2P' })),
    );
    // Booting records each phone's address and SIP port: where the console's NOTIFYs go.
    expect(await fleet.each((phone) => phone.boot())).toEqual([]);
    await running.cradle.deviceEventService.flush();

    admin = new ApiClient(running.url);
    await admin.signIn('admin', TEST_ADMIN_PASSWORD);
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    page = await context.newPage();
    await page.goto(`${running.url}/login`);
    await submitLogin(page, { userName: 'admin', password: TEST_ADMIN_PASSWORD, code: TEST_CAPTCHA });
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });

  afterAll(async () => {
    await browser?.close();
    await fleet?.stop();
    await running?.stop();
  });

  it('reboots three phones with an immediate task and shows their results turn to success live', async () => {
    await page.getByRole('menuitem', { name: 'Task' }).click();
    await page.waitForURL(`${running.url}/task`);
    await openAddForm('Reboot the harbour phones');
    await pickDevices(MAC_PREFIX, 3);
    await page.getByTestId('task-submit').click();
    await page.waitForURL(`${running.url}/task`);
    await page.locator('.ant-message').getByText('The task has been created').waitFor();
    const [task] = await tasksNamed('Reboot the harbour phones');
    expect(task).toMatchObject({ state: 1, total: 3 });

    await row('Reboot the harbour phones').getByRole('button', { name: 'Results' }).click();
    await page.waitForURL((url) => url.pathname === '/task/taskResult');
    const results = page.getByTestId('task-results');
    await results.locator('tbody tr.ant-table-row').first().waitFor();
    // Marks this document: a reload or navigation would lose it.
    await page.evaluate(() => {
      (window as { tasksMarker?: boolean }).tasksMarker = true;
    });
    expect(await page.getByTestId('result-count-2').textContent()).toBe('Success 0');
    expect(await results.getAttribute('data-polling')).toBe('yes');

    await expect
      .poll(() => page.getByTestId('result-count-2').textContent(), { timeout: 30_000 })
      .toBe('Success 3');
    await expect.poll(() => results.getAttribute('data-polling'), { timeout: 10_000 }).toBe('no');
    expect(await page.evaluate(() => (window as { tasksMarker?: boolean }).tasksMarker)).toBe(true);
    await results.locator('.ant-tag').filter({ hasText: 'Finished' }).waitFor();
    const rows = results.locator('tbody tr.ant-table-row');
    expect(await rows.count()).toBe(3);
    for (const text of await rows.allTextContents()) {
      expect(text).toContain(MAC_PREFIX);
      expect(text).toContain('Success');
    }
    expect(fleet.counters.notifies).toBe(3);

    // Filtered by result: nothing failed.
    await page.getByTestId('result-count-3').click();
    await expect.poll(() => rows.count()).toBe(0);

    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL(`${running.url}/task`);
    await expect
      .poll(() => row('Reboot the harbour phones').getByTestId('task-progress').textContent())
      .toBe('3 success · 0 failed · 0 ongoing / 3');
    expect(await row('Reboot the harbour phones').textContent()).toContain('Finished');
  });

  it('refuses a scheduled time less than 5 minutes ahead in the form, then schedules it', async () => {
    await openAddForm('Night reboot');
    await pickDevices(`${MAC_PREFIX}:00:00:01`, 1);
    await page.getByTestId('task-time-type').getByText('Scheduled').click();
    const zone = await formZone();
    await pickTaskTime(wallClock(Date.now() + 2 * 60_000, zone));
    await page.getByTestId('task-submit').click();
    await formItem('Task time').getByText('The Task Time must start after 5 minutes').waitFor();
    expect(new URL(page.url()).pathname).toBe('/task/addTask');
    expect(await tasksNamed('Night reboot')).toEqual([]);

    // Without a name a scheduled task is refused too.
    await page.getByTestId('task-name').fill('');
    const later = Date.now() + 30 * 60_000;
    await pickTaskTime(wallClock(later, zone));
    await page.getByTestId('task-submit').click();
    await formItem('Task name').getByText('This field cannot be empty!').waitFor();

    await page.getByTestId('task-name').fill('Night reboot');
    await page.getByTestId('task-submit').click();
    await page.waitForURL(`${running.url}/task`);
    const [task] = await tasksNamed('Night reboot');
    expect(task?.state).toBe(0);
    // The picked minute, read in the zone the form showed.
    expect(Math.abs((task?.beginTime ?? 0) - later)).toBeLessThan(60_000);
    expect(await row('Night reboot').textContent()).toContain('Scheduled');
    expect(await row('Night reboot').textContent()).toContain(wallClock(later, zone));
  });

  it('cancels and deletes the scheduled task from its row', async () => {
    await row('Night reboot').getByRole('button', { name: 'Cancel task' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('Devices that have not finished become cancelled.').waitFor();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect.poll(async () => (await tasksNamed('Night reboot'))[0]?.state).toBe(4);
    await row('Night reboot').locator('.ant-tag').filter({ hasText: 'Cancelled' }).waitFor();
    expect(await row('Night reboot').getByRole('button', { name: 'Run again' }).count()).toBe(1);
    await row('Night reboot').getByRole('button', { name: 'Delete' }).click();
    await confirm.getByText('Delete 1 task(s)?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => row('Night reboot').count()).toBe(0);
    expect(await tasksNamed('Night reboot')).toEqual([]);
  });

  it('shows the server’s refusal above the form (a model template that reaches no device)', async () => {
    const sites = await admin.call<{ id: number; parentId: number | null }>(
      'GET',
      '/tb-site-template/siteSelect',
    );
    const site = sites.rows.find((option) => option.parentId === null);
    const template = await admin.call<{ id: number }>('POST', '/modeltemplate/add', {
      name: 'Lobby V64',
      model: 'V64',
      siteId: site?.id,
    });
    expect(template.code).toBe(0);
    await openAddForm('Push the lobby template');
    await page.getByTestId('task-type').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .getByText('Model configuration')
      .click();
    await page.getByTestId('task-model-select').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .getByText('Lobby V64', { exact: false })
      .click();
    await page.getByTestId('task-submit').click();
    await page
      .getByTestId('task-form-error')
      .getByText('There are no devices in the selected range')
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/task/addTask');
    expect(await tasksNamed('Push the lobby template')).toEqual([]);
  });
});
