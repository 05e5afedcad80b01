import { createHash, timingSafeEqual } from 'node:crypto';
import type { NonceBook } from './nonces.js';

/**
 * HTTP digest authentication (RFC 7616 with MD5, which desk phones speak; qop=auth). Nonces and
 * their uses are `NonceBook`'s (nonces.ts).
 */
export const REALM = 'phonefleet';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** What is stored per credential: never the password itself. */
export function digestHa1(username: string, password: string): string {
  return md5(`${username}:${REALM}:${password}`);
}

export function challenge(nonces: NonceBook, address: string, stale = false): string {
  return `Digest realm="${REALM}", qop="auth", algorithm=MD5, nonce="${nonces.issue(address)}"${stale ? ', stale=true' : ''}`;
}

export interface DigestCredentials {
  username: string;
  realm: string;
  nonce: string;
  uri: string;
  response: string;
  qop?: string;
  nc?: string;
  cnonce?: string;
}

export function parseAuthorization(header: string | undefined): DigestCredentials | undefined {
  if (!header || !/^Digest\s/i.test(header)) return undefined;
  const fields: Record<string, string> = {};
  const pattern = /([a-z]+)=(?:"([^"]*)"|([^\s,]+))/gi;
  for (let match = pattern.exec(header); match; match = pattern.exec(header)) {
    fields[(match[1] ?? '').toLowerCase()] = match[2] ?? match[3] ?? '';
  }
  const { username, realm, nonce, uri, response } = fields;
  if (!username || !realm || !nonce || !uri || !response) return undefined;
  return { username, realm, nonce, uri, response, qop: fields.qop, nc: fields.nc, cnonce: fields.cnonce };
}

/** 'ok', or why not: 'stale' asks the phone to retry with a fresh nonce. */
export function verifyDigest(
  credentials: DigestCredentials,
  ha1: string,
  method: string,
  requestUri: string,
  nonces: NonceBook,
  address: string,
): 'ok' | 'stale' | 'invalid' {
  if (credentials.realm !== REALM || credentials.uri !== requestUri) return 'invalid';
  const nonce = nonces.judge(credentials.nonce, address);
  if (nonce !== 'valid') return nonce;
  const ha2 = md5(`${method}:${credentials.uri}`);
  const expected =
    credentials.qop === 'auth'
      ? md5(`${ha1}:${credentials.nonce}:${credentials.nc ?? ''}:${credentials.cnonce ?? ''}:auth:${ha2}`)
      : md5(`${ha1}:${credentials.nonce}:${ha2}`);
  const ok =
    expected.length === credentials.response.length &&
    timingSafeEqual(Buffer.from(expected), Buffer.from(credentials.response.toLowerCase()));
  return ok ? 'ok' : 'invalid';
}
