import type { MacFileRow } from '@phonefleet/sdk';
import { apiPage, apiRequest, type FleetTablePage, type FleetTableQuery } from '@phonefleet/sdk/ui';

export const IMPORT_URL = '/tb-mac/import';
/** config.<MAC>.xml files, or a flat .zip of them, up to 20 MB (spec §5, §9). */
export const IMPORT_TYPES = ['.xml', '.zip'] as const;
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

export async function searchMacFiles(
  query: FleetTableQuery,
  keywords: string,
): Promise<FleetTablePage<MacFileRow>> {
  return apiPage<MacFileRow>('POST', '/tb-mac/search', {
    body: { ...query, keywords },
  });
}

/** Forgets the files; the devices keep the parameters they brought. */
export async function deleteMacFiles(ids: number[]): Promise<void> {
  await apiRequest('DELETE', '/tb-mac/delete', { body: { ids } });
}

/** A task that makes the files' devices fetch their configuration. */
export async function pushMacFiles(ids: number[]): Promise<void> {
  await apiRequest('POST', '/tb-mac/push', { query: { ids: ids.join(',') } });
}
