import { message as toast } from 'antd';
import { type ApiEnvelope, ErrorCode } from '../envelope.js';
import { translate } from '../messages.js';
import { ApiError } from './api-error.js';
import { currentLanguage, currentOffset, timeZoneHeader } from './preferences.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Do not show errors to the user and do not sign out on 80000; the caller handles the rejection. */
  silent?: boolean;
  /** Default 60 s. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

const DEFAULT_TIMEOUT_MS = 60_000;

let sessionExpiredHandler: (() => void) | undefined;

/** The host registers what "log out" means (clear the session, go to /login). */
export function onSessionExpired(handler: (() => void) | undefined): void {
  sessionExpiredHandler = handler;
}

/** `/homepage/total` and `/api/homepage/total` both mean the same API path. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const withPrefix = path.startsWith('/api/') ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${withPrefix}?${search}` : withPrefix;
}

function isEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
  );
}

function requestId(): string {
  return (
    globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`
  );
}

/**
 * The one typed client of the platform API (spec §7, §8): sends the request id, language and time zone,
 * unwraps the envelope, shows errors, and signs out on code 80000.
 */
export async function apiRequest<Row = unknown>(
  method: HttpMethod,
  path: string,
  options: ApiRequestOptions = {},
): Promise<ApiEnvelope<Row>> {
  const language = currentLanguage();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': language,
    Timezone: timeZoneHeader(currentOffset()),
    'X-Request-Id': requestId(),
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    const timedOut = timeout.aborted && !options.signal?.aborted;
    const kind = timedOut ? 'timeout' : 'network';
    const text = translate(timedOut ? 'networkTimeout' : 'networkException', language);
    throw report(new ApiError(-1, text, error instanceof Error ? error.message : null, kind), options);
  }

  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  if (!isEnvelope(payload)) {
    const serverMessage =
      typeof payload === 'object' &&
      payload !== null &&
      typeof (payload as { message?: unknown }).message === 'string'
        ? (payload as { message: string }).message
        : '';
    const text = serverMessage || translate('networkException', language);
    throw report(new ApiError(-1, text, `HTTP ${response.status}`, 'network'), options);
  }
  const envelope = payload as ApiEnvelope<Row>;
  if (envelope.code === ErrorCode.success) return envelope;
  const error = new ApiError(envelope.code, envelope.message, envelope.messageExt ?? null, 'api');
  if (envelope.code === ErrorCode.sessionExpired) {
    if (!options.silent) {
      toast.error({ content: envelope.message, key: 'pf-session-expired' });
      sessionExpiredHandler?.();
    }
    throw error;
  }
  throw report(error, options);
}

function report(error: ApiError, options: ApiRequestOptions): ApiError {
  if (!options.silent) toast.error({ content: error.message, key: `pf-api-${error.code}-${error.message}` });
  return error;
}

/** Convenience: the first row of a successful reply (most calls answer with one row). */
export async function apiFirstRow<Row>(
  method: HttpMethod,
  path: string,
  options?: ApiRequestOptions,
): Promise<Row> {
  const envelope = await apiRequest<Row>(method, path, options);
  const row = envelope.result.rows[0];
  if (row === undefined) throw new ApiError(-1, translate('unknownError', currentLanguage()));
  return row;
}
