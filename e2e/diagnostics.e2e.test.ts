import { readFileSync } from 'node:fs';
import { macWithColons, startsWithPcapHeader } from '@phonefleet/sdk';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countPcapRecords,
  type Device,
  DiagnosticsFixture,
  readWithTcpdump,
} from '../platform/src/modules/diagnostics/diagnostics-fixture.js';
import { TEST_CAPTCHA } from '../platform/src/testing/test-console.js';
import { assertBuilt, launchBrowser, submitLogin } from './support/browser.js';

/**
 * The diagnostics issue's "done when", as a new user meets it: open diagnostics for a simulated
 * phone from the device picker, watch its log stream, ping with a result, start and stop a trace
 * and download a pcap that tcpdump reads back, take a screenshot; a second browser watches the
 * same log stream.
 */
describe('diagnostics: log, ping, trace and screen of a simulated phone over SSH (browser)', () => {
  let f: DiagnosticsFixture;
  let phone: Device;
  let browser: Browser;
  let contexts: BrowserContext[] = [];
  let page: Page;

  async function signedInPage(): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    contexts.push(context);
    const opened = await context.newPage();
    await opened.goto(`${f.running.url}/login`);
    await submitLogin(opened, { userName: f.acme.userName, password: f.acme.password, code: TEST_CAPTCHA });
    await opened.waitForURL((url) => !url.pathname.startsWith('/login'));
    return opened;
  }

  const action = (name: string) => page.getByRole('region', { name });

  beforeAll(async () => {
    assertBuilt();
    f = await DiagnosticsFixture.start(78);
    [phone] = (await f.phones(1, 'H2P', { logBytesPerSecond: 4000, lineDelayMs: 200 })) as [Device];
    browser = await launchBrowser();
    page = await signedInPage();
  }, 90_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    contexts = [];
    await browser?.close();
    await f?.stop();
  });

  it('opens the phone from the device picker and watches its log scroll by, in two browsers', async () => {
    await page.goto(`${f.running.url}/diagnostics`);
    await page.getByTestId(`diagnose-${phone.id}`).click();
    await page.waitForURL((url) => url.pathname === '/diagnostics/diagnosisInterface');
    await page.getByTestId('diagnosis-device').getByText(macWithColons(phone.phone.options.mac)).waitFor();

    const log = action('Capture log');
    await log.getByRole('button', { name: 'Start' }).click();
    const output = log.getByTestId('output-log');
    await expect.poll(() => output.textContent(), { timeout: 15_000 }).toMatch(/user\.\w+ /);

    // A second engineer opens the running session from the history and sees the same stream.
    const second = await signedInPage();
    await second.goto(`${f.running.url}/diagnostics`);
    await second.getByRole('tab', { name: 'Session history' }).click();
    await second.getByRole('button', { name: 'Watch' }).first().click();
    await second.waitForURL((url) => url.searchParams.has('sessionId'));
    const watched = second.getByTestId('output-log');
    await expect.poll(() => watched.textContent(), { timeout: 15_000 }).toMatch(/user\.\w+ /);
    // New lines keep arriving in the second browser without a reload.
    const before = ((await watched.textContent()) ?? '').length;
    await expect
      .poll(async () => ((await watched.textContent()) ?? '').length, { timeout: 10_000 })
      .not.toBe(before);

    await log.getByRole('button', { name: 'Stop' }).click();
    await log.getByText('Stopped').first().waitFor();
    await expect.poll(() => phone.phone.ssh?.openConnections, { timeout: 10_000 }).toBe(0);
  });

  it('pings from the phone and shows the result; an empty host is refused in the spec’s words', async () => {
    const ping = action('Ping');
    await ping.getByRole('button', { name: 'Ping' }).click();
    await ping.getByText('Diagnostics: host required').waitFor();
    await ping.getByRole('textbox').fill('pbx.example.com');
    await ping.getByRole('spinbutton').fill('3');
    await ping.getByRole('button', { name: 'Ping' }).click();
    await expect
      .poll(() => ping.getByTestId('output-ping').textContent(), { timeout: 15_000 })
      .toMatch(/icmp_seq=1/);
    await ping.getByText('Done').first().waitFor({ timeout: 15_000 });
    await ping.getByText('Sent 3, received 3, 0% loss').waitFor();
  });

  it('captures a trace until stopped and downloads a pcap that tcpdump reads', async () => {
    const trace = action('Capture trace');
    await trace.getByRole('button', { name: 'Start' }).click();
    await trace.getByRole('button', { name: 'Stop' }).waitFor();
    await expect.poll(() => trace.getByTestId('session-bytes').count(), { timeout: 10_000 }).toBe(1);
    await page.waitForTimeout(1500);
    await trace.getByRole('button', { name: 'Stop' }).click();
    await trace.getByText('Stopped').first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      trace.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/-trace-\d+\.pcap$/);
    const bytes = readFileSync((await download.path()) ?? '');
    expect(startsWithPcapHeader(bytes)).toBe(true);
    const records = countPcapRecords(bytes);
    expect(records).toBeGreaterThan(5);
    expect(await readWithTcpdump(bytes)).toHaveLength(records);
  });

  it('takes a picture of the screen', async () => {
    const screen = action('Screen capture');
    await screen.getByRole('button', { name: 'Screen capture' }).click();
    const picture = screen.locator('img');
    await picture.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
  });
});
