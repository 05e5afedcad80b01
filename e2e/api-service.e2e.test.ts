import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../platform/src/app.js';
import { createTenant, type TestTenant } from '../platform/src/testing/tenants.js';
import { createTestConsole, TEST_CAPTCHA } from '../platform/src/testing/test-console.js';
import { assertBuilt, launchBrowser, submitLogin } from './support/browser.js';

/** The /apiService screen in Chromium: a credential created (its key shown once, and working), then revoked. */
describe('API service screen', () => {
  let running: RunningConsole;
  let browser: Browser;
  let page: Page;
  let acme: TestTenant;
  /** The credential the first test created through the screen. */
  const created = { apiId: '', apiKey: '' };

  beforeAll(async () => {
    assertBuilt();
    running = await createTestConsole();
    acme = await createTenant(running.cradle.db, 'enterprise', 'Acme Hotels');
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    await page.goto(`${running.url}/login`);
    await submitLogin(page, { userName: acme.userName, password: acme.password, code: TEST_CAPTCHA });
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  /** A signed call with the key the screen showed: what a program given it would do. */
  async function signedSearch(apiId: string, apiKey: string): Promise<{ code: number; message: string }> {
    const { createApiClient } = await import('@phonefleet/sdk/api-client');
    const client = createApiClient({ baseUrl: running.url, apiId, apiKey });
    const reply = await client.POST('/api/device/search', { body: {} });
    return (reply.data ?? reply.error) as { code: number; message: string };
  }

  it('creates a credential and shows its key once; the key works', async () => {
    await page.goto(`${running.url}/apiService`);
    await page.getByTestId('api-list').waitFor();
    await page.getByTestId('api-add').click();
    const dialog = page.getByRole('dialog', { name: 'Create API credential' });
    await dialog.getByTestId('api-create-name').fill('Inventory sync');
    await dialog.getByTestId('api-create-role').click();
    await page.locator('.ant-select-item-option').first().click();
    await dialog.getByRole('button', { name: 'Create' }).click();

    const shown = page.getByRole('dialog').filter({ has: page.getByTestId('issued-api-key') });
    await shown.waitFor();
    await shown.getByText('it is shown only this once').waitFor();
    const apiId = (await page.getByTestId('issued-api-id').innerText()).trim();
    const apiKey = (await page.getByTestId('issued-api-key').innerText()).trim();
    expect(apiId).toMatch(/^pfa_[0-9a-f]{20}$/);
    expect(apiKey).toMatch(/^pfk_/);
    await page.getByTestId('api-key-close').click();
    await shown.waitFor({ state: 'hidden' });

    const row = page.getByTestId('api-list').locator('tr', { hasText: 'Inventory sync' });
    await row.getByText('Active').waitFor();
    expect(await row.innerText()).toContain(apiId);
    // Shown once: nowhere on the page after the dialog closed, even after a reload.
    await page.reload();
    await page.getByTestId('api-list').locator('tr', { hasText: 'Inventory sync' }).waitFor();
    expect(await page.content()).not.toContain(apiKey);
    expect((await signedSearch(apiId, apiKey)).code).toBe(0);
    Object.assign(created, { apiId, apiKey });
  });

  it('revokes it after confirmation: the list says Revoked and the key is refused', async () => {
    const row = page.getByTestId('api-list').locator('tr', { hasText: 'Inventory sync' });
    const { apiId, apiKey } = created;
    expect(await row.innerText()).toContain(apiId);
    await row.getByTestId('api-revoke').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('Revoke 1 API credential(s)?').waitFor();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('Revoked', { exact: true }).waitFor();
    expect(await row.getByTestId('api-revoke').count()).toBe(0);
    const revoked = await running.cradle.db.one<{ revoked: boolean }>(
      'SELECT revoked_at IS NOT NULL AS revoked FROM api_credentials WHERE api_id = $1',
      [apiId],
    );
    expect(revoked?.revoked).toBe(true);
    expect(await signedSearch(apiId, apiKey)).toMatchObject({
      code: 40100,
      message: 'The API key has been revoked',
    });
  });
});
