import { describe, expect, it } from 'vitest';
import { nextOccurrence, type Recurrence } from './schedule.js';

const at = (iso: string) => new Date(iso).getTime();
const task = (overrides: Partial<Recurrence>): Recurrence => ({
  begin: new Date('2026-01-05T08:30:00Z'),
  end: null,
  repeatType: 1,
  repeatTime: null,
  interval: null,
  zoneOffsetMinutes: 0,
  ...overrides,
});

describe('repeating runs', () => {
  it('daily keeps the time of day of the start in the task’s zone', () => {
    // 08:30 UTC is 16:30 at GMT+08:00; the next run after 17:00 local is the next day 16:30 local.
    const next = nextOccurrence(task({ zoneOffsetMinutes: 480 }), at('2026-01-07T09:00:00Z'));
    expect(next?.toISOString()).toBe('2026-01-08T08:30:00.000Z');
  });

  it('weekly runs on the weekday (1 Monday … 7 Sunday)', () => {
    const next = nextOccurrence(task({ repeatType: 2, repeatTime: '7' }), at('2026-01-05T09:00:00Z'));
    expect(next?.toISOString()).toBe('2026-01-11T08:30:00.000Z');
  });

  it('monthly on the 31st skips shorter months; Last is the month’s last day', () => {
    const on31 = nextOccurrence(task({ repeatType: 3, repeatTime: '31' }), at('2026-02-01T00:00:00Z'));
    expect(on31?.toISOString()).toBe('2026-03-31T08:30:00.000Z');
    const last = nextOccurrence(task({ repeatType: 3, repeatTime: 'Last' }), at('2026-02-01T00:00:00Z'));
    expect(last?.toISOString()).toBe('2026-02-28T08:30:00.000Z');
  });

  it('a custom interval counts from the start; nothing after the end', () => {
    const every = task({ repeatType: null, interval: 7200 });
    expect(nextOccurrence(every, at('2026-01-05T09:00:00Z'))?.toISOString()).toBe('2026-01-05T10:30:00.000Z');
    const ended = task({ end: new Date('2026-01-06T00:00:00Z') });
    expect(nextOccurrence(ended, at('2026-01-05T09:00:00Z'))).toBeNull();
  });
});
