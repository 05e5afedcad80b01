import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../platform/src/app.js';
import { projectRoot } from '../platform/src/config.js';
import { PRODUCT_VERSION } from '../platform/src/product.js';
import { makePackage } from '../platform/src/release/make-package.js';
import { RELEASE_KEY_ENV } from '../platform/src/release/package-format.js';
import { nextVersion, testReleaseKey } from '../platform/src/testing/release-packages.js';
import {
  createTestConsole,
  TEST_ADMIN_PASSWORD,
  TEST_CAPTCHA,
} from '../platform/src/testing/test-console.js';
import { assertBuilt, launchBrowser, submitLogin } from './support/browser.js';

const files = ['package.json', 'package-lock.json', 'platform/package.json', 'platform/src/main.ts'];

/**
 * The /upgrade page against the upgrade module: the running version and installation, a package
 * signed with another key refused in the platform's words with nothing staged, a good one staged
 * with its notes and Upgrade asking first; in a container, the image note and no upload.
 */
describe('system upgrade page (browser)', () => {
  let running: RunningConsole;
  let browser: Browser;
  let page: Page;
  let folder: string;
  let key: ReturnType<typeof testReleaseKey>;

  async function packageFile(version: string, privateKey = key.privateKey): Promise<string> {
    const out = path.join(folder, `phonefleet-${version}-${Math.random().toString(16).slice(2)}.tar.gz`);
    await makePackage({ root: projectRoot, out, version, notes: `Notes of ${version}`, privateKey, files });
    return out;
  }

  beforeAll(async () => {
    assertBuilt();
    folder = mkdtempSync(path.join(tmpdir(), 'pf-upgrade-page-'));
    key = testReleaseKey(folder);
    process.env[RELEASE_KEY_ENV] = key.publicKeyFile;
    process.env.PHONEFLEET_DEPLOYMENT = 'npm';
    running = await createTestConsole({ dataDir: path.join(folder, 'data') });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await page.goto(`${running.url}/login`);
    await submitLogin(page, { userName: 'admin', password: TEST_ADMIN_PASSWORD, code: TEST_CAPTCHA });
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });

  afterAll(async () => {
    delete process.env[RELEASE_KEY_ENV];
    delete process.env.PHONEFLEET_DEPLOYMENT;
    await browser?.close();
    await running?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('refuses a package of another key, stages a good one with its notes, and asks before upgrading', async () => {
    await page.goto(`${running.url}/upgrade`);
    const info = page.getByTestId('upgrade-info');
    await info.waitFor();
    expect(await info.textContent()).toContain(PRODUCT_VERSION);
    expect(await info.textContent()).toContain('npm package');
    expect(await page.getByTestId('upgrade-staged').textContent()).toContain('No package uploaded yet');

    const other = testReleaseKey(mkdtempSync(path.join(folder, 'other-')));
    const input = page.getByTestId('upgrade-dragger').locator('input[type=file]');
    await input.setInputFiles(await packageFile(nextVersion(), other.privateKey));
    await page
      .getByText('The installation package is not signed with the release key; nothing was staged')
      .waitFor();
    expect(await page.getByTestId('upgrade-staged').textContent()).toContain('No package uploaded yet');

    await input.setInputFiles(await packageFile(nextVersion()));
    await expect
      .poll(() => page.getByTestId('upgrade-staged').textContent())
      .toContain(`Ready to install: ${nextVersion()}`);
    expect(await page.getByTestId('upgrade-notes').textContent()).toBe(`Notes of ${nextVersion()}`);

    await page.getByTestId('upgrade-now').click();
    const confirm = page.getByRole('dialog', { name: 'Upgrade the console' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(`Upgrade to ${nextVersion()}?`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
  });

  it('in a container says an upgrade is a new image and offers no upload', async () => {
    process.env.PHONEFLEET_DEPLOYMENT = 'container';
    await page.reload();
    await page.getByTestId('upgrade-container').waitFor();
    expect(await page.getByTestId('upgrade-container').textContent()).toContain('pulling the new image');
    expect(await page.getByTestId('upgrade-dragger').count()).toBe(0);
    expect(await page.getByTestId('upgrade-now').count()).toBe(0);
  });
});
