import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import h2 from '@phonefleet/driver-h2';
import fc from 'fast-check';
import ssh2, { type Client, type ClientChannel } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkDiagnosticHost,
  type DiagnosticCommands,
  type DiagnosticHost,
  diagnosticsFor,
  type LogEntry,
  type PingLine,
  shellCommand,
  startsWithPcapHeader,
  startsWithPngSignature,
  type TracerouteHop,
} from '../diagnostics.js';
import { parseDriver } from '../driver.js';
import { SimulatedPhone } from './phone-simulator.js';
import { splitShellWords } from './phone-ssh-commands.js';
import { levelsUpTo } from './phone-ssh-output.js';
import { SimulatedFleet } from './simulated-fleet.js';

const driver = parseDriver('@phonefleet/driver-h2', h2);
const credentials = { username: 'admin', password: 'S3cret-admin' };
const diagnostics = diagnosticsFor(driver, 'H2P');
if (!diagnostics.supported) throw new Error('H2P declares diagnostics');
const commands: DiagnosticCommands = diagnostics.commands;

function host(text: string): DiagnosticHost {
  const checked = checkDiagnosticHost(text);
  if (!checked.ok) throw new Error(`${text}: ${checked.message}`);
  return checked.host;
}

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let phone: SimulatedPhone;
const clients = new Set<Client>();

function connect(password = credentials.password, target = phone): Promise<Client> {
  const client = new ssh2.Client();
  clients.add(client);
  return new Promise((resolve, reject) => {
    client.once('ready', () => resolve(client));
    client.once('error', reject);
    client.connect({
      host: target.address,
      port: target.ssh?.port,
      username: credentials.username,
      password,
      readyTimeout: 5000,
      // Pinning as the platform will: the key the phone offers is the one it generated.
      hostVerifier: (key: Buffer) =>
        `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}` ===
        target.ssh?.fingerprint,
    });
  });
}

interface Finished {
  stdout: Buffer;
  stderr: string;
  code: number | undefined;
}

/**
 * Runs a command and reads its channel to the end; `onData` may close or signal it early. The
 * listeners go on inside the exec callback: an exit status in the same packet burst is emitted
 * before any later continuation could listen.
 */
function run(
  client: Client,
  command: string,
  onData?: (stdout: Buffer, channel: ClientChannel) => void,
): Promise<Finished> {
  return new Promise((resolve, reject) =>
    client.exec(command, (error, channel) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      let stderr = '';
      let code: number | undefined;
      channel.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        onData?.(Buffer.concat(chunks), channel);
      });
      channel.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      channel.on('exit', (exitCode: number | null) => {
        code = exitCode ?? undefined;
      });
      channel.on('close', () => resolve({ stdout: Buffer.concat(chunks), stderr, code }));
    }),
  );
}

const lines = (stdout: Buffer) => stdout.toString().split('\n').filter(Boolean);

beforeAll(async () => {
  phone = new SimulatedPhone({
    driver,
    model: 'H2P',
    mac: '001565170001',
    firmware: '2.14.0.5',
    provisioningUrl: 'http://127.0.0.1:9/prov',
    address: '127.61.17.1',
    sipPort: 0,
    httpPort: false,
    ssh: { port: 0, credentials, logBytesPerSecond: 40_000, lineDelayMs: 5, packetDelayMs: 2 },
  });
  await phone.start();
});

afterAll(async () => {
  for (const client of clients) client.end();
  await phone?.stop();
});

async function closeAll(): Promise<void> {
  for (const client of clients) client.end();
  clients.clear();
  await until(() => phone.ssh?.openConnections === 0);
}

describe('simulated phone SSH', () => {
  it('accepts the admin password over a real handshake with the phone’s own host key', async () => {
    const client = await connect();
    expect(phone.ssh?.openConnections).toBe(1);
    const { code, stderr } = await run(client, shellCommand(['no-such-program', '-x']));
    expect(code).toBe(127);
    expect(stderr).toContain('no-such-program: not found');
    await closeAll();
  });

  it('refuses a wrong password, and every connection while SSH is disabled', async () => {
    await expect(connect('wrong')).rejects.toThrow(/authentication methods failed/);
    if (!phone.ssh) throw new Error('ssh expected');
    phone.ssh.enabled = false;
    await expect(connect()).rejects.toThrow();
    phone.ssh.enabled = true;
    await closeAll();
  });

  it('streams log lines at and above the level asked, which the driver reads, until the channel closes', async () => {
    const client = await connect();
    const finished = await run(client, shellCommand(commands.log.command('warning')), (stdout, channel) => {
      if (lines(stdout).length >= 40) channel.close();
    });
    const entries = lines(finished.stdout).map((line) => commands.log.parseLine(line));
    expect(entries.length).toBeGreaterThanOrEqual(40);
    expect(entries.every((entry): entry is LogEntry => entry !== undefined)).toBe(true);
    const levels = new Set(entries.map((entry) => entry?.level));
    for (const level of levels) expect(levelsUpTo('warning')).toContain(level);
    expect(levels.size).toBeGreaterThan(1);
    await closeAll();
  });

  it('pings line by line, and a host that never answers times out every probe', async () => {
    const client = await connect();
    const read = async (target: string, count: number) => {
      const finished = await run(client, shellCommand(commands.ping.command(host(target), count)));
      const results = lines(finished.stdout)
        .map((line) => commands.ping.parseLine(line))
        .filter((line): line is PingLine => line !== undefined);
      return { code: finished.code, results };
    };
    const answered = await read('10.0.0.1', 3);
    expect(answered.code).toBe(0);
    expect(answered.results.filter((r) => r.kind === 'reply').map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(answered.results).toContainEqual({ kind: 'summary', transmitted: 3, received: 3, lossPercent: 0 });

    const silent = await read('192.0.2.1', 2);
    expect(silent.code).toBe(1);
    expect(silent.results).toEqual([
      { kind: 'timeout', seq: 1 },
      { kind: 'timeout', seq: 2 },
      { kind: 'summary', transmitted: 2, received: 0, lossPercent: 100 },
    ]);
    await closeAll();
  });

  it('traces the route hop by hop, ending in silent hops for a host that never answers', async () => {
    const client = await connect();
    const finished = await run(client, shellCommand(commands.traceroute.command(host('192.0.2.1'))));
    const hops = lines(finished.stdout)
      .map((line) => commands.traceroute.parseLine(line))
      .filter((hop): hop is TracerouteHop => hop !== undefined);
    expect(hops[0]).toMatchObject({ hop: 1, address: '192.168.1.1' });
    expect(hops.at(-1)).toEqual({ hop: hops.length, address: undefined, timesMs: [null, null, null] });
    await closeAll();
  });

  it('writes a growing pcap until signalled', async () => {
    const client = await connect();
    let signalled = false;
    const finished = await run(client, shellCommand(commands.trace.command()), (stdout, channel) => {
      if (!signalled && stdout.length > 2000) {
        signalled = true;
        channel.signal('INT');
      }
    });
    expect(finished.code).toBe(0);
    expect(startsWithPcapHeader(finished.stdout)).toBe(true);
    let offset = 24;
    let records = 0;
    while (offset + 16 <= finished.stdout.length) {
      offset += 16 + finished.stdout.readUInt32LE(offset + 8);
      records += 1;
    }
    expect(offset).toBe(finished.stdout.length);
    expect(records).toBeGreaterThan(5);
    await closeAll();
  });

  it('takes a screenshot as a PNG', async () => {
    const client = await connect();
    const { stdout, code } = await run(client, shellCommand(commands.screenshot.command()));
    expect(code).toBe(0);
    expect(startsWithPngSignature(stdout)).toBe(true);
    expect(stdout.subarray(-8, -4).toString('latin1')).toBe('IEND');
    await closeAll();
  });

  it('drops the connection mid-stream when told to, leaving no connection open', async () => {
    phone.ssh?.dropAfterBytes(4096);
    try {
      const client = await connect();
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      const finished = await run(client, shellCommand(commands.log.command('debug')));
      await closed;
      expect(finished.stdout.length).toBeGreaterThan(0);
      expect(finished.stdout.length).toBeLessThanOrEqual(4096);
      expect(finished.code).toBeUndefined();
    } finally {
      phone.ssh?.dropAfterBytes(undefined);
    }
    await closeAll();
  });
});

describe('simulated phone SSH and the platform', () => {
  it('reads back exactly the words the platform quoted, whatever they hold', () => {
    const word = fc.string({ unit: 'grapheme', maxLength: 20 }).filter((w) => !w.includes('\0'));
    fc.assert(
      fc.property(
        fc.tuple(
          word.filter((w) => w !== ''),
          fc.array(word, { maxLength: 6 }),
        ),
        ([program, args]) => {
          expect(splitShellWords(shellCommand([program, ...args]))).toEqual([program, ...args]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('receives a host with shell characters as one word over SSH', async () => {
    const client = await connect();
    const argv = ['ping', '-n', '-O', '-W', '2', '-c', '1', "x; reboot $(id) `id` 'q'"];
    await run(client, shellCommand(argv));
    expect(phone.ssh?.commands.at(-1)).toEqual(argv);
    await closeAll();
  });

  it('turns SSH off and on from its fetched file, and exports that file', async () => {
    let file = 'maintenance.security.SSHEnable = false\n';
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end(file);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const configured = new SimulatedPhone({
      driver,
      model: 'H2',
      mac: '001565170002',
      firmware: '2.12.1.3',
      provisioningUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/prov`,
      address: '127.61.17.2',
      sipPort: 0,
      httpPort: false,
      ssh: { port: 0, credentials },
    });
    await configured.start();
    try {
      expect((await configured.fetchConfig()).status).toBe(200);
      expect(configured.ssh?.enabled).toBe(false);
      await expect(connect(credentials.password, configured)).rejects.toThrow();
      file = 'maintenance.security.SSHEnable = true\n';
      await configured.fetchConfig();
      const client = await connect(credentials.password, configured);
      const { stdout, code } = await run(client, shellCommand(commands.exportConfig.command()));
      expect(code).toBe(0);
      expect(stdout.toString()).toBe(file);
      client.end();
      await until(() => configured.ssh?.openConnections === 0);
    } finally {
      await configured.stop();
      server.close();
    }
  });
});

describe('simulated fleet SSH', () => {
  it('gives every phone of a sockets fleet its own SSH server and host key', async () => {
    const fleet = await SimulatedFleet.start({
      consoleUrl: 'http://127.0.0.1:9',
      count: 2,
      models: [{ driver, model: 'H2P' }],
      addressBase: '127.61.17.100',
      sipPort: 0,
      httpPort: false,
      ssh: { port: 0, credentials },
    });
    try {
      const [first, second] = fleet.phones;
      if (!first?.ssh || !second?.ssh) throw new Error('phones with SSH expected');
      expect(first.ssh.fingerprint).not.toBe(second.ssh.fingerprint);
      const client = await connect(credentials.password, second);
      const { code } = await run(client, shellCommand(commands.exportLog.command()));
      expect(code).toBe(0);
      client.end();
      await until(() => second.ssh?.openConnections === 0);
    } finally {
      await fleet.stop();
    }
  });
});
