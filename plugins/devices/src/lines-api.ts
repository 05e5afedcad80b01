import type { AccountAssignment, AccountOption, DeviceLines, SipAccountRow } from '@phonefleet/sdk';
import { apiFirstRow, apiPage, apiRequest } from '@phonefleet/sdk/ui';

export type { AccountAssignment, AccountOption, DeviceLines };

/** `GET /device/getAccoutnStatus` (the spec's spelling): the device's and each bound line's status. */
export interface LineStatuses {
  /** Spec §4 device account status: 0 no account, 1 normal, 2 abnormal. */
  accountStatus: number;
  lines: { line: number; status: number; failure: string | null; reportedAt: string | null }[];
}

/** The device's lines and the accounts bound to them (power deviceManagement). */
export function fetchDeviceLines(deviceId: number): Promise<DeviceLines> {
  return apiFirstRow<DeviceLines>('GET', '/device/listDeviceAccount', { query: { id: deviceId } });
}

/** Silent: a status refresh that fails leaves what is shown. */
export function fetchLineStatuses(deviceId: number): Promise<LineStatuses> {
  return apiFirstRow<LineStatuses>('GET', '/device/getAccoutnStatus', {
    query: { id: deviceId },
    silent: true,
    loading: false,
  });
}

/** Accounts usable on the device (its organisation, its site subtree), matching the keywords. */
export async function fetchAccountOptions(deviceId: number, keywords: string): Promise<AccountOption[]> {
  const reply = await apiRequest<AccountOption>('GET', '/device/listAccount', {
    query: { deviceId, keywords },
  });
  return reply.result.rows;
}

/**
 * Binds an account to one line. Silent: the caller asks about a binding conflict (code 40900)
 * and shows any other refusal.
 */
export async function assignOne(assignment: AccountAssignment, force: boolean): Promise<void> {
  await apiRequest('POST', '/device/accountAssignOne', {
    body: { ...assignment, ...(force ? { force: true } : {}) },
    silent: true,
  });
}

/** Binds many at once, all or nothing. Silent, like `assignOne`. */
export async function assignMany(assignments: AccountAssignment[], force: boolean): Promise<void> {
  await apiRequest('POST', '/device/accountAssign', {
    body: { assignments, ...(force ? { force: true } : {}) },
    silent: true,
  });
}

export async function unassign(bindings: { deviceId: number; line: number }[]): Promise<void> {
  await apiRequest('POST', '/device/accountUnassign', { body: { bindings } });
}

/** SIP accounts by keywords, by user name (power sipAccount: the bulk assignment's account picker). */
export async function searchAccounts(keywords: string): Promise<SipAccountRow[]> {
  const page = await apiPage<SipAccountRow>('POST', '/tb-sip-account/search', {
    body: { currentPage: 1, pageSize: 50, sortField: 'userName', sortOrder: 'asc', keywords },
  });
  return page.rows;
}
