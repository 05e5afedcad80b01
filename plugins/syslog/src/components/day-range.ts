import { epochOfWallClock } from '@phonefleet/sdk/ui';

/** A calendar day as antd's date pickers hand it over (a dayjs value). */
export interface PickedDay {
  year(): number;
  /** 0–11. */
  month(): number;
  date(): number;
}

/**
 * The moments a range of whole days of the user's zone covers: from the first day's midnight to
 * the last millisecond of the last day (ISO, as `/alarm/search` takes them).
 */
export function dayRange(
  first: PickedDay,
  last: PickedDay,
  zoneOffset: string,
): { startTime: string; endTime: string } {
  const midnight = (day: PickedDay, plusDays: number) =>
    epochOfWallClock(
      { year: day.year(), month: day.month() + 1, day: day.date() + plusDays, hour: 0, minute: 0 },
      zoneOffset,
    );
  return {
    startTime: new Date(midnight(first, 0)).toISOString(),
    endTime: new Date(midnight(last, 1) - 1).toISOString(),
  };
}
