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
