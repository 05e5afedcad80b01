import { z } from 'zod';
import { idField, pageFields } from '../sites/fleet-common.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A range without both ends: the last seven days. */
export const DEFAULT_RANGE_MS = 7 * DAY_MS;
/** The longest range any call statistics call takes. */
export const MAX_RANGE_MS = 366 * DAY_MS;
/** Hour buckets up to this range (744 bars); longer ranges are cut into days. */
export const MAX_HOURLY_RANGE_MS = 31 * DAY_MS;
/** Ranges up to this long are cut into hours unless the caller asks otherwise. */
export const HOURLY_BY_DEFAULT_MS = 2 * DAY_MS;

const isoTime = z.iso.datetime({ offset: true, error: 'invalidFormat' });

/**
 * The filters every call statistics call takes (docs/call-statistics.md): the time range
 * (`startTime` inclusive, `endTime` exclusive; without them the last seven days), the site subtree,
 * keywords of the phone (MAC, name or S/N) and one quality.
 */
const filterFields = {
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
  siteId: idField.optional(),
  keywords: z.string().trim().max(128).default(''),
  quality: z.number().int().min(0).max(2).optional(),
};

/** The range the filters name, in epoch milliseconds: the missing end now, the missing start a week before the end. */
export function rangeOf(
  filters: { startTime?: string | undefined; endTime?: string | undefined },
  now = Date.now(),
): { start: number; end: number } {
  const end = filters.endTime ? Date.parse(filters.endTime) : now;
  const start = filters.startTime ? Date.parse(filters.startTime) : end - DEFAULT_RANGE_MS;
  return { start, end };
}

/** 'time range error!' for an empty, reversed or longer than 366-day range (on `endTime`). */
function checkRange(
  filters: { startTime?: string | undefined; endTime?: string | undefined },
  context: z.RefinementCtx,
): void {
  const { start, end } = rangeOf(filters);
  if (end <= start || end - start > MAX_RANGE_MS)
    context.addIssue({ code: 'custom', message: 'timeRangeError', path: ['endTime'] });
}

/** `POST /callStatistics/summary`: the filters and how to cut the range (default: hours up to 2 days). */
export const callSummaryBody = z
  .object({ ...filterFields, bucket: z.enum(['hour', 'day'], { error: 'invalidFormat' }).optional() })
  .superRefine((body, context) => {
    checkRange(body, context);
    const { start, end } = rangeOf(body);
    if (body.bucket === 'hour' && end - start > MAX_HOURLY_RANGE_MS)
      context.addIssue({ code: 'custom', message: 'timeRangeError', path: ['bucket'] });
  });
export type CallSummaryQuery = z.output<typeof callSummaryBody>;

/** The detail list's sorts; figures without a value sort below every value. */
export const callSortFields = {
  endTime: 'c.ended_at',
  quality: 'c.quality',
  delay: 'coalesce(c.delay_avg_ms, -1)',
  jitter: 'coalesce(c.jitter_avg_ms, -1)',
  loss: 'coalesce(c.loss_avg_percent, -1)',
} as const;
type CallSort = keyof typeof callSortFields;

const sortFields = {
  sortField: z
    .enum(Object.keys(callSortFields) as [CallSort, ...CallSort[]], { error: 'invalidFormat' })
    .default('endTime'),
  /** Newest first unless asked otherwise. */
  sortOrder: z.enum(['asc', 'desc'], { error: 'invalidFormat' }).default('desc'),
};

/** `POST /callStatistics/search`: one page of calls, newest first. */
export const callSearchBody = z
  .object({
    ...filterFields,
    ...sortFields,
    currentPage: pageFields.currentPage,
    pageSize: pageFields.pageSize,
  })
  .superRefine(checkRange);
export type CallSearch = z.output<typeof callSearchBody>;

/** `POST /callStatistics/export`: the list's filters and order, as xlsx. */
export const callExportBody = z.object({ ...filterFields, ...sortFields }).superRefine(checkRange);
export type CallExport = z.output<typeof callExportBody>;
