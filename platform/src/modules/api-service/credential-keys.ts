import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How a signed request names its scheme in `Authorization`. */
export const HMAC_SCHEME = 'PF-HMAC-SHA256';
export const TIMESTAMP_HEADER = 'X-PF-Timestamp';
export const NONCE_HEADER = 'X-PF-Nonce';
/** A signed request's timestamp may differ from the server's clock by this much either way. */
export const REPLAY_WINDOW_SECONDS = 300;

export interface IssuedKey {
  apiId: string;
  /** Shown once; only its hash is stored. */
  apiKey: string;
  keyHash: Buffer;
}

/**
 * A new API ID and key. The key is 256 random bits, so a fast hash is the right store for it: a
 * slow password KDF (scrypt, as for passwords) guards low-entropy secrets against guessing, which a
 * 256-bit key does not need, and would cost every bearer call its work factor.
 */
export function issueKey(apiId = `pfa_${randomBytes(10).toString('hex')}`): IssuedKey {
  const apiKey = `pfk_${randomBytes(32).toString('base64url')}`;
  return { apiId, apiKey, keyHash: keyHash(apiKey) };
}

/**
 * SHA-256 of the key: what is stored, what a bearer key is found by, and the HMAC key a signed
 * request is signed with (so the client signs with `SHA-256(key)`, and the server needs no copy of
 * the key itself).
 */
export function keyHash(apiKey: string): Buffer {
  return createHash('sha256').update(apiKey).digest();
}

export interface SignedParts {
  method: string;
  /** The path and query as sent, `/api/…?…`. */
  path: string;
  timestamp: string;
  nonce: string;
  /** The request body as sent ('' when there is none). */
  body: string | Uint8Array;
}

/** What is signed: method, path with query, timestamp, nonce and the body's SHA-256, one per line. */
export function stringToSign(parts: SignedParts): string {
  const bodyHash = createHash('sha256').update(parts.body).digest('hex');
  return [parts.method.toUpperCase(), parts.path, parts.timestamp, parts.nonce, bodyHash].join('\n');
}

export function signature(signingKey: Buffer, parts: SignedParts): string {
  return createHmac('sha256', signingKey).update(stringToSign(parts)).digest('hex');
}

export function signatureMatches(signingKey: Buffer, parts: SignedParts, given: string): boolean {
  const expected = Buffer.from(signature(signingKey, parts), 'hex');
  const received = Buffer.from(given, 'hex');
  return received.length === expected.length && timingSafeEqual(received, expected);
}

const SIGNED_AUTHORIZATION = /^PF-HMAC-SHA256 Credential=(pfa_[0-9a-f]{20}), ?Signature=([0-9a-f]{64})$/;

/** `Authorization: PF-HMAC-SHA256 Credential=<API ID>, Signature=<hex>`; undefined when malformed. */
export function parseSignedAuthorization(header: string): { apiId: string; signature: string } | undefined {
  const match = SIGNED_AUTHORIZATION.exec(header);
  return match?.[1] && match[2] ? { apiId: match[1], signature: match[2] } : undefined;
}

export const NONCE = /^[A-Za-z0-9_-]{16,64}$/;
