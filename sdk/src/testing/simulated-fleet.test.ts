import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseDriver } from '../driver.js';
import { SipTimeoutError, SipUdpEndpoint } from '../sip/endpoint.js';
import { buildNotify } from '../sip/notify.js';
import { oneLinePhone } from './one-line-phone.js';
import { fleetAddress, SimulatedFleet } from './simulated-fleet.js';

const capabilities = oneLinePhone;

const driver = parseDriver('test-driver', {
  id: 'test-phone',
  vendor: 'Test',
  family: 'T',
  sdk: '^1.0.0',
  models: [{ id: 'T1', capabilities }],
  files: [{ name: 't-{mac}.cfg', contentType: 'text/plain' }],
  pushEvents: { checkSync: 'check-sync', reboot: 'check-sync;reboot=true', factoryReset: 'factory-reset' },
  identify: (userAgent: string) => {
    const match = /^TestPhone (T\d) ([\d.]+) ([0-9a-f]{12})$/.exec(userAgent);
    return match ? { model: match[1] ?? '', firmware: match[2], mac: match[3] } : undefined;
  },
  render: (values: ReadonlyMap<string, string>) => [...values].map(([k, v]) => `${k}=${v}`).join('\n'),
  parse: (text: string) =>
    new Map(
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('=') as [string, string]),
    ),
  sampleUserAgents: [
    {
      userAgent: 'TestPhone T1 1.2.3 001565000001',
      identity: { model: 'T1', firmware: '1.2.3', mac: '001565000001' },
    },
  ],
});

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

function validDigest(header: string, uri: string): boolean {
  const field = (name: string) => new RegExp(`${name}="?([^",]*)"?`).exec(header)?.[1] ?? '';
  const ha1 = md5(`${credentials.username}:phonefleet:${credentials.password}`);
  const expected = md5(`${ha1}:abc:${field('nc')}:${field('cnonce')}:auth:${md5(`GET:${uri}`)}`);
  return field('uri') === uri && field('response') === expected;
}

/** A console stand-in speaking real HTTP: digest-protects everything and records what phones ask. */
interface Seen {
  path: string;
  source: string;
  userAgent: string;
}
let consoleServer: http.Server;
let consoleUrl: string;
const seen: Seen[] = [];
const credentials = { username: 'prov', password: 'Prov#2026' };

beforeAll(async () => {
  consoleServer = http.createServer((req, res) => {
    if (!req.headers.authorization) {
      res.writeHead(401, { 'WWW-Authenticate': 'Digest realm="phonefleet", qop="auth", nonce="abc"' }).end();
      return;
    }
    if (!validDigest(req.headers.authorization, req.url ?? '')) {
      res.writeHead(403).end();
      return;
    }
    seen.push({
      path: req.url ?? '',
      source: (req.socket.remoteAddress ?? '').replace(/^::ffff:/, ''),
      userAgent: String(req.headers['user-agent'] ?? ''),
    });
    res.writeHead(200, { ETag: '"v1"', 'Content-Type': 'text/plain' }).end('a.b=1\n');
  });
  await new Promise<void>((resolve) => consoleServer.listen(0, '127.0.0.1', resolve));
  consoleUrl = `http://127.0.0.1:${(consoleServer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => consoleServer.close(() => resolve())));

const SIP_PORT = 5162;
const HTTP_PORT = 8162;
const fleets: SimulatedFleet[] = [];
const endpoints: SipUdpEndpoint[] = [];
afterEach(async () => {
  await Promise.all(fleets.splice(0).map((fleet) => fleet.stop()));
  await Promise.all(endpoints.splice(0).map((endpoint) => endpoint.close()));
  seen.length = 0;
});

async function fleet(
  options: Partial<Parameters<typeof SimulatedFleet.start>[0]> = {},
): Promise<SimulatedFleet> {
  const started = await SimulatedFleet.start({
    consoleUrl,
    count: 3,
    models: [{ driver, model: 'T1' }],
    credentials,
    addressBase: '127.61.0.0',
    macBase: '0a0000000000',
    // Not 5060/80: a console on this host may hold 0.0.0.0:5060, which blocks 127.x.y.z:5060.
    sipPort: SIP_PORT,
    httpPort: HTTP_PORT,
    ...options,
  });
  fleets.push(started);
  return started;
}

async function console_(t1Ms = 20): Promise<SipUdpEndpoint> {
  const endpoint = await SipUdpEndpoint.bind({ address: '127.0.0.1', port: 0 }, { t1Ms });
  endpoints.push(endpoint);
  return endpoint;
}

function httpGet(host: string, port: number): Promise<{ status: number; server: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host, port, path: '/', agent: false, timeout: 1000 }, (res) => {
        res.resume();
        const { server } = res.headers;
        resolve({ status: res.statusCode ?? 0, server: typeof server === 'string' ? server : undefined });
      })
      .on('timeout', function (this: http.ClientRequest) {
        this.destroy(new Error('timeout'));
      })
      .on('error', reject);
  });
}

describe('fleetAddress', () => {
  it('counts up from the base, skipping host parts 0 and 255, and stays in 127/8', () => {
    expect(fleetAddress('127.1.0.0', 0)).toBe('127.1.0.1');
    expect(fleetAddress('127.1.0.0', 253)).toBe('127.1.0.254');
    expect(fleetAddress('127.1.0.0', 254)).toBe('127.1.1.1');
    expect(fleetAddress('127.1.0.200', 0)).toBe('127.1.0.201');
    expect(fleetAddress('127.1.0.200', 54)).toBe('127.1.1.1');
    expect(fleetAddress('127.1.0.255', 0)).toBe('127.1.1.1');
    expect(fleetAddress('127.1.0.0', 99_999)).toBe('127.2.137.178');
    expect(() => fleetAddress('127.255.255.250', 10)).toThrow(/leaves 127/);
    expect(() => fleetAddress('10.0.0.0', 0)).toThrow(/leaves 127/);
  });
});

describe('SimulatedFleet (one socket per phone)', () => {
  it('puts each phone on its own address with its own SIP socket and web UI', async () => {
    const phones = await fleet();
    expect(phones.phones.map((p) => p.address)).toEqual(['127.61.0.1', '127.61.0.2', '127.61.0.3']);
    const endpoint = await console_();
    const answer = await endpoint.sendRequest(
      { host: '127.61.0.2', port: SIP_PORT },
      { method: 'OPTIONS', uri: `sip:127.61.0.2:${SIP_PORT}` },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('User-Agent')).toBe('TestPhone T1 1.2.3 0a0000000001');
    expect(await httpGet('127.61.0.3', HTTP_PORT)).toEqual({
      status: 200,
      server: 'TestPhone T1 1.2.3 0a0000000002',
    });
  });

  it('re-fetches from its own address after a check-sync NOTIFY, once per transaction', async () => {
    const phones = await fleet();
    const endpoint = await console_();
    const notify = buildNotify({ target: { host: '127.61.0.1', port: SIP_PORT }, event: 'check-sync' });
    expect((await endpoint.sendRequest(notify.target, notify.request)).status).toBe(200);
    await phones.settled();
    expect(seen).toEqual([
      {
        path: '/prov/t-0a0000000000.cfg',
        source: '127.61.0.1',
        userAgent: 'TestPhone T1 1.2.3 0a0000000000',
      },
    ]);
    expect(phones.counters).toEqual({
      phones: 3,
      notifies: 1,
      fetches: 1,
      reports: 0,
      lastNotifyAt: phones.phones[0]?.lastNotifyAt,
    });
    expect(phones.phones[0]?.lastNotifyAt).toBeGreaterThan(Date.now() - 5_000);
  });

  it('reports the reboot, boots and registers after a reboot NOTIFY; answers 489 to unknown events', async () => {
    const phones = await fleet({ count: 1 });
    const endpoint = await console_();
    const reboot = buildNotify({
      target: { host: '127.61.0.1', port: SIP_PORT },
      event: 'check-sync;reboot=true',
    });
    expect((await endpoint.sendRequest(reboot.target, reboot.request)).status).toBe(200);
    await phones.settled();
    expect(seen.map((s) => s.path.split('?')[0])).toEqual([
      '/events/reboot',
      '/prov/t-0a0000000000.cfg',
      '/events/setupCompleted',
      '/events/registered',
    ]);
    const query = new URLSearchParams(seen[0]?.path.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({
      mac: '0a0000000000',
      ip: '127.61.0.1',
      model: 'T1',
      firmware: '1.2.3',
      account: '100000',
      sipPort: String(SIP_PORT),
    });
    const unknown = buildNotify({ target: { host: '127.61.0.1', port: SIP_PORT }, event: 'resync' });
    expect((await endpoint.sendRequest(unknown.target, unknown.request)).status).toBe(489);
  });

  it('simulates faults: ignoring pushes, slowness, silence and garbage', async () => {
    const phones = await fleet();
    const [deaf, slow, silent] = phones.phones;
    deaf?.ignoreNotify();
    slow?.slow(150);
    silent?.offline();
    const endpoint = await console_(10);
    const notify = (host: string) => {
      const { target, request } = buildNotify({ target: { host, port: SIP_PORT }, event: 'check-sync' });
      return endpoint.sendRequest(target, request);
    };
    expect((await notify('127.61.0.1')).status).toBe(200);
    const started = performance.now();
    expect((await notify('127.61.0.2')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    await expect(notify('127.61.0.3')).rejects.toBeInstanceOf(SipTimeoutError);
    await expect(httpGet('127.61.0.3', HTTP_PORT)).rejects.toThrow();
    await phones.settled();
    expect(seen.map((s) => s.source)).toEqual(['127.61.0.2']);
    await expect(silent?.fetchConfig()).rejects.toThrow(/offline/);

    silent?.healthy().faulty();
    expect((await notify('127.61.0.3')).status).toBe(500);
    const raw = await new Promise<string>((resolve) => {
      const socket = net.connect(HTTP_PORT, '127.61.0.3', () =>
        socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'),
      );
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk.toString('latin1');
      });
      socket.on('close', () => resolve(data));
    });
    expect(raw).not.toMatch(/^HTTP\//);
  });

  it('a mute phone receives NOTIFYs without answering and counts each transaction once', async () => {
    const phones = await fleet({ count: 1 });
    const mute = phones.phones[0]?.mute();
    const endpoint = await console_(10);
    const notify = () => {
      const { target, request } = buildNotify({
        target: { host: '127.61.0.1', port: SIP_PORT },
        event: 'check-sync',
      });
      return endpoint.sendRequest(target, request);
    };
    // 64*T1 with retransmissions at T1, 2*T1, 4*T1 ...: several datagrams per transaction.
    await expect(notify()).rejects.toBeInstanceOf(SipTimeoutError);
    await expect(notify()).rejects.toBeInstanceOf(SipTimeoutError);
    await expect(
      endpoint.sendRequest(
        { host: '127.61.0.1', port: SIP_PORT },
        { method: 'OPTIONS', uri: 'sip:127.61.0.1' },
      ),
    ).rejects.toBeInstanceOf(SipTimeoutError);
    expect(mute?.notifies).toBe(2);
    expect(mute?.notifyEvents).toEqual(['check-sync', 'check-sync']);
    expect(seen).toEqual([]);
    mute?.healthy();
    expect((await notify()).status).toBe(200);
    await phones.settled();
    expect(mute?.notifies).toBe(3);
    expect(seen.map((s) => s.source)).toEqual(['127.61.0.1']);
  });

  it('with a reaction concurrency, phones take turns acting on a push', async () => {
    const phones = await fleet({ count: 6, reactionConcurrency: 2 });
    let fetching = 0;
    let most = 0;
    for (const phone of phones.phones) {
      const fetchConfig = phone.fetchConfig.bind(phone);
      phone.fetchConfig = async (options) => {
        fetching += 1;
        most = Math.max(most, fetching);
        try {
          await new Promise((resolve) => setTimeout(resolve, 50));
          return await fetchConfig(options);
        } finally {
          fetching -= 1;
        }
      };
    }
    const endpoint = await console_();
    const answers = await Promise.all(
      phones.phones.map((phone) => {
        const { target, request } = buildNotify({
          target: { host: phone.address, port: SIP_PORT },
          event: 'check-sync',
        });
        return endpoint.sendRequest(target, request);
      }),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    await phones.settled();
    expect(phones.counters.fetches).toBe(6);
    expect(most).toBe(2);
  });
});

describe('SimulatedFleet (shared sockets)', () => {
  it('answers every phone on one wildcard socket, found by the Request-URI host and local address', async () => {
    const phones = await fleet({
      mode: 'shared',
      count: 300,
      addressBase: '127.61.100.0',
      sipPort: 0,
      httpPort: 0,
    });
    const ports = phones.sharedPorts;
    expect(ports?.sip).toBeGreaterThan(0);
    const last = phones.phones[299];
    expect(last?.address).toBe('127.61.101.46');
    expect(last?.sipPort).toBe(ports?.sip);
    const endpoint = await console_();
    const notify = buildNotify({
      target: { host: last?.address ?? '', port: ports?.sip },
      event: 'check-sync',
    });
    expect((await endpoint.sendRequest(notify.target, notify.request)).status).toBe(200);
    await phones.settled();
    expect(seen).toEqual([
      expect.objectContaining({ source: '127.61.101.46', path: '/prov/t-0a000000012b.cfg' }),
    ]);
    const stranger = buildNotify({ target: { host: '127.61.200.1', port: ports?.sip }, event: 'check-sync' });
    expect((await endpoint.sendRequest(stranger.target, stranger.request)).status).toBe(404);
    expect(await httpGet('127.61.100.7', ports?.http ?? 0)).toEqual({
      status: 200,
      server: 'TestPhone T1 1.2.3 0a0000000006',
    });
    expect(await fleetsFetchAll(phones)).toBe(300);
  });
});

async function fleetsFetchAll(phones: SimulatedFleet): Promise<number> {
  const failures = await phones.each((phone) => phone.fetchConfig(), 32);
  expect(failures).toEqual([]);
  return phones.counters.fetches - 1;
}
