import { apiFirstRow, apiPage, apiRequest } from '@phonefleet/sdk/ui';

/** `GET /tb-provisioning/credentials`: never the password, only whether one is set. */
export interface PhoneCredentials {
  username: string | null;
  passwordSet: boolean;
  allowCidrs: string[];
  /** The URL to give phones (DHCP option 66). */
  provisioningUrl: string;
  eventsUrl: string;
}

export interface PhoneCredentialsInput {
  username: string;
  password: string;
  allowCidrs: string[];
}

/** `GET /tb-provisioning/deviceCredentials`: the device's user name is its MAC. */
export interface DevicePasswordStatus {
  username: string;
  passwordSet: boolean;
}

export interface DeviceOption {
  id: number;
  macAddress: string;
  deviceName: string;
  deviceModel: string;
}

export function fetchPhoneCredentials(): Promise<PhoneCredentials> {
  return apiFirstRow<PhoneCredentials>('GET', '/tb-provisioning/credentials');
}

export async function savePhoneCredentials(input: PhoneCredentialsInput): Promise<void> {
  await apiRequest('POST', '/tb-provisioning/credentials', { body: input });
}

export function fetchDevicePassword(deviceId: number): Promise<DevicePasswordStatus> {
  return apiFirstRow<DevicePasswordStatus>('GET', '/tb-provisioning/deviceCredentials', {
    query: { deviceId },
  });
}

export async function saveDevicePassword(deviceId: number, password: string): Promise<void> {
  await apiRequest('POST', '/tb-provisioning/deviceCredentials', { body: { deviceId, password } });
}

/** Devices whose MAC or name match, for the per-device password's picker (first 20). */
export async function findDevices(keywords: string): Promise<DeviceOption[]> {
  const page = await apiPage<DeviceOption>('POST', '/device/search', {
    body: { currentPage: 1, pageSize: 20, keywords, sortField: 'macAddress', sortOrder: 'asc' },
    silent: true,
  });
  return page.rows;
}
