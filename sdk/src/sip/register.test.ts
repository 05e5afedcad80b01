import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SippRegistrar, startSippRegistrar } from '../testing/sipp-registrar.js';
import { digestAuthorization, digestResponse, parseDigestChallenge } from './digest.js';
import { SipUdpEndpoint } from './endpoint.js';
import { type RegisterOptions, register } from './register.js';

describe('digest', () => {
  it('computes the RFC 2617 §3.5 example', () => {
    expect(
      digestResponse({
        username: 'Mufasa',
        password: 'Circle Of Life',
        realm: 'testrealm@host.com',
        nonce: 'dcd98b7102dd2f0e8b11d0f600bfb0c093',
        method: 'GET',
        uri: '/dir/index.html',
        qop: 'auth',
        nc: 1,
        cnonce: '0a4f113b',
      }),
    ).toBe('6629fae49393a05397450978507c4ef1');
  });

  it('answers the RFC 7616 §3.9.1 MD5 challenge with its response', () => {
    const challenge = parseDigestChallenge(
      'Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=MD5, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"',
    );
    expect(challenge).toMatchObject({ realm: 'http-auth@example.org', qop: ['auth', 'auth-int'] });
    if (!challenge) throw new Error('unparsed challenge');
    const authorization = digestAuthorization(
      challenge,
      { username: 'Mufasa', password: 'Circle of Life' },
      {
        method: 'GET',
        uri: '/dir/index.html',
        nc: 1,
        cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
      },
    );
    expect(authorization).toContain('response="8ca523f5e9506fed4657c9700eebdbec"');
    expect(authorization).toContain('qop=auth, nc=00000001');
    expect(authorization).toContain('opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"');
  });

  it('answers a challenge without qop in the RFC 2069 form', () => {
    const challenge = parseDigestChallenge('Digest realm="r", nonce="n"');
    if (!challenge) throw new Error('unparsed challenge');
    const authorization = digestAuthorization(
      challenge,
      { username: 'u', password: 'p' },
      { method: 'REGISTER', uri: 'sip:r' },
    );
    expect(authorization).not.toContain('qop=');
    expect(authorization).not.toContain('cnonce=');
  });

  it('reads no challenge from another scheme', () => {
    expect(parseDigestChallenge('Basic realm="r"')).toBeUndefined();
  });
});

describe('REGISTER against sipp as the registrar', () => {
  let registrar: SippRegistrar;
  let endpoint: SipUdpEndpoint;
  beforeAll(async () => {
    registrar = await startSippRegistrar({ password: 'Shared#Pass 1', passwords: { u2002: 'Own[pass]2' } });
    endpoint = await SipUdpEndpoint.bind({ address: '127.0.0.1', port: 0 }, { t1Ms: 100 });
  });
  afterAll(async () => {
    await endpoint?.close();
    await registrar?.stop();
  });

  const options = (username: string, password: string, expires = 300): RegisterOptions => ({
    target: { host: registrar.host, port: registrar.port },
    registrar: { host: 'pbx.example.test' },
    user: username.replace(/^u/, ''),
    displayName: 'Front "desk"',
    credentials: { username, password },
    expires,
  });

  it('is accepted with the right password, refused 403 with a wrong one, and unregisters', async () => {
    expect(await register(endpoint, options('u2001', 'Shared#Pass 1'))).toEqual({
      ok: true,
      expires: undefined,
    });
    expect(await register(endpoint, options('u2001', 'wrong'))).toEqual({
      ok: false,
      reason: '403 Forbidden',
    });
    expect((await register(endpoint, options('u2001', 'Shared#Pass 1', 0))).ok).toBe(true);
    const contact = `127.0.0.1:${endpoint.address.port}`;
    expect(await registrar.registrations()).toEqual([
      { accepted: true, username: 'u2001', user: '2001', contact, expires: 300 },
      { accepted: false, username: 'u2001', user: '2001', contact, expires: 300 },
      { accepted: true, username: 'u2001', user: '2001', contact, expires: 0 },
    ]);
  });

  it('checks a listed username against its own password only', async () => {
    expect((await register(endpoint, options('u2002', 'Own[pass]2'))).ok).toBe(true);
    expect(await register(endpoint, options('u2002', 'Shared#Pass 1'))).toEqual({
      ok: false,
      reason: '403 Forbidden',
    });
  });

  it('answers 20 registrations sent at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        register(endpoint, options(`u3${String(i).padStart(3, '0')}`, i % 4 ? 'Shared#Pass 1' : 'bad')),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(15);
    expect(results.filter((result) => !result.ok && result.reason === '403 Forbidden')).toHaveLength(5);
  });

  it('reports a timeout when nothing answers', async () => {
    const silent = await SipUdpEndpoint.bind({ address: '127.0.0.1', port: 0 });
    silent.onRequest(() => undefined);
    try {
      const quick = await SipUdpEndpoint.bind({ address: '127.0.0.1', port: 0 }, { t1Ms: 10 });
      const result = await register(quick, {
        ...options('u2001', 'x'),
        target: { host: '127.0.0.1', port: silent.address.port },
      });
      await quick.close();
      expect(result).toEqual({ ok: false, reason: 'timeout' });
    } finally {
      await silent.close();
    }
  });
});
