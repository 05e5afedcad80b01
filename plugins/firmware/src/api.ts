import type { FilePushReply, FirmwareModelOption, FirmwareRow } from '@phonefleet/sdk';
import {
  apiFirstRow,
  apiPage,
  apiRequest,
  apiUpload,
  type ExecutionMode,
  executionPayload,
  type FleetTablePage,
  type FleetTableQuery,
  formWithFile,
  type ListFilters,
  type UploadProgress,
} from '@phonefleet/sdk/ui';

/** Spec §9: lists sort by creation, oldest first, unless a column says otherwise. */
export const DEFAULT_SORT = { field: 'createTime', order: 'asc' } as const;

export interface FirmwareFilters extends ListFilters {
  model?: string | undefined;
}

/** One list: the official (`official: true`) or the caller's customer firmware. */
export function searchFirmware(
  official: boolean,
  query: FleetTableQuery,
  filters: FirmwareFilters,
): Promise<FleetTablePage<FirmwareRow>> {
  return apiPage<FirmwareRow>('POST', '/tb-firmware/selectFrimware', {
    body: {
      ...query,
      sortField: query.sortField ?? DEFAULT_SORT.field,
      sortOrder: query.sortOrder ?? DEFAULT_SORT.order,
      ...filters,
      official,
    },
  });
}

export function fetchFirmware(id: number): Promise<FirmwareRow> {
  return apiFirstRow<FirmwareRow>('GET', '/tb-firmware/selectFrimwareById', { query: { id } });
}

/** The models a firmware can be for (those of the loaded drivers). */
export async function fetchFirmwareModels(): Promise<FirmwareModelOption[]> {
  return (await apiRequest<FirmwareModelOption>('GET', '/tb-firmware/selectFiltList')).result.rows;
}

/** The models the caller is told of when a newer firmware appears (`searchNotifiedModels`). */
export async function fetchNotifiedModels(): Promise<string[]> {
  return (await apiRequest<string>('GET', '/tb-version-notification/searchNotifiedModels')).result.rows;
}

/** Replaces those models (`newVersionNotify`). */
export async function saveNotifiedModels(models: string[]): Promise<void> {
  await apiRequest('POST', '/tb-version-notification/subscribe/newVersionNotify', { body: { models } });
}

/** Whether the version is already in the list (the edited firmware's own version is not). */
export async function isVersionTaken(
  firmwareVersion: string,
  official: boolean,
  id?: number,
): Promise<boolean> {
  const reply = await apiFirstRow<{ repeat: boolean }>('POST', '/tb-firmware/isRepeat', {
    body: { firmwareVersion, official, ...(id ? { id } : {}) },
    silent: true,
  });
  return reply.repeat;
}

export interface FirmwareInput {
  /** An edit; without it a new firmware. */
  id?: number;
  firmwareName: string;
  firmwareVersion: string;
  supportModel: string[];
  description: string;
  official: boolean;
  /** The image: required to add; on an edit, a new one replaces the old. */
  file?: File;
}

/** One multipart request (the fields, the models comma-separated, then the image) with the upload's progress. */
export async function saveFirmware(
  { file, ...fields }: FirmwareInput,
  onProgress: (progress: UploadProgress) => void,
): Promise<void> {
  const form = formWithFile({ ...fields, supportModel: fields.supportModel.join(',') }, file);
  await apiUpload('/tb-firmware/addOrEditFirmware', form, onProgress);
}

/** Refused while a task that has not finished uses one (shown as the server words it). */
export async function removeFirmware(ids: number[], official: boolean): Promise<void> {
  await apiRequest('DELETE', '/tb-firmware/deleteFirmware', { body: { ids, official } });
}

/**
 * Upgrades the devices to the firmware (`POST /tb-firmware/firmwareUpgrade`, a task of type 3):
 * immediate, or scheduled in its window. Refusals ('The firmware does not support the model of
 * these devices', 'The Task Time must start after 5 minutes' …) come as the server words them.
 */
export async function upgradeDevices(
  firmwareId: number,
  deviceIds: number[],
  mode: ExecutionMode,
): Promise<FilePushReply | undefined> {
  const reply = await apiRequest<FilePushReply>('POST', '/tb-firmware/firmwareUpgrade', {
    body: { firmwareId, deviceIds, ...executionPayload(mode) },
  });
  return reply.result.rows[0];
}
