import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Debian's chromium (`apt-get install -y chromium`); never a downloaded browser. Every context and page
 * asks for reduced motion, which the console honours by turning antd's animations off: no click lands
 * on a dialog still zooming in. (Chromium's `--force-prefers-reduced-motion` does not do it: Playwright
 * emulates the media feature per context and overrides the flag.)
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options) => newContext({ reducedMotion: 'reduce', ...options });
  browser.newPage = (options) => newPage({ reducedMotion: 'reduce', ...options });
  return browser;
}

/** The browser tests run against the built host and plugins (`npm run build`). */
export function assertBuilt(): void {
  for (const file of ['host/dist/index.html', 'plugins/home/dist/mf-manifest.json']) {
    if (!existsSync(path.join(root, file))) throw new Error(`${file} is missing: run npm run build first`);
  }
}

export interface SignInOptions {
  userName: string;
  password: string;
  code: string;
  /** Accept the terms of use when they are asked (first sign-in on this browser). */
  acceptTerms?: boolean;
}

/** Fills the login form and submits it; the captcha image must have loaded first (its id is needed). */
export async function submitLogin(page: Page, options: SignInOptions): Promise<void> {
  await page.getByTestId('captcha').locator('img').waitFor();
  await page.getByLabel('Email/Username').fill(options.userName);
  await page.getByLabel('Password').fill(options.password);
  await page.getByLabel('Verification code').fill(options.code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (options.acceptTerms ?? true) {
    const terms = page.getByRole('dialog', { name: 'Terms of use' });
    const answer = await Promise.race([
      terms.waitFor().then(() => 'terms' as const),
      page.waitForURL((url) => !url.pathname.startsWith('/login')).then(() => 'in' as const),
      page
        .getByTestId('login-error')
        .waitFor()
        .then(() => 'error' as const),
    ]);
    if (answer === 'terms') {
      await settled(terms);
      await terms.getByRole('button', { name: 'Confirm' }).click();
    }
  }
}

/**
 * Types `text` into an open antd select's search box when it has one, so that an option past what a
 * long list shows at once (every loaded driver's models) is in view.
 */
export async function searchSelect(select: Locator, text: string): Promise<void> {
  const search = select.locator('input.ant-select-selection-search-input');
  if ((await search.count()) > 0 && (await search.isEditable())) await search.fill(text);
}

/**
 * Opens an antd dropdown and picks an item, once the opening animation has finished (a click that
 * lands while the menu is still zooming in can be lost).
 */
export async function pickFromDropdown(page: Page, triggerTestId: string, itemName: string): Promise<void> {
  await page.getByTestId(triggerTestId).click();
  const item = page.getByRole('menuitem', { name: itemName });
  await item.waitFor();
  const dropdown = page.locator('.ant-dropdown', { has: item });
  await settled(dropdown);
  await item.click();
  await dropdown.waitFor({ state: 'hidden' });
}

/**
 * Waits until an antd popup (dropdown, modal) has finished its opening animation: a click aimed while
 * it still zooms in lands where it no longer is (on a modal's mask, which ignores it).
 */
export async function settled(popup: Locator): Promise<void> {
  await popup.waitFor();
  await popup.evaluate(
    (node) =>
      new Promise<void>((resolve) => {
        const done = () => !/-(enter|appear)/.test(node.className);
        if (done()) return resolve();
        const observer = new MutationObserver(() => {
          if (done()) {
            observer.disconnect();
            resolve();
          }
        });
        observer.observe(node, { attributes: true, attributeFilter: ['class'] });
      }),
  );
}
