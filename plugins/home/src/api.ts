import { apiFirstRow } from '@phonefleet/sdk/ui';

/** `POST /api/homepage/total`, rows[0]. */
export interface HomeTotals {
  totalDevices: number;
  unknownDevices: number;
  deviceStatus: { online: number; offline: number; abnormal: number; disabled: number };
  models: { model: string; count: number }[];
  organizations: { id: number; name: string; type: 'channel' | 'enterprise'; count: number }[];
  sipAccounts: { unassigned: number; registered: number; unregistered: number };
  callQuality: { good: number; fair: number; poor: number };
}

export const EMPTY_TOTALS: HomeTotals = {
  totalDevices: 0,
  unknownDevices: 0,
  deviceStatus: { online: 0, offline: 0, abnormal: 0, disabled: 0 },
  models: [],
  organizations: [],
  sipAccounts: { unassigned: 0, registered: 0, unregistered: 0 },
  callQuality: { good: 0, fair: 0, poor: 0 },
};

export function fetchHomeTotals(): Promise<HomeTotals> {
  return apiFirstRow<HomeTotals>('POST', '/homepage/total', { body: {} });
}
