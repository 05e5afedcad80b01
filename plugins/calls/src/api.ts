import type { CallRecordRow, CallSummary } from '@phonefleet/sdk';
import {
  apiDownload,
  apiFirstRow,
  apiPage,
  type FleetTablePage,
  type FleetTableQuery,
  type ListFilters,
} from '@phonefleet/sdk/ui';
import type { TimeRange } from './time-range.js';

/** Newest calls first unless a column says otherwise. */
export const DEFAULT_SORT = { field: 'endTime', order: 'desc' } as const;

/** What the page's filters hold: the range, the site subtree, phone keywords and one quality. */
export interface CallFilters extends ListFilters, TimeRange {
  /** 0 good, 1 fair, 2 poor. */
  quality?: number | undefined;
}

/** The filters as every call statistics call takes them; empty ones are left out. */
export function filterBody({ startTime, endTime, site, keywords, quality }: CallFilters) {
  return {
    startTime,
    endTime,
    ...(site ? { siteId: site } : {}),
    ...(keywords ? { keywords } : {}),
    ...(quality === undefined ? {} : { quality }),
  };
}

/** `POST /callStatistics/summary`: the figures of the range (the server cuts it into hours or days). */
export function fetchSummary(filters: CallFilters): Promise<CallSummary> {
  return apiFirstRow<CallSummary>('POST', '/callStatistics/summary', { body: filterBody(filters) });
}

/** One page of the per-call detail. */
export function searchCalls(
  query: FleetTableQuery,
  filters: CallFilters,
): Promise<FleetTablePage<CallRecordRow>> {
  return apiPage<CallRecordRow>('POST', '/callStatistics/search', {
    body: {
      currentPage: query.currentPage,
      pageSize: query.pageSize,
      sortField: query.sortField ?? DEFAULT_SORT.field,
      sortOrder: query.sortOrder ?? DEFAULT_SORT.order,
      ...filterBody(filters),
    },
  });
}

/** The detail list's calls for the same filters and order, as xlsx. */
export function exportCalls(
  filters: CallFilters,
  sort: { sortField?: string | undefined; sortOrder?: string | undefined },
): Promise<void> {
  return apiDownload('POST', '/callStatistics/export', 'calls.xlsx', {
    body: {
      sortField: sort.sortField ?? DEFAULT_SORT.field,
      sortOrder: sort.sortOrder ?? DEFAULT_SORT.order,
      ...filterBody(filters),
    },
  });
}
