import type {
  AboutInfo,
  BackupContent,
  BackupPlanRow,
  BackupRow,
  OperationStatusInfo,
} from '@phonefleet/sdk';
import {
  apiDownload,
  apiFirstRow,
  apiRequest,
  apiUpload,
  type FleetTablePage,
  type FleetTableQuery,
  formWithFile,
  showOperation,
  type UploadProgress,
} from '@phonefleet/sdk/ui';

// Backup (power backup; docs/backup.md "Calls").

/** What the plan form saves; without `password` the stored one stays. */
export interface BackupPlanInput {
  id?: number;
  fileName: string;
  content: BackupContent[];
  destination: 'local' | 'remote';
  remoteUrl: string;
  username: string;
  password?: string;
  automatic: 0 | 1 | 2;
  time: string;
  weekday: number;
  keep: number;
}

export async function fetchPlans(): Promise<BackupPlanRow[]> {
  return (await apiRequest<BackupPlanRow>('GET', '/backup/config')).result.rows;
}

export function savePlan(input: BackupPlanInput): Promise<BackupPlanRow> {
  return apiFirstRow<BackupPlanRow>('POST', '/backup/config', { body: input });
}

/** Starts a backup; the host's dialog blocks the console until it ends (docs/backup.md). */
export async function backUpNow(planId: number): Promise<void> {
  showOperation(await apiFirstRow<OperationStatusInfo>('POST', '/backup/execute', { body: { id: planId } }));
}

/** Starts a restore; the host's dialog blocks the console until it ends (and every user signs in again). */
export async function recover(archiveId: number): Promise<void> {
  showOperation(await apiFirstRow<OperationStatusInfo>('POST', `/backup/recover/${archiveId}`));
}

/** The archives, newest first (`rows` + `totalRows`). */
export async function searchArchives(query: FleetTableQuery): Promise<FleetTablePage<BackupRow>> {
  const reply = await apiRequest<BackupRow>('POST', '/backup/search', {
    body: { currentPage: query.currentPage, pageSize: query.pageSize },
  });
  return { rows: reply.result.rows, total: reply.result.totalRows ?? reply.result.rows.length };
}

export async function removeArchives(ids: number[]): Promise<void> {
  await apiRequest('POST', '/backup/remove', { body: { ids } });
}

export function downloadArchive(archive: BackupRow): Promise<void> {
  return apiDownload('GET', `/backup/download/${archive.id}`, archive.fileName, { timeoutMs: 3_600_000 });
}

export async function uploadArchive(
  file: File,
  onProgress: (progress: UploadProgress) => void,
): Promise<BackupRow> {
  const reply = await apiUpload<BackupRow>('/backup/upload', formWithFile({}, file), onProgress);
  const row = reply.result.rows[0];
  if (!row) throw new Error('no archive in the reply');
  return row;
}

/** The console's status with the last outcome; silent (it is also the dialog's poll). */
export function fetchOperationStatus(): Promise<OperationStatusInfo> {
  return apiFirstRow<OperationStatusInfo>('GET', '/backup/status', { silent: true });
}

// Upgrade (power upgrade; the upgrade module's contract).

export interface StagedPackage {
  version: string;
  notes: string;
}

export interface UpgradeInfo {
  currentVersion: string;
  deployment: 'npm' | 'systemd' | 'container';
  staged: StagedPackage | null;
}

export function fetchUpgradeInfo(): Promise<UpgradeInfo> {
  return apiFirstRow<UpgradeInfo>('GET', '/upgrade/info');
}

export async function uploadPackage(
  file: File,
  onProgress: (progress: UploadProgress) => void,
): Promise<StagedPackage> {
  const reply = await apiUpload<StagedPackage>('/upgrade/upload', formWithFile({}, file), onProgress);
  const row = reply.result.rows[0];
  if (!row) throw new Error('no package in the reply');
  return row;
}

/** Starts the upgrade; the host's dialog blocks the console until it restarts on the new version. */
export async function upgradeTo(version: string): Promise<void> {
  showOperation(await apiFirstRow<OperationStatusInfo>('POST', '/upgrade/execute', { body: { version } }));
}

// About (every signed-in user).

export function fetchAbout(): Promise<AboutInfo> {
  return apiFirstRow<AboutInfo>('GET', '/system/about');
}
