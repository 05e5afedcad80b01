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
