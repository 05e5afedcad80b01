import { posix } from 'node:path';
import { Writable } from 'node:stream';
import type { MessageKey } from '@phonefleet/sdk';
import ssh2, { type SFTPWrapper } from 'ssh2';
import { fingerprintOf } from '../diagnostics/phone-ssh-client.js';

/** A backup server as a plan names it. */
export interface SftpTarget {
  /** `sftp://host[:port]/folder` */
  url: string;
  username: string;
  password: string;
  /** The host key pinned at the first connection (`SHA256:…`); null pins the one offered now. */
  pinnedKey: string | null;
}

/** Why the backup server could not be used, as the message a user reads. */
export class SftpError extends Error {
  constructor(
    readonly key: MessageKey,
    detail?: string,
  ) {
    super(detail ? `${key}: ${detail}` : key);
  }
}

export interface SftpLocation {
  host: string;
  port: number;
  folder: string;
}

/** `sftp://host[:port]/folder` → its parts; undefined when it is not such a URL. */
export function parseSftpUrl(url: string): SftpLocation | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'sftp:' || !parsed.hostname || parsed.username || parsed.password) return undefined;
  if (parsed.search || parsed.hash) return undefined;
  const folder = decodeURIComponent(parsed.pathname) || '/';
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port ? Number(parsed.port) : 22,
    folder: folder.length > 1 ? folder.replace(/\/+$/, '') : '/',
  };
}

const READY_TIMEOUT_MS = 10_000;

/** One open SFTP session on the backup server. */
export interface SftpSession {
  /** The server's host key as OpenSSH prints it. */
  hostKey: string;
  folder: string;
  write(name: string): Writable;
  /** Downloads a file to a local path with many reads in flight. */
  download(name: string, localPath: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  remove(name: string): Promise<void>;
  close(): void;
}

/**
 * Opens SFTP to a backup server with `ssh2` (password authentication; the server's key pinned on
 * first use, as diagnostics pins a phone's). A failure becomes an `SftpError` naming what went wrong.
 */
export function openSftp(target: SftpTarget): Promise<SftpSession> {
  const location = parseSftpUrl(target.url);
  if (!location) return Promise.reject(new SftpError('backupUrlInvalid'));
  const client = new ssh2.Client();
  let offered: string | undefined;
  let ready = false;
  return new Promise((resolve, reject) => {
    const fail = (key: MessageKey, detail?: string) => {
      client.end();
      client.destroy();
      reject(new SftpError(key, detail));
    };
    client.once('ready', () => {
      ready = true;
      client.sftp((error, sftp) => {
        if (error) return fail('backupRemoteFailed', error.message);
        resolve(session(client, sftp, offered ?? '', location.folder));
      });
    });
    client.once('error', (error: Error & { level?: string; code?: string }) => {
      if (ready) return;
      if (offered && target.pinnedKey && offered !== target.pinnedKey)
        return fail('backupRemoteHostKeyChanged');
      if (error.level === 'client-authentication') return fail('backupRemoteAuthFailed');
      fail('backupRemoteUnreachable', error.message);
    });
    client.once('close', () => {
      if (!ready) fail('backupRemoteUnreachable');
    });
    client.connect({
      host: location.host,
      port: location.port,
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

function session(
  client: InstanceType<typeof ssh2.Client>,
  sftp: SFTPWrapper,
  hostKey: string,
  folder: string,
): SftpSession {
  const at = (name: string) => posix.join(folder, name);
  const failed = (error: Error | null | undefined) =>
    error ? new SftpError('backupRemoteFailed', error.message) : undefined;
  return {
    hostKey,
    folder,
    write: (name) => new SftpUpload(sftp, at(name)),
    download: (name, localPath) =>
      new Promise((resolve, reject) =>
        sftp.fastGet(at(name), localPath, { concurrency: IN_FLIGHT, chunkSize: PIECE }, (error) =>
          error ? reject(failed(error)) : resolve(),
        ),
      ),
    rename: (from, to) =>
      new Promise((resolve, reject) =>
        sftp.rename(at(from), at(to), (error) => (error ? reject(failed(error)) : resolve())),
      ),
    remove: (name) =>
      new Promise((resolve, reject) =>
        sftp.unlink(at(name), (error) => (error ? reject(failed(error)) : resolve())),
      ),
    close: () => {
      client.end();
      setTimeout(() => client.destroy(), 2000).unref();
    },
  };
}

/** Bytes per SFTP write request, and how many are in flight: one request at a time waits a round trip each. */
const PIECE = 32 * 1024;
const IN_FLIGHT = 64;

/**
 * A file written on the server with up to 64 write requests in flight (ssh2's own write stream
 * sends one at a time: about 300 KB/s on loopback, each waiting for its answer).
 */
class SftpUpload extends Writable {
  private handle: Buffer | undefined;
  private position = 0;
  private inFlight = 0;
  private failure: Error | undefined;
  private waiting: (() => void) | undefined;

  constructor(
    private readonly sftp: SFTPWrapper,
    private readonly path: string,
  ) {
    super({ highWaterMark: 1024 * 1024 });
  }

  override _construct(callback: (error?: Error | null) => void): void {
    this.sftp.open(this.path, 'w', (error, handle) => {
      if (error) return callback(new SftpError('backupRemoteFailed', error.message));
      this.handle = handle;
      callback();
    });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    const handle = this.handle;
    if (!handle || this.failure) {
      callback(this.failure ?? new SftpError('backupRemoteFailed', 'not open'));
      return;
    }
    for (let offset = 0; offset < chunk.length; offset += PIECE) {
      const length = Math.min(PIECE, chunk.length - offset);
      this.inFlight += 1;
      this.sftp.write(handle, chunk, offset, length, this.position, (error) => {
        this.inFlight -= 1;
        if (error) this.failure ??= new SftpError('backupRemoteFailed', error.message);
        this.waiting?.();
      });
      this.position += length;
    }
    this.whenBelow(IN_FLIGHT, () => callback(this.failure));
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.whenBelow(1, () => {
      if (this.failure || !this.handle) return callback(this.failure);
      this.sftp.close(this.handle, (error) => {
        this.handle = undefined;
        callback(error ? new SftpError('backupRemoteFailed', error.message) : undefined);
      });
    });
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (!this.handle) {
      callback(error);
      return;
    }
    this.sftp.close(this.handle, () => callback(error));
    this.handle = undefined;
  }

  private whenBelow(limit: number, then: () => void): void {
    if (this.inFlight < limit || this.failure) {
      this.waiting = undefined;
      then();
      return;
    }
    this.waiting = () => this.whenBelow(limit, then);
  }
}
