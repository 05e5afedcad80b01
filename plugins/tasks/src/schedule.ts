import type { MessageKey } from '@phonefleet/sdk';

/**
 * The task form's time rules, mirroring the platform's (spec §5, docs/tasks.md) so the user sees
 * the same words before sending; the server checks again and its refusal is shown as it comes.
 */

/** Spec §9: a scheduled task starts at least 5 minutes ahead. */
export const MIN_LEAD_MS = 5 * 60_000;
export const INTERVAL_MIN = 1;
export const INTERVAL_MAX = 7200;
export const NAME_MAX = 128;

export type TimeType = 1 | 2 | 3;
/** Repeating tasks run daily, weekly (on a weekday), monthly (on a day or the last) or every N seconds. */
export type RepeatKind = 'daily' | 'weekly' | 'monthly' | 'interval';

/** What `/task/add` and `/task/update` take about time. */
export interface ScheduleFields {
  timeType: TimeType;
  beginTime?: number;
  endTime?: number;
  repeatType?: 1 | 2 | 3;
  repeatTime?: string;
  interval?: number;
}

/** The form's values about time; times are epoch milliseconds. */
export interface ScheduleForm {
  taskName: string;
  timeType: TimeType;
  begin?: number | undefined;
  end?: number | undefined;
  repeat?: RepeatKind | undefined;
  /** '1' Monday … '7' Sunday. */
  weekday?: string | undefined;
  /** '1' … '31' or 'Last'. */
  monthDay?: string | undefined;
  interval?: number | undefined;
}

export type ScheduleField = 'taskName' | 'begin' | 'end' | 'repeat' | 'weekday' | 'monthDay' | 'interval';

export interface ScheduleProblem {
  field: ScheduleField;
  message: MessageKey;
}

/**
 * Every rule the form breaks, in the server's order and words: a name for scheduled and repeating
 * tasks (≤ 128); a scheduled time at least 5 minutes ahead; a repeating start not after its end,
 * with a repeat (and its day) or an interval of 1–7200 seconds.
 */
export function scheduleProblems(form: ScheduleForm, now: number): ScheduleProblem[] {
  const problems: ScheduleProblem[] = [];
  const name = form.taskName.trim();
  if (form.timeType !== 1 && !name) problems.push({ field: 'taskName', message: 'fieldRequired' });
  if (name.length > NAME_MAX) problems.push({ field: 'taskName', message: 'nameTooLong' });
  if (form.timeType === 1) return problems;

  if (form.begin === undefined) {
    problems.push({ field: 'begin', message: 'fieldRequired' });
  } else if (form.timeType === 2 && form.begin < now + MIN_LEAD_MS) {
    problems.push({ field: 'begin', message: 'taskTimeTooSoon' });
  }
  if (form.timeType === 2) return problems;

  if (form.begin !== undefined && form.end !== undefined && form.begin > form.end) {
    problems.push({ field: 'end', message: 'timeRangeError' });
  }
  if (!form.repeat) problems.push({ field: 'repeat', message: 'fieldRequired' });
  if (form.repeat === 'weekly' && !/^[1-7]$/.test(form.weekday ?? '')) {
    problems.push({ field: 'weekday', message: 'fieldRequired' });
  }
  if (form.repeat === 'monthly' && !/^([1-9]|[12][0-9]|3[01]|Last)$/.test(form.monthDay ?? '')) {
    problems.push({ field: 'monthDay', message: 'fieldRequired' });
  }
  if (form.repeat === 'interval') {
    const interval = form.interval;
    if (
      interval === undefined ||
      !Number.isInteger(interval) ||
      interval < INTERVAL_MIN ||
      interval > INTERVAL_MAX
    ) {
      problems.push({ field: 'interval', message: 'taskIntervalRange' });
    }
  }
  return problems;
}

const repeatTypes = { daily: 1, weekly: 2, monthly: 3 } as const;

/** The request fields of a valid form (the server sets a scheduled task's end itself). */
export function scheduleFields(form: ScheduleForm): ScheduleFields {
  if (form.timeType === 1) return { timeType: 1 };
  if (form.timeType === 2) return { timeType: 2, beginTime: form.begin };
  const fields: ScheduleFields = { timeType: 3, beginTime: form.begin };
  if (form.end !== undefined) fields.endTime = form.end;
  if (form.repeat === 'interval') fields.interval = form.interval;
  else if (form.repeat) {
    fields.repeatType = repeatTypes[form.repeat];
    if (form.repeat === 'weekly') fields.repeatTime = form.weekday;
    if (form.repeat === 'monthly') fields.repeatTime = form.monthDay;
  }
  return fields;
}

/** The form's time values for a stored task (`/task/query`), to edit it. */
export function scheduleFormOf(task: {
  taskName: string;
  timeType: TimeType;
  beginTime: number;
  endTime: number | null;
  repeatType: 1 | 2 | 3 | null;
  repeatTime: string | null;
  interval: number | null;
}): ScheduleForm {
  const form: ScheduleForm = { taskName: task.taskName, timeType: task.timeType };
  if (task.timeType === 1) return form;
  form.begin = task.beginTime;
  if (task.timeType === 2) return form;
  if (task.endTime !== null) form.end = task.endTime;
  if (task.interval !== null) {
    form.repeat = 'interval';
    form.interval = task.interval;
  } else if (task.repeatType === 2) {
    form.repeat = 'weekly';
    form.weekday = task.repeatTime ?? undefined;
  } else if (task.repeatType === 3) {
    form.repeat = 'monthly';
    form.monthDay = task.repeatTime ?? undefined;
  } else if (task.repeatType === 1) {
    form.repeat = 'daily';
  }
  return form;
}

/** A moment as the clock on the user's wall shows it; month 1–12. */
