import { type DigestCredentials, digestAuthorization, parseDigestChallenge } from './digest.js';
import type { SipResponse } from './message.js';

/** A header a retried request carries in answer to a challenge. */
export interface ChallengeAnswer {
  header: 'Authorization' | 'Proxy-Authorization';
  value: string;
}

/**
 * The answer to a 401 (`WWW-Authenticate`) or 407 (`Proxy-Authenticate`) digest challenge for the
 * request retried as `method`/`uri` (RFC 3261 §22.2–22.3); undefined when the response offers no
 * MD5 digest challenge.
 */
export function answerSipChallenge(
  response: SipResponse,
  credentials: DigestCredentials,
  request: { method: string; uri: string },
): ChallengeAnswer | undefined {
  const proxy = response.status === 407;
  if (!proxy && response.status !== 401) return undefined;
  const offered = response.headers.getAll(proxy ? 'Proxy-Authenticate' : 'WWW-Authenticate');
  for (const header of offered) {
    const challenge = parseDigestChallenge(header);
    if (challenge?.algorithm.toUpperCase() !== 'MD5') continue;
    return {
      header: proxy ? 'Proxy-Authorization' : 'Authorization',
      value: digestAuthorization(challenge, credentials, request),
    };
  }
  return undefined;
}
