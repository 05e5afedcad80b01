import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSummary, searchCalls } from './api.js';
import { stubApi, summaryOf } from './testing/helpers.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

const RANGE = { startTime: '2026-03-10T00:00:00.000Z', endTime: '2026-03-13T00:00:00.000Z' };

describe('the call statistics calls', () => {
  it('sends the range and only the filters that are set', async () => {
    const { bodies } = stubApi({ '/callStatistics/summary': () => [summaryOf()] });
    expect((await fetchSummary(RANGE)).total).toBe(6);
    await fetchSummary({ ...RANGE, site: 3, keywords: 'ward', quality: 0 });
    expect(bodies('/callStatistics/summary')).toEqual([
      RANGE,
      { ...RANGE, siteId: 3, keywords: 'ward', quality: 0 },
    ]);
  });

  it('searches newest first unless a column is sorted', async () => {
    const { bodies } = stubApi({ '/callStatistics/search': () => [{ list: [], total: 0 }] });
    await searchCalls({ currentPage: 1, pageSize: 10 }, RANGE);
    await searchCalls(
      { currentPage: 2, pageSize: 20, sortField: 'delay', sortOrder: 'asc' },
      { ...RANGE, quality: 2 },
    );
    expect(bodies('/callStatistics/search')).toEqual([
      { currentPage: 1, pageSize: 10, sortField: 'endTime', sortOrder: 'desc', ...RANGE },
      { currentPage: 2, pageSize: 20, sortField: 'delay', sortOrder: 'asc', ...RANGE, quality: 2 },
    ]);
  });
});
