/** What the devices API answers (`/device/*`): the platform returns these, the devices plugin reads them. */

/** `POST /device/search` list row. */
export interface DeviceListRow {
  id: number;
  macAddress: string;
  serialNumber: string | null;
  deviceName: string;
  deviceModel: string;
  firmwareVersion: string;
  siteId: number;
  siteName: string;
  /** `DeviceStatus`: 0 offline, 1 online, 2 abnormal. */
  status: number;
  /** `DeviceAccountStatus`: 0 no account, 1 normal, 2 abnormal. */
  accountStatus: number;
  pushEnabled: boolean;
  createTime: string;
  lastFetchTime: string | null;
  ip: string | null;
}

export interface IpSettings {
  addressType: string | null;
  address: string | null;
  subnetMask: string | null;
  gateway: string | null;
  dns1: string | null;
  dns2: string | null;
}

/** `POST /device/details`: what the device reports. */
export interface DeviceDetails {
  macAddress: string;
  serialNumber: string | null;
  hardwareVersion: string | null;
  softwareVersion: string;
  lastRebootTime: string | null;
  status: number;
  accountStatus: number;
  lastFetchTime: string | null;
  ip: string | null;
  ipv4: IpSettings;
  ipv6: IpSettings;
}

/** `POST /device/operationLog` row. */
export interface OperationLogEntry {
  time: string;
  userName: string;
  ip: string | null;
  content: string;
}

export type ScanState = 'running' | 'finished' | 'stopped';

/** `GET /device/scan/progress`: the scan's state, its log and what it found. */
export interface ScanProgress {
  state: ScanState;
  probed: number;
  total: number;
  log: { time: string; text: string }[];
  found: ScannedDevice[];
}

export interface ScannedDevice {
  ip: string;
  macAddress: string | null;
  deviceModel: string;
  firmwareVersion: string | null;
  via: 'sip' | 'http';
  known: boolean;
}

/**
 * `POST /unknownDevice/search` list row: a phone (or, without a MAC, an address) that asked for its
 * configuration and was refused, its records within the caller's scope taken together.
 */
export interface UnknownDeviceRow {
  /** Identifies the row for `/unknownDevice/add`. */
  id: number;
  /** `00:15:65:aa:bb:cc`; null for requests that named no MAC (they cannot be added). */
  macAddress: string | null;
  /** What the phone reported of itself (User-Agent), latest first. */
  deviceModel: string | null;
  firmwareVersion: string | null;
  /** The address of the latest request. */
  ip: string | null;
  /** The file it asked for (the latest request). */
  path: string;
  userAgent: string;
  /** Why it was refused (the latest request), e.g. `MAC not in inventory`. */
  reason: string;
  /** Requests counted. */
  hits: number;
  firstSeen: string;
  lastSeen: string;
  /** The organization the requests were filed under (the platform for anonymous ones). */
  organizationName: string;
}

/** Where an import stands (`GET /device/importProgress`), kept in PostgreSQL for any instance to answer. */
export type DeviceImportState =
  | 'reading'
  | 'checking'
  | 'storing'
  /** Done: `failed` lists the rows refused (none: all imported). */
  | 'finished'
  /** Refused whole (`message`: the reply's error, e.g. 'Incorrect format'); nothing imported. */
  | 'refused'
  /** Its instance stopped before it finished (no progress for 30 s); nothing imported. */
  | 'interrupted';

export interface DeviceImportProgress {
  state: DeviceImportState;
  /** Data rows read from the workbook so far (the total once reading is done). */
  read: number;
  /** Rows written to the database so far (committed together at the end). */
  stored: number;
  /** Once finished: the rows the import could not take, as its reply lists them; else empty. */
  failed: unknown[];
  /** Once finished or refused: the reply's message, in the importer's language. */
  message: string | null;
}
