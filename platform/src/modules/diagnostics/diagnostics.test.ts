import {
  DIAGNOSTICS_NAMESPACE,
  type DiagnosticOutput,
  type DiagnosticProgress,
  type DiagnosticSessionRow,
  type DiagnosticsClientEvents,
  type DiagnosticsServerEvents,
  type DiagnosticWatchAnswer,
  LIVE_PATH,
  startsWithPcapHeader,
  startsWithPngSignature,
} from '@phonefleet/sdk';
import { SimulatedFleet, type SimulatedPhone } from '@phonefleet/sdk/testing';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole } from '../../testing/test-console.js';
import { until } from '../../testing/until.js';

let running: RunningConsole;
let acme: TestTenant;
let globex: TestTenant;
let api: ApiClient;
let globexApi: ApiClient;
let fleet: SimulatedFleet;
const sockets: Socket[] = [];
const ADMIN_PASSWORD = 'Adm1n#ssh';

interface Device {
  id: number;
  phone: SimulatedPhone;
}
let devices: Device[] = [];

const device = (index: number): Device => {
  const found = devices[index];
  if (!found) throw new Error(`no device ${index}`);
  return found;
};

type Watcher = Socket<DiagnosticsServerEvents, DiagnosticsClientEvents> & {
  outputs: DiagnosticOutput[];
  progress: DiagnosticProgress[];
  text(): string;
};

/** A browser's socket on the diagnostics namespace, collecting what it hears. */
async function watcher(running: RunningConsole, cookie: string): Promise<Watcher> {
  const socket = io(`${running.url}${DIAGNOSTICS_NAMESPACE}`, {
    path: LIVE_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: { Cookie: cookie },
  }) as Watcher;
  sockets.push(socket);
  socket.outputs = [];
  socket.progress = [];
  socket.text = () => socket.outputs.map((output) => output.text).join('');
  socket.on('output', (output) => socket.outputs.push(output));
  socket.on('progress', (progress) => socket.progress.push(progress));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

function watch(socket: Watcher, sessionId: number): Promise<DiagnosticWatchAnswer> {
  return new Promise((resolve) => socket.emit('watch', sessionId, resolve));
}

async function start(body: Record<string, unknown>, client = api) {
  return client.call<DiagnosticSessionRow>('POST', '/diagnostics/start', body);
}

async function ended(sessionId: number, timeoutMs = 15_000): Promise<DiagnosticSessionRow> {
  return until(
    async () =>
      (await api.call<DiagnosticSessionRow>('GET', `/diagnostics/session?sessionId=${sessionId}`)).rows[0],
    (row) => row !== undefined && !['connecting', 'running'].includes(row.state),
    timeoutMs,
  ) as Promise<DiagnosticSessionRow>;
}

async function download(
  sessionId: number,
  client = api,
): Promise<{ status: number; type: string; bytes: Buffer }> {
  const response = await fetch(`${running.url}/api/diagnostics/download?sessionId=${sessionId}`, {
    headers: { Cookie: client.cookieHeader },
  });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** Where each phone's SSH listens (a free port: tests do not bind 22), as a user would set it per device. */
async function pointAtPhones(list: Device[]): Promise<void> {
  for (const { id, phone } of list) {
    const reply = await api.call('POST', '/diagnostics/credentials', { deviceId: id, port: phone.ssh?.port });
    expect(reply.code, reply.message).toBe(0);
  }
}

beforeAll(async () => {
  running = await createTestConsole();
  acme = await createTenant(running.cradle.db, 'enterprise', 'Acme');
  globex = await createTenant(running.cradle.db, 'enterprise', 'Globex');
  api = new ApiClient(running.url);
  expect((await api.signIn(acme.userName, acme.password)).code).toBe(0);
  globexApi = new ApiClient(running.url);
  expect((await globexApi.signIn(globex.userName, globex.password)).code).toBe(0);
  const model = 'H2P';
  const found = running.cradle.driverRegistry.model(model);
  if (!found) throw new Error('no H2P driver');
  fleet = await SimulatedFleet.start({
    consoleUrl: running.url,
    count: 6,
    models: [{ driver: found.driver, model }],
    addressBase: '127.77.0.0',
    sipPort: 0,
    httpPort: false,
    accountBase: false,
    ssh: {
      port: 0,
      credentials: { username: 'admin', password: ADMIN_PASSWORD },
      logBytesPerSecond: 20_000,
      lineDelayMs: 100,
      packetDelayMs: 10,
    },
  });
  await insertDevices(
    running.cradle.db,
    acme,
    fleet.phones.map((phone) => ({ mac: phone.options.mac, model })),
  );
  const rows = await running.cradle.db.query<{ id: string; mac: string }>(
    'SELECT id, mac FROM devices WHERE mac = ANY($1::text[])',
    [fleet.phones.map((phone) => phone.options.mac)],
  );
  const ids = new Map(rows.map((row) => [row.mac, Number(row.id)]));
  devices = fleet.phones.map((phone) => ({ id: ids.get(phone.options.mac) ?? 0, phone }));
  // The console knows a phone's address from its fetches.
  for (const { id, phone } of devices) {
    await running.cradle.db.execute('UPDATE devices SET last_fetch_ip = $2::inet WHERE id = $1', [
      id,
      phone.address,
    ]);
  }
  // The administrator password of Acme's phones, set in its site's configuration: what SSH signs in with.
  const saved = await api.call('POST', '/tb-config/saveParam', {
    relationId: acme.siteId,
    relationName: 'site',
    maintenance: {
      changePassword: { AdminPassword: { Key: 'AdminPassword', Value: ADMIN_PASSWORD, Push: true } },
    },
  });
  expect(saved.code, saved.message).toBe(0);
  await pointAtPhones(devices);
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await fleet?.stop();
  await running?.stop();
});

describe('log capture', () => {
  it('streams the log at the chosen level to two watchers, stops on request, and downloads what arrived', async () => {
    const { id, phone } = device(0);
    const started = await start({ deviceId: id, action: 'log', level: 'warning' });
    expect(started.code, started.message).toBe(0);
    const session = started.rows[0] as DiagnosticSessionRow;
    expect(session).toMatchObject({ action: 'log', detail: 'Level: warning', userName: acme.userName });
    const first = await watcher(running, api.cookieHeader);
    expect(await watch(first, session.id)).toMatchObject({ ok: true });
    await until(
      async () => first.text().split('\n').length,
      (lines) => lines > 20,
      10_000,
    );
    // A second engineer joins late: the recent output, then the stream.
    const second = await watcher(running, api.cookieHeader);
    const late = await watch(second, session.id);
    expect(late.ok && late.backlog.length > 0).toBe(true);
    await until(
      async () => second.outputs.length,
      (count) => count > 2,
      5_000,
    );

    const levels = new Set(first.text().match(/user\.(\w+)/g));
    expect(
      [...levels].every((level) =>
        ['user.emerg', 'user.alert', 'user.crit', 'user.err', 'user.warn'].includes(level),
      ),
    ).toBe(true);
    // Offsets run on without gaps for a browser that keeps up.
    for (const [index, output] of first.outputs.entries()) {
      const before = first.outputs[index - 1];
      if (before) expect(output.offset).toBe(before.offset + Buffer.byteLength(before.text));
    }

    expect((await api.call('POST', '/diagnostics/stop', { sessionId: session.id })).code).toBe(0);
    const row = await ended(session.id);
    expect(row.state).toBe('stopped');
    await until(
      async () => phone.ssh?.openConnections,
      (open) => open === 0,
      5_000,
    );
    expect(running.cradle.diagnosticsService.running).toBe(0);
    const file = await download(session.id);
    expect(file.type).toContain('text/plain');
    const stored = await ended(session.id);
    expect(file.bytes.length).toBe(stored.bytes);
    expect(file.bytes.toString('utf8').startsWith(first.text().slice(0, 200))).toBe(true);
    expect(first.progress.at(-1)).toMatchObject({ state: 'stopped' });
  });

  it('a phone dropping mid-capture leaves an interrupted session with its partial, downloadable output', async () => {
    const { id, phone } = device(1);
    phone.ssh?.dropAfterBytes(30_000);
    try {
      const session = (await start({ deviceId: id, action: 'log', level: 'debug' }))
        .rows[0] as DiagnosticSessionRow;
      const row = await ended(session.id);
      expect(row).toMatchObject({ state: 'interrupted', message: 'The phone closed the connection' });
      expect(row.bytes).toBeGreaterThan(10_000);
      expect((await download(session.id)).bytes.length).toBe(row.bytes);
    } finally {
      phone.ssh?.dropAfterBytes(undefined);
    }
  });
});

describe('ping, traceroute, trace and screen', () => {
  it('ping prints line by line and ends with its result; a silent host ends with 100% loss', async () => {
    const { id } = device(2);
    const socket = await watcher(running, api.cookieHeader);
    const session = (await start({ deviceId: id, action: 'ping', host: 'pbx.example.com', count: 3 }))
      .rows[0] as DiagnosticSessionRow;
    expect(session.detail).toBe('Host: pbx.example.com, Count: 3');
    await watch(socket, session.id);
    const row = await ended(session.id);
    expect(row.state).toBe('done');
    expect(row.result).toMatchObject({ transmitted: 3, received: 3, lossPercent: 0 });
    expect(socket.text()).toMatch(/icmp_seq=3/);
    const silent = (await start({ deviceId: id, action: 'ping', host: '192.0.2.1', count: 2 })).rows[0];
    expect(await ended(silent?.id ?? 0)).toMatchObject({
      state: 'done',
      result: { received: 0, lossPercent: 100 },
    });
  });

  it('traceroute ends with its hops', async () => {
    const session = (await start({ deviceId: device(2).id, action: 'traceroute', host: '10.20.30.40' }))
      .rows[0];
    const row = await ended(session?.id ?? 0);
    expect(row.state).toBe('done');
    expect((row.result as { hops: { address: string | null }[] }).hops.map((hop) => hop.address)).toEqual([
      '192.168.1.1',
      '10.0.0.1',
      '10.20.30.40',
    ]);
  });

  it('a trace runs until stopped and downloads as a pcap; a screenshot as a PNG', async () => {
    const { id } = device(3);
    const trace = (await start({ deviceId: id, action: 'trace' })).rows[0] as DiagnosticSessionRow;
    await until(
      async () =>
        (await api.call<DiagnosticSessionRow>('GET', `/diagnostics/session?sessionId=${trace.id}`)).rows[0]
          ?.bytes ?? 0,
      (bytes) => bytes > 2000,
      10_000,
    );
    await api.call('POST', '/diagnostics/stop', { sessionId: trace.id });
    expect((await ended(trace.id)).state).toBe('stopped');
    const pcap = await download(trace.id);
    expect(pcap.type).toBe('application/vnd.tcpdump.pcap');
    expect(startsWithPcapHeader(pcap.bytes)).toBe(true);
    expect(countPcapRecords(pcap.bytes)).toBeGreaterThan(5);

    const screen = (await start({ deviceId: id, action: 'screenshot' })).rows[0] as DiagnosticSessionRow;
    expect((await ended(screen.id)).state).toBe('done');
    const png = await download(screen.id);
    expect(png.type).toBe('image/png');
    expect(startsWithPngSignature(png.bytes)).toBe(true);
  });
});

/** Whole records in a pcap stream (the last one may be cut where the capture stopped). */
function countPcapRecords(bytes: Buffer): number {
  const little = bytes.readUInt32LE(0) === 0xa1b2c3d4 || bytes.readUInt32LE(0) === 0xa1b23c4d;
  let offset = 24;
  let count = 0;
  while (offset + 16 <= bytes.length) {
    const length = little ? bytes.readUInt32LE(offset + 8) : bytes.readUInt32BE(offset + 8);
    if (offset + 16 + length > bytes.length) break;
    offset += 16 + length;
    count += 1;
  }
  return count;
}
