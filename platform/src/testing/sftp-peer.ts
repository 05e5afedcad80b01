import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { until } from './until.js';

const run = promisify(execFile);
const SSHD = '/usr/sbin/sshd';

export interface SftpPeer {
  port: number;
  username: string;
  password: string;
  /** The folder the user writes to, as an absolute path on this machine (and in the URL). */
  folder: string;
  /** `sftp://127.0.0.1:<port><folder>` */
  url: string;
  /** The server's host key as OpenSSH prints it (`SHA256:…`). */
  fingerprint: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A real OpenSSH server on loopback for the backup tests (Debian `openssh-server`): its own
 * sshd_config on a free port, a throwaway system user with a password, SFTP only (`internal-sftp`).
 * Needs root (sshd and useradd); `scripts/ensure-test-tools.sh` installs the package.
 */
export async function startSftpPeer(): Promise<SftpPeer> {
  if (!existsSync(SSHD)) throw new Error('sshd missing: run scripts/ensure-test-tools.sh (openssh-server)');
  if (process.getuid?.() !== 0) throw new Error('the SFTP peer needs root (sshd, useradd)');
  const base = await mkdtemp(path.join(tmpdir(), 'pf-sftp-'));
  await chmod(base, 0o755);
  const username = `pfb${randomBytes(4).toString('hex')}`;
  const password = `Pw-${randomBytes(9).toString('base64url')}`;
  const folder = path.join(base, 'home');
  await run('useradd', ['--no-create-home', '--home-dir', folder, '--shell', '/usr/sbin/nologin', username]);
  await run('sh', ['-c', `echo '${username}:${password}' | chpasswd`]);
  const { stdout: ids } = await run('id', ['-u', username]);
  await mkdir(folder, { recursive: true });
  await chown(folder, Number(ids.trim()), Number(ids.trim()));
  await mkdir('/run/sshd', { recursive: true });
  const hostKey = path.join(base, 'host_ed25519');
  await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', hostKey]);
  const { stdout: printed } = await run('ssh-keygen', ['-l', '-f', `${hostKey}.pub`]);
  const fingerprint = printed.split(' ')[1] ?? '';
  const port = await freePort();
  const config = path.join(base, 'sshd_config');
  await writeFile(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${hostKey}`,
      `PidFile ${path.join(base, 'sshd.pid')}`,
      'UsePAM no',
      'PasswordAuthentication yes',
      'KbdInteractiveAuthentication no',
      'PubkeyAuthentication no',
      'PermitRootLogin no',
      `AllowUsers ${username}`,
      'StrictModes no',
      'Subsystem sftp internal-sftp',
      'ForceCommand internal-sftp',
      'AllowTcpForwarding no',
      'X11Forwarding no',
      'MaxAuthTries 3',
      'LogLevel ERROR',
      '',
    ].join('\n'),
  );
  const sshd = spawn(SSHD, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  sshd.stderr.on('data', (data: Buffer) => {
    log += data.toString();
  });
  const exited = new Promise<void>((resolve) => sshd.once('exit', () => resolve()));
  await until(
    () =>
      new Promise<boolean>((resolve) => {
        if (sshd.exitCode !== null) throw new Error(`sshd exited: ${log}`);
        const probe = createServer();
        probe.once('error', () => resolve(true));
        probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
      }),
    (listening) => listening,
  );
  return {
    port,
    username,
    password,
    folder,
    url: `sftp://127.0.0.1:${port}${folder}`,
    fingerprint,
    stop: async () => {
      sshd.kill('SIGTERM');
      await exited;
      await run('userdel', [username]).catch(() => undefined);
      await rm(base, { recursive: true, force: true });
    },
  };
}
