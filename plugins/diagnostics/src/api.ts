import type {
  DiagnosticCredentialsBody,
  DiagnosticDeviceRow,
  DiagnosticDeviceSettings,
  DiagnosticSessionRow,
  DiagnosticStartBody,
} from '@phonefleet/sdk';
import {
  apiDownload,
  apiFirstRow,
  apiPage,
  apiRequest,
  apiUrl,
  type FleetTablePage,
  type FleetTableQuery,
  type ListFilters,
} from '@phonefleet/sdk/ui';

/** A device of the picker, keyed for the kit's list (`id` is its device id). */
export type DiagnosticDevice = DiagnosticDeviceRow & { id: number };

/** `POST /diagnostics/devices`: one page of the devices the caller may diagnose, by keyword. */
export async function searchDevices(
  query: FleetTableQuery,
  filters: ListFilters,
): Promise<FleetTablePage<DiagnosticDevice>> {
  const page = await apiPage<DiagnosticDeviceRow>('POST', '/diagnostics/devices', {
    body: {
      currentPage: query.currentPage,
      pageSize: query.pageSize,
      ...(filters.keywords ? { keyword: filters.keywords } : {}),
    },
  });
  return { rows: page.rows.map((row) => ({ ...row, id: row.deviceId })), total: page.total };
}

/** `GET /diagnostics/device`: the device with its SSH settings (never its password). */
export function fetchDevice(deviceId: number): Promise<DiagnosticDeviceSettings> {
  return apiFirstRow<DiagnosticDeviceSettings>('GET', '/diagnostics/device', { query: { deviceId } });
}

/** `POST /diagnostics/credentials`: port, user name, a new password, or clearing and forgetting. */
export async function saveCredentials(body: DiagnosticCredentialsBody): Promise<void> {
  await apiRequest('POST', '/diagnostics/credentials', { body });
}

/** `POST /diagnostics/start`: the new session (connecting; it then runs on the server). */
export function startSession(body: DiagnosticStartBody): Promise<DiagnosticSessionRow> {
  return apiFirstRow<DiagnosticSessionRow>('POST', '/diagnostics/start', { body });
}

export async function stopSession(sessionId: number): Promise<void> {
  await apiRequest('POST', '/diagnostics/stop', { body: { sessionId } });
}

/** `POST /diagnostics/sessions`: the history, newest first, of one device or of all. */
export function searchSessions(
  query: FleetTableQuery,
  deviceId?: number,
): Promise<FleetTablePage<DiagnosticSessionRow>> {
  return apiPage<DiagnosticSessionRow>('POST', '/diagnostics/sessions', {
    body: {
      currentPage: query.currentPage,
      pageSize: query.pageSize,
      ...(deviceId === undefined ? {} : { deviceId }),
    },
  });
}

export function fetchSession(sessionId: number): Promise<DiagnosticSessionRow> {
  return apiFirstRow<DiagnosticSessionRow>('GET', '/diagnostics/session', { query: { sessionId } });
}

/** Saves what a session captured (`GET /diagnostics/download`) under its file name. */
export function downloadSession(session: Pick<DiagnosticSessionRow, 'id' | 'fileName'>): Promise<void> {
  return apiDownload('GET', '/diagnostics/download', session.fileName || `diagnostics-${session.id}`, {
    query: { sessionId: session.id },
    // A capture of up to 100 MB takes what it takes.
    timeoutMs: 30 * 60_000,
  });
}

/** The screenshot of a session served inline, for an `<img>`. */
export function screenshotUrl(sessionId: number): string {
  return apiUrl('/diagnostics/download', { sessionId, inline: 1 });
}
