/**
 * What the backup API answers (docs/backup.md), for the system plugin and the host's blocking dialog.
 * Lists answer `rows` + `totalRows`; one record answers `rows[0]`.
 */

/** The parts a backup's content is chosen from (spec §3 Backup); at least one. */
export const BACKUP_CONTENTS = ['configuration', 'devices', 'firmware', 'logs'] as const;
export type BackupContent = (typeof BACKUP_CONTENTS)[number];

/**
 * What holds the console (spec: the dialog's status): 0 nothing (the dialog shows the cancel
 * message and reloads), 1 backing up (code 100000), 2 recovering (110000), 3 upgrading (120000).
 */
export const OperationStatus = { idle: 0, backingUp: 1, recovering: 2, upgrading: 3 } as const;
export type OperationStatusValue = (typeof OperationStatus)[keyof typeof OperationStatus];

/** How a finished operation ended. */
export type OperationOutcome = 'done' | 'failed' | 'cancelled' | 'interrupted';

/**
 * `GET /backup/status` answers this (and every refused call while the console is held carries it
 * as `rows[0]`, with the envelope's code and message): the session's `dialogBackupStatusInfo`.
 */
export interface OperationStatusInfo {
  status: OperationStatusValue;
  /** 0 when idle, else 100000, 110000 or 120000. */
  code: number;
  /** 'Backing up, please wait...' and the others, in the caller's language; '' when idle. */
  message: string;
  /** The dialog shows Cancel only when this is true. */
  cancelShow: boolean;
  /** What the operation is doing now ('database', 'large objects', 'upload'...), for a progress line. */
  step: string | null;
  startedAt: string | null;
  /** The last finished operation: what it was, how it ended and, when it failed, why. */
  last: {
    status: OperationStatusValue;
    outcome: OperationOutcome;
    message: string;
    at: string;
  } | null;
}

/** A backup plan (`POST /backup/config`, `GET /backup/config/{id}`): what, where, when. */
export interface BackupPlanRow {
  id: number;
  /** The archive's name prefix; the time and `.tar.gz` are added. */
  fileName: string;
  content: BackupContent[];
  /** Local (the data folder) or remote (SFTP). */
  destination: 'local' | 'remote';
  /** `sftp://host[:port]/folder`, at most 512 characters; '' for local. */
  remoteUrl: string;
  username: string;
  /** Never returned: true when a password is stored. */
  hasPassword: boolean;
  /** The server's host key as pinned at the first connection (`SHA256:…`), or null. */
  hostKey: string | null;
  /** 0 only when run by hand, 1 daily, 2 weekly. */
  automatic: 0 | 1 | 2;
  /** `HH:mm`, server time. */
  time: string;
  /** 1 Monday … 7 Sunday, for weekly plans. */
  weekday: number;
  /** How many archives of this plan are kept (older ones deleted after a success). */
  keep: number;
  nextRunAt: string | null;
}

/** A finished archive (`POST /backup/search`). */
export interface BackupRow {
  id: number;
  planId: number | null;
  fileName: string;
  /** When the snapshot was taken (the backup time). */
  backupTime: string;
  content: BackupContent[];
  destination: 'local' | 'remote' | 'upload';
  /** Where the archive is: the remote URL for remote ones, '' for local. */
  location: string;
  size: number;
  sha256: string;
  consoleVersion: string;
}
