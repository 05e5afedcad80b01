import { z } from 'zod';
import { currentPage, pageSize } from '../../http/fields.js';

const isoTime = z.iso.datetime({ offset: true, error: 'invalidFormat' });

export const OPERATION_LOG_LEVELS = ['notice', 'info', 'warning'] as const;
export type OperationLogLevel = (typeof OPERATION_LOG_LEVELS)[number];

/** The list's filters (`/syslog/search` and `/syslog/export`): time range, user name, level, keyword. */
const filterFields = {
  userName: z.string().trim().max(128, 'invalidFormat').default(''),
  level: z.enum(OPERATION_LOG_LEVELS, { error: 'invalidFormat' }).optional(),
  keywords: z.string().trim().max(128, 'invalidFormat').default(''),
};

const startBeforeEnd = (range: { startTime?: string | undefined; endTime?: string | undefined }) =>
  !range.startTime || !range.endTime || Date.parse(range.startTime) <= Date.parse(range.endTime);

export const searchBody = z
  .object({
    ...filterFields,
    startTime: isoTime.optional(),
    endTime: isoTime.optional(),
    currentPage,
    pageSize,
  })
  .refine(startBeforeEnd, { message: 'invalidFormat', path: ['endTime'] });
export type OperationLogSearch = z.output<typeof searchBody>;

/** Spec §9 export ranges: the last day, the last 7 days, a custom range (both ends given), or all. */
export const EXPORT_RANGES = ['1d', '7d', 'custom', 'all'] as const;

export const exportBody = z
  .object({
    ...filterFields,
    range: z.enum(EXPORT_RANGES, { error: 'invalidFormat' }),
    startTime: isoTime.optional(),
    endTime: isoTime.optional(),
  })
  .refine((body) => body.range !== 'custom' || (body.startTime && body.endTime), {
    message: 'fieldRequired',
    path: ['startTime'],
  })
  .refine(startBeforeEnd, { message: 'invalidFormat', path: ['endTime'] });
export type OperationLogExport = z.output<typeof exportBody>;

/** Days records are kept (docs/operation-log.md "Retention"). */
export const RETENTION_DAYS_MIN = 1;
export const RETENTION_DAYS_MAX = 3650;

export const retentionBody = z
  .object({
    retentionDays: z
      .number({ error: 'fieldRequired' })
      .int('invalidFormat')
      .min(RETENTION_DAYS_MIN, 'invalidFormat')
      .max(RETENTION_DAYS_MAX, 'invalidFormat'),
  })
  .strict();
