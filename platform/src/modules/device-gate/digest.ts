import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * HTTP digest authentication (RFC 7616 with MD5, which desk phones speak; qop=auth). A nonce is a
 * timestamp and the client's address, signed with a secret every instance shares, valid for
 * NONCE_SECONDS: a header captured on the wire does not work from another address. Each use of a
 * nonce must raise its `nc` (the gate records uses), so it does not work twice from the same one.
 */
export const REALM = 'phonefleet';
export const NONCE_SECONDS = 300;

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** What is stored per credential: never the password itself. */
export function digestHa1(username: string, password: string): string {
  return md5(`${username}:${REALM}:${password}`);
}

const sign = (secret: string, stamp: string, address: string) =>
  createHmac('sha256', secret).update(`${stamp}|${address}`).digest('base64url').slice(0, 22);

/** `<time>-<random>.<signature>`: unique even for two phones behind one address in the same second. */
export function makeNonce(secret: string, address: string, now = Date.now()): string {
  const stamp = `${Math.floor(now / 1000).toString(36)}-${randomBytes(6).toString('base64url')}`;
  return `${stamp}.${sign(secret, stamp, address)}`;
}

function nonceValid(
  secret: string,
  nonce: string,
  address: string,
  now = Date.now(),
): { valid: boolean; stale: boolean } {
  const [stamp, signature] = nonce.split('.');
  if (!stamp || !signature) return { valid: false, stale: false };
  const expected = sign(secret, stamp, address);
  if (
    expected.length !== signature.length ||
    !timingSafeEqual(Buffer.from(expected), Buffer.from(signature))
  ) {
    return { valid: false, stale: false };
  }
  const age = now / 1000 - Number.parseInt(stamp.split('-')[0] ?? '', 36);
  return age >= 0 && age <= NONCE_SECONDS ? { valid: true, stale: false } : { valid: false, stale: true };
}

export function challenge(secret: string, address: string, stale = false): string {
  return `Digest realm="${REALM}", qop="auth", algorithm=MD5, nonce="${makeNonce(secret, address)}"${stale ? ', stale=true' : ''}`;
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
  secret: string,
  address: string,
): 'ok' | 'stale' | 'invalid' {
  if (credentials.realm !== REALM || credentials.uri !== requestUri) return 'invalid';
  const nonce = nonceValid(secret, credentials.nonce, address);
  if (!nonce.valid) return nonce.stale ? 'stale' : 'invalid';
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
