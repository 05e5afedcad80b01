// @vitest-environment happy-dom
import { SessionProvider } from '@phonefleet/sdk/ui';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buttonNamed,
  byTestId,
  callRow,
  choose,
  cleanup,
  click,
  loginWith,
  page,
  renderInConsole,
  stubApi,
  summaryOf,
  waitFor,
} from '../testing/helpers.js';
import { CallStatisticsPage } from './CallStatisticsPage.js';

const SUMMARY = '/callStatistics/summary';
const SEARCH = '/callStatistics/search';
const EXPORT = '/callStatistics/export';
const ALL = { callStatistics: ['export'] };
const textOf = (testId: string) => byTestId(testId)?.textContent ?? '';
const tableRows = () => [...(byTestId('call-records')?.querySelectorAll('.ant-table-row') ?? [])];

/** The range of the last 7 days the page starts with, today included (UTC: the session's zone). */
function lastSevenDays() {
  const today = new Date();
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return {
    startTime: new Date(midnight - 6 * 86_400_000).toISOString(),
    endTime: new Date(midnight + 86_400_000).toISOString(),
  };
}

async function searchFor(text: string) {
  const search = byTestId('call-search');
  if (!(search instanceof HTMLInputElement)) throw new Error('no search input');
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(search, text);
    search.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () =>
    search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13, bubbles: true })),
  );
}

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the call statistics page', () => {
  it('shows the last seven days of the sidebar’s site: figures, worst devices and sites, and each call', async () => {
    const { bodies } = stubApi({
      [SUMMARY]: () => [summaryOf()],
      [SEARCH]: () =>
        page([
          callRow(),
          callRow({ id: 91, quality: 0, delayMinMs: null, delayAvgMs: null, delayMaxMs: null }),
        ]),
    });
    await renderInConsole(
      <SessionProvider login={loginWith(ALL)} language="en-US" zoneOffset="+00:00" siteFilter={3}>
        <CallStatisticsPage />
      </SessionProvider>,
      { buttons: ALL, path: '/callStatistics' },
    );
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    await waitFor(() => expect(textOf('calls-total')).toContain('6'));
    expect(bodies(SUMMARY)).toEqual([{ ...lastSevenDays(), siteId: 3 }]);
    expect(bodies(SEARCH)).toEqual([
      {
        currentPage: 1,
        pageSize: 10,
        sortField: 'endTime',
        sortOrder: 'desc',
        ...lastSevenDays(),
        siteId: 3,
      },
    ]);
    expect(textOf('average-delay')).toContain('215.5 ms');
    expect(textOf('average-delay')).toContain('max 1400 ms');
    expect(textOf('average-loss')).toContain('1.5 %');
    const slices = [...(byTestId('call-quality')?.querySelectorAll('[data-slice]') ?? [])].map((slice) =>
      slice.textContent?.replace(/\s/g, ''),
    );
    expect(slices).toEqual(['Good350%', 'Fair117%', 'Poor233%']);
    expect(byTestId('calls-over-time')?.querySelector('[data-bar] title')?.textContent).toBe(
      '2026/03/10 09:00: Good 2, Fair 1, Poor 2',
    );
    for (const shown of ['Ward phone', '0a:73:00:00:00:02', 'Ward A', '50%'])
      expect(textOf('worst-devices')).toContain(shown);
    expect(textOf('worst-sites')).toContain('Lakeside Clinic');
    const [first, second] = tableRows().map((row) => row.textContent ?? '');
    for (const shown of [
      '2026/03/10 09:50',
      'Ward phone',
      '2001',
      '2002',
      'PCMU',
      '350 / 700 / 1400',
      '10 / 20 / 40',
      '6 / 12 / 24',
      'Poor',
    ])
      expect(first).toContain(shown);
    expect(second).toContain('Good');
    expect(second).toContain('--');
  });

  it('sends the quality and keywords to the figures and the list alike, and exports with them', async () => {
    const { bodies } = stubApi({ [SUMMARY]: () => [summaryOf()], [SEARCH]: () => page([callRow()]) });
    await renderInConsole(<CallStatisticsPage />, { buttons: ALL, path: '/callStatistics' });
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    await choose('call-quality-filter', 'Poor');
    await searchFor(' 00:00:02 ');
    await waitFor(() => expect(bodies(SUMMARY).at(-1)).toMatchObject({ quality: 2, keywords: '00:00:02' }));
    await waitFor(() => expect(bodies(SEARCH).at(-1)).toMatchObject({ quality: 2, keywords: '00:00:02' }));
    await click(buttonNamed('Export'));
    await waitFor(() =>
      expect(bodies(EXPORT)).toEqual([
        { sortField: 'endTime', sortOrder: 'desc', ...lastSevenDays(), keywords: '00:00:02', quality: 2 },
      ]),
    );
  });

  it('chooses a period and says why a figure is empty', async () => {
    const empty = summaryOf({
      total: 0,
      distribution: { good: 0, fair: 0, poor: 0 },
      averages: { delayMs: null, jitterMs: null, lossPercent: null },
      maxima: { delayMs: null, jitterMs: null, lossPercent: null },
      overTime: [{ time: '2026-03-10T00:00:00.000Z', good: 0, fair: 0, poor: 0 }],
      worstDevices: [],
      worstSites: [],
    });
    const { bodies } = stubApi({ [SUMMARY]: () => [empty], [SEARCH]: () => page([]) });
    await renderInConsole(<CallStatisticsPage />, {
      buttons: { callStatistics: [] },
      path: '/callStatistics',
    });
    await waitFor(() => expect(textOf('call-quality')).toContain('No calls in this range'));
    expect(textOf('calls-over-time')).toContain('No calls in this range');
    expect(textOf('worst-devices')).toContain('No poor calls in this range');
    expect(textOf('average-delay')).toContain('--');
    // No export button without `export`.
    expect(buttonNamed('Export')).toBeUndefined();
    await choose('call-period-filter', 'Today');
    await waitFor(() => expect(bodies(SUMMARY)).toHaveLength(2));
    const today = bodies(SUMMARY).at(-1) as { startTime: string; endTime: string };
    expect(Date.parse(today.endTime) - Date.parse(today.startTime)).toBe(86_400_000);
  });

  it('speaks Chinese in zh-CN', async () => {
    stubApi({ [SUMMARY]: () => [summaryOf()], [SEARCH]: () => page([callRow()]) });
    await renderInConsole(
      <SessionProvider login={loginWith(ALL)} language="zh-CN" zoneOffset="+08:00">
        <CallStatisticsPage />
      </SessionProvider>,
      { buttons: ALL, path: '/callStatistics' },
    );
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    for (const shown of [
      '通话统计',
      '通话趋势',
      '通话质量',
      '通话质量最差的设备',
      '通话质量最差的站点',
      '通话记录',
    ])
      expect(textOf('call-statistics')).toContain(shown);
    expect(tableRows()[0]?.textContent).toContain('较差');
    expect(tableRows()[0]?.textContent).toContain('2026/03/10 17:50');
    expect(buttonNamed('导出')).toBeDefined();
  });
});
