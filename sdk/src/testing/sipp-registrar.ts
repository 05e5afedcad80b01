import { type ChildProcess, spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SippRegistrarOptions {
  /** Password of every digest username not listed in `passwords`. */
  password: string;
  /** Per digest username (a phone's RegisterName) passwords, checked instead of the shared one. */
  passwords?: Record<string, string>;
  /** Address sipp listens on, 127.0.0.1 by default. */
  address?: string;
  /** Port it listens on; a free one by default (5060 for phones whose files carry no server port). */
  port?: number;
}

/** One authenticated REGISTER the registrar judged. */
export interface SippRegistration {
  accepted: boolean;
  /** The digest username of its Authorization. */
  username: string;
  /** The user part of its To (the address of record). */
  user: string;
  /** `host:port` of its Contact. */
  contact: string;
  /** Its Expires header (0 for an unregistration); undefined without one. */
  expires: number | undefined;
}

export interface SippRegistrar {
  host: string;
  port: number;
  /** The verdicts so far, in order (each is written before its answer is sent). */
  registrations(): Promise<SippRegistration[]>;
  stop(): Promise<void>;
}

const SCENARIO = fileURLToPath(new URL('../sip/sipp/registrar.xml', import.meta.url));
const START_ATTEMPTS = 3;

/** sipp processes still running, killed if the test process exits without stopping them. */
const running = new Set<ChildProcess>();
const killRunning = () => {
  for (const child of running) child.kill('SIGKILL');
};

/**
 * Runs Debian's `sipp` as a SIP registrar on a free UDP port (scenario `sdk/src/sip/sipp/registrar.xml`):
 * REGISTER → 401 digest challenge → the authenticated REGISTER gets 200 when its digest matches the
 * username's password and 403 when not. Any number of registrations, concurrently, until `stop()`.
 */
export async function startSippRegistrar(options: SippRegistrarOptions): Promise<SippRegistrar> {
  const address = options.address ?? '127.0.0.1';
  const directory = await mkdtemp(join(tmpdir(), 'sipp-registrar-'));
  try {
    await writeFile(join(directory, 'users.csv'), usersFile(options.passwords ?? {}));
    for (let attempt = 1; ; attempt += 1) {
      const started = await launch(address, options.password, directory, options.port);
      if (started) return started;
      if (attempt === START_ATTEMPTS) throw new Error(`sipp did not start as a registrar on ${address}`);
    }
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The injection file. sipp reads `;`-separated fields with no quoting, and refuses a file without
 * rows: the placeholder `"` can never equal a username taken from between quotes.
 */
function usersFile(passwords: Record<string, string>): string {
  const rows = Object.entries(passwords).map(([username, password]) => {
    if (/[;"\r\n]/.test(username) || /[;\r\n]/.test(password)) {
      throw new Error(
        `sipp cannot hold the password of ${JSON.stringify(username)} (no ; quote or line break)`,
      );
    }
    return `${username};${password}`;
  });
  return ['SEQUENTIAL', ...(rows.length ? rows : ['";']), ''].join('\n');
}

/** Starts sipp on a port that was free a moment ago; undefined when another socket took it first. */
async function launch(
  address: string,
  password: string,
  directory: string,
  fixedPort: number | undefined,
): Promise<SippRegistrar | undefined> {
  const port = fixedPort ?? (await freeUdpPort(address));
  const logFile = join(directory, 'verdicts.log');
  const child = spawn(
    'sipp',
    [
      ...['-sf', SCENARIO, '-i', address, '-p', String(port), '-nostdin'],
      ...['-inf', 'users.csv', '-infindex', 'users.csv', '0', '-set', 'password', password],
      ...['-trace_logs', '-log_file', logFile],
    ],
    { stdio: 'ignore', cwd: directory },
  );
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
    child.once('error', () => {
      exited = true;
      resolve();
    });
  });
  if (running.size === 0) process.once('exit', killRunning);
  running.add(child);
  const forget = () => {
    running.delete(child);
    if (running.size === 0) process.off('exit', killRunning);
  };

  const listening = await waitForUdpPort(port, () => exited);
  if (!listening) {
    child.kill('SIGKILL');
    await exit;
    forget();
    return undefined;
  }

  let stopped: Promise<void> | undefined;
  return {
    host: address,
    port,
    registrations: async () => parseVerdicts(await readFile(logFile, 'utf8').catch(() => '')),
    stop: () => {
      stopped ??= (async () => {
        if (!exited) child.kill('SIGKILL');
        await exit;
        forget();
        await rm(directory, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
}

function parseVerdicts(text: string): SippRegistration[] {
  return text
    .split('\n')
    .map((line) => /^(accepted|refused)\|(\d*)\|([^|]*)\|([^|]*)\|(.*)$/.exec(line))
    .filter((match) => match !== null)
    .map(([, verdict, expires, user, contact, username]) => ({
      accepted: verdict === 'accepted',
      username: username ?? '',
      user: user ?? '',
      contact: contact ?? '',
      expires: expires ? Number(expires) : undefined,
    }));
}

async function freeUdpPort(address: string): Promise<number> {
  const socket = createSocket(address.includes(':') ? 'udp6' : 'udp4');
  await new Promise<void>((resolve) => socket.bind(0, address, resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

/** Waits until a UDP socket is bound on the port (Linux /proc/net/udp, hex local port). */
async function waitForUdpPort(port: number, gaveUp: () => boolean): Promise<boolean> {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')} `;
  for (let i = 0; i < 200 && !gaveUp(); i += 1) {
    const tables = await Promise.all(
      ['/proc/net/udp', '/proc/net/udp6'].map((file) => readFile(file, 'utf8').catch(() => '')),
    );
    if (tables.some((table) => table.includes(hex))) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}
