/** The one response shape of the browser API (spec §7). */
export interface ApiEnvelope<Row = unknown> {
  code: number;
  message: string;
  messageExt: string | null;
  result: ApiResult<Row>;
}

export interface ApiResult<Row> {
  rows: Row[];
  /** Present on lists that page as `rows` + `totalRows`. */
  totalRows?: number;
}

/** Lists that the spec pages as `rows[0].list` + `rows[0].total`. */
export interface PagedList<Item> {
  list: Item[];
  total: number;
}

/**
 * Error codes. 0 and 80000 (and the backup codes) come from spec §8; the others are
 * this project's choice, documented in docs/api.md.
 */
export const ErrorCode = {
  success: 0,
  invalidInput: 40000,
  loginFailed: 40100,
  forbidden: 40300,
  notFound: 40400,
  conflict: 40900,
  payloadTooLarge: 41300,
  locked: 42300,
  tooManyRequests: 42900,
  sessionExpired: 80000,
  backupRunning: 100000,
  recoverRunning: 110000,
  upgradeRunning: 120000,
  internal: 50000,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Default page sizes and layout of every table (spec §9). */
export const PAGE_SIZES = [10, 20, 50, 100, 150, 200, 250] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const EMPTY_CELL = '--';
export const SIDEBAR_COLLAPSE_WIDTH = 1366;

export type Language = 'en-US' | 'zh-CN';
export const LANGUAGES: readonly Language[] = ['en-US', 'zh-CN'];

/** Accept-Language: `en` becomes `en-US`; anything not Chinese falls back to English. */
export function normaliseLanguage(header: string | undefined | null): Language {
  const first = (header ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('zh') ? 'zh-CN' : 'en-US';
}
