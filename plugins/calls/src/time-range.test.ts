import { describe, expect, it } from 'vitest';
import { periodRange, pickedRange } from './time-range.js';

const day = (year: number, month: number, date: number) => ({
  year: () => year,
  month: () => month - 1,
  date: () => date,
});

describe('time ranges of the call statistics page', () => {
  it('ends a period at the midnight after today in the user’s zone', () => {
    // 02:00 on March 11 in Beijing is still March 10 in UTC.
    const now = Date.parse('2026-03-10T18:00:00Z');
    expect(periodRange('today', '+08:00', now)).toEqual({
      startTime: '2026-03-10T16:00:00.000Z',
      endTime: '2026-03-11T16:00:00.000Z',
    });
    expect(periodRange('last7Days', '+00:00', now)).toEqual({
      startTime: '2026-03-04T00:00:00.000Z',
      endTime: '2026-03-11T00:00:00.000Z',
    });
    expect(periodRange('last30Days', '-05:00', now).startTime).toBe('2026-02-09T05:00:00.000Z');
  });

  it('covers the picked days whole, across a month end', () => {
    expect(pickedRange(day(2026, 2, 27), day(2026, 3, 1), '+08:00')).toEqual({
      startTime: '2026-02-26T16:00:00.000Z',
      endTime: '2026-03-01T16:00:00.000Z',
    });
  });
});
