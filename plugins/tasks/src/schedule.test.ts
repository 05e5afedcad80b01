import { describe, expect, it } from 'vitest';
import {
  epochOfWallClock,
  isPastDay,
  MIN_LEAD_MS,
  offsetMinutes,
  scheduleFields,
  scheduleFormOf,
  scheduleProblems,
  wallClockAt,
} from './schedule.js';

const now = Date.UTC(2026, 4, 12, 9, 30, 15);
const problems = (form: Parameters<typeof scheduleProblems>[0]) =>
  scheduleProblems(form, now).map((p) => `${p.field}:${p.message}`);

describe('scheduleProblems (spec §5, as the server checks)', () => {
  it('lets an immediate task go unnamed but caps the name at 128', () => {
    expect(problems({ taskName: '', timeType: 1 })).toEqual([]);
    expect(problems({ taskName: 'x'.repeat(129), timeType: 1 })).toEqual(['taskName:nameTooLong']);
    expect(problems({ taskName: `  ${'x'.repeat(128)}  `, timeType: 1 })).toEqual([]);
  });

  it('needs a name and a time at least 5 minutes ahead for a scheduled task', () => {
    expect(problems({ taskName: ' ', timeType: 2 })).toEqual([
      'taskName:fieldRequired',
      'begin:fieldRequired',
    ]);
    expect(problems({ taskName: 'Night', timeType: 2, begin: now + 2 * 60_000 })).toEqual([
      'begin:taskTimeTooSoon',
    ]);
    expect(problems({ taskName: 'Night', timeType: 2, begin: now + MIN_LEAD_MS - 1 })).toEqual([
      'begin:taskTimeTooSoon',
    ]);
    expect(problems({ taskName: 'Night', timeType: 2, begin: now + MIN_LEAD_MS })).toEqual([]);
  });

  it('checks a repeating task’s range, repeat, day and interval', () => {
    const base = { taskName: 'Weekly', timeType: 3 as const, begin: now + 3_600_000 };
    expect(problems({ ...base })).toEqual(['repeat:fieldRequired']);
    expect(problems({ ...base, repeat: 'daily', end: now })).toEqual(['end:timeRangeError']);
    // a start in the past is the server's to move (now + 10 minutes), not an error
    expect(problems({ ...base, begin: now - 60_000, repeat: 'daily' })).toEqual([]);
    expect(problems({ ...base, repeat: 'weekly' })).toEqual(['weekday:fieldRequired']);
    expect(problems({ ...base, repeat: 'weekly', weekday: '8' })).toEqual(['weekday:fieldRequired']);
    expect(problems({ ...base, repeat: 'weekly', weekday: '7' })).toEqual([]);
    expect(problems({ ...base, repeat: 'monthly', monthDay: '32' })).toEqual(['monthDay:fieldRequired']);
    expect(problems({ ...base, repeat: 'monthly', monthDay: 'Last' })).toEqual([]);
    for (const interval of [undefined, 0, 7201, 1.5]) {
      expect(problems({ ...base, repeat: 'interval', interval })).toEqual(['interval:taskIntervalRange']);
    }
    expect(problems({ ...base, repeat: 'interval', interval: 7200 })).toEqual([]);
  });
});

describe('scheduleFields and scheduleFormOf', () => {
  it('sends what the type of time needs and reads a stored task back', () => {
    expect(scheduleFields({ taskName: '', timeType: 1, begin: now })).toEqual({ timeType: 1 });
    expect(scheduleFields({ taskName: 'a', timeType: 2, begin: now, end: now + 1 })).toEqual({
      timeType: 2,
      beginTime: now,
    });
    const monthly = {
      taskName: 'a',
      timeType: 3 as const,
      begin: now,
      repeat: 'monthly' as const,
      monthDay: 'Last',
    };
    expect(scheduleFields(monthly)).toEqual({
      timeType: 3,
      beginTime: now,
      repeatType: 3,
      repeatTime: 'Last',
    });
    expect(
      scheduleFields({
        taskName: 'a',
        timeType: 3,
        begin: now,
        end: now + 9,
        repeat: 'interval',
        interval: 60,
      }),
    ).toEqual({ timeType: 3, beginTime: now, endTime: now + 9, interval: 60 });
    const stored = {
      taskName: 'a',
      timeType: 3 as const,
      beginTime: now,
      endTime: null,
      repeatType: 3 as const,
      repeatTime: 'Last',
      interval: null,
    };
    expect(scheduleFormOf(stored)).toEqual(monthly);
    expect(scheduleFormOf({ ...stored, repeatType: null, repeatTime: null, interval: 30 })).toMatchObject({
      repeat: 'interval',
      interval: 30,
    });
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
