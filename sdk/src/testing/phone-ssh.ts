/* A simulated phone's SSH server: the diagnostics its driver declares, answered with realistic output. */
import { createHash } from 'node:crypto';
import net from 'node:net';
import ssh2, { type Connection, type ServerChannel } from 'ssh2';
import { type DiagnosticCommands, diagnosticsFor } from '../diagnostics.js';
import type { DriverManifest } from '../driver.js';
import { type PhoneCommand, recogniseCommand, splitShellWords } from './phone-ssh-commands.js';
import {
  levelsUpTo,
  pcapGlobalHeader,
  pcapRecord,
  pingOutput,
  simulatedLogLine,
  simulatedScreenPng,
  tracerouteOutput,
  withSendStamp,
} from './phone-ssh-output.js';

export interface PhoneSshOptions {
  /** Port on the phone's address; 22 by default, 0 picks a free one. */
  port?: number;
  /** The phone's admin credentials, the only ones password authentication accepts. Default admin/admin. */
  credentials?: { username: string; password: string };
  /** Whether SSH starts enabled (a fetched file's `maintenance.security.SSHEnable` changes it). Default true. */
  enabled?: boolean;
  /** Bytes per second a log capture streams. Default 2048. */
  logBytesPerSecond?: number;
  /** Each log-capture line ends with its send time, ` t=<epoch ms>` (`withSendStamp`), for latency benches. Default false. */
  stampLogLines?: boolean;
  /** Wait between two ping or traceroute lines, and between pcap records. Default 1000 ms / 50 ms. */
  lineDelayMs?: number;
  packetDelayMs?: number;
  /** Hosts that never answer ping and whose traceroute ends in `* * *`. Default: 192.0.2.1 (TEST-NET-1). */
  timeoutHosts?: string[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const randomMs = (low: number, high: number) => low + Math.random() * (high - low);

/**
 * SSH on a simulated phone (`ssh2`'s server side over its own TCP listener, so that it can refuse a
 * disabled phone's connections and drop open ones as a network fault would). One generated ed25519
 * host key per phone; password authentication with the phone's admin credentials; one `exec` per
 * session, matched against the commands of the phone's driver for its model; anything else exits 127.
 */
export class PhoneSsh {
  /** The phone's host key as an OpenSSH public key line, and its SHA-256 fingerprint (`SHA256:…`). */
  readonly publicKey: string;
  readonly fingerprint: string;
  enabled: boolean;
  /** Commands received, as the phone's shell split them. */
  readonly commands: string[][] = [];
  private readonly hostKey: string;
  private readonly server: InstanceType<typeof ssh2.Server>;
  private listener: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  private dropAfter: number | undefined;
  private readonly written = new WeakMap<ServerChannel, number>();

  constructor(
    private readonly phone: {
      driver: DriverManifest;
      model: string;
      address: string;
      configText: () => string;
    },
    private readonly options: PhoneSshOptions = {},
  ) {
    const keys = generateHostKey();
    this.hostKey = keys.private;
    this.publicKey = keys.public;
    const blob = Buffer.from(keys.public.split(' ')[1] ?? '', 'base64');
    this.fingerprint = `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
    this.enabled = options.enabled ?? true;
    this.server = new ssh2.Server({ hostKeys: [this.hostKey] }, (client) => this.serve(client));
  }

  /** Port it listens on after `start()`. */
  get port(): number | undefined {
    const address = this.listener?.address();
    return typeof address === 'object' && address ? address.port : undefined;
  }

  /** TCP connections open now (a platform that forgets to close them shows here). */
  get openConnections(): number {
    return this.sockets.size;
  }

  /** Fault: cuts every open connection now, without an SSH goodbye (a phone losing power or network). */
  dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  /** Fault: cuts the connection once a command has written `bytes` to its channel; undefined undoes it. */
  dropAfterBytes(bytes: number | undefined): this {
    this.dropAfter = bytes;
    return this;
  }

  async start(): Promise<void> {
    const listener = net.createServer((socket) => {
      if (!this.enabled) {
        socket.destroy();
        return;
      }
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.once('close', () => this.sockets.delete(socket));
      this.server.injectSocket(socket);
    });
    this.listener = listener;
    await new Promise<void>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(this.options.port ?? 22, this.phone.address, () => resolve());
    });
  }

  async stop(): Promise<void> {
    const listener = this.listener;
    this.listener = undefined;
    this.dropConnections();
    if (listener) await new Promise<void>((resolve) => listener.close(() => resolve()));
  }

  private serve(client: Connection): void {
    const { username, password } = this.options.credentials ?? { username: 'admin', password: 'admin' };
    client.on('error', () => undefined);
    client.on('authentication', (context) => {
      if (context.method === 'password' && context.username === username && context.password === password) {
        context.accept();
      } else {
        context.reject(['password']);
      }
    });
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        let stop: (() => void) | undefined;
        session.on('signal', (accept, _reject, info) => {
          accept?.();
          if (info.name === 'INT' || info.name === 'TERM') stop?.();
        });
        session.once('exec', (accept, _reject, info) => {
          const channel = accept();
          const controller = new AbortController();
          stop = () => controller.abort();
          channel.once('close', () => controller.abort());
          void this.run(info.command, channel, controller.signal).catch(() => channel.destroy());
        });
      });
    });
  }

  private commandsOfModel(): DiagnosticCommands | undefined {
    const diagnostics = diagnosticsFor(this.phone.driver, this.phone.model);
    return diagnostics.supported ? diagnostics.commands : undefined;
  }

  /** Writes with back-pressure; false once the channel is gone or stopped. */
  private async write(channel: ServerChannel, data: Buffer | string, signal: AbortSignal): Promise<boolean> {
    if (signal.aborted || channel.destroyed) return false;
    const written = (this.written.get(channel) ?? 0) + Buffer.byteLength(data);
    this.written.set(channel, written);
    if (this.dropAfter !== undefined && written > this.dropAfter) {
      this.dropConnections();
      return false;
    }
    if (!channel.write(data)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          channel.off('drain', done);
          signal.removeEventListener('abort', done);
          resolve();
        };
        channel.on('drain', done);
        signal.addEventListener('abort', done);
      });
    }
    return !signal.aborted;
  }

  private finish(channel: ServerChannel, code: number, stderr?: string): void {
    if (channel.destroyed) return;
    try {
      if (stderr) channel.stderr.write(stderr);
      channel.exit(code);
      channel.end();
    } catch {
      // The client closed the channel first: nobody is left to tell.
    }
  }

  private async run(command: string, channel: ServerChannel, signal: AbortSignal): Promise<void> {
    const argv = splitShellWords(command);
    if (argv === undefined) return this.finish(channel, 2, 'sh: syntax error: unterminated quoted string\n');
    this.commands.push(argv);
    const recognised = recogniseCommand(this.commandsOfModel(), argv);
    if (!recognised) return this.finish(channel, 127, `sh: ${argv[0] ?? ''}: not found\n`);
    const code = await this.answer(recognised, channel, signal);
    this.finish(channel, code, recognised.action === 'trace' ? 'tcpdump: packets captured\n' : undefined);
  }

  private async answer(command: PhoneCommand, channel: ServerChannel, signal: AbortSignal): Promise<number> {
    const lineDelayMs = this.options.lineDelayMs ?? 1000;
    const line = (text: string) => this.write(channel, `${text}\n`, signal);
    switch (command.action) {
      case 'log': {
        const levels = levelsUpTo(command.level);
        const rate = this.options.logBytesPerSecond ?? 2048;
        let budget = 0;
        for (let index = 0; !signal.aborted; index += 1) {
          while (budget > 0 && !signal.aborted) {
            const level = levels[Math.floor(Math.random() * levels.length)] ?? command.level;
            const line = simulatedLogLine(new Date(), level, index);
            const text = `${this.options.stampLogLines ? withSendStamp(line, Date.now()) : line}\n`;
            budget -= text.length;
            if (!(await this.write(channel, text, signal))) return 0;
          }
          await sleep(100);
          budget += rate / 10;
        }
        return 0;
      }
      case 'exportLog': {
        const start = Date.now() - 3_600_000;
        for (let index = 0; index < 200; index += 1) {
          const level = levelsUpTo('debug')[index % 8] ?? 'info';
          if (!(await line(simulatedLogLine(new Date(start + index * 18_000), level, index)))) return 0;
        }
        return 0;
      }
      case 'trace': {
        if (!(await this.write(channel, pcapGlobalHeader(), signal))) return 0;
        for (let sequence = 1; !signal.aborted; sequence += 1) {
          if (!(await this.write(channel, pcapRecord(new Date(), sequence), signal))) return 0;
          await sleep(this.options.packetDelayMs ?? 50);
        }
        return 0;
      }
      case 'screenshot':
        await this.write(channel, simulatedScreenPng(), signal);
        return 0;
      case 'exportConfig':
        await this.write(channel, this.phone.configText(), signal);
        return 0;
      case 'ping':
        return this.ping(command.host, command.count, lineDelayMs, line, signal);
      case 'traceroute': {
        const silent = this.timesOut(command.host);
        const target = addressOf(command.host);
        await line(tracerouteOutput.header(command.host, target, 30));
        const hops = silent
          ? ['192.168.1.1', ...Array<string>(5).fill('')]
          : ['192.168.1.1', '10.0.0.1', target];
        for (const [index, hop] of hops.entries()) {
          await sleep(lineDelayMs);
          const text = hop
            ? tracerouteOutput.hop(
                index + 1,
                hop,
                [1, 2, 3].map(() => randomMs(0.3, 3 * (index + 1))),
              )
            : tracerouteOutput.silentHop(index + 1);
          if (!(await line(text))) return 0;
        }
        return 0;
      }
    }
  }

  private timesOut(host: string): boolean {
    return (this.options.timeoutHosts ?? ['192.0.2.1']).includes(host);
  }

  private async ping(
    host: string,
    count: number,
    delayMs: number,
    line: (text: string) => Promise<boolean>,
    signal: AbortSignal,
  ): Promise<number> {
    const address = addressOf(host);
    const silent = this.timesOut(host);
    const times: number[] = [];
    await line(pingOutput.header(host, address));
    for (let seq = 1; seq <= count && !signal.aborted; seq += 1) {
      await sleep(delayMs);
      const time = randomMs(0.3, 2);
      if (!silent) times.push(time);
      if (!(await line(silent ? pingOutput.timeout(seq) : pingOutput.reply(address, seq, time)))) return 0;
    }
    await line('');
    await line(pingOutput.statistics(host));
    await line(pingOutput.summary(count, times.length, count * delayMs));
    if (times.length > 0) await line(pingOutput.roundTrip(times));
    return times.length > 0 ? 0 : 1;
  }
}

/**
 * An ed25519 host key that ssh2 can read back: its generator strips a leading zero byte of the
 * public key, so about one key in 256 is malformed (mscdex/ssh2#1513, open in 1.17.0). A phone
 * makes another, as it would after a failed self-test.
 */
function generateHostKey(): { private: string; public: string } {
  for (;;) {
    const keys = ssh2.utils.generateKeyPairSync('ed25519');
    const readable = [keys.private, keys.public].every((key) => !(ssh2.utils.parseKey(key) instanceof Error));
    if (readable) return keys;
  }
}

/** The address a host name "resolves" to on the simulated network; literals stand for themselves. */
function addressOf(host: string): string {
  if (net.isIP(host)) return host;
  const digest = createHash('sha256').update(host).digest();
  return `198.51.100.${1 + ((digest[0] ?? 0) % 254)}`;
}
