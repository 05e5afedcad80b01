import net from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../platform/src/app.js';
import { makeTestCertificates, type TestCertificates } from '../platform/src/testing/certificates.js';
import {
  createTestConsole,
  TEST_ADMIN_PASSWORD,
  TEST_CAPTCHA,
} from '../platform/src/testing/test-console.js';
import { assertBuilt, launchBrowser, pickFromDropdown, submitLogin } from './support/browser.js';

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const pem = (name: string, text: string) => ({
  name,
  mimeType: 'application/x-pem-file',
  buffer: Buffer.from(text),
});

describe('console chrome', () => {
  let running: RunningConsole;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let certs: TestCertificates;

  beforeAll(async () => {
    assertBuilt();
    certs = await makeTestCertificates();
    running = await createTestConsole();
    browser = await launchBrowser();
    // The test CA is not the browser's: its certificate errors are ignored, the connection is TLS all the same.
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ignoreHTTPSErrors: true });
    page = await context.newPage();
    await page.goto(`${running.url}/login`);
    await submitLogin(page, { userName: 'admin', password: TEST_ADMIN_PASSWORD, code: TEST_CAPTCHA });
    await page.waitForURL(`${running.url}/`);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  it('titles a plugin sub-route in the breadcrumb from its manifest instead of the raw segment', async () => {
    await page.goto(`${running.url}/site/addSite`);
    const breadcrumb = page.getByTestId('breadcrumb');
    await breadcrumb.getByText('Add site').waitFor();
    expect(await breadcrumb.textContent()).not.toContain('addSite');
    await page.goto(`${running.url}/task/addTask`);
    await breadcrumb.getByText('Add task').waitFor();
  });

  it('shows Network exception when a call gets no answer, and the overlay while a call runs', async () => {
    await page.goto(`${running.url}/`);
    await page.getByTestId('header-feedback').click();
    await page.getByTestId('feedback-content').fill('The console is fine');
    await page.route('**/api/feedback/add', (route) => route.abort('connectionreset'));
    await page.getByTestId('feedback-send').click();
    await page.getByText('Network exception').first().waitFor();
    await page.unroute('**/api/feedback/add');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/feedback/add', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId('feedback-send').click();
    await page.getByTestId('loading-overlay').waitFor();
    release();
    await page.getByText('Thank you, your feedback has been sent').waitFor();
    await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
    await page.unroute('**/api/feedback/add');
    // The administrator reads it in the same dialog.
    await page.getByTestId('header-feedback').click();
    await page.getByRole('tab', { name: 'Received feedback' }).click();
    await page.getByRole('cell', { name: 'The console is fine' }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('switches the console to HTTPS from the user menu; Chromium loads it there with the session kept', async () => {
    const port = await freePort();
    await page.goto(`${running.url}/`);
    await pickFromDropdown(page, 'user-menu', 'HTTP/HTTPS settings');
    const dialog = page.getByRole('dialog', { name: 'HTTP/HTTPS settings' });
    await dialog.getByText('HTTPS', { exact: true }).click();
    // HTTPS shows the port and the three files (spec §4); the port took the HTTPS default.
    expect(await dialog.getByTestId('http-port').inputValue()).not.toBe('');
    await dialog.getByTestId('http-port').fill(String(port));
    const inputs = dialog.locator('input[type=file]');
    expect(await inputs.count()).toBe(3);
    // A key that is not the certificate's is refused with the platform's words, and nothing changes.
    await inputs.nth(0).setInputFiles(pem('server.crt', certs.certificate));
    await inputs.nth(1).setInputFiles(pem('other.key', certs.otherKey));
    await inputs.nth(2).setInputFiles(pem('ca.pem', certs.caCertificate));
    await dialog.getByTestId('http-save').click();
    await page.getByText('The key does not match the certificate').first().waitFor();
    await inputs.nth(1).setInputFiles(pem('server.key', certs.key));
    await dialog.getByTestId('http-save').click();
    await dialog.getByTestId('http-new-address').waitFor();
    const secure = await context.newPage();
    await secure.goto(`https://127.0.0.1:${port}/`);
    await secure.getByTestId('user-menu').getByText('admin').waitFor();
    expect(new URL(secure.url()).pathname).toBe('/');
    expect(await secure.evaluate(() => window.location.protocol)).toBe('https:');
    await secure.close();
  });
});
