import type {
  ChannelAuthorization,
  ChannelInput,
  ChannelRow,
  EnterpriseInput,
  EnterpriseRow,
  NotificationInput,
  OrganisationOption,
  OrganisationStatus,
} from '@phonefleet/sdk';
import {
  apiDownload,
  apiFirstRow,
  apiPage,
  apiRequest,
  type FleetTablePage,
  type FleetTableQuery,
  type ListFilters,
  type SortOrder,
} from '@phonefleet/sdk/ui';

/** The two managed kinds of organisation; each has its own API prefix and screens. */
export type OrganisationArea = 'channel' | 'enterprise';

const PREFIX: Record<OrganisationArea, string> = { channel: '/tb-channel', enterprise: '/tb-enterprise' };

/** The list's filters: the kit's keywords plus the status choice. */
export interface OrganisationFilters extends ListFilters {
  status?: OrganisationStatus | undefined;
}

/** What the search and the export take (spec §7 list bodies). */
export interface OrganisationSearch {
  keywords: string;
  status?: OrganisationStatus;
  sortField: string;
  sortOrder: SortOrder;
}

/** Created time, oldest first (spec §9, as for users and groups). */
export const DEFAULT_SORT = { field: 'createTime', order: 'asc' } as const;

export function searchBody(
  filters: OrganisationFilters,
  sort: { sortField?: string | undefined; sortOrder?: SortOrder | undefined },
): OrganisationSearch {
  return {
    keywords: filters.keywords ?? '',
    ...(filters.status ? { status: filters.status } : {}),
    sortField: sort.sortField ?? DEFAULT_SORT.field,
    sortOrder: sort.sortOrder ?? DEFAULT_SORT.order,
  };
}

export function searchOrganisations<Row>(
  area: OrganisationArea,
  query: FleetTableQuery,
  filters: OrganisationFilters,
): Promise<FleetTablePage<Row>> {
  return apiPage<Row>('POST', `${PREFIX[area]}/search`, {
    body: { currentPage: query.currentPage, pageSize: query.pageSize, ...searchBody(filters, query) },
  });
}

/** Every row the filters match, as an xlsx file the browser saves. */
export function exportOrganisations(area: OrganisationArea, search: OrganisationSearch): Promise<void> {
  return apiDownload('POST', `${PREFIX[area]}/export`, `${area}s.xlsx`, {
    body: search,
  });
}

export function fetchChannel(id: number, silent = false): Promise<ChannelRow> {
  return apiFirstRow<ChannelRow>('GET', '/tb-channel/query', { query: { id }, silent });
}

export function fetchEnterprise(id: number, silent = false): Promise<EnterpriseRow> {
  return apiFirstRow<EnterpriseRow>('GET', '/tb-enterprise/query', { query: { id }, silent });
}

export function addChannel(input: ChannelInput): Promise<{ id: number }> {
  return apiFirstRow<{ id: number }>('POST', '/tb-channel/add', { body: input });
}

export async function updateChannel(input: ChannelInput & { id: number }): Promise<void> {
  await apiRequest('POST', '/tb-channel/update', { body: input });
}

export function addEnterprise(input: EnterpriseInput): Promise<{ id: number }> {
  return apiFirstRow<{ id: number }>('POST', '/tb-enterprise/add', { body: input });
}

export async function updateEnterprise(input: EnterpriseInput & { id: number }): Promise<void> {
  await apiRequest('POST', '/tb-enterprise/update', { body: input });
}

/** Resolves with the server's message (the list shows it). */
async function onIds(method: 'POST' | 'DELETE', path: string, ids: number[]): Promise<string> {
  const reply = await apiRequest(method, path, { body: { ids } });
  return reply.message;
}

export function freezeOrganisations(area: OrganisationArea, ids: number[]): Promise<string> {
  return onIds('POST', `${PREFIX[area]}/freeze`, ids);
}

export function unfreezeOrganisations(area: OrganisationArea, ids: number[]): Promise<string> {
  return onIds('POST', `${PREFIX[area]}/unfreeze`, ids);
}

/** Deleted rows answer "Deleted successfully" unless the server says otherwise. */
export async function removeOrganisations(area: OrganisationArea, ids: number[]): Promise<void> {
  await apiRequest('DELETE', `${PREFIX[area]}/remove`, { body: { ids } });
}

/** Queues the notice for every organisation's register email; resolves with how many were queued. */
export async function sendNotification(area: OrganisationArea, input: NotificationInput): Promise<number> {
  const reply = await apiRequest<{ queued?: number }>('POST', `${PREFIX[area]}/sendEmail`, { body: input });
  const queued = reply.result.rows[0]?.queued;
  return typeof queued === 'number' ? queued : input.ids.length;
}

/** The channels the caller may put a new enterprise or sub-channel under. */
export async function fetchChannelOptions(): Promise<OrganisationOption[]> {
  const reply = await apiRequest<OrganisationOption>('POST', '/allChannel', { body: {} });
  return reply.result.rows.filter((option) => option.type === 'channel');
}

export function fetchAuthorization(): Promise<ChannelAuthorization> {
  return apiFirstRow<ChannelAuthorization>('GET', '/tb-authorization/query');
}

export async function saveAuthorization(authorized: boolean): Promise<void> {
  await apiRequest('POST', '/tb-authorization/save', { body: { authorized } });
}
