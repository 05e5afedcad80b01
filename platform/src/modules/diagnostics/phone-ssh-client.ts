import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { MessageKey } from '@phonefleet/sdk';
import type { Client, ClientChannel } from 'ssh2';

/** How to reach one phone (docs/diagnostics.md "Reaching the phone"). */
export interface PhoneSshTarget {
  host: string;
  port: number;
  username: string;
  password: string;
  /** The host key pinned at an earlier connection (`SHA256:…`); null pins the one offered now. */
  pinnedKey: string | null;
}

/** Why a phone could not be reached, as the message a user reads. */
export class PhoneSshError extends Error {
  constructor(readonly key: MessageKey) {
    super(key);
  }
}

/** One open SSH connection to a phone and the key it showed. */
export interface PhoneSshConnection {
  /** The phone's host key fingerprint as OpenSSH prints it (`SHA256:…`). */
  hostKey: string;
  /** Runs one command; `output` ends when the command does. */
  exec(command: string): Promise<PhoneCommand>;
  /** Closes the connection (and every channel on it). */
  close(): void;
  /** Resolves when the connection is gone, whoever ended it. */
  closed: Promise<void>;
}

export interface PhoneCommand {
  /** What the command writes to stdout; pausing it stops the phone by SSH flow control. */
  output: Readable;
  /** Resolves with the exit code (null when killed by a signal or cut off) and what it wrote to stderr. */
  exit: Promise<{ code: number | null; stderr: string }>;
  /** Asks the command to end (SIGINT, as Ctrl-C would); it flushes and exits. */
  interrupt(): void;
}

const READY_TIMEOUT_MS = 10_000;
const STDERR_KEPT = 4096;

export function fingerprintOf(key: Buffer): string {
  return `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
}

/**
 * Opens SSH to a phone with `ssh2` (password authentication, the phone's key pinned on first use).
 * Refused and failed connections become a `PhoneSshError` naming what went wrong; nothing is left
 * open behind a failure.
 */
export async function openPhoneSsh(target: PhoneSshTarget): Promise<PhoneSshConnection> {
  // Loaded with the first diagnostics session rather than at every start (about 100 ms of it).
  const { default: ssh2 } = await import('ssh2');
  const client = new ssh2.Client();
  let offered: string | undefined;
  let authenticated = false;
  const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
  return new Promise((resolve, reject) => {
    const fail = (key: MessageKey) => {
      client.end();
      client.destroy();
      reject(new PhoneSshError(key));
    };
    client.once('ready', () => {
      authenticated = true;
      resolve({
        hostKey: offered ?? '',
        exec: (command) => execute(client, command),
        close: () => {
          client.end();
          // A phone that never answers the goodbye must not keep the socket.
          setTimeout(() => client.destroy(), 2000).unref();
        },
        closed,
      });
    });
    client.once('error', (error: Error & { level?: string; code?: string }) => {
      if (authenticated) return;
      if (offered && target.pinnedKey && offered !== target.pinnedKey)
        return fail('diagnosticsHostKeyChanged');
      if (error.level === 'client-authentication') return fail('diagnosticsAuthFailed');
      if (error.level === 'client-timeout' || error.code === 'ETIMEDOUT' || error.code === 'EHOSTUNREACH') {
        return fail('diagnosticsUnreachable');
      }
      fail('diagnosticsRefused');
    });
    // A phone that refuses SSH may accept TCP and hang up at once, before any error is reported.
    client.once('close', () => {
      if (!authenticated) fail('diagnosticsRefused');
    });
    client.connect({
      host: target.host,
      port: target.port,
      username: target.username,
      password: target.password,
      readyTimeout: READY_TIMEOUT_MS,
      keepaliveInterval: 5000,
      keepaliveCountMax: 3,
      tryKeyboard: false,
      hostVerifier: (key: Buffer) => {
        offered = fingerprintOf(key);
        return target.pinnedKey === null || offered === target.pinnedKey;
      },
    });
  });
}

function execute(client: Client, command: string): Promise<PhoneCommand> {
  return new Promise((resolve, reject) => {
    client.exec(command, (error, channel: ClientChannel) => {
      if (error) return reject(new PhoneSshError('diagnosticsDropped'));
      let stderr = '';
      channel.stderr.on('data', (data: Buffer) => {
        if (stderr.length < STDERR_KEPT)
          stderr += data.toString('utf8').slice(0, STDERR_KEPT - stderr.length);
      });
      // Listened to here, inside the callback: an `exit` sent before a later listener would be lost.
      let code: number | null = null;
      channel.on('exit', (exitCode: number | null) => {
        code = typeof exitCode === 'number' ? exitCode : null;
      });
      const exit = new Promise<{ code: number | null; stderr: string }>((done) =>
        channel.once('close', () => done({ code, stderr: stderr.trim() })),
      );
      resolve({
        output: channel,
        exit,
        interrupt: () => {
          try {
            channel.signal('INT');
          } catch {
            // The channel is already closing.
          }
        },
      });
    });
  });
}
