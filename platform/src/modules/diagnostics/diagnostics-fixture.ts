import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  DIAGNOSTICS_NAMESPACE,
  type DiagnosticOutput,
  type DiagnosticProgress,
  type DiagnosticSessionRow,
  type DiagnosticsClientEvents,
  type DiagnosticsServerEvents,
  type DiagnosticWatchAnswer,
  LIVE_PATH,
} from '@phonefleet/sdk';
import { type PhoneSshOptions, SimulatedFleet, type SimulatedPhone } from '@phonefleet/sdk/testing';
import { io, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole } from '../../testing/test-console.js';
import { until } from '../../testing/until.js';

/** What the diagnostics tests share: a console, Acme with simulated phones answering SSH, Globex beside it. */

export const ADMIN_PASSWORD = 'Adm1n#ssh';
/** What Acme's phones fetch their configuration with. */
const PROVISIONING = { username: 'acme-phones', password: 'Phones#2026' };

export interface Device {
  id: number;
  phone: SimulatedPhone;
}

export type Watcher = Socket<DiagnosticsServerEvents, DiagnosticsClientEvents> & {
  outputs: DiagnosticOutput[];
  progress: DiagnosticProgress[];
  text(): string;
};

export class DiagnosticsFixture {
  readonly sockets: Socket[] = [];
  private readonly fleets: SimulatedFleet[] = [];

  private constructor(
    /** Second octet of the phones' loopback addresses (127.<block>.x.y): one per test file. */
    private readonly block: number,
    readonly running: RunningConsole,
    readonly acme: TestTenant,
    readonly globex: TestTenant,
    readonly api: ApiClient,
    readonly globexApi: ApiClient,
  ) {}

  static async start(block = 77): Promise<DiagnosticsFixture> {
    const running = await createTestConsole();
    const acme = await createTenant(running.cradle.db, 'enterprise', 'Acme');
    const globex = await createTenant(running.cradle.db, 'enterprise', 'Globex');
    const api = new ApiClient(running.url);
    expect((await api.signIn(acme.userName, acme.password)).code).toBe(0);
    const globexApi = new ApiClient(running.url);
    expect((await globexApi.signIn(globex.userName, globex.password)).code).toBe(0);
    // The administrator password of Acme's phones, set in its site's configuration: what SSH signs in with.
    const saved = await api.call('POST', '/tb-config/saveParam', {
      relationId: acme.siteId,
      relationName: 'site',
      maintenance: {
        changePassword: { AdminPassword: { Key: 'AdminPassword', Value: ADMIN_PASSWORD, Push: true } },
      },
    });
    expect(saved.code, saved.message).toBe(0);
    expect((await api.call('POST', '/tb-provisioning/credentials', PROVISIONING)).code).toBe(0);
    return new DiagnosticsFixture(block, running, acme, globex, api, globexApi);
  }

  /** Acme's phones of `model` with SSH on a free port each, known to the console with their address and port. */
  async phones(count: number, model: string, ssh: PhoneSshOptions = {}): Promise<Device[]> {
    const { db, driverRegistry } = this.running.cradle;
    const found = driverRegistry.model(model);
    if (!found) throw new Error(`no driver for ${model}`);
    const fleet = await SimulatedFleet.start({
      consoleUrl: this.running.url,
      count,
      models: [{ driver: found.driver, model }],
      addressBase: `127.${this.block}.${this.fleets.length}.0`,
      sipPort: 0,
      httpPort: false,
      accountBase: false,
      credentials: PROVISIONING,
      ssh: {
        port: 0,
        credentials: { username: 'admin', password: ADMIN_PASSWORD },
        logBytesPerSecond: 20_000,
        lineDelayMs: 100,
        packetDelayMs: 10,
        ...ssh,
      },
    });
    this.fleets.push(fleet);
    await insertDevices(
      db,
      this.acme,
      fleet.phones.map((phone) => ({ mac: phone.options.mac, model })),
    );
    const rows = await db.query<{ id: string; mac: string }>(
      'SELECT id, mac FROM devices WHERE mac = ANY($1::text[])',
      [fleet.phones.map((phone) => phone.options.mac)],
    );
    const ids = new Map(rows.map((row) => [row.mac, Number(row.id)]));
    const devices = fleet.phones.map((phone) => ({ id: ids.get(phone.options.mac) ?? 0, phone }));
    // Booted: each fetches its configuration, so the console knows its address and the phone its file.
    expect(await fleet.each((phone) => phone.boot())).toEqual([]);
    await this.running.cradle.provisioningService.flush();
    for (const { id, phone } of devices) {
      // Its SSH port is set per device, as a user would (tests do not bind port 22).
      const reply = await this.api.call('POST', '/diagnostics/credentials', {
        deviceId: id,
        port: phone.ssh?.port,
      });
      expect(reply.code, reply.message).toBe(0);
    }
    return devices;
  }

  /** A browser's socket on the diagnostics namespace, collecting what it hears. */
  async watcher(cookie: string, running: { url: string } = this.running): Promise<Watcher> {
    const socket = io(`${running.url}${DIAGNOSTICS_NAMESPACE}`, {
      path: LIVE_PATH,
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      extraHeaders: { Cookie: cookie },
    }) as Watcher;
    this.sockets.push(socket);
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

  watch(socket: Watcher, sessionId: number): Promise<DiagnosticWatchAnswer> {
    return new Promise((resolve) => socket.emit('watch', sessionId, resolve));
  }

  start(body: Record<string, unknown>, client = this.api) {
    return client.call<DiagnosticSessionRow>('POST', '/diagnostics/start', body);
  }

  async session(sessionId: number, client = this.api): Promise<DiagnosticSessionRow | undefined> {
    return (await client.call<DiagnosticSessionRow>('GET', `/diagnostics/session?sessionId=${sessionId}`))
      .rows[0];
  }

  /** The session once it has ended (or as it is when `timeoutMs` passes). */
  async ended(sessionId: number, timeoutMs = 15_000, client = this.api): Promise<DiagnosticSessionRow> {
    const row = await until(
      () => this.session(sessionId, client),
      (found) => found !== undefined && !['connecting', 'running'].includes(found.state),
      timeoutMs,
    );
    if (!row) throw new Error(`session ${sessionId} not readable`);
    return row;
  }

  async download(
    sessionId: number,
    client = this.api,
  ): Promise<{ status: number; type: string; bytes: Buffer }> {
    const response = await fetch(`${this.running.url}/api/diagnostics/download?sessionId=${sessionId}`, {
      headers: { Cookie: client.cookieHeader },
    });
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.disconnect();
    await Promise.all(this.fleets.map((fleet) => fleet.stop()));
    await this.running.stop();
  }
}

/** Whole records in a pcap stream (the last one may be cut where the capture stopped). */
export function countPcapRecords(bytes: Buffer): number {
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

/** A TCP relay to `url` whose answers reach the client at `bytesPerSecond`: a slow browser link. */
export async function throttledProxy(
  url: string,
  bytesPerSecond: number,
): Promise<{ url: string; close(): void }> {
  const target = new URL(url);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      upstream.pause();
      client.write(chunk);
      setTimeout(() => upstream.resume(), (chunk.length / bytesPerSecond) * 1000);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

/** The packets `tcpdump -r` reads from a pcap file, one line each (it fails on a damaged file). */
export async function readWithTcpdump(bytes: Buffer): Promise<string[]> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'trace-'));
  try {
    const file = path.join(folder, 'trace.pcap');
    writeFileSync(file, bytes);
    const tcpdump =
      ['/usr/bin/tcpdump', '/usr/sbin/tcpdump'].find((candidate) => existsSync(candidate)) ?? 'tcpdump';
    const { stdout } = await promisify(execFile)(tcpdump, ['-r', file, '-n', '-tt'], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout.split('\n').filter((line) => line !== '');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
