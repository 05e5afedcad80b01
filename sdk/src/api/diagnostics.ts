/**
 * What the diagnostics API answers and what its live namespace sends (docs/diagnostics.md).
 * Lists answer `rows[0] = { list, total }`; one record answers `rows[0]`.
 */

/** The actions of the diagnostics screen (spec §2), as `POST /diagnostics/start` names them. */
export type DiagnosticAction =
  | 'log'
  | 'trace'
  | 'screenshot'
  | 'ping'
  | 'traceroute'
  | 'systemLog'
  | 'config';

/**
 * A session's life: `connecting` (SSH being opened), `running` (output arriving), then one end:
 * `done` (the command ended by itself), `stopped` (a user stopped it), `limit` (a capture passed
 * 100 MB), `failed` (never ran or broke: `message` says why), `interrupted` (the phone dropped the
 * connection, or the instance holding it stopped or died: what arrived is kept).
 */
export type DiagnosticState =
  | 'connecting'
  | 'running'
  | 'done'
  | 'stopped'
  | 'limit'
  | 'failed'
  | 'interrupted';

export const DIAGNOSTIC_END_STATES: readonly DiagnosticState[] = [
  'done',
  'stopped',
  'limit',
  'failed',
  'interrupted',
];

/** Export system log ranges (spec §2): the last day, the last 7 days, a custom range, everything. */
export type SystemLogRange = '1d' | '7d' | 'custom' | 'all';

/** Body of `POST /diagnostics/start`. */
export interface DiagnosticStartBody {
  deviceId: number;
  action: DiagnosticAction;
  /** `log`: the lowest level shown (the sdk's `LOG_LEVELS`); default `info`. */
  level?: string;
  /** `ping`, `traceroute`: host name or IP address (required). */
  host?: string;
  /** `ping`: how many (1..100, default 4). */
  count?: number;
  /** `systemLog`: the range; `custom` takes `startTime` and `endTime` (ISO). */
  range?: SystemLogRange;
  startTime?: string;
  endTime?: string;
}

/** One row of `POST /diagnostics/devices`: a device the caller may diagnose. */
export interface DiagnosticDeviceRow {
  deviceId: number;
  deviceName: string;
  macAddress: string;
  model: string;
  ip: string;
  /** The spec's device status (`states.ts`: 0 offline, 1 online, 2 abnormal). */
  status: number;
  siteName: string;
  /** False when the model's driver declares no diagnostics; `reason` says so in the caller's language. */
  supported: boolean;
  reason: string;
}

/** `GET /diagnostics/device`: one device's diagnostics settings (never its password). */
export interface DiagnosticDeviceSettings extends DiagnosticDeviceRow {
  /** SSH port on the phone (22 unless set per device). */
  port: number;
  /** The user name SSH signs in with (`admin` unless set per device). */
  username: string;
  /** Where the password comes from: set for this device, its configuration's administrator password, or none yet. */
  credentials: 'device' | 'configuration' | 'none';
  /** The phone's host key pinned at the first connection (`SHA256:…`), null until then. */
  hostKey: string | null;
}

/** Body of `POST /diagnostics/credentials`; a missing or empty `password` keeps the stored one. */
export interface DiagnosticCredentialsBody {
  deviceId: number;
  port?: number;
  username?: string;
  password?: string;
  /** Drop the per-device password (the configuration's administrator password applies again). */
  clearPassword?: boolean;
  /** Forget the pinned host key: the next connection pins the key the phone shows then. */
  forgetHostKey?: boolean;
}

/** Ping's outcome once it has ended (parsed by the driver from the phone's output). */
export interface PingResult {
  transmitted: number;
  received: number;
  lossPercent: number;
  minMs?: number;
  avgMs?: number;
  maxMs?: number;
}

/** Traceroute's hops as the phone printed them (`address` null: no answer; a time null: `*`). */
export interface TracerouteResult {
  hops: { hop: number; address: string | null; timesMs: (number | null)[] }[];
}

/** One diagnostic session (`POST /diagnostics/sessions`, `GET /diagnostics/session`). */
export interface DiagnosticSessionRow {
  id: number;
  deviceId: number;
  deviceName: string;
  macAddress: string;
  model: string;
  action: DiagnosticAction;
  /** What was asked, in the caller's language ("Level: warning", "Host: pbx.example.com, 4 times"). */
  detail: string;
  state: DiagnosticState;
  /** Why it ended when not by itself (failed, interrupted, limit), in the caller's language; else ''. */
  message: string;
  /** Bytes of output kept so far (what the download holds). */
  bytes: number;
  userName: string;
  startTime: string;
  endTime: string | null;
  /** The download's file name (`GET /diagnostics/download?sessionId=`), once there are bytes. */
  fileName: string;
  result: PingResult | TracerouteResult | null;
}

/** Body of `POST /diagnostics/sessions`. */
export interface DiagnosticSessionSearch {
  deviceId?: number;
  currentPage: number;
  pageSize: number;
}

/** The socket.io namespace of diagnostic streams (under `LIVE_PATH`). */
export const DIAGNOSTICS_NAMESPACE = '/diagnostics';

/**
 * What a browser receives on the namespace after `watch`: output as it arrives (text actions;
 * `offset` is the byte position of the text's first byte in the session's output, so a jump shows
 * output skipped for a slow browser, which the download still holds) and the session's state.
 */
export interface DiagnosticOutput {
  sessionId: number;
  offset: number;
  text: string;
}

export interface DiagnosticProgress {
  sessionId: number;
  state: DiagnosticState;
  bytes: number;
  /** Why it ended, as stored (`key` or `key:detail`): show it with the sdk's `diagnosticMessage(message, language)`. */
  message: string;
  result: PingResult | TracerouteResult | null;
}

/** The answer to `watch`: the recent output (the last 64 KiB kept) and where it ends, or why not. */
export type DiagnosticWatchAnswer =
  | { ok: true; session: DiagnosticSessionRow; backlog: string; backlogEnd: number }
  | { ok: false; message: string };

export interface DiagnosticsServerEvents {
  output: (output: DiagnosticOutput) => void;
  progress: (progress: DiagnosticProgress) => void;
}

export interface DiagnosticsClientEvents {
  watch: (sessionId: number, answer: (reply: DiagnosticWatchAnswer) => void) => void;
  unwatch: (sessionId: number) => void;
}
