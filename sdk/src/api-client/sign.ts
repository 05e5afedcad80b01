/**
 * Signs a request for the console's API (docs/api-service.md, "Signed requests") with Web Crypto,
 * so the same code runs in Node and in a browser: HMAC-SHA256, keyed with SHA-256 of the API key,
 * over the method, the path with its query, the timestamp, a nonce and the body's SHA-256.
 */

const encoder = new TextEncoder();

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface SigningCredential {
  apiId: string;
  apiKey: string;
}

export interface SignatureHeaders {
  Authorization: string;
  'X-PF-Timestamp': string;
  'X-PF-Nonce': string;
}

/** A HMAC key for the credential, imported once and reused for every request it signs. */
export async function signingKey(apiKey: string): Promise<CryptoKey> {
  const hashed = await crypto.subtle.digest('SHA-256', encoder.encode(apiKey));
  return crypto.subtle.importKey('raw', hashed, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

export async function signatureHeaders(
  apiId: string,
  key: CryptoKey,
  request: { method: string; path: string; body: Uint8Array<ArrayBuffer> },
  now: Date = new Date(),
): Promise<SignatureHeaders> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const nonce = crypto.randomUUID().replaceAll('-', '');
  const bodyHash = hex(await crypto.subtle.digest('SHA-256', request.body));
  const text = [request.method.toUpperCase(), request.path, timestamp, nonce, bodyHash].join('\n');
  const signature = hex(await crypto.subtle.sign('HMAC', key, encoder.encode(text)));
  return {
    Authorization: `PF-HMAC-SHA256 Credential=${apiId}, Signature=${signature}`,
    'X-PF-Timestamp': timestamp,
    'X-PF-Nonce': nonce,
  };
}
