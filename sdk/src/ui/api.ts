import { message as toast } from 'antd';
import { type ApiEnvelope, ErrorCode, type Language, type PagedList } from '../envelope.js';
import { translate } from '../messages.js';
import { ApiError } from './api-error.js';
import { whileLoading } from './loading.js';
import { operationRefusal } from './operation.js';
import { currentLanguage, currentOffset, timeZoneHeader } from './preferences.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  query?: Record<string, QueryValue>;
  /** JSON-encoded, except a `FormData`, which goes as multipart/form-data. */
  body?: unknown;
  /** Do not show errors to the user; the caller handles the rejection (80000 still signs out). */
  silent?: boolean;
  /** Default 60 s. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** `false`: the call does not show the loading overlay (polls, background lists; spec §4). */
  loading?: boolean;
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

/** What every request carries: the request id, the language and the time zone (spec §7). */
function requestHeaders(accept: string, language: Language): Record<string, string> {
  return {
    Accept: accept,
    'Accept-Language': language,
    Timezone: timeZoneHeader(currentOffset()),
    'X-Request-Id': requestId(),
  };
}

interface Sent {
  response: Response;
  language: ReturnType<typeof currentLanguage>;
}

/**
 * Sends one request with the request id, language and time zone: a `FormData` body goes as
 * multipart (the browser sets the boundary), anything else as JSON. Transport failures reject as
 * 'Network exception' / 'Network timeout'.
 */
async function send(
  method: HttpMethod,
  path: string,
  options: ApiRequestOptions,
  accept: string,
): Promise<Sent> {
  const language = currentLanguage();
  const headers = requestHeaders(accept, language);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal,
    });
    return { response, language };
  } catch (error) {
    const cancelled = options.signal?.aborted === true;
    throw transportFailure(cancelled, timeout.aborted, error instanceof Error ? error.message : null, {
      language,
      options,
    });
  }
}

/**
 * A request that got no reply: 'Network timeout' or 'Network exception', shown unless the caller
 * cancelled it (a dialog closed), which is not an error to show.
 */
function transportFailure(
  cancelled: boolean,
  timedOut: boolean,
  detail: string | null,
  { language, options }: { language: Language; options: ApiRequestOptions },
): ApiError {
  const byTimeout = timedOut && !cancelled;
  const text = translate(byTimeout ? 'networkTimeout' : 'networkException', language);
  const failure = new ApiError(-1, text, detail, byTimeout ? 'timeout' : 'network');
  return cancelled ? failure : report(failure, options);
}

/** Unwraps an envelope reply: resolves on code 0, otherwise shows the error (signs out on 80000). */
async function unwrap<Row>(
  { response, language }: Sent,
  options: ApiRequestOptions,
): Promise<ApiEnvelope<Row>> {
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  return unwrapPayload<Row>(payload, response.status, language, options);
}

/** The envelope checks of `unwrap` on a reply already read (`undefined` when it was not JSON). */
function unwrapPayload<Row>(
  payload: unknown,
  status: number,
  language: Language,
  options: ApiRequestOptions,
): ApiEnvelope<Row> {
  if (!isEnvelope(payload)) {
    const serverMessage =
      typeof payload === 'object' &&
      payload !== null &&
      typeof (payload as { message?: unknown }).message === 'string'
        ? (payload as { message: string }).message
        : '';
    const text = serverMessage || translate('networkException', language);
    throw report(new ApiError(-1, text, `HTTP ${status}`, 'network'), options);
  }
  const envelope = payload as ApiEnvelope<Row>;
  if (envelope.code === ErrorCode.success) return envelope;
  const error = new ApiError(envelope.code, envelope.message, envelope.messageExt ?? null, 'api');
  if (envelope.code === ErrorCode.sessionExpired) {
    // A silent caller shows the message itself, but an expired session signs out whoever noticed it.
    if (!options.silent) toast.error({ content: envelope.message, key: 'pf-session-expired' });
    sessionExpiredHandler?.();
    throw error;
  }
  // A backup, restore or upgrade holds the console: the host's dialog says so, not a toast.
  if (operationRefusal(envelope)) throw error;
  throw report(error, options);
}

/**
 * The one typed client of the platform API (spec §7, §8): sends the request id, language and time zone,
 * unwraps the envelope, shows errors, and signs out on code 80000. A `FormData` body is sent as
 * multipart (uploads: the file goes in the field `file`).
 */
export async function apiRequest<Row = unknown>(
  method: HttpMethod,
  path: string,
  options: ApiRequestOptions = {},
): Promise<ApiEnvelope<Row>> {
  return whileLoading(options.loading, async () =>
    unwrap<Row>(await send(method, path, options, 'application/json'), options),
  );
}

/** `attachment; filename*=UTF-8''devices%20list.xlsx` or `filename="devices.xlsx"`. */
export function attachmentName(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*\s*=\s*(?:UTF-8'[^']*')?([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // fall back to the plain name
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim();
}

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition, else the caller's fallback. */
  fileName: string;
}

/**
 * A file reply (xlsx export, template): resolves with the blob and its name. An envelope reply
 * instead of a file is an error and is shown like any other.
 */
export async function apiFile(
  method: HttpMethod,
  path: string,
  fallbackName: string,
  options: ApiRequestOptions = {},
): Promise<DownloadedFile> {
  return whileLoading(options.loading, () => receiveFile(method, path, fallbackName, options));
}

async function receiveFile(
  method: HttpMethod,
  path: string,
  fallbackName: string,
  options: ApiRequestOptions,
): Promise<DownloadedFile> {
  const sent = await send(method, path, options, '*/*');
  const type = sent.response.headers.get('Content-Type') ?? '';
  if (!sent.response.ok || type.includes('application/json')) {
    await unwrap(sent, options);
    throw report(new ApiError(-1, translate('unknownError', sent.language)), options);
  }
  const blob = await sent.response.blob();
  return { blob, fileName: attachmentName(sent.response.headers.get('Content-Disposition')) ?? fallbackName };
}

/** Downloads a file reply and hands it to the browser as a saved file. */
export async function apiDownload(
  method: HttpMethod,
  path: string,
  fallbackName: string,
  options?: ApiRequestOptions,
): Promise<void> {
  const { blob, fileName } = await apiFile(method, path, fallbackName, options);
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

function report(error: ApiError, options: ApiRequestOptions): ApiError {
  if (!options.silent) showApiError(error);
  return error;
}

/** Shows a refusal as the client shows any (for a silent caller that handles only some refusals). */
export function showApiError(error: ApiError): void {
  toast.error({ content: error.message, key: `pf-api-${error.code}-${error.message}` });
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

/**
 * A paged list (`rows[0]` with `list` and `total`, spec §7) as a table page: what a list page's
 * `request` returns.
 */
export async function apiPage<Row>(
  method: HttpMethod,
  path: string,
  options?: ApiRequestOptions,
): Promise<{ rows: Row[]; total: number }> {
  const page = await apiFirstRow<PagedList<Row>>(method, path, options);
  return { rows: page.list, total: page.total };
}

/** How far an upload has come: bytes sent of the whole request body, and the whole percent. */
export interface UploadProgress {
  loaded: number;
  total: number;
  percent: number;
}

/**
 * The multipart body of an `apiUpload`: the fields in their order (numbers and booleans as text,
 * undefined ones left out), then the file, when there is one, as `file`.
 */
export function formWithFile(
  fields: Record<string, string | number | boolean | undefined>,
  file?: File,
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) form.append(name, String(value));
  if (file) form.append('file', file, file.name);
  return form;
}

/**
 * Posts a multipart form (the file in the field `file`, after the other fields) like `apiRequest`
 * (same headers, envelope, errors and sign-out on 80000) and reports the upload's progress, which
 * `fetch` cannot. No time limit unless `timeoutMs` is given: a large image takes what it takes, and
 * the progress shows it moving. `signal` cancels it (rejected, not shown).
 */
export function apiUpload<Row = unknown>(
  path: string,
  form: FormData,
  onProgress?: (progress: UploadProgress) => void,
  options: Omit<ApiRequestOptions, 'body'> = {},
): Promise<ApiEnvelope<Row>> {
  const language = currentLanguage();
  return new Promise<ApiEnvelope<Row>>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl(path, options.query));
    for (const [name, value] of Object.entries(requestHeaders('application/json', language)))
      request.setRequestHeader(name, value);
    request.withCredentials = true;
    request.timeout = options.timeoutMs ?? 0;
    const cancel = () => request.abort();
    options.signal?.addEventListener('abort', cancel, { once: true });
    const fail = (timedOut: boolean) => () => {
      options.signal?.removeEventListener('abort', cancel);
      const cancelled = options.signal?.aborted === true;
      reject(transportFailure(cancelled, timedOut, null, { language, options }));
    };
    request.upload.onprogress = (event) => {
      if (!event.lengthComputable || !onProgress) return;
      const percent = event.total > 0 ? Math.floor((event.loaded / event.total) * 100) : 100;
      onProgress({ loaded: event.loaded, total: event.total, percent });
    };
    request.onload = () => {
      options.signal?.removeEventListener('abort', cancel);
      let payload: unknown;
      try {
        payload = JSON.parse(request.responseText) as unknown;
      } catch {
        payload = undefined;
      }
      try {
        resolve(unwrapPayload<Row>(payload, request.status, language, options));
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = fail(false);
    request.onabort = fail(false);
    request.ontimeout = fail(true);
    if (options.signal?.aborted) request.abort();
    else request.send(form);
  });
}
