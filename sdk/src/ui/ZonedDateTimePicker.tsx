import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import localeData from 'dayjs/plugin/localeData';
import weekday from 'dayjs/plugin/weekday';
import weekOfYear from 'dayjs/plugin/weekOfYear';
import weekYear from 'dayjs/plugin/weekYear';
import { epochOfWallClock, isPastDay, wallClockAt } from './date-time.js';

// antd's pickers call these on the values they are given (the same set antd extends its own copy with).
dayjs.extend(customParseFormat);
dayjs.extend(advancedFormat);
dayjs.extend(weekday);
dayjs.extend(localeData);
dayjs.extend(weekOfYear);
dayjs.extend(weekYear);

export interface ZonedDateTimePickerProps {
  /** Epoch milliseconds. */
  value?: number | undefined;
  onChange?(value: number | undefined): void;
  /** The user's zone (`+08:00`): the picker shows and reads wall-clock times of it. */
  zoneOffset: string;
  disabled?: boolean;
  id?: string;
  'data-testid'?: string;
}

/** The wall clock of the user's zone, held in a picker value whose local fields show it. */
/** A moment picked in an antd date-time picker (a dayjs value), read through these fields only. */
export interface PickedTime {
  year(): number;
  /** 0–11. */
  month(): number;
  date(): number;
  hour(): number;
  minute(): number;
}

/** The instant a picker's wall-clock value stands for in the user's zone (`GMT+08:00`). */
export function epochOfPicked(picked: PickedTime, zoneOffset: string): number {
  return epochOfWallClock(
    {
      year: picked.year(),
      month: picked.month() + 1,
      day: picked.date(),
      hour: picked.hour(),
      minute: picked.minute(),
    },
    zoneOffset,
  );
}

function pickerValue(epoch: number, zoneOffset: string): Dayjs {
  const wall = wallClockAt(epoch, zoneOffset);
  return dayjs(new Date(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute));
}

/**
 * Date and time (minutes) in the user's zone, past days disabled (spec §5); works as a form
 * control holding epoch milliseconds.
 */
export function ZonedDateTimePicker({
  value,
  onChange,
  zoneOffset,
  disabled,
  id,
  ...rest
}: ZonedDateTimePickerProps) {
  return (
    <span data-testid={rest['data-testid']}>
      <DatePicker
        id={id}
        disabled={disabled}
        showTime={{ format: 'HH:mm' }}
        format="YYYY/MM/DD HH:mm"
        value={value === undefined ? null : pickerValue(value, zoneOffset)}
        disabledDate={(day) =>
          isPastDay({ year: day.year(), month: day.month() + 1, day: day.date() }, Date.now(), zoneOffset)
        }
        onChange={(picked) => {
          if (!picked) return onChange?.(undefined);
          onChange?.(epochOfPicked(picked, zoneOffset));
        }}
        style={{ width: 220 }}
      />
    </span>
  );
}
