import {
  apiDownload,
  apiFirstRow,
  apiPage,
  type FleetTablePage,
  type FleetTableQuery,
  type ListFilters,
} from '@phonefleet/sdk/ui';

/** Levels the operation log writes (docs/operation-log.md "Levels"). */
export const LEVELS = ['notice', 'info', 'warning'] as const;
export type Level = (typeof LEVELS)[number];

/** One record as `/syslog/search` answers it (spec §3 Log). */
export interface LogRow {
  id: number;
  userName: string;
  realUserName: string | null;
  ipAddress: string;
  operatingTime: string;
  level: Level;
  contents: string;
}

/** The list's filters: the kit's keywords, and the log's own time range, user name and level. */
export interface LogFilters extends ListFilters {
  userName?: string | undefined;
  level?: Level | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
}

/** Spec §9 export ranges. */
export type ExportRange = '1d' | '7d' | 'custom' | 'all';

function filterBody({ keywords, userName, level, startTime, endTime }: LogFilters) {
  return {
    ...(keywords ? { keywords } : {}),
    ...(userName ? { userName } : {}),
    ...(level ? { level } : {}),
    ...(startTime ? { startTime } : {}),
    ...(endTime ? { endTime } : {}),
  };
}

export function searchLog(query: FleetTableQuery, filters: LogFilters): Promise<FleetTablePage<LogRow>> {
  return apiPage<LogRow>('POST', '/syslog/search', {
    body: { currentPage: query.currentPage, pageSize: query.pageSize, ...filterBody(filters) },
  });
}

/** The records of a range, with the list's user name, level and keyword filters, as xlsx. */
export function exportLog(
  filters: LogFilters,
  range: ExportRange,
  custom?: { startTime: string; endTime: string },
): Promise<void> {
  const { startTime: _start, endTime: _end, ...kept } = filterBody(filters);
  return apiDownload('POST', '/syslog/export', 'syslog.xlsx', {
    body: { ...kept, range, ...(range === 'custom' ? custom : {}) },
  });
}

export function fetchRetention(): Promise<{ retentionDays: number }> {
  return apiFirstRow<{ retentionDays: number }>('GET', '/syslog/retention');
}

export function saveRetention(retentionDays: number): Promise<{ retentionDays: number }> {
  return apiFirstRow<{ retentionDays: number }>('POST', '/syslog/retention', { body: { retentionDays } });
}
