import type {
  AccountAssignment,
  SipAccountInput,
  SipAccountRow,
  SipServerInput,
  SipServerOption,
  SipServerRow,
} from '@phonefleet/sdk';
import {
  apiDownload,
  apiFirstRow,
  apiPage,
  apiRequest,
  type FleetTablePage,
  type FleetTableQuery,
  type ListFilters,
} from '@phonefleet/sdk/ui';

/** Spec §9: lists sort by creation, oldest first, unless a column says otherwise. */
export const DEFAULT_SORT = { field: 'createTime', order: 'asc' } as const;

function searchBody(query: FleetTableQuery, filters: object) {
  return {
    ...query,
    sortField: query.sortField ?? DEFAULT_SORT.field,
    sortOrder: query.sortOrder ?? DEFAULT_SORT.order,
    ...filters,
  };
}

// SIP servers (power sipServer).

export function searchServers(
  query: FleetTableQuery,
  filters: ListFilters,
): Promise<FleetTablePage<SipServerRow>> {
  return apiPage<SipServerRow>('POST', '/tb-sip-server/search', { body: searchBody(query, filters) });
}

export function fetchServer(id: number): Promise<SipServerRow> {
  return apiFirstRow<SipServerRow>('GET', '/tb-sip-server/query', { query: { id } });
}

export function addServer(input: SipServerInput): Promise<{ id: number }> {
  return apiFirstRow<{ id: number }>('POST', '/tb-sip-server/add', { body: input });
}

/** Answers how many accounts lost their device because it is outside the server's new site. */
export function updateServer(input: SipServerInput & { id: number }): Promise<{ unbound: number }> {
  return apiFirstRow<{ unbound: number }>('POST', '/tb-sip-server/update', { body: input });
}

/** Deletes the servers and every account on them; answers how many accounts went. */
export function removeServers(ids: number[]): Promise<{ accounts: number }> {
  return apiFirstRow<{ accounts: number }>('DELETE', '/tb-sip-server/remove', { body: { ids } });
}

/** The servers an account may use (the account form's picker and the list's server filter). */
export async function fetchServerOptions(): Promise<SipServerOption[]> {
  return (await apiRequest<SipServerOption>('GET', '/tb-sip-server/options')).result.rows;
}

// SIP accounts (power sipAccount).

export interface AccountFilters extends ListFilters {
  /** Spec §4: 0 unassigned, 1 registered, 2 unregistered. */
  status?: number | undefined;
  serverId?: number | undefined;
}

export function searchAccounts(
  query: FleetTableQuery,
  filters: AccountFilters,
): Promise<FleetTablePage<SipAccountRow>> {
  return apiPage<SipAccountRow>('POST', '/tb-sip-account/search', { body: searchBody(query, filters) });
}

export function fetchAccount(id: number): Promise<SipAccountRow> {
  return apiFirstRow<SipAccountRow>('GET', '/tb-sip-account/query', { query: { id } });
}

export function addAccount(input: SipAccountInput): Promise<{ id: number }> {
  return apiFirstRow<{ id: number }>('POST', '/tb-sip-account/add', { body: input });
}

/**
 * Without `password` the stored one stays. Answers how many lines were unbound (another site or
 * server may leave the account's device outside them).
 */
export function updateAccount(input: SipAccountInput & { id: number }): Promise<{ unbound: number }> {
  return apiFirstRow<{ unbound: number }>('POST', '/tb-sip-account/update', { body: input });
}

export async function removeAccounts(ids: number[]): Promise<void> {
  await apiRequest('DELETE', '/tb-sip-account/remove', { body: { ids } });
}

/** Takes the accounts off the devices they are bound to. */
export async function unbindAccounts(ids: number[]): Promise<void> {
  await apiRequest('POST', '/tb-sip-account/unbind', { body: { ids } });
}

/** The accounts the filters match, as an xlsx file (same body as the search, without paging). */
export function exportAccounts(filters: AccountFilters, sort: Partial<FleetTableQuery>): Promise<void> {
  return apiDownload('POST', '/tb-sip-account/export', 'sip-accounts.xlsx', {
    body: {
      sortField: sort.sortField ?? DEFAULT_SORT.field,
      sortOrder: sort.sortOrder ?? DEFAULT_SORT.order,
      ...filters,
    },
  });
}

export const ACCOUNT_IMPORT_URL = '/tb-sip-account/import';
export const ACCOUNT_TEMPLATE_URL = '/tb-sip-account/template';

/**
 * Binds an account to one line of a device. Silent: the caller asks about a binding conflict
 * (code 40900) and shows any other refusal.
 */
export async function assignAccount(assignment: AccountAssignment, force: boolean): Promise<void> {
  await apiRequest('POST', '/device/accountAssignOne', {
    body: { ...assignment, ...(force ? { force: true } : {}) },
    silent: true,
  });
}

/** `GET /common/model`: the model names (empty when they cannot be read). */
export async function fetchModels(): Promise<string[]> {
  try {
    const reply = await apiRequest<{ model: string }>('GET', '/common/model', { silent: true });
    return reply.result.rows.map((row) => row.model);
  } catch {
    return [];
  }
}
