import http from 'node:http';
import { answerDigestChallenge, SimulatedPhone } from '@phonefleet/sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole } from '../../testing/test-console.js';
import { MAX_WRONG_DIGESTS_PER_MAC } from './guess-throttle.js';

const PASSWORD = 'Phones#2026';
const USER = 'acme-phones';
let running: RunningConsole;
let acme: TestTenant;
let userAgent: string;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One GET from a chosen loopback address, as a phone (or someone who copied its request) sends it. */
function get(
  path: string,
  headers: Record<string, string> = {},
  localAddress = '127.0.0.1',
  consoleUrl = running.url,
): Promise<Answer> {
  const url = new URL(consoleUrl);
  return new Promise((resolve, reject) => {
    http
      .get(
        {
          host: url.hostname,
          port: url.port,
          path,
          localAddress,
          headers: { 'User-Agent': userAgent, ...headers },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => {
            body += chunk.toString();
          });
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
          );
        },
      )
      .on('error', reject);
  });
}

/** Fetches with the digest dance and returns the authorised request's header with its answer. */
async function authorised(
  path: string,
  password = PASSWORD,
  localAddress = '127.0.0.1',
  consoleUrl = running.url,
) {
  const challenge = await get(path, {}, localAddress, consoleUrl);
  const authorization = answerDigestChallenge(
    String(challenge.headers['www-authenticate']),
    { username: USER, password },
    'GET',
    path,
  );
  return {
    authorization,
    answer: await get(path, { Authorization: authorization }, localAddress, consoleUrl),
  };
}

beforeAll(async () => {
  running = await createTestConsole();
  acme = await createTenant(running.cradle.db, 'enterprise', 'Acme');
  await insertDevices(running.cradle.db, acme, [
    { mac: '001565aa0001', model: 'H2P' },
    { mac: '001565aa0002', model: 'H2P' },
    { mac: '001565aa0003', model: 'H2P' },
    { mac: '001565aa0004', model: 'H2P' },
  ]);
  const model = running.cradle.driverRegistry.model('H2P');
  if (!model) throw new Error('H2 driver missing');
  userAgent = new SimulatedPhone({
    driver: model.driver,
    model: 'H2P',
    mac: '001565aa0001',
    firmware: '2.14.0.5',
    provisioningUrl: `${running.url}/prov`,
  }).userAgent.replace(/\s*\S+$/, '');
  const api = new ApiClient(running.url);
  await api.signIn(acme.userName, acme.password);
  expect(
    (await api.call('POST', '/tb-provisioning/credentials', { username: USER, password: PASSWORD })).code,
  ).toBe(0);
});
afterAll(() => running?.stop());

describe('the device gate', () => {
  it('refuses a captured request sent again, from the same address or another', async () => {
    const { authorization, answer } = await authorised('/prov/001565aa0001.cfg');
    expect(answer.status).toBe(200);
    const replayed = await get('/prov/001565aa0001.cfg', { Authorization: authorization });
    expect(replayed.status).toBe(401);
    expect(replayed.headers['www-authenticate']).toContain('stale=true');
    expect(replayed.body).not.toContain('=');
    const elsewhere = await get('/prov/001565aa0001.cfg', { Authorization: authorization }, '127.0.0.2');
    expect(elsewhere.status).toBe(401);
  });

  it('refuses a captured action URL event sent again, storing it once', async () => {
    const path = '/events/registered?mac=001565aa0002&account=8001';
    const { authorization, answer } = await authorised(path);
    expect(answer.status).toBe(200);
    expect((await get(path, { Authorization: authorization })).status).toBe(401);
    await running.cradle.deviceEventService.flush();
    const stored = await running.cradle.db.query(
      `SELECT 1 FROM device_events e JOIN devices d ON d.id = e.device_id WHERE d.mac = '001565aa0002'`,
    );
    expect(stored).toHaveLength(1);
  });

  it('answers an anonymous request alike for a known and an unknown MAC', async () => {
    const known = await get('/prov/001565aa0003.cfg');
    const unknown = await get('/prov/001565aaffff.cfg');
    expect([known.status, unknown.status]).toEqual([401, 401]);
    expect(String(unknown.headers['www-authenticate'])).toMatch(/^Digest realm="phonefleet", qop="auth"/);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
  });

  it('makes a guessed MAC wait after too many wrong digests, even for the right password', async () => {
    const path = '/prov/001565aa0003.cfg';
    for (let guess = 0; guess < MAX_WRONG_DIGESTS_PER_MAC; guess += 1) {
      expect((await authorised(path, `Guess#${guess}`)).answer.status).toBe(401);
    }
    expect((await authorised(path, 'Guess#last')).answer.status).toBe(429);
    const right = (await authorised(path)).answer;
    expect(right.status).toBe(429);
    expect(right.body).not.toContain('=');
    expect((await authorised('/prov/001565aa0001.cfg')).answer.status).toBe(200);
  });

  it('keeps a flood of random MACs and long User-Agents to a bounded record, off the tenant’s count', async () => {
    const before = await running.cradle.db.one<{ n: string }>('SELECT count(*) AS n FROM unknown_devices');
    const flood = Array.from({ length: 150 }, (_, index) =>
      get(
        `/prov/0a0b0c${index.toString(16).padStart(6, '0')}.cfg`,
        { 'User-Agent': `${userAgent} ${'x'.repeat(500)}` },
        '127.0.0.9',
      ),
    );
    await Promise.all(flood);
    const rows = await running.cradle.db.query<{ mac: string | null; user_agent: string }>(
      `SELECT mac, user_agent FROM unknown_devices WHERE ip = '127.0.0.9'`,
    );
    expect(rows.length).toBeLessThanOrEqual(101);
    expect(rows.filter((row) => row.mac === null)).toHaveLength(1);
    expect(Math.max(...rows.map((row) => row.user_agent.length))).toBeLessThanOrEqual(128);
    const after = await running.cradle.db.one<{ n: string }>('SELECT count(*) AS n FROM unknown_devices');
    expect(Number(after?.n) - Number(before?.n)).toBe(rows.length);
    const tenant = new ApiClient(running.url);
    await tenant.signIn(acme.userName, acme.password);
    const totals = await tenant.call<{ unknownDevices: number }>('POST', '/homepage/total', {});
    // Wrong passwords and guesses above were strangers' doing, not Acme's phones'.
    expect(totals.rows[0]?.unknownDevices).toBe(0);
  });
});

describe('the device gate on two instances', () => {
  let second: RunningConsole;
  beforeAll(async () => {
    second = await createTestConsole({ databaseUrl: running.config.databaseUrl });
  });
  afterAll(() => second?.stop());

  it('answers a nonce of the other instance stale, so a request replayed there is refused and the phone retries', async () => {
    const path = '/prov/001565aa0001.cfg';
    const { authorization, answer } = await authorised(path);
    expect(answer.status).toBe(200);
    const replayed = await get(path, { Authorization: authorization }, '127.0.0.1', second.url);
    expect(replayed.status).toBe(401);
    const challenge = String(replayed.headers['www-authenticate']);
    expect(challenge).toContain('stale=true');
    const retried = answerDigestChallenge(challenge, { username: USER, password: PASSWORD }, 'GET', path);
    expect((await get(path, { Authorization: retried }, '127.0.0.1', second.url)).status).toBe(200);
  });

  it('makes a MAC guessed on one instance wait on the other, even for the right password', async () => {
    const path = '/prov/001565aa0004.cfg';
    for (let guess = 0; guess <= MAX_WRONG_DIGESTS_PER_MAC; guess += 1) {
      await authorised(path, `Guess#${guess}`, '127.0.0.4');
    }
    expect((await authorised(path, PASSWORD, '127.0.0.4')).answer.status).toBe(429);
    // The other instance hears of it through PostgreSQL within moments, and from then on waits too.
    await expect
      .poll(async () => (await authorised(path, PASSWORD, '127.0.0.5', second.url)).answer.status)
      .toBe(429);
    expect((await authorised(path, PASSWORD, '127.0.0.5', second.url)).answer.status).toBe(429);
  });
});

describe('phone credentials for a person', () => {
  it('show the user name, that a password is set (never which), the allow-list and the URL to give phones', async () => {
    const api = new ApiClient(running.url);
    await api.signIn(acme.userName, acme.password);
    const shown = await api.call<Record<string, unknown>>('GET', '/tb-provisioning/credentials');
    expect(shown.rows[0]).toEqual({
      username: USER,
      passwordSet: true,
      allowCidrs: [],
      provisioningUrl: `${running.url}/prov/`,
      eventsUrl: `${running.url}/events/`,
    });
    expect(JSON.stringify(shown)).not.toContain(PASSWORD);
    const device = await running.cradle.db.one<{ id: string }>(
      `SELECT id FROM devices WHERE mac = '001565aa0001'`,
    );
    const own = await api.call('GET', `/tb-provisioning/deviceCredentials?deviceId=${device?.id}`);
    expect(own.rows[0]).toEqual({ username: '001565aa0001', passwordSet: false });
  });

  it('let another organization choose the same user name, each phone still judged by its own', async () => {
    const globex = await createTenant(running.cradle.db, 'enterprise', 'Globex');
    await insertDevices(running.cradle.db, globex, [{ mac: '001565bb0001', model: 'H2P' }]);
    const api = new ApiClient(running.url);
    await api.signIn(globex.userName, globex.password);
    const set = await api.call('POST', '/tb-provisioning/credentials', {
      username: USER,
      password: 'Globex#2026',
    });
    expect(set.code, set.message).toBe(0);
    expect((await authorised('/prov/001565bb0001.cfg', 'Globex#2026')).answer.status).toBe(200);
    expect((await authorised('/prov/001565bb0001.cfg', PASSWORD, '127.0.0.3')).answer.status).toBe(401);
    expect((await authorised('/prov/001565aa0002.cfg')).answer.status).toBe(200);
  });
});
