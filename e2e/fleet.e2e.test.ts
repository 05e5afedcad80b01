import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../platform/src/app.js';
import {
  ApiClient,
  createTestConsole,
  TEST_ADMIN_PASSWORD,
  TEST_CAPTCHA,
} from '../platform/src/testing/test-console.js';
import { assertBuilt, launchBrowser, submitLogin } from './support/browser.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAC = '00:15:65:a0:00:01';

/** Sites, model templates and groups through their wizards, as the administrator. */
describe('fleet structure screens', () => {
  let running: RunningConsole;
  let browser: Browser;
  let page: Page;
  let api: ApiClient;
  let defaultSiteId: number;

  const toast = (text: string) => page.locator('.ant-message').getByText(text);
  const confirmDialog = () => page.locator('.ant-modal-confirm');

  /** A save needs at least one pushed parameter. */
  async function pushOneParameter(): Promise<void> {
    await page.getByTestId('tab-network').click();
    await page.getByTestId('push-network.ipParameter.MTU').check();
  }

  /** A wizard's steps bar as a person reads it: every title, the active one, how many are done. */
  async function steps(scope: Locator): Promise<{ titles: string[]; active: string[]; done: number }> {
    await scope.locator('.ant-steps').first().waitFor();
    return {
      titles: await scope.locator('.ant-steps-item-title').allInnerTexts(),
      active: await scope.locator('.ant-steps-item-process .ant-steps-item-title').allInnerTexts(),
      done: await scope.locator('.ant-steps-item-finish').count(),
    };
  }

  async function siteNames(): Promise<string[]> {
    const reply = await api.call<{ siteName: string }>('GET', '/tb-site-template/siteSelect');
    return reply.rows.map((row) => row.siteName);
  }

  async function total(path: string, body: Record<string, unknown> = {}): Promise<number> {
    const reply = await api.call<{ total: number }>('POST', path, { currentPage: 1, pageSize: 10, ...body });
    expect(reply.code).toBe(0);
    return reply.rows[0]?.total ?? -1;
  }

  beforeAll(async () => {
    assertBuilt();
    for (const plugin of ['sites', 'models', 'groups', 'parameters']) {
      if (!existsSync(path.join(root, `plugins/${plugin}/dist/mf-manifest.json`))) {
        throw new Error(`plugins/${plugin}/dist is missing: run npm run build first`);
      }
    }
    running = await createTestConsole();
    api = new ApiClient(running.url);
    expect((await api.signIn('admin', TEST_ADMIN_PASSWORD)).code).toBe(0);
    const sites = await api.call<{ id: number; isDefault: boolean }>('GET', '/tb-site-template/siteSelect');
    defaultSiteId = sites.rows.find((site) => site.isDefault)?.id ?? 0;
    expect(defaultSiteId).toBeGreaterThan(0);

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
  });

  it('adds a child site through basic → set parameters → finish, refusing an empty and a taken name', async () => {
    await page.goto(`${running.url}/site`);
    await page.getByTestId('site-actions').waitFor();
    await page.getByRole('button', { name: 'Add child site' }).click();
    await page.waitForURL(`${running.url}/site/addSite?parentId=${defaultSiteId}`);

    await page.getByTestId('site-next').click();
    await page.locator('#siteName_help').getByText('This field cannot be empty!').waitFor();
    expect(await page.locator('#parentId_help').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/site/addSite');

    await page.getByTestId('site-name').fill('Lobby');
    await page.getByTestId('site-next').click();
    await page.waitForURL((url) => url.pathname === '/site/setParam');
    const query = new URL(page.url()).searchParams;
    expect(query.get('relationName')).toBe('site');
    expect(query.get('isAdd')).toBe('1');
    await page.getByTestId('parameter-editor').waitFor();
    expect(await page.getByTestId('set-param-page').getAttribute('data-relation')).toBe('site');
    // The wizard's steps stay on the set-parameters screen, with its step active.
    expect(await steps(page.getByTestId('set-param-page'))).toEqual({
      titles: ['Basic', 'Set parameters', 'Finish'],
      active: ['Set parameters'],
      done: 1,
    });

    // Save leads to the finish step (every step done) with the new site chosen in the tree.
    await pushOneParameter();
    await page.getByRole('button', { name: 'Save only' }).click();
    await page.waitForURL((url) => url.pathname === '/site');
    const finished = page.getByTestId('wizard-finished');
    await finished.getByText('Site “Lobby” is ready').waitFor();
    expect(await steps(finished)).toEqual({
      titles: ['Basic', 'Set parameters', 'Finish'],
      active: [],
      done: 3,
    });
    await page.getByTestId('site-tree').getByText('Lobby (0)').waitFor();
    await page.getByTestId('site-tree').locator('.ant-tree-node-selected').getByText('Lobby (0)').waitFor();
    await page.getByTestId('site-detail').getByText('Configured').waitFor();
    expect(await siteNames()).toContain('Lobby');

    // The name is taken now.
    await page
      .getByTestId('site-tree')
      .getByText(/^Default/)
      .click();
    await page.getByRole('button', { name: 'Add child site' }).click();
    await page.getByTestId('site-name').fill('Lobby');
    await page.getByTestId('site-next').click();
    await toast('The site name already exists').waitFor();
    expect(new URL(page.url()).pathname).toBe('/site/addSite');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/site');
    expect((await siteNames()).filter((name) => name === 'Lobby')).toHaveLength(1);
  });

  it('deletes the site after confirmation; the default site cannot be deleted', async () => {
    await page.getByTestId('site-tree').getByText('Lobby (0)').click();
    await page.getByTestId('site-detail').getByText('Lobby', { exact: true }).first().waitFor();
    await page.getByTestId('site-actions').getByRole('button', { name: 'Delete' }).click();
    await confirmDialog().getByText('Delete site “Lobby”?', { exact: false }).waitFor();
    await confirmDialog().getByRole('button', { name: 'Delete' }).click();
    await toast('Deleted successfully').waitFor();
    await expect.poll(() => page.getByTestId('site-tree').getByText('Lobby (0)').count()).toBe(0);
    expect(await siteNames()).not.toContain('Lobby');

    await page
      .getByTestId('site-tree')
      .getByText(/^Default/)
      .click();
    await expect
      .poll(() => page.getByTestId('site-actions').getByRole('button', { name: 'Delete' }).isDisabled())
      .toBe(true);
  });

  it('Cancel on the set-parameters step of /model/addModel deletes the new template', async () => {
    await page.goto(`${running.url}/model`);
    await page.getByTestId('model-add').click();
    await page.waitForURL((url) => url.pathname === '/model/addModel');
    await page.getByTestId('model-name').fill('Lobby phones');
    // Searched: with every driver's models the list is longer than the dropdown shows at once.
    await page.getByLabel('Model').fill('H2P');
    await page.locator('.ant-select-item-option', { hasText: 'H2P' }).first().click();
    await page.getByLabel('Site').click();
    await page.locator('.ant-select-tree-title', { hasText: 'Default' }).first().click();
    await page.getByTestId('model-desc').fill('Phones of the lobby');
    await page.getByTestId('model-next').click();

    await page.waitForURL((url) => url.pathname === '/model/setParam');
    const query = new URL(page.url()).searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      relationName: 'model',
      templateName: 'Lobby phones',
      modelName: 'H2P',
      modelDesc: 'Phones of the lobby',
      site: String(defaultSiteId),
      isAdd: '1',
    });
    await page.getByTestId('parameter-editor').waitFor();
    expect(await steps(page.getByTestId('set-param-page'))).toEqual({
      titles: ['Basic information', 'Set parameters', 'Finish'],
      active: ['Set parameters'],
      done: 1,
    });
    expect(await total('/modeltemplate/search')).toBe(1);

    await page.getByTestId('parameter-editor').getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/model');
    await page.getByTestId('model-list').locator('.ant-empty-description').waitFor();
    expect(await total('/modeltemplate/search')).toBe(0);
    expect(await page.getByTestId('wizard-finished').count()).toBe(0);
  });

  it('adds a model template through basic information → set parameters → finish, the new one marked', async () => {
    await page.goto(`${running.url}/model`);
    await page.getByTestId('model-add').click();
    await page.waitForURL((url) => url.pathname === '/model/addModel');
    await page.getByTestId('model-name').fill('Lobby phones');
    // Searched: with every driver's models the list is longer than the dropdown shows at once.
    await page.getByLabel('Model').fill('H2P');
    await page.locator('.ant-select-item-option', { hasText: 'H2P' }).first().click();
    await page.getByLabel('Site').click();
    await page.locator('.ant-select-tree-title', { hasText: 'Default' }).first().click();
    await page.getByTestId('model-next').click();
    await page.waitForURL((url) => url.pathname === '/model/setParam');
    await page.getByTestId('parameter-editor').waitFor();
    await pushOneParameter();
    await page.getByRole('button', { name: 'Save only' }).click();
    await page.waitForURL((url) => url.pathname === '/model');
    const finished = page.getByTestId('wizard-finished');
    await finished.getByText('Model template “Lobby phones” is ready').waitFor();
    expect(await steps(finished)).toEqual({
      titles: ['Basic information', 'Set parameters', 'Finish'],
      active: [],
      done: 3,
    });
    const listed = page.getByTestId('model-list').getByRole('row', { name: /Lobby phones/ });
    expect(await listed.getByTestId('created-name').innerText()).toBe('Lobby phones');
  });

  it('adds a group with one device through basic information → group device → set parameters → finish', async () => {
    const added = await api.call('POST', '/device/add', {
      macAddress: MAC,
      serialNumber: 'SN0001',
      deviceName: 'Front desk phone',
      deviceModel: 'H2P',
      firmwareVersion: '2.14.0.5',
      siteId: defaultSiteId,
    });
    expect(added.code).toBe(0);

    await page.goto(`${running.url}/group`);
    await page.getByTestId('group-add').click();
    await page.waitForURL((url) => url.pathname === '/group/addGroup');
    await page.getByTestId('group-next').click();
    await page.locator('#groupName_help').getByText('This field cannot be empty!').waitFor();
    await page.getByTestId('group-name').fill('Front desk');
    await page.getByTestId('group-next').click();

    const devices = page.getByTestId('group-devices');
    const row = devices.getByRole('row', { name: new RegExp(MAC) });
    await row.waitFor();
    await page.getByTestId('group-devices-next').click();
    await toast('Group needs a device').waitFor();
    expect(new URL(page.url()).pathname).toBe('/group/addGroup');
    await row.getByRole('checkbox').check();
    await devices.getByTestId('selected-count').getByText('1 device(s) selected').waitFor();
    await page.getByTestId('group-devices-next').click();

    await page.waitForURL((url) => url.pathname === '/group/setParam');
    await page.getByTestId('parameter-editor').waitFor();
    const groupSteps = ['Basic information', 'Group device', 'Set parameters', 'Finish'];
    expect(await steps(page.getByTestId('set-param-page'))).toEqual({
      titles: groupSteps,
      active: ['Set parameters'],
      done: 2,
    });
    await pushOneParameter();
    await page.getByRole('button', { name: 'Save only' }).click();
    await page.waitForURL((url) => url.pathname === '/group');
    const finished = page.getByTestId('wizard-finished');
    await finished.getByText('Group “Front desk” is ready').waitFor();
    expect(await steps(finished)).toEqual({ titles: groupSteps, active: [], done: 4 });
    const listed = page.getByTestId('group-list').getByRole('row', { name: /Front desk/ });
    await listed.waitFor();
    // The new group stands out in the list.
    expect(await listed.getByTestId('created-name').innerText()).toBe('Front desk');
    expect(await listed.getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining(['Front desk', '1']),
    );
  });

  it('deletes the group after confirmation', async () => {
    const listed = page.getByTestId('group-list').getByRole('row', { name: /Front desk/ });
    await listed.getByRole('button', { name: 'Delete' }).click();
    await confirmDialog().getByText('Delete 1 group(s)?', { exact: false }).waitFor();
    await confirmDialog().getByRole('button', { name: 'Delete' }).click();
    await toast('Deleted successfully').waitFor();
    await expect.poll(() => listed.count()).toBe(0);
    expect(await total('/tb-group-template/selectGroup')).toBe(0);
  });
});
