import { z } from 'zod';
import { bodyId, currentPage, pageSize } from '../../http/fields.js';
import { FIRMWARE_MAX } from '../devices/device-fields.js';

export const unknownSortFields = {
  lastSeen: 'g.last_seen',
  firstSeen: 'g.first_seen',
  macAddress: 'g.mac',
  hits: 'g.hits',
} as const;

/** The unknown-device list (docs/devices.md "Unknown devices"): keywords, reason, paging and order. */
export const unknownSearchBody = z.object({
  currentPage,
  pageSize,
  /** Part of the MAC (any separators), address, model, firmware or requested path. */
  keywords: z.string().trim().max(128).default(''),
  /** One reason exactly as `/unknownDevice/reasons` lists it; empty: every reason. */
  reason: z.string().trim().max(256).default(''),
  sortField: z
    .enum(
      Object.keys(unknownSortFields) as [
        keyof typeof unknownSortFields,
        ...(keyof typeof unknownSortFields)[],
      ],
    )
    .default('lastSeen'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});
export type UnknownSearch = z.output<typeof unknownSearchBody>;

/**
 * Unknown devices (list row ids) added as devices of one site. The model and firmware are what each
 * phone reported unless given here (then for every one of them).
 */
export const unknownAddBody = z.object({
  ids: z.array(bodyId).min(1).max(10_000),
  siteId: bodyId,
  deviceModel: z.string().trim().max(64).optional(),
  firmwareVersion: z.string().trim().max(FIRMWARE_MAX, 'nameTooLong').optional(),
});
export type UnknownAdd = z.output<typeof unknownAddBody>;
