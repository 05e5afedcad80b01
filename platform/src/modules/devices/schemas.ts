import { z } from 'zod';
import { bodyId, currentPage, pageSize, queryId, requiredField } from '../../http/fields.js';
import { FIRMWARE_MAX, MAC_PATTERN, NAME_MAX, SERIAL_NUMBER } from './device-fields.js';

export const sortFields = {
  macAddress: 'd.mac',
  deviceName: 'd.device_name',
  deviceModel: 'd.model',
  status: 'd.status',
  createTime: 'd.created_at',
} as const;

/** Device search (spec §3 "Device search", §7 POST /device/search). */
export const deviceSearchBody = z.object({
  currentPage,
  pageSize,
  keywords: z.string().trim().max(128).default(''),
  /** A site id: the site and every site below it. */
  site: bodyId.optional(),
  types: z.array(z.string().min(1).max(64)).max(50).default([]),
  groupId: bodyId.optional(),
  sortField: z
    .enum(Object.keys(sortFields) as [keyof typeof sortFields, ...(keyof typeof sortFields)[]])
    .default('macAddress'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
  /** Keyset cursor from the previous page (`nextCursor`): deep pages without OFFSET. */
  cursor: z.string().max(512).optional(),
});
export type DeviceSearch = z.output<typeof deviceSearchBody>;

/** `/device/matchingIds`: the filters of a device search, without paging or order. */
export const deviceMatchingBody = deviceSearchBody.pick({
  keywords: true,
  site: true,
  types: true,
  groupId: true,
});

const id = bodyId;
const ids = z.array(id).min(1).max(10_000);

/** `pattern`, or nothing. */
function orEmpty(pattern: RegExp): RegExp {
  return new RegExp(`^(?:${pattern.source.slice(1, -1)})?$`);
}

/**
 * A device's own fields with the rules and messages of `checkDeviceFields` (which also checks
 * every import row, and says which driver knows the model): the schema refuses first, in the
 * same order, so the OpenAPI document states the real limits.
 */
const deviceFields = {
  serialNumber: z.string().trim().regex(orEmpty(SERIAL_NUMBER), 'invalidSerialNumber').default(''),
  deviceName: z.string().trim().max(NAME_MAX, 'nameTooLong').default(''),
  deviceModel: z.string(requiredField).trim().min(1, 'fieldRequired').max(64, 'unknownModel'),
  firmwareVersion: z.string(requiredField).trim().min(1, 'fieldRequired').max(FIRMWARE_MAX, 'nameTooLong'),
  siteId: z.number(requiredField).int('invalidFormat').positive('invalidFormat'),
};

export const deviceFieldsBody = z.object({
  macAddress: z.string(requiredField).trim().min(1, 'fieldRequired').regex(MAC_PATTERN, 'invalidMac'),
  ...deviceFields,
});
export type DeviceFieldsInput = z.output<typeof deviceFieldsBody>;

/** The MAC cannot change: it may be left out (or empty) or repeated. */
export const deviceUpdateBody = z.object({
  id,
  macAddress: z.string().trim().regex(orEmpty(MAC_PATTERN), 'invalidMac').default(''),
  ...deviceFields,
});

export const deviceIdQuery = z.object({ id: queryId });
export const deviceIdBody = z.object({ id });
export const verifyMacQuery = z.object({
  macAddress: z.string(requiredField).trim().min(1, 'fieldRequired').regex(MAC_PATTERN, 'invalidMac'),
});
export const deviceIdsBody = z.object({ ids });
export const siteAssignBody = z.object({ ids, siteId: id });

export const operationLogBody = z.object({
  id,
  currentPage: z.number().int().min(1).max(100_000).default(1),
  pageSize,
});
