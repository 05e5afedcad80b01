import { describe, expect, it } from 'vitest';
import { MIN_LEAD_MS, scheduleFields, scheduleFormOf, scheduleProblems } from './schedule.js';

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
