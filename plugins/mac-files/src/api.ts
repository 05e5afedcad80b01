import { apiFirstRow, apiRequest, type FleetTableQuery } from '@phonefleet/sdk/ui';

/** `POST /tb-mac/search` row: the latest configuration file imported for a device. */
export interface MacFile {
  id: number;
  macAddress: string;
  fileName: string;
  deviceId: number;
  deviceName: string;
  deviceModel: string;
  importTime: string;
}

/** A file of an import that was not applied, with the reason. */
export interface MacFileFailure {
  fileName: string;
  macAddress: string;
  message: string;
}

export const IMPORT_URL = '/tb-mac/import';
/** config.<MAC>.xml files, or a flat .zip of them, up to 20 MB (spec §5, §9). */
export const IMPORT_TYPES = ['.xml', '.zip'] as const;
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

export async function searchMacFiles(
  query: FleetTableQuery,
  keywords: string,
): Promise<{ rows: MacFile[]; total: number }> {
  const page = await apiFirstRow<{ list: MacFile[]; total: number }>('POST', '/tb-mac/search', {
    body: { ...query, keywords },
  });
  return { rows: page.list, total: page.total };
}

/** Forgets the files; the devices keep the parameters they brought. */
export async function deleteMacFiles(ids: number[]): Promise<void> {
  await apiRequest('DELETE', '/tb-mac/delete', { body: { ids } });
}

/** A task that makes the files' devices fetch their configuration. */
export async function pushMacFiles(ids: number[]): Promise<void> {
  await apiRequest('POST', '/tb-mac/push', { query: { ids: ids.join(',') } });
}
