import { PAGE_SIZES } from '@phonefleet/sdk';
import { z } from 'zod';

export const sortFields = {
  macAddress: 'd.mac',
  deviceName: 'd.device_name',
  deviceModel: 'd.model',
  status: 'd.status',
  createTime: 'd.created_at',
} as const;

/** Device search (spec §3 "Device search", §7 POST /device/search). */
export const deviceSearchBody = z.object({
  currentPage: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z
    .number()
    .int()
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size), 'invalidFormat')
    .default(10),
  keywords: z.string().trim().max(128).default(''),
  /** A site id: the site and every site below it. */
  site: z.number().int().positive().optional(),
  types: z.array(z.string().min(1).max(64)).max(50).default([]),
  groupId: z.number().int().positive().optional(),
  sortField: z
    .enum(Object.keys(sortFields) as [keyof typeof sortFields, ...(keyof typeof sortFields)[]])
    .default('macAddress'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
  /** Keyset cursor from the previous page (`nextCursor`): deep pages without OFFSET. */
  cursor: z.string().max(512).optional(),
});
export type DeviceSearch = z.output<typeof deviceSearchBody>;

const id = z.number().int().positive();
const ids = z.array(id).min(1).max(10_000);
/** Text fields are checked by `checkDeviceFields` (shared with the import) for the spec's messages. */
const text = (max: number) => z.string().max(max).default('');

export const deviceFieldsBody = z.object({
  macAddress: text(64),
  serialNumber: text(64),
  deviceName: text(1024),
  deviceModel: text(64),
  firmwareVersion: text(1024),
  siteId: id.optional(),
});
export type DeviceFieldsInput = z.output<typeof deviceFieldsBody>;

export const deviceUpdateBody = deviceFieldsBody.extend({ id });

export const deviceIdQuery = z.object({ id: z.coerce.number().int().positive() });
export const deviceIdBody = z.object({ id });
export const verifyMacQuery = z.object({ macAddress: z.string().max(64) });
export const deviceIdsBody = z.object({ ids });
export const siteAssignBody = z.object({ ids, siteId: id });

export const operationLogBody = z.object({
  id,
  currentPage: z.number().int().min(1).max(100_000).default(1),
  pageSize: z
    .number()
    .int()
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size), 'invalidFormat')
    .default(10),
});
