import { epochOfWallClock, wallClockAt } from '@phonefleet/sdk/ui';

/** The ranges offered before a custom one: whole days of the user's zone ending with today. */
export const PERIODS = { today: 1, last7Days: 7, last30Days: 30 } as const;
export type Period = keyof typeof PERIODS;
export const DEFAULT_PERIOD: Period = 'last7Days';

/** A calendar day as antd's date pickers hand it over (a dayjs value). */
export interface PickedDay {
  year(): number;
  /** 0–11. */
  month(): number;
  date(): number;
}

export interface TimeRange {
  /** ISO; from the first day's midnight of the user's zone, to the midnight after the last (exclusive). */
  startTime: string;
  endTime: string;
}

function midnight(day: { year: number; month: number; day: number }, plusDays: number, zoneOffset: string) {
  return epochOfWallClock({ ...day, day: day.day + plusDays, hour: 0, minute: 0 }, zoneOffset);
}

/** The `days` days ending with today (in the user's zone). */
export function periodRange(period: Period, zoneOffset: string, now = Date.now()): TimeRange {
  const today = wallClockAt(now, zoneOffset);
  return {
    startTime: new Date(midnight(today, 1 - PERIODS[period], zoneOffset)).toISOString(),
    endTime: new Date(midnight(today, 1, zoneOffset)).toISOString(),
  };
}

/** The whole days picked, first to last, in the user's zone. */
export function pickedRange(first: PickedDay, last: PickedDay, zoneOffset: string): TimeRange {
  const day = (picked: PickedDay) => ({ year: picked.year(), month: picked.month() + 1, day: picked.date() });
  return {
    startTime: new Date(midnight(day(first), 0, zoneOffset)).toISOString(),
    endTime: new Date(midnight(day(last), 1, zoneOffset)).toISOString(),
  };
}
