import { FIRMWARE_VERSION_PATTERN } from '@phonefleet/sdk';
import { z } from 'zod';
import { queryId, requiredField } from '../../http/fields.js';
import { filePushFields } from '../device-downloads/file-push.js';
import { descriptionField, idField, nameField, pageFields } from '../sites/fleet-common.js';

export const versionField = z
  .string(requiredField)
  .trim()
  .min(1, 'fieldRequired')
  .regex(FIRMWARE_VERSION_PATTERN, 'firmwareVersionInvalid');

/** Multipart fields are text: `supportModel` is a comma-separated list of model names. */
const modelsField = z
  .string(requiredField)
  .transform((value) => [
    ...new Set(
      value
        .split(',')
        .map((model) => model.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(z.string().max(64)).min(1, 'fieldRequired').max(200));

const flagField = z
  .enum(['true', 'false'], { error: 'invalidFormat' })
  .transform((value) => value === 'true')
  .default(false);

/** `POST /tb-firmware/addOrEditFirmware` (multipart): with `id` an edit, whose file is optional. */
export const firmwareFormBody = z.object({
  id: queryId.optional(),
  firmwareName: nameField,
  firmwareVersion: versionField,
  supportModel: modelsField,
  description: descriptionField.default(''),
  /** The official list (platform administrator only). */
  official: flagField,
});
export type FirmwareForm = z.output<typeof firmwareFormBody>;

export const firmwareSortFields = {
  createTime: 'f.created_at',
  firmwareName: 'lower(f.name)',
  firmwareVersion: `string_to_array(f.version, '.')::bigint[]`,
} as const;
type FirmwareSort = keyof typeof firmwareSortFields;

export const searchFirmwareBody = z.object({
  ...pageFields,
  sortField: z
    .enum(Object.keys(firmwareSortFields) as [FirmwareSort, ...FirmwareSort[]])
    .default('createTime'),
  keywords: z.string().trim().max(128).default(''),
  model: z.string().trim().max(64).optional(),
  /** true: the official list; false: the caller's customer firmware. */
  official: z.boolean().default(false),
});
export type FirmwareSearch = z.output<typeof searchFirmwareBody>;

export const isRepeatBody = z.object({
  firmwareVersion: versionField,
  official: z.boolean().default(false),
  /** The firmware being edited keeps its own version. */
  id: idField.optional(),
});

export const upgradeVersionsBody = z.object({
  deviceIds: z.array(idField).min(1, 'fieldRequired').max(100_000),
});

/** `firmwareUpgrade` (spec §7: type, name, firmwareId, beginTime, endTime, deviceIds, macs). */
export const firmwareUpgradeBody = z.object({ ...filePushFields, firmwareId: idField });

/** `newVersionNotify`: the models (those of the loaded drivers) the caller wants to hear of. */
export const newVersionNotifyBody = z.object({ models: z.array(z.string().trim().min(1).max(64)).max(200) });
