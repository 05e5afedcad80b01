/** Raised by `parseSipMessage` for anything that is not a well-formed SIP/2.0 message. */
export class SipParseError extends Error {
  override readonly name = 'SipParseError';
}

/** RFC 3261 §7.3.3 compact forms, plus Event (RFC 6665) and Allow-Events (RFC 6665). */
const compactForms: Record<string, string> = {
  v: 'Via',
  f: 'From',
  t: 'To',
  i: 'Call-ID',
  l: 'Content-Length',
  e: 'Content-Encoding',
  m: 'Contact',
  c: 'Content-Type',
  k: 'Supported',
  s: 'Subject',
  o: 'Event',
  u: 'Allow-Events',
};

const canonicalNames = new Map(
  [
    ...Object.values(compactForms),
    'CSeq',
    'Max-Forwards',
    'Subscription-State',
    'User-Agent',
    'Server',
    'Allow',
    'Accept',
    'WWW-Authenticate',
    'Authorization',
  ].map((name) => [name.toLowerCase(), name]),
);

/** The full header name in its usual spelling: `v` and `VIA` both become `Via`. */
export function canonicalHeaderName(name: string): string {
  const trimmed = name.trim();
  const full = compactForms[trimmed.toLowerCase()] ?? trimmed;
  return canonicalNames.get(full.toLowerCase()) ?? full;
}

/** Ordered SIP headers with case-insensitive, compact-form-aware names (like fetch's `Headers`). */
export class SipHeaders implements Iterable<[string, string]> {
  private readonly list: Array<[string, string]> = [];

  constructor(init?: Iterable<readonly [string, string]> | Record<string, string>) {
    if (!init) return;
    const entries = Symbol.iterator in init ? init : Object.entries(init);
    for (const [name, value] of entries as Iterable<readonly [string, string]>) this.append(name, value);
  }

  /** The first value of a header. */
  get(name: string): string | undefined {
    const key = canonicalHeaderName(name).toLowerCase();
    return this.list.find(([n]) => n.toLowerCase() === key)?.[1];
  }

  getAll(name: string): string[] {
    const key = canonicalHeaderName(name).toLowerCase();
    return this.list.filter(([n]) => n.toLowerCase() === key).map(([, value]) => value);
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  append(name: string, value: string): this {
    this.list.push([canonicalHeaderName(name), value]);
    return this;
  }

  /** Replaces every value of the header with one value, keeping the first one's position. */
  set(name: string, value: string): this {
    const canonical = canonicalHeaderName(name);
    const key = canonical.toLowerCase();
    const index = this.list.findIndex(([n]) => n.toLowerCase() === key);
    this.delete(name);
    if (index === -1) this.list.push([canonical, value]);
    else this.list.splice(index, 0, [canonical, value]);
    return this;
  }

  delete(name: string): this {
    const key = canonicalHeaderName(name).toLowerCase();
    for (let i = this.list.length - 1; i >= 0; i -= 1) {
      if (this.list[i]?.[0].toLowerCase() === key) this.list.splice(i, 1);
    }
    return this;
  }

  [Symbol.iterator](): Iterator<[string, string]> {
    return this.list.map(([name, value]): [string, string] => [name, value])[Symbol.iterator]();
  }
}

export interface SipRequest {
  kind: 'request';
  method: string;
  uri: string;
  headers: SipHeaders;
  body: string;
}

export interface SipResponse {
  kind: 'response';
  status: number;
  reason: string;
  headers: SipHeaders;
  body: string;
}

export type SipMessage = SipRequest | SipResponse;

export type SipHeadersInit = SipHeaders | Record<string, string> | Iterable<readonly [string, string]>;

export interface SipRequestInit {
  method: string;
  uri: string;
  headers?: SipHeadersInit;
  body?: string;
}

export interface SipResponseInit {
  status: number;
  /** Defaults to the RFC 3261 reason phrase of the status. */
  reason?: string;
  headers?: SipHeadersInit;
  body?: string;
  /**
   * The tag a response adds to a To without one (RFC 3261 §8.2.6.2), random when not given: a
   * notifier names its side of the dialog with it and sends the NOTIFY with it as From tag.
   */
  toTag?: string;
}

const reasonPhrases: Record<number, string> = {
  100: 'Trying',
  180: 'Ringing',
  183: 'Session Progress',
  200: 'OK',
  202: 'Accepted',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  480: 'Temporarily Unavailable',
  481: 'Call/Transaction Does Not Exist',
  486: 'Busy Here',
  489: 'Bad Event',
  500: 'Server Internal Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
  603: 'Decline',
};

export function reasonPhrase(status: number): string {
  return reasonPhrases[status] ?? (status < 200 ? 'Provisional' : status < 300 ? 'Success' : 'Failure');
}

/** Headers every request and response must carry (RFC 3261 §8.1.1, §8.2.6.2). */
const mandatoryHeaders = ['Via', 'From', 'To', 'Call-ID', 'CSeq'];
const tokenPattern = /^[A-Za-z0-9\-.!%*_+`'~]+$/;

function toHeaders(init: SipHeadersInit | undefined): SipHeaders {
  if (init instanceof SipHeaders) return new SipHeaders(init);
  return new SipHeaders(init);
}

function serialize(startLine: string, headersInit: SipHeadersInit | undefined, body = ''): string {
  const headers = toHeaders(headersInit);
  headers.set('Content-Length', String(Buffer.byteLength(body)));
  let text = `${startLine}\r\n`;
  for (const [name, value] of headers) {
    if (/[\r\n]/.test(value)) throw new SipParseError(`header ${name} holds a line break`);
    text += `${name}: ${value}\r\n`;
  }
  return `${text}\r\n${body}`;
}

/** A request on the wire; Content-Length is always computed from the body. */
export function formatSipRequest(request: SipRequestInit): string {
  if (!tokenPattern.test(request.method)) throw new SipParseError(`invalid method ${request.method}`);
  if (!request.uri || /\s/.test(request.uri)) throw new SipParseError(`invalid Request-URI ${request.uri}`);
  return serialize(`${request.method} ${request.uri} SIP/2.0`, request.headers, request.body);
}

/** A response on the wire; Content-Length is always computed from the body. */
export function formatSipResponse(response: SipResponseInit): string {
  if (!Number.isInteger(response.status) || response.status < 100 || response.status > 699) {
    throw new SipParseError(`invalid status ${response.status}`);
  }
  const reason = response.reason ?? reasonPhrase(response.status);
  return serialize(`SIP/2.0 ${response.status} ${reason}`, response.headers, response.body);
}

function findHeaderEnd(buffer: Buffer): { end: number; separator: number } | undefined {
  const crlf = buffer.indexOf('\r\n\r\n');
  const lf = buffer.indexOf('\n\n');
  if (crlf === -1 && lf === -1) return undefined;
  if (lf === -1 || (crlf !== -1 && crlf < lf)) return { end: crlf, separator: 4 };
  return { end: lf, separator: 2 };
}

/** Reads one datagram as a SIP message; throws `SipParseError` when it is not one. */
export function parseSipMessage(input: Buffer | string): SipMessage {
  const buffer = typeof input === 'string' ? Buffer.from(input) : input;
  // Leading CRLFs are keep-alives (RFC 5626) or stray bytes a parser must skip (RFC 3261 §7.5).
  let start = 0;
  while (buffer[start] === 0x0d || buffer[start] === 0x0a) start += 1;
  const message = buffer.subarray(start);
  if (message.length === 0) throw new SipParseError('empty message');
  const split = findHeaderEnd(message);
  if (!split) throw new SipParseError('no empty line after the headers');
  const head = message.subarray(0, split.end).toString('utf8');
  const lines = head.split(/\r?\n/);
  const startLine = lines.shift() ?? '';

  const fields: string[] = [];
  for (const line of lines) {
    if (/^[ \t]/.test(line)) {
      if (fields.length === 0) throw new SipParseError('continuation line before any header');
      fields[fields.length - 1] += ` ${line.trim()}`;
    } else {
      fields.push(line);
    }
  }
  const headers = new SipHeaders();
  for (const field of fields) {
    const colon = field.indexOf(':');
    if (colon <= 0) throw new SipParseError(`malformed header line: ${field.slice(0, 80)}`);
    const name = field.slice(0, colon).trim();
    if (!tokenPattern.test(name)) throw new SipParseError(`malformed header name: ${name.slice(0, 80)}`);
    headers.append(name, field.slice(colon + 1).trim());
  }

  for (const name of mandatoryHeaders) {
    if (!headers.has(name)) throw new SipParseError(`missing ${name} header`);
  }
  const cseq = /^(\d{1,10})\s+([A-Za-z0-9\-.!%*_+`'~]+)$/.exec(headers.get('CSeq') ?? '');
  if (!cseq || Number(cseq[1]) > 2 ** 31 - 1) throw new SipParseError('malformed CSeq header');

  const bodyBytes = message.subarray(split.end + split.separator);
  let body: Buffer = bodyBytes;
  const contentLength = headers.get('Content-Length');
  if (contentLength !== undefined) {
    if (!/^\d+$/.test(contentLength)) throw new SipParseError('malformed Content-Length header');
    const length = Number(contentLength);
    if (length > bodyBytes.length) throw new SipParseError('body shorter than Content-Length');
    body = bodyBytes.subarray(0, length);
  }

  const response = /^SIP\/2\.0 ([1-6]\d\d) ?(.*)$/.exec(startLine);
  if (response) {
    return {
      kind: 'response',
      status: Number(response[1]),
      reason: response[2] ?? '',
      headers,
      body: body.toString('utf8'),
    };
  }
  const request = /^([A-Za-z0-9\-.!%*_+`'~]+) (\S+) SIP\/2\.0$/.exec(startLine);
  if (!request) throw new SipParseError(`malformed start line: ${startLine.slice(0, 80)}`);
  const method = request[1] ?? '';
  if (cseq[2] !== method) throw new SipParseError('CSeq method differs from the request method');
  return { kind: 'request', method, uri: request[2] ?? '', headers, body: body.toString('utf8') };
}

/** `sip:user@host:port;params` → its parts; undefined for anything else. */
export function parseSipUri(
  uri: string,
): { user: string | undefined; host: string; port: number | undefined } | undefined {
  const match = /^sips?:(?:([^@;:]+)(?::[^@;]*)?@)?(\[[^\]]+\]|[^:;?>]+)(?::(\d+))?/i.exec(uri.trim());
  if (!match?.[2]) return undefined;
  return {
    user: match[1] ? decodeURIComponent(match[1]) : undefined,
    host: match[2],
    port: match[3] ? Number(match[3]) : undefined,
  };
}

/** A header parameter such as `tag` in `<sip:a@b>;tag=x` or `branch` in a Via. */
export function headerParameter(value: string, name: string): string | undefined {
  const afterAddress = value.includes('>') ? value.slice(value.lastIndexOf('>') + 1) : value;
  for (const part of afterAddress.split(';').slice(1)) {
    const [key, ...rest] = part.split('=');
    if (key?.trim().toLowerCase() === name.toLowerCase()) return rest.join('=').trim();
  }
  return undefined;
}
