export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/** `+08:00` → 480; anything unreadable is UTC. */
export function offsetMinutes(zoneOffset: string): number {
  const match = OFFSET.exec(zoneOffset);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** The wall clock of the user's zone at `epoch` (the pickers show times in the user's zone). */
export function wallClockAt(epoch: number, zoneOffset: string): WallClock {
  const local = new Date(epoch + offsetMinutes(zoneOffset) * 60_000);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}

/** The moment a wall-clock time of the user's zone names. */
export function epochOfWallClock(wall: WallClock, zoneOffset: string): number {
  return (
    Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - offsetMinutes(zoneOffset) * 60_000
  );
}

/** Past dates are disabled in the pickers (spec §5): days before today in the user's zone. */
export function isPastDay(
  day: Pick<WallClock, 'year' | 'month' | 'day'>,
  now: number,
  zoneOffset: string,
): boolean {
  const today = wallClockAt(now, zoneOffset);
  const key = (d: Pick<WallClock, 'year' | 'month' | 'day'>) => d.year * 10_000 + d.month * 100 + d.day;
  return key(day) < key(today);
}

/**
 * A moment as the console shows it (spec §9): `YYYY/MM/DD HH:mm` in the user's zone offset
 * (`+08:00`). Empty, unreadable values give '' (the table then shows its placeholder).
 */
export function formatDateTime(value: string | number | Date | null | undefined, zoneOffset: string): string {
  if (value === null || value === undefined || value === '') return '';
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const local = new Date(time + offsetMinutes(zoneOffset) * 60_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${local.getUTCFullYear()}/${two(local.getUTCMonth() + 1)}/${two(local.getUTCDate())} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}

/** A calendar day as antd's date pickers hand it over (a dayjs value). */
export interface PickedDay {
  year(): number;
  /** 0–11. */
  month(): number;
  date(): number;
}

/**
 * The moments a range of whole days of the user's zone covers: from the first day's midnight to the
 * last millisecond of the last day (ISO, as the alarm and operation-log searches take them).
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
