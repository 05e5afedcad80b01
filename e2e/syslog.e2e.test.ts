import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../platform/src/app.js';
import { changesState } from '../platform/src/modules/operation-log/contents.js';
import {
  ApiClient,
  createTestConsole,
  TEST_ADMIN_PASSWORD,
  TEST_CAPTCHA,
} from '../platform/src/testing/test-console.js';
import { assertBuilt, launchBrowser, pickFromDropdown, submitLogin } from './support/browser.js';

interface BrowserCall {
  method: string;
  path: string;
  /** The envelope's code; undefined for a download. */
  code: number | undefined;
}

/**
 * The operation log's "done when" (docs/operation-log.md): every state-changing call the browser
 * makes in one session — a failed sign-in, the sign-in, an alarm strategy switched off, the log's
 * retention set, the sign-out — appears in the log exactly once, and the reads (lists, the export)
 * not at all; the /syslog page lists them and exports a range.
 */
describe('system log: what the browser changed is in the log, once (browser)', () => {
  let running: RunningConsole;
  let browser: Browser;
  let page: Page;
  let strategyId = 0;
  let before = 0;
  const calls: BrowserCall[] = [];
  /** Each call's answer code is read from its body after the response event: awaited before judging. */
  const answersRead: Promise<void>[] = [];

  beforeAll(async () => {
    assertBuilt();
    running = await createTestConsole();
    const setup = new ApiClient(running.url);
    await setup.signIn('admin', TEST_ADMIN_PASSWORD);
    const receivers = await setup.call<{ id: number }>('GET', '/alarm-strategy/receivers');
    const added = await setup.call<{ id: number }>('POST', '/alarm-strategy/addOrEdit', {
      name: 'Harbour night watch',
      receiverIds: [receivers.rows[0]?.id],
      alarmTypes: [4],
      levels: [1],
      mode: 2,
      frequency: 1,
      deviceScope: 'all',
    });
    expect(added.code, added.message).toBe(0);
    strategyId = Number(added.rows[0]?.id);
    await running.cradle.operationLogWriter.flush();
    before = Number(
      (await running.cradle.db.one<{ id: string | null }>('SELECT max(id) AS id FROM operation_log'))?.id ??
        0,
    );

    browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    page = await context.newPage();
    page.on('response', (response) => {
      const url = new URL(response.url());
      const method = response.request().method();
      if (!url.pathname.startsWith('/api/') || url.pathname.startsWith('/api/live/') || method === 'GET')
        return;
      const call: BrowserCall = { method, path: url.pathname.slice('/api'.length), code: undefined };
      calls.push(call);
      if ((response.headers()['content-type'] ?? '').startsWith('application/json'))
        answersRead.push(
          response
            .json()
            .catch(() => ({}))
            .then((body) => {
              call.code = (body as { code?: number }).code;
            }),
        );
    });
    await page.goto(`${running.url}/login`);
  });

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  it('records each state-changing call of the session once, and the page lists and exports them', async () => {
    await submitLogin(page, { userName: 'admin', password: 'Not-the-password#1', code: TEST_CAPTCHA });
    await page.getByTestId('login-error').waitFor();
    await page.reload();
    await submitLogin(page, { userName: 'admin', password: TEST_ADMIN_PASSWORD, code: TEST_CAPTCHA });
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    await page.goto(`${running.url}/alarmStrategy`);
    const toggle = page.getByTestId(`strategy-status-${strategyId}`);
    await toggle.waitFor();
    await toggle.click();
    await page.waitForFunction(
      (id) =>
        document.querySelector(`[data-testid="strategy-status-${id}"]`)?.getAttribute('aria-checked') ===
        'false',
      strategyId,
    );

    await page.goto(`${running.url}/syslog`);
    const list = page.getByTestId('syslog-list');
    await list.waitFor();
    await page.getByTestId('syslog-retention').click();
    const days = page.getByTestId('syslog-retention-days');
    await days.fill('30');
    await page.getByRole('dialog', { name: 'Retention' }).getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog', { name: 'Retention' }).waitFor({ state: 'hidden' });

    // The page lists what was done, newest first, once the writer's second has passed.
    await running.cradle.operationLogWriter.flush();
    await list.getByTestId('table-refresh').click();
    await list.getByText('System Log: Set retention (retentionDays=30)').waitFor();
    await list.getByText(`Alarm Strategy: Switch on or off (id=${strategyId}, status=0)`).waitFor();
    await list.getByText('Sign-in failed: Incorrect username or password').waitFor();

    // Export the last 7 days: a read, so not itself in the log.
    await page.getByTestId('syslog-export').click();
    await page.getByRole('dialog', { name: 'Export system log' }).getByText('7 days').click();
    const download = page.waitForEvent('download');
    await page.getByTestId('syslog-export-ok').click();
    expect((await download).suggestedFilename()).toBe('syslog.xlsx');

    await pickFromDropdown(page, 'user-menu', 'Log out');
    await page.waitForURL((url) => url.pathname.startsWith('/login'));
    await running.cradle.operationLogWriter.flush();
    // The sign-out's answer may still be on its way to this process when the page is at /login.
    await expect.poll(() => calls.some((call) => call.path === '/user/logout')).toBe(true);
    await Promise.all(answersRead);

    const changing = calls.filter(
      (call) =>
        changesState({ method: call.method.toLowerCase() as 'post', path: call.path }) &&
        (call.code === 0 || call.path === '/user/login'),
    );
    const recorded = await running.cradle.db.query<{ method: string; path: string; user_name: string }>(
      'SELECT method, path, user_name FROM operation_log WHERE id > $1 ORDER BY id',
      [before],
    );
    const key = (call: { method: string; path: string }) => `${call.method} ${call.path}`;
    expect(recorded.map(key)).toEqual(changing.map(key));
    expect(recorded.map(key)).toEqual([
      'POST /user/login',
      'POST /user/login',
      'POST /alarm-strategy/status',
      'POST /syslog/retention',
      'POST /user/logout',
    ]);
    expect(new Set(recorded.map((row) => row.user_name))).toEqual(new Set(['admin']));
    // The reads the page made (lists, the export) are in the browser's calls and not in the log.
    expect(calls.map(key)).toEqual(expect.arrayContaining(['POST /syslog/search', 'POST /syslog/export']));
  });
});
