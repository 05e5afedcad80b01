import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Digest access authentication as a client answers it (RFC 2617 / RFC 7616 with MD5), shared by the
 * simulated phone's HTTP requests and its SIP REGISTER (RFC 3261 §22.4 reuses the HTTP scheme).
 */

export interface DigestChallenge {
  realm: string;
  nonce: string;
  opaque: string | undefined;
  /** `MD5` when the challenge names none. */
  algorithm: string;
  /** The qop values offered, lower case; empty for an RFC 2069 challenge. */
  qop: string[];
  stale: boolean;
}

export interface DigestCredentials {
  username: string;
  password: string;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

const PARAMETER = /([A-Za-z][\w-]*)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g;

/** The parameters after `Digest ` (names lower case, first of each kept); undefined for another scheme. */
function digestParameters(header: string): Map<string, string> | undefined {
  const scheme = /^\s*Digest\s+/i.exec(header);
  if (!scheme) return undefined;
  const fields = new Map<string, string>();
  for (const match of header.slice(scheme[0].length).matchAll(PARAMETER)) {
    const name = (match[1] ?? '').toLowerCase();
    const value = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? '');
    if (!fields.has(name)) fields.set(name, value);
  }
  return fields;
}

/** The parameters of a `WWW-Authenticate`/`Proxy-Authenticate` Digest challenge; undefined for another scheme. */
export function parseDigestChallenge(header: string): DigestChallenge | undefined {
  const fields = digestParameters(header);
  if (!fields) return undefined;
  const nonce = fields.get('nonce');
  if (nonce === undefined) return undefined;
  return {
    realm: fields.get('realm') ?? '',
    nonce,
    opaque: fields.get('opaque'),
    algorithm: fields.get('algorithm') ?? 'MD5',
    qop: (fields.get('qop') ?? '')
      .split(',')
      .map((value) => value.trim().toLowerCase())
      .filter(Boolean),
    stale: fields.get('stale')?.toLowerCase() === 'true',
  };
}

export interface DigestInput extends DigestCredentials {
  realm: string;
  nonce: string;
  method: string;
  uri: string;
  /** `auth`, or undefined for the RFC 2069 form without nc and cnonce. */
  qop?: 'auth';
  /** Nonce count (1 for the first answer to a nonce). */
  nc?: number;
  cnonce?: string;
}

/** The 32 hex digits of the `response` parameter (MD5, qop=auth or none). */
export function digestResponse(input: DigestInput): string {
  const ha1 = md5(`${input.username}:${input.realm}:${input.password}`);
  const ha2 = md5(`${input.method}:${input.uri}`);
  if (!input.qop) return md5(`${ha1}:${input.nonce}:${ha2}`);
  return md5(`${ha1}:${input.nonce}:${formatNonceCount(input.nc ?? 1)}:${input.cnonce ?? ''}:auth:${ha2}`);
}

function formatNonceCount(nc: number): string {
  return nc.toString(16).padStart(8, '0');
}

const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/**
 * The `Authorization`/`Proxy-Authorization` value answering a challenge: qop=auth when offered
 * (a challenge without qop gets the RFC 2069 answer). Throws for an algorithm other than MD5.
 */
export function digestAuthorization(
  challenge: DigestChallenge,
  credentials: DigestCredentials,
  request: { method: string; uri: string; nc?: number; cnonce?: string },
): string {
  if (challenge.algorithm.toUpperCase() !== 'MD5') {
    throw new Error(`digest algorithm ${challenge.algorithm} is not supported`);
  }
  const qop = challenge.qop.includes('auth') ? 'auth' : undefined;
  const nc = request.nc ?? 1;
  const cnonce = request.cnonce ?? randomBytes(8).toString('hex');
  const response = digestResponse({
    ...credentials,
    realm: challenge.realm,
    nonce: challenge.nonce,
    method: request.method,
    uri: request.uri,
    qop,
    nc,
    cnonce,
  });
  const parts = [
    `Digest username=${quote(credentials.username)}`,
    `realm=${quote(challenge.realm)}`,
    `nonce=${quote(challenge.nonce)}`,
    `uri=${quote(request.uri)}`,
  ];
  if (qop) parts.push(`qop=${qop}`, `nc=${formatNonceCount(nc)}`, `cnonce=${quote(cnonce)}`);
  parts.push(`response=${quote(response)}`, 'algorithm=MD5');
  if (challenge.opaque !== undefined) parts.push(`opaque=${quote(challenge.opaque)}`);
  return parts.join(', ');
}

/** An `Authorization`/`Proxy-Authorization` Digest answer as a server reads it. */
export interface DigestAuthorizationFields {
  username: string;
  realm: string;
  nonce: string;
  uri: string;
  response: string;
  qop: string | undefined;
  nc: string | undefined;
  cnonce: string | undefined;
}

/** The fields of a Digest answer; undefined for another scheme or when one it needs is missing. */
export function parseDigestAuthorization(header: string): DigestAuthorizationFields | undefined {
  const fields = digestParameters(header);
  const [username, realm, nonce, uri, response] = ['username', 'realm', 'nonce', 'uri', 'response'].map(
    (name) => fields?.get(name),
  );
  if (username === undefined || realm === undefined || !nonce || uri === undefined || !response)
    return undefined;
  return {
    username,
    realm,
    nonce,
    uri,
    response: response.toLowerCase(),
    qop: fields?.get('qop')?.toLowerCase(),
    nc: fields?.get('nc'),
    cnonce: fields?.get('cnonce'),
  };
}

/** Whether a Digest answer's `response` is the one these credentials give for `method` (MD5, qop=auth or none). */
export function digestAnswerMatches(
  answer: DigestAuthorizationFields,
  credentials: DigestCredentials,
  method: string,
): boolean {
  if (answer.username !== credentials.username) return false;
  if (answer.qop !== undefined && answer.qop !== 'auth') return false;
  const nc = answer.nc === undefined ? undefined : Number.parseInt(answer.nc, 16);
  const expected = digestResponse({
    ...credentials,
    realm: answer.realm,
    nonce: answer.nonce,
    method,
    uri: answer.uri,
    qop: answer.qop === 'auth' ? 'auth' : undefined,
    nc,
    cnonce: answer.cnonce,
  });
  return (
    expected.length === answer.response.length &&
    timingSafeEqual(Buffer.from(expected), Buffer.from(answer.response))
  );
}
