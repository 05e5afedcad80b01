import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.js';

/**
 * Parameter editor timings in Debian chromium against a running console, for an H2P device
 * (20 accounts, 238 phone keys): milliseconds, medians where repeated.
 *
 * - `paramEditorInteractiveMs`: navigation start → the editor is in the DOM (first section rendered);
 *   it includes the host's own start (session, plugin list, remote entry);
 * - `paramEditorApiMs`: first `/tb-config/*` request start → last response end (tree, config, push
 *   record, effective values, in parallel);
 * - `paramEditorRenderAfterDataMs`: last response → editor in the DOM (parse, build, first render);
 * - `paramEditorTabSwitchMs`: click on a tab → the next frame after its section rendered;
 * - `paramEditorSectionSwitchMs`: the same for a sidebar section;
 * - `paramEditorKeystrokeMs`: key down in a parameter field → the next frame after React re-rendered;
 * - `paramEditorKeyPageMs`: phone keys, next table page → next frame.
 *
 * `cookieHeader` is a signed-in session (`pf_session=…`); `relationId` an H2P device id.
 */
export async function benchParameterEditor(
  baseUrl: string,
  cookieHeader: string,
  relationId: number,
): Promise<Record<string, number>> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const url = new URL(baseUrl);
    await context.addCookies(
      cookieHeader
        .split(';')
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => {
          const eq = part.indexOf('=');
          return { name: part.slice(0, eq), value: part.slice(eq + 1), domain: url.hostname, path: '/' };
        }),
    );
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __pfEditorReady?: number };
      const observer = new MutationObserver(() => {
        if (document.querySelector('[data-testid="parameter-editor"] [data-testid="section-content"]')) {
          w.__pfEditorReady = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    const editorUrl = `${baseUrl}/device/setParam?relationId=${relationId}&deviceModel=H2P&pushStatus=1`;

    // warm-up: caches, JIT; then measured cold-ish loads (HTTP cache on, as a returning user)
    const interactive: number[] = [];
    const api: number[] = [];
    const afterData: number[] = [];
    for (let i = 0; i < 4; i++) {
      await page.goto(editorUrl);
      await page.getByTestId('section-content').waitFor({ timeout: 60_000 });
      const timing = await page.evaluate(() => {
        const ready = (window as unknown as { __pfEditorReady?: number }).__pfEditorReady ?? Number.NaN;
        const calls = performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/api/tb-config/')) as PerformanceResourceTiming[];
        const start = Math.min(...calls.map((e) => e.startTime));
        const end = Math.max(...calls.map((e) => e.responseEnd));
        return { ready, api: end - start, afterData: ready - end };
      });
      if (i > 0) {
        interactive.push(timing.ready);
        api.push(timing.api);
        afterData.push(timing.afterData);
      }
    }

    const tabSwitch: number[] = [];
    for (const tab of [
      'network',
      'settings',
      'function',
      'account',
      'phoneKeys',
      'account',
      'settings',
      'account',
    ]) {
      tabSwitch.push(await timeClick(page, `[data-testid="tab-${tab}"]`));
    }

    await page.click('[data-testid="tab-settings"]');
    const sectionSwitch: number[] = [];
    for (const label of ['Time & date', 'Ringing', 'General', 'Ringing', 'Audio', 'General']) {
      const item = page.getByTestId('section-menu').getByText(label, { exact: true });
      if ((await item.count()) === 0) continue;
      sectionSwitch.push(await timeLocatorClick(page, item));
    }

    // keystrokes: account tab (the largest section: account 1 advanced), one text field
    await page.click('[data-testid="tab-account"]');
    const advanced = page.getByTestId('section-menu').locator('.ant-menu-item').nth(1);
    await advanced.click();
    const row = page.getByTestId('param-account.1.advanced.TelephonyVmNumber');
    await row.getByTestId('push-account.1.advanced.TelephonyVmNumber').check();
    const input = row.locator('[data-param] input').first();
    await input.click();
    await input.fill('');
    await page.evaluate(() => {
      const w = window as unknown as { __pfKeys: number[] };
      w.__pfKeys = [];
      let start = 0;
      document.addEventListener(
        'keydown',
        (e) => {
          start = e.timeStamp;
        },
        true,
      );
      document.addEventListener(
        'input',
        () => {
          const t0 = start;
          requestAnimationFrame(() => setTimeout(() => w.__pfKeys.push(performance.now() - t0), 0));
        },
        true,
      );
    });
    for (const ch of '8001234567890') {
      await page.keyboard.press(ch);
      await page.waitForTimeout(30);
    }
    await page.waitForTimeout(100);
    const keystroke = await page.evaluate(() => (window as unknown as { __pfKeys: number[] }).__pfKeys);

    // phone keys: next page of the program key table
    await page.click('[data-testid="tab-phoneKeys"]');
    const keyPage: number[] = [];
    for (const n of [2, 3, 1, 2]) {
      keyPage.push(await timeClick(page, `[data-testid="keys-programKey"] .ant-pagination-item-${n}`));
    }

    return {
      paramEditorInteractiveMs: round(median(interactive)),
      paramEditorApiMs: round(median(api)),
      paramEditorRenderAfterDataMs: round(median(afterData)),
      paramEditorTabSwitchMs: round(median(tabSwitch)),
      paramEditorTabSwitchMaxMs: round(Math.max(...tabSwitch)),
      paramEditorSectionSwitchMs: round(median(sectionSwitch)),
      paramEditorKeystrokeMs: round(median(keystroke)),
      paramEditorKeystrokeMaxMs: round(Math.max(...keystroke)),
      paramEditorKeyPageMs: round(median(keyPage)),
    };
  } finally {
    await browser.close();
  }
}

/** Click in the page → the frame after React committed (rAF + task), measured inside the page. */
async function timeClick(page: Page, selector: string): Promise<number> {
  return page.evaluate(
    (sel) =>
      new Promise<number>((resolve) => {
        const element = document.querySelector<HTMLElement>(sel);
        if (!element) throw new Error(`bench: ${sel} not found`);
        const t0 = performance.now();
        element.click();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
      }),
    selector,
  );
}

async function timeLocatorClick(page: Page, locator: ReturnType<Page['locator']>): Promise<number> {
  const handle = await locator.elementHandle();
  if (!handle) return Number.NaN;
  return page.evaluate(
    (element) =>
      new Promise<number>((resolve) => {
        const t0 = performance.now();
        (element as HTMLElement).click();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
      }),
    handle,
  );
}

function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
