import { messages } from '@phonefleet/sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../platform/src/app.js';
import {
  createTestConsole,
  TEST_ADMIN_PASSWORD,
  TEST_CAPTCHA,
} from '../platform/src/testing/test-console.js';
import { assertBuilt, launchBrowser, settled, submitLogin } from './support/browser.js';

describe('login errors', () => {
  let running: RunningConsole;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    assertBuilt();
    running = await createTestConsole();
    browser = await launchBrowser();
  });

  beforeEach(async () => {
    await page?.context().close();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    await page.goto(`${running.url}/login`);
    await page.getByText('Sign in to your account').waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  it('checks every field before calling the server', async () => {
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email/Username cannot be empty!').waitFor();
    await page.getByText('Password cannot be empty!').waitFor();
    await page.getByText('Please fill in the verification code!').waitFor();
  });

  it('shows the server message for a wrong password', async () => {
    await submitLogin(page, { userName: 'admin', password: 'Wrong-password-1', code: TEST_CAPTCHA });
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect(await error.textContent()).toBe(messages.loginWrong.en);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('shows "The verification code is incorrect!" for a wrong code, and a new code image', async () => {
    const first = await page.getByTestId('captcha').locator('img').getAttribute('src');
    await submitLogin(page, { userName: 'admin', password: TEST_ADMIN_PASSWORD, code: '9999' });
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('The verification code is incorrect!');
    expect(await page.getByLabel('Verification code').inputValue()).toBe('');
    // Codes are single use: the image was fetched again (a new id, even with the test's fixed text).
    await expect.poll(() => page.getByTestId('captcha').locator('img').getAttribute('src')).not.toBe(first);
  });

  it('does not sign in when the terms of use are cancelled', async () => {
    await submitLogin(page, {
      userName: 'admin',
      password: TEST_ADMIN_PASSWORD,
      code: TEST_CAPTCHA,
      acceptTerms: false,
    });
    const terms = page.getByRole('dialog', { name: 'Terms of use' });
    await settled(terms);
    expect(await terms.textContent()).toContain('free');
    await terms.getByRole('button', { name: 'Cancel' }).click();
    await terms.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('pf.termsAccepted'))).toBeNull();
    const init = await page.evaluate(
      async () => (await (await fetch('/api/homepage/init')).json()) as { code: number },
    );
    expect(init.code).toBe(80000);
  });
});
