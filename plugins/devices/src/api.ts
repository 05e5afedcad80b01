import type {
  DeviceDetails,
  FilePushReply,
  FirmwareRow,
  IpSettings,
  OperationLogEntry,
  ScannedDevice,
  ScanProgress,
  ScanState,
  UnknownDeviceRow,
} from '@phonefleet/sdk';
import {
  apiDownload,
  apiFirstRow,
  apiPage,
  apiRequest,
  type ExecutionMode,
  executionPayload,
  type FleetTablePage,
  type SortOrder,
} from '@phonefleet/sdk/ui';

export type { DeviceDetails, IpSettings, OperationLogEntry, ScannedDevice, ScanProgress, ScanState };

/** `POST /device/search` list row. */
export interface DeviceRow {
  id: number;
  macAddress: string;
  serialNumber?: string | null;
  deviceName: string;
  deviceModel: string;
  firmwareVersion: string;
  siteId: number;
  siteName: string;
  /** 0 offline, 1 online, 2 abnormal. */
  status: number;
  /** 0 no account, 1 normal, 2 abnormal. */
  accountStatus: number;
  pushEnabled: boolean;
  createTime: string;
  lastFetchTime: string | null;
  ip: string | null;
}

export interface DeviceFilters {
  keywords?: string;
  site?: number;
  types?: string[];
}

export interface DeviceSearch extends DeviceFilters {
  currentPage: number;
  pageSize: number;
  sortField: string;
  sortOrder: SortOrder;
}

/** Spec §9: devices sort by MAC address ascending by default. */
export const DEFAULT_DEVICE_SORT = { field: 'macAddress', order: 'asc' } as const;

export async function searchDevices(query: DeviceSearch): Promise<FleetTablePage<DeviceRow>> {
  return apiPage<DeviceRow>('POST', '/device/search', { body: query });
}

/** What the add and edit screens send. */
export interface DeviceInput {
  macAddress: string;
  serialNumber: string;
  deviceName: string;
  deviceModel: string;
  firmwareVersion: string;
  siteId: number;
}

export function addDevice(input: DeviceInput): Promise<{ id: number }> {
  return apiFirstRow<{ id: number }>('POST', '/device/add', { body: input });
}

export async function updateDevice(id: number, input: Omit<DeviceInput, 'macAddress'>): Promise<void> {
  await apiRequest('POST', '/device/update', { body: { id, ...input } });
}

export function queryDevice(id: number): Promise<DeviceRow> {
  return apiFirstRow<DeviceRow>('GET', '/device/query', { query: { id } });
}

export async function removeDevices(ids: number[]): Promise<string> {
  return (await apiRequest('DELETE', '/device/removeBatch', { body: { ids } })).message;
}

export async function transferDevices(ids: number[], siteId: number): Promise<string> {
  return (await apiRequest('POST', '/device/siteAssign', { body: { ids, siteId } })).message;
}

export async function setPush(ids: number[], enabled: boolean): Promise<string> {
  const path = enabled ? '/device/enablePushConfig' : '/device/disablePushConfig';
  return (await apiRequest('POST', path, { body: { ids } })).message;
}

/** Reboot, factory reset or a configuration push: answers the server's message. */
export async function deviceCommand(
  command: 'deviceReboot' | 'factoryReset' | 'configPush',
  ids: number[],
): Promise<string> {
  return (await apiRequest('POST', `/device/${command}`, { body: { ids } })).message;
}

export function exportDevices(query: Omit<DeviceSearch, 'currentPage' | 'pageSize'>): Promise<void> {
  return apiDownload('POST', '/device/export', 'devices.xlsx', { body: query });
}

/** A row `/device/import` could not take. */
export interface FailedImportRow {
  row: number;
  macAddress: string;
  deviceName: string;
  deviceModel: string;
  firmwareVersion: string;
  site: string;
  serialNumber: string;
  message: string;
}

export function exportFailedRows(rows: FailedImportRow[]): Promise<void> {
  return apiDownload('POST', '/device/exportFailedData', 'device-import-failed.xlsx', { body: { rows } });
}

/** `GET /common/model` row (only the name is used here). */
export interface ModelOption {
  model: string;
}

export async function fetchModels(): Promise<string[]> {
  try {
    const reply = await apiRequest<ModelOption>('GET', '/common/model', { silent: true });
    return reply.result.rows.map((row) => row.model);
  } catch {
    return [];
  }
}

export function fetchDetails(id: number): Promise<DeviceDetails> {
  return apiFirstRow<DeviceDetails>('POST', '/device/details', { body: { id } });
}

/** `POST /device/taskHistory` row: one run of a task on the device. */
export interface TaskHistoryEntry {
  taskId: number;
  taskName: string;
  /** Spec §9 task types: 1 reboot … 7 global config, 8-13 resource pushes. */
  type: number;
  run: number;
  /** Spec §4: 0 scheduled, 1 ongoing, 2 success, 3 failed, 4 cancelled, 5 paused, 6 timeout, 7 finished. */
  result: number;
  message: string;
  finishedTime: string | null;
  createTime: string;
}

/** A paged log of one device (`/device/operationLog`, `/device/taskHistory`). */
export async function fetchDeviceLog<Entry>(
  kind: 'operationLog' | 'taskHistory',
  id: number,
  currentPage: number,
  pageSize: number,
): Promise<FleetTablePage<Entry>> {
  return apiPage<Entry>('POST', `/device/${kind}`, { body: { id, currentPage, pageSize } });
}

export function startScan(startIp: string, endIp: string): Promise<{ scanId: number }> {
  return apiFirstRow<{ scanId: number }>('POST', '/device/scanDevice', { body: { startIp, endIp } });
}

export function scanProgress(scanId: number): Promise<ScanProgress> {
  return apiFirstRow<ScanProgress>('GET', '/device/getScanIP', {
    query: { scanId },
    silent: true,
    loading: false,
  });
}

export async function stopScan(scanId: number): Promise<void> {
  await apiRequest('POST', '/device/stopScanDevice', { body: { scanId } });
}

/** The firmware every one of the devices' models takes, newest first (official and customer). */
export async function fetchUpgradeVersions(deviceIds: number[]): Promise<FirmwareRow[]> {
  return (
    await apiRequest<FirmwareRow>('POST', '/tb-firmware/selectUpgradeVersionList', { body: { deviceIds } })
  ).result.rows;
}

/** Upgrades the devices to the firmware (`POST /device/firmwareUpgrade`, a task of type 3). */
export async function upgradeFirmware(
  firmwareId: number,
  deviceIds: number[],
  mode: ExecutionMode,
): Promise<FilePushReply | undefined> {
  const reply = await apiRequest<FilePushReply>('POST', '/device/firmwareUpgrade', {
    body: { firmwareId, deviceIds, ...executionPayload(mode) },
  });
  return reply.result.rows[0];
}

export type { UnknownDeviceRow };

export interface UnknownFilters {
  keywords?: string;
  reason?: string;
}

/** Newest sighting first. */
export const DEFAULT_UNKNOWN_SORT = { field: 'lastSeen', order: 'desc' } as const;

export function searchUnknownDevices(
  query: UnknownFilters & { currentPage: number; pageSize: number; sortField: string; sortOrder: SortOrder },
): Promise<FleetTablePage<UnknownDeviceRow>> {
  return apiPage<UnknownDeviceRow>('POST', '/unknownDevice/search', { body: query });
}

export async function fetchUnknownReasons(): Promise<{ reason: string; count: number }[]> {
  try {
    return (
      await apiRequest<{ reason: string; count: number }>('GET', '/unknownDevice/reasons', { silent: true })
    ).result.rows;
  } catch {
    return [];
  }
}

/** An unknown device `/unknownDevice/add` could not add. */
export interface RefusedUnknownDevice {
  macAddress: string;
  deviceModel: string;
  firmwareVersion: string;
  message: string;
}

/**
 * Adds unknown devices to a site (model and firmware as their phones reported, unless given):
 * the server's message, how many were named and the refused ones.
 */
export async function addUnknownDevices(input: {
  ids: number[];
  siteId: number;
  deviceModel?: string;
  firmwareVersion?: string;
}): Promise<{ message: string; named: number; refused: RefusedUnknownDevice[] }> {
  const reply = await apiRequest<RefusedUnknownDevice>('POST', '/unknownDevice/add', { body: input });
  return {
    message: reply.message,
    named: reply.result.totalRows ?? input.ids.length,
    refused: reply.result.rows,
  };
}
