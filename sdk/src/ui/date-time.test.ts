import { describe, expect, it } from 'vitest';
import { epochOfWallClock, formatDateTime, isPastDay, offsetMinutes, wallClockAt } from './date-time.js';

const now = Date.UTC(2026, 4, 12, 9, 30, 15);

describe('formatDateTime', () => {
  it('shows YYYY/MM/DD HH:mm in the user’s zone offset', () => {
    expect(formatDateTime('2026-03-01T23:30:00Z', '+08:00')).toBe('2026/03/02 07:30');
    expect(formatDateTime('2026-03-01T02:15:00Z', '-05:30')).toBe('2026/02/28 20:45');
    expect(formatDateTime('2026-03-01T02:15:00Z', '+00:00')).toBe('2026/03/01 02:15');
  });

  it('gives an empty text for a missing or unreadable time (the table shows its placeholder)', () => {
    expect(formatDateTime(null, '+08:00')).toBe('');
    expect(formatDateTime('', '+08:00')).toBe('');
    expect(formatDateTime('not a date', '+08:00')).toBe('');
  });
});

describe('times in the user’s zone', () => {
  it('reads and writes wall-clock times of the zone offset', () => {
    expect(offsetMinutes('+08:00')).toBe(480);
    expect(offsetMinutes('-03:30')).toBe(-210);
    expect(offsetMinutes('bad')).toBe(0);
    expect(wallClockAt(now, '+08:00')).toEqual({ year: 2026, month: 5, day: 12, hour: 17, minute: 30 });
    expect(wallClockAt(now, '-10:00')).toEqual({ year: 2026, month: 5, day: 11, hour: 23, minute: 30 });
    const wall = { year: 2026, month: 5, day: 13, hour: 0, minute: 5 };
    expect(epochOfWallClock(wall, '+08:00')).toBe(Date.UTC(2026, 4, 12, 16, 5));
    expect(wallClockAt(epochOfWallClock(wall, '-03:30'), '-03:30')).toEqual(wall);
  });

  it('disables the days before today in the zone', () => {
    // 09:30 UTC is already the 12th in +08:00 and still the 11th in -10:00
    expect(isPastDay({ year: 2026, month: 5, day: 11 }, now, '+08:00')).toBe(true);
    expect(isPastDay({ year: 2026, month: 5, day: 11 }, now, '-10:00')).toBe(false);
    expect(isPastDay({ year: 2026, month: 5, day: 12 }, now, '+08:00')).toBe(false);
    expect(isPastDay({ year: 2025, month: 12, day: 31 }, now, '+00:00')).toBe(true);
  });
});
