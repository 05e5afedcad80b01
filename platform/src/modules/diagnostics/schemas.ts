import { z } from 'zod';
import { queryId } from '../../http/fields.js';
import { idField, pageFields } from '../sites/fleet-common.js';

const isoTime = z.iso.datetime({ offset: true, error: 'invalidFormat' });

/** `POST /diagnostics/start`: the action's own fields are checked by `planAction` (spec §5 messages). */
export const startBody = z.object({
  deviceId: idField,
  action: z.enum(['log', 'trace', 'screenshot', 'ping', 'traceroute', 'systemLog', 'config'], {
    error: 'invalidFormat',
  }),
  level: z.string().max(16).optional(),
  host: z.string().max(300).optional(),
  count: z.number().optional(),
  range: z.enum(['1d', '7d', 'custom', 'all'], { error: 'invalidFormat' }).optional(),
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
});

export const sessionIdBody = z.object({ sessionId: idField });
export const sessionIdQuery = z.object({ sessionId: queryId });
export const downloadQuery = z.object({ sessionId: queryId, inline: z.enum(['0', '1']).optional() });
export const deviceIdQuery = z.object({ deviceId: queryId });

export const devicesBody = z.object({
  keyword: z.string().trim().max(128).default(''),
  currentPage: pageFields.currentPage,
  pageSize: pageFields.pageSize,
});

export const sessionsBody = z.object({
  deviceId: idField.optional(),
  currentPage: pageFields.currentPage,
  pageSize: pageFields.pageSize,
});

/** Per-device SSH settings; the password is write-only (empty or absent keeps it). */
export const credentialsBody = z.object({
  deviceId: idField,
  port: z.number().int().min(1, 'invalidFormat').max(65535, 'invalidFormat').optional(),
  username: z.string().trim().min(1, 'invalidFormat').max(64, 'invalidFormat').optional(),
  password: z.string().max(128, 'invalidFormat').optional(),
  clearPassword: z.boolean().optional(),
  forgetHostKey: z.boolean().optional(),
});
