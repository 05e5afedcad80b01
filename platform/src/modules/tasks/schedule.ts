import { AppError } from '../../http/envelope.js';

/** Spec §4/§9: a scheduled task's window is one day less a second. */
export const WINDOW_MS = 86_399_000;
/** Spec §5: a scheduled time at least 5 minutes ahead; the fallback is now plus 10 minutes. */
export const MIN_LEAD_MS = 5 * 60_000;
export const FALLBACK_LEAD_MS = 10 * 60_000;

export const TimeType = { immediate: 1, scheduled: 2, repeating: 3 } as const;
export const RepeatType = { daily: 1, weekly: 2, monthly: 3 } as const;

export interface ScheduleInput {
  taskName: string;
  timeType: 1 | 2 | 3;
  beginTime?: number | undefined;
  endTime?: number | undefined;
  repeatType?: 1 | 2 | 3 | undefined;
  repeatTime?: string | undefined;
  interval?: number | undefined;
}

export interface Schedule {
  timeType: 1 | 2 | 3;
  begin: Date;
  end: Date | null;
  repeatType: 1 | 2 | 3 | null;
  repeatTime: string | null;
  interval: number | null;
  /** When the engine fires the first run; null for immediate tasks (they start at once). */
  firstRun: Date | null;
}

/** The part of a task that decides when it runs. */
export interface Recurrence {
  begin: Date;
  end: Date | null;
  repeatType: number | null;
  repeatTime: string | null;
  interval: number | null;
  zoneOffsetMinutes: number;
}

/**
 * Spec §5 rules, in order: name required when scheduled (max 128); a scheduled time equal to the
 * current second moves 10 minutes later, otherwise it must be at least 5 minutes ahead; the window
 * is start + 86399000 ms; a repeating start in the past becomes now + 10 minutes; start after end
 * is 'time range error!'. Repeating tasks need a repeat type (with its day) or a custom interval.
 */
export function normaliseSchedule(input: ScheduleInput, now: number, zoneOffsetMinutes: number): Schedule {
  const name = input.taskName.trim();
  if (input.timeType !== TimeType.immediate && !name) throw AppError.invalid('fieldRequired', 'taskName');
  if (name.length > 128) throw AppError.invalid('nameTooLong', 'taskName');
  if (
    input.beginTime !== undefined &&
    input.endTime !== undefined &&
    input.beginTime > input.endTime &&
    input.timeType !== TimeType.scheduled
  ) {
    throw AppError.invalid('timeRangeError');
  }

  if (input.timeType === TimeType.immediate) {
    return {
      timeType: 1,
      begin: new Date(now),
      end: new Date(now + WINDOW_MS),
      repeatType: null,
      repeatTime: null,
      interval: null,
      firstRun: null,
    };
  }

  if (input.beginTime === undefined) throw AppError.invalid('fieldRequired', 'beginTime');
  let begin = input.beginTime;

  if (input.timeType === TimeType.scheduled) {
    if (Math.floor(begin / 1000) === Math.floor(now / 1000)) begin = now + FALLBACK_LEAD_MS;
    else if (begin < now + MIN_LEAD_MS) throw AppError.invalid('taskTimeTooSoon');
    return {
      timeType: 2,
      begin: new Date(begin),
      end: new Date(begin + WINDOW_MS),
      repeatType: null,
      repeatTime: null,
      interval: null,
      firstRun: new Date(begin),
    };
  }

  if (begin < now) begin = now + FALLBACK_LEAD_MS;
  const end = input.endTime ?? null;
  if (end !== null && begin > end) throw AppError.invalid('timeRangeError');
  const interval = input.interval ?? null;
  const repeatType = interval === null ? (input.repeatType ?? null) : null;
  if (interval === null && repeatType === null) throw AppError.invalid('fieldRequired', 'repeatType');
  let repeatTime: string | null = null;
  if (repeatType === RepeatType.weekly) {
    repeatTime = input.repeatTime ?? '';
    if (!/^[1-7]$/.test(repeatTime)) throw AppError.invalid('fieldRequired', 'repeatTime');
  } else if (repeatType === RepeatType.monthly) {
    repeatTime = input.repeatTime ?? '';
    if (!/^([1-9]|[12][0-9]|3[01]|Last)$/.test(repeatTime))
      throw AppError.invalid('fieldRequired', 'repeatTime');
  }
  const recurrence: Recurrence = {
    begin: new Date(begin),
    end: end === null ? null : new Date(end),
    repeatType,
    repeatTime,
    interval,
    zoneOffsetMinutes,
  };
  const firstRun = nextOccurrence(recurrence, begin - 1);
  if (!firstRun) throw AppError.invalid('timeRangeError');
  return { timeType: 3, ...recurrence, firstRun, repeatType: recurrence.repeatType as 1 | 2 | 3 | null };
}

const DAY_MS = 86_400_000;

/**
 * The first run of a repeating task strictly after `after` (epoch ms), or null past its end.
 * Daily, weekly (1 Monday … 7 Sunday) and monthly (day 1–31, or Last) runs keep the time of day of
 * `begin` in the zone the task was created in; a month without the day is skipped.
 */
export function nextOccurrence(task: Recurrence, after: number): Date | null {
  const begin = task.begin.getTime();
  const from = Math.max(after + 1, begin);
  let candidate: number | undefined;
  if (task.interval !== null) {
    const steps = Math.max(0, Math.ceil((from - begin) / (task.interval * 1000)));
    candidate = begin + steps * task.interval * 1000;
  } else {
    const offset = task.zoneOffsetMinutes * 60_000;
    const timeOfDay = (((begin + offset) % DAY_MS) + DAY_MS) % DAY_MS;
    const firstDay = Math.floor((from + offset) / DAY_MS);
    // 62 days cover any monthly day (a 31st comes at least every other month).
    for (let day = firstDay; day <= firstDay + 62; day += 1) {
      const local = day * DAY_MS + timeOfDay;
      const instant = local - offset;
      if (instant < from || !matchesDay(task, new Date(local))) continue;
      candidate = instant;
      break;
    }
  }
  if (candidate === undefined) return null;
  if (task.end && candidate > task.end.getTime()) return null;
  return new Date(candidate);
}

/** `local` holds the zone's wall-clock time in its UTC fields. */
function matchesDay(task: Recurrence, local: Date): boolean {
  if (task.repeatType === RepeatType.weekly) {
    const isoWeekday = local.getUTCDay() === 0 ? 7 : local.getUTCDay();
    return String(isoWeekday) === task.repeatTime;
  }
  if (task.repeatType === RepeatType.monthly) {
    const day = local.getUTCDate();
    if (task.repeatTime === 'Last') {
      const next = new Date(local.getTime() + DAY_MS);
      return next.getUTCMonth() !== local.getUTCMonth();
    }
    return String(day) === task.repeatTime;
  }
  return true;
}
