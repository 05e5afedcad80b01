import type { HomeTotals } from '@phonefleet/sdk';
import { apiFirstRow } from '@phonefleet/sdk/ui/core';

export const EMPTY_TOTALS: HomeTotals = {
  totalDevices: 0,
  unknownDevices: 0,
  deviceStatus: { online: 0, offline: 0, abnormal: 0, disabled: 0 },
  models: [],
  organizations: [],
  sipAccounts: { unassigned: 0, registered: 0, unregistered: 0 },
  callQuality: { good: 0, fair: 0, poor: 0 },
};

/** `silent`: a refresh nobody asked for (a live event) shows no error; the last figures stay. */
export function fetchHomeTotals({ silent = false }: { silent?: boolean } = {}): Promise<HomeTotals> {
  return apiFirstRow<HomeTotals>('POST', '/homepage/total', { body: {}, silent });
}
