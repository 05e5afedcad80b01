import http from 'node:http';
import https from 'node:https';
import { digestAuthorization, parseDigestChallenge } from '../sip/digest.js';

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body as received (downloads are binary). */
  bytes: Buffer;
}

const REQUEST_TIMEOUT_MS = 15_000;

/**
 * The Authorization header a phone sends in answer to a digest challenge (RFC 7616, MD5, qop=auth
 * when offered); a challenge it cannot read is answered with empty realm and nonce, which the server refuses.
 */
export function answerDigestChallenge(
  wwwAuthenticate: string,
  credentials: { username: string; password: string },
  method: string,
  uri: string,
  nc = 1,
): string {
  const challenge = parseDigestChallenge(wwwAuthenticate) ?? {
    realm: '',
    nonce: '',
    opaque: undefined,
    algorithm: 'MD5',
    qop: ['auth'],
    stale: false,
  };
  return digestAuthorization(challenge, credentials, { method, uri, nc });
}

/** One GET over a fresh connection leaving from `localAddress`. */
export function httpGet(
  url: URL,
  headers: Record<string, string>,
  localAddress: string | undefined,
): Promise<HttpAnswer> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      { headers, localAddress, agent: false, timeout: REQUEST_TIMEOUT_MS },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes });
        });
        res.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on('error', reject);
  });
}

/**
 * A GET that answers one digest challenge when it has credentials, as a phone does; `requests` is
 * 2 when it did. `nextNonceCount` gives the `nc` of each answer (a phone counts them).
 */
export async function getWithDigest(
  url: URL,
  headers: Record<string, string>,
  client: {
    localAddress: string | undefined;
    credentials: { username: string; password: string } | undefined;
    nextNonceCount(): number;
  },
): Promise<HttpAnswer & { requests: number }> {
  const answer = await httpGet(url, headers, client.localAddress);
  const challenge = answer.headers['www-authenticate'];
  if (answer.status === 401 && typeof challenge === 'string' && client.credentials) {
    const authorization = answerDigestChallenge(
      challenge,
      client.credentials,
      'GET',
      `${url.pathname}${url.search}`,
      client.nextNonceCount(),
    );
    const retried = await httpGet(url, { ...headers, Authorization: authorization }, client.localAddress);
    return { ...retried, requests: 2 };
  }
  return { ...answer, requests: 1 };
}
