import http from 'node:http';
import type { AddressInfo } from 'node:net';
import h2Package from '@phonefleet/driver-h2';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseDriver } from '../driver.js';
import { linePath } from '../lines.js';
import { SipUdpEndpoint } from '../sip/endpoint.js';
import { buildNotify } from '../sip/notify.js';
import { actionUrl } from './action-urls.js';
import { SimulatedPhone } from './phone-simulator.js';
import { type SippRegistrar, startSippRegistrar } from './sipp-registrar.js';

const h2 = parseDriver('@phonefleet/driver-h2', h2Package);
const PASSWORD = 'Line#Pass 7';

/** The console stand-in: serves one H2 file (ETag, If-None-Match) and records the action URLs. */
let server: http.Server;
let consoleUrl: string;
let file = '';
let fileVersion = 0;
const events: Array<{ event: string; query: Record<string, string> }> = [];

let registrar: SippRegistrar;
const phones: SimulatedPhone[] = [];

beforeAll(async () => {
  registrar = await startSippRegistrar({ password: PASSWORD });
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://console');
    if (url.pathname.startsWith('/events/')) {
      events.push({
        event: url.pathname.slice('/events/'.length),
        query: Object.fromEntries(url.searchParams),
      });
      res.writeHead(200).end();
      return;
    }
    const etag = `"v${fileVersion}"`;
    if (req.headers['if-none-match'] === etag) res.writeHead(304, { ETag: etag }).end();
    else res.writeHead(200, { ETag: etag, 'Content-Type': 'text/plain' }).end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  consoleUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await registrar?.stop();
});
afterEach(async () => {
  await Promise.all(phones.splice(0).map((phone) => phone.stop()));
  events.length = 0;
});

/** Serves an H2 file (`key = value` lines) binding these lines; each call is a new version. */
function serveLines(lines: Record<number, Record<string, string>>): void {
  const entries = Object.entries(lines).flatMap(([line, values]) =>
    Object.entries({
      Enable: '1',
      ServerAddress: registrar.host,
      ServerPort: String(registrar.port),
      Transport: '0',
      ...values,
    }).map(([key, value]) => `${linePath(Number(line), key as Parameters<typeof linePath>[1])} = ${value}`),
  );
  file = `# H2P test\nphone.name = Desk\n${entries.join('\n')}\n`;
  fileVersion += 1;
}

function phone(host: number, options: Partial<ConstructorParameters<typeof SimulatedPhone>[0]> = {}) {
  const created = new SimulatedPhone({
    driver: h2,
    model: 'H2P',
    mac: `0a00000002${host.toString(16).padStart(2, '0')}`,
    firmware: '2.14.0.5',
    provisioningUrl: `${consoleUrl}/prov`,
    address: `127.61.200.${host}`,
    sipPort: 0,
    httpPort: false,
    ...options,
  });
  phones.push(created);
  return created;
}

const lineEvents = () =>
  events
    .filter(({ event }) => event !== 'setupCompleted')
    .map(({ event, query }) => ({ event, account: query.account, line: query.line, reason: query.reason }))
    .sort((a, b) => Number(a.line) - Number(b.line));

describe('a simulated phone registers its provisioned lines', () => {
  it('registers at boot: 200 for the right password, 403 reported with its reason for a wrong one', async () => {
    serveLines({
      1: { UserName: '3001', RegisterName: 'auth3001', Password: PASSWORD, DisplayName: 'Front desk' },
      2: { UserName: '3002', Password: 'not the password' },
      3: { UserName: '3003', Password: PASSWORD, Transport: '1' },
    });
    const desk = phone(1, { account: 'legacy-account' });
    await desk.boot();

    expect(lineEvents()).toEqual([
      { event: 'registered', account: '3001', line: '1', reason: undefined },
      { event: 'registrationFailed', account: '3002', line: '2', reason: '403 Forbidden' },
      {
        event: 'registrationFailed',
        account: '3003',
        line: '3',
        reason: 'transport not supported by the simulator',
      },
    ]);
    const registered = events.find(({ event }) => event === 'registered');
    expect(registered?.query).toMatchObject({ mac: '0a0000000201', ip: '127.61.200.1', model: 'H2P' });
    expect(Object.fromEntries(desk.lines)).toEqual({
      1: { userName: '3001', state: 'registered' },
      2: { userName: '3002', state: 'failed', reason: '403 Forbidden' },
      3: { userName: '3003', state: 'failed', reason: 'transport not supported by the simulator' },
    });
    const verdicts = await registrar.registrations();
    expect(verdicts.filter((verdict) => verdict.contact.startsWith('127.61.200.1:'))).toEqual([
      expect.objectContaining({ accepted: true, username: 'auth3001', user: '3001', expires: 3600 }),
      expect.objectContaining({ accepted: false, username: '3002', user: '3002' }),
    ]);

    // A reboot whose fetch answers 304 registers the same lines again.
    events.length = 0;
    await desk.boot();
    expect(lineEvents().map(({ event, line }) => `${event} ${line}`)).toEqual([
      'registered 1',
      'registrationFailed 2',
      'registrationFailed 3',
    ]);
  });

  it('follows a NOTIFY resync from its own SIP address: unregisters, re-registers a changed line, registers a new one', async () => {
    serveLines({
      1: { UserName: '3101', Password: PASSWORD },
      2: { UserName: '3102', Password: 'wrong' },
    });
    const desk = phone(2);
    await desk.start();
    await desk.boot();
    expect(lineEvents().map(({ event, line }) => `${event} ${line}`)).toEqual([
      'registered 1',
      'registrationFailed 2',
    ]);

    events.length = 0;
    serveLines({
      2: { UserName: '3102', Password: PASSWORD },
      4: { UserName: '3104', Password: PASSWORD, RegisterExpires: '120' },
    });
    const pusher = await SipUdpEndpoint.bind({ address: '127.0.0.1', port: 0 });
    try {
      const notify = buildNotify({
        target: { host: desk.address, port: desk.sipPort },
        event: h2.pushEvents.checkSync,
      });
      expect((await pusher.sendRequest(notify.target, notify.request)).status).toBe(200);
    } finally {
      await pusher.close();
    }
    await desk.settled();

    expect(lineEvents()).toEqual([
      { event: 'unregistered', account: '3101', line: '1', reason: undefined },
      { event: 'registered', account: '3102', line: '2', reason: undefined },
      { event: 'registered', account: '3104', line: '4', reason: undefined },
    ]);
    expect(desk.lines.get(1)).toEqual({ userName: '3101', state: 'unregistered', reason: undefined });
    const fromPhone = (await registrar.registrations()).filter(
      (verdict) => verdict.contact === `${desk.address}:${desk.sipPort}`,
    );
    expect(fromPhone.map(({ user, accepted, expires }) => `${user} ${accepted} ${expires}`)).toEqual(
      expect.arrayContaining([
        '3101 true 3600',
        '3102 false 3600',
        '3101 true 0',
        '3102 true 3600',
        '3104 true 120',
      ]),
    );
  });

  it('answers 20 phones registering at once', async () => {
    serveLines({ 1: { UserName: '3200', Password: PASSWORD }, 2: { UserName: '3201', Password: PASSWORD } });
    const many = Array.from({ length: 20 }, (_, i) => phone(10 + i));
    await Promise.all(many.map((one) => one.boot()));
    expect(events.filter(({ event }) => event === 'registered')).toHaveLength(40);
    for (const one of many)
      expect([...one.lines.values()].map(({ state }) => state)).toEqual(['registered', 'registered']);
  });

  it('keeps the older report for a file without lines: registered for its account', async () => {
    serveLines({});
    await phone(3, { account: '4001' }).boot();
    expect(lineEvents()).toEqual([
      { event: 'registered', account: '4001', line: undefined, reason: undefined },
    ]);
  });
});

describe('action URL of a line event', () => {
  const values = {
    mac: '0a0000000201',
    ip: '127.0.0.1',
    model: 'H2P',
    firmware: '1',
    account: '3001',
    sipPort: 5060,
  };

  it('carries line and a reason cut to 128 characters', () => {
    const url = actionUrl('http://console/', 'registrationFailed', {
      ...values,
      line: 20,
      reason: 'x'.repeat(200),
    });
    expect(url.searchParams.get('line')).toBe('20');
    expect(url.searchParams.get('reason')).toHaveLength(128);
  });

  it('refuses a line outside 1..20', () => {
    expect(() => actionUrl('http://console', 'registered', { ...values, line: 21 })).toThrow(RangeError);
  });
});
