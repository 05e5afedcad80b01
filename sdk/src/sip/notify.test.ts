import { afterEach, describe, expect, it } from 'vitest';
import { digestAnswerMatches, parseDigestAuthorization } from './digest.js';
import { SipUdpEndpoint } from './endpoint.js';
import type { SipRequest, SipResponseInit } from './message.js';
import { buildNotify, sendNotify } from './notify.js';

const credentials = { username: '7001', password: 'Line1#Secret' };
const endpoints: SipUdpEndpoint[] = [];

afterEach(async () => {
  await Promise.all(endpoints.splice(0).map((endpoint) => endpoint.close()));
});

/** Two endpoints over UDP: the console's, and a phone answering NOTIFYs in turn with `answers`. */
async function pair(answers: ((request: SipRequest) => SipResponseInit)[]) {
  const consoleSide = await SipUdpEndpoint.bind({ address: '127.0.0.1', port: 0 }, { t1Ms: 20 });
  const phone = await SipUdpEndpoint.bind({ address: '127.0.0.1', port: 0 }, { t1Ms: 20 });
  endpoints.push(consoleSide, phone);
  const received: SipRequest[] = [];
  phone.onRequest((request) => {
    received.push(request);
    const answer = answers[received.length - 1];
    return answer ? answer(request) : { status: 500 };
  });
  const notify = buildNotify({ target: { host: '127.0.0.1', port: phone.address.port }, event: 'resync' });
  return { consoleSide, received, notify };
}

const challenge = (status: 401 | 407) => () => ({
  status,
  headers: {
    [status === 401 ? 'WWW-Authenticate' : 'Proxy-Authenticate']:
      'Digest realm="phone", nonce="a1b2c3", qop="auth", algorithm=MD5',
  },
});

describe('sendNotify', () => {
  it('answers a 401 challenge once: same Call-ID and From tag, next CSeq, a signature the phone can check', async () => {
    const { consoleSide, received, notify } = await pair([challenge(401), () => ({ status: 200 })]);
    const answer = await sendNotify(consoleSide, notify, credentials);
    expect([answer.response.status, answer.challenged, answer.retried]).toEqual([200, true, true]);
    const [first, second] = received;
    expect(second?.headers.get('Call-ID')).toBe(first?.headers.get('Call-ID'));
    expect(second?.headers.get('From')).toBe(first?.headers.get('From'));
    expect(second?.headers.get('CSeq')).toBe(
      `${Number.parseInt(first?.headers.get('CSeq') ?? '', 10) + 1} NOTIFY`,
    );
    expect(first?.headers.get('Authorization')).toBeUndefined();
    const signed = parseDigestAuthorization(second?.headers.get('Authorization') ?? '');
    expect(signed).toMatchObject({
      username: '7001',
      realm: 'phone',
      nonce: 'a1b2c3',
      uri: notify.request.uri,
    });
    if (!signed) throw new Error('no signature');
    expect(digestAnswerMatches(signed, credentials, 'NOTIFY')).toBe(true);
    expect(digestAnswerMatches(signed, { ...credentials, password: 'other' }, 'NOTIFY')).toBe(false);
  });

  it('answers a 407 with Proxy-Authorization; a second challenge is the final answer', async () => {
    const { consoleSide, received, notify } = await pair([challenge(407), challenge(407)]);
    const answer = await sendNotify(consoleSide, notify, credentials);
    expect([answer.response.status, answer.challenged, answer.retried]).toEqual([407, true, true]);
    expect(received).toHaveLength(2);
    expect(received[1]?.headers.get('Proxy-Authorization')).toMatch(/^Digest username="7001"/);
  });

  it('without credentials the challenge is the answer and nothing else is sent', async () => {
    const { consoleSide, received, notify } = await pair([challenge(401)]);
    const answer = await sendNotify(consoleSide, notify);
    expect([answer.response.status, answer.challenged, answer.retried]).toEqual([401, true, false]);
    expect(received).toHaveLength(1);
  });
});
