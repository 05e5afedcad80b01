import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startEmbeddedPostgres } from './embedded.js';
import {
  initialiseCluster,
  packagedBinaries,
  planPostgres,
  reachable,
  startServer,
} from './postgres-process.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonefleet-embedded-'));
const logger = pino({ level: 'silent' });

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function count(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE TABLE IF NOT EXISTS marks (id serial PRIMARY KEY)');
    await client.query('INSERT INTO marks DEFAULT VALUES');
    const result = await client.query<{ n: string }>('SELECT count(*) AS n FROM marks');
    return Number(result.rows[0]?.n);
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('keeps data across restarts and recovers from a server orphaned by a crash', async () => {
    const first = await startEmbeddedPostgres(dataDir, logger);
    expect(await count(first.url)).toBe(1);
    await first.stop();

    const second = await startEmbeddedPostgres(dataDir, logger);
    expect(await count(second.url)).toBe(2);
    // Simulate a SIGKILL of the console: its postgres keeps running and holds the data folder.
    const orphanPid = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(() => process.kill(orphanPid, 0)).not.toThrow();

    const third = await startEmbeddedPostgres(dataDir, logger);
    expect(() => process.kill(orphanPid, 0)).toThrow();
    expect(await count(third.url)).toBe(3);
    await third.stop();
  }, 60_000);
});

describe.runIf(process.getuid?.() === 0)('as root, with the project in a 0700 home folder', () => {
  it('runs PostgreSQL as its own user from binaries and data it can reach, and keeps the data', async () => {
    // A home folder like /root: closed to everyone else, holding the binaries and the data folder.
    const home = mkdtempSync(path.join(os.tmpdir(), 'phonefleet-home-'));
    try {
      const packaged = await packagedBinaries();
      const nativeCopy = path.join(home, 'node_modules', 'native');
      cpSync(path.resolve(path.dirname(packaged.postgres), '..'), nativeCopy, {
        recursive: true,
        verbatimSymlinks: true,
      });
      const inHome = {
        initdb: path.join(nativeCopy, 'bin', 'initdb'),
        postgres: path.join(nativeCopy, 'bin', 'postgres'),
        version: `${packaged.version}-test`,
      };
      const plan = await planPostgres(path.join(home, '.data', 'pg'), logger, inHome);
      const user = { uid: plan.runAs?.uid ?? -1, gid: plan.runAs?.gid ?? -1 };
      expect(reachable(inHome.postgres, user)).toBe(false);
      expect(reachable(plan.binaries.postgres, user)).toBe(true);
      expect(reachable(plan.databaseDir, user)).toBe(true);
      expect(plan.databaseDir.startsWith(home)).toBe(false);

      const port = await freePort();
      await initialiseCluster(plan, 'postgres', 'phonefleet', logger);
      let stop = await startServer(plan, port, logger);
      const url = `postgres://postgres:phonefleet@127.0.0.1:${port}/postgres`;
      expect(await count(url)).toBe(1);
      await stop();
      // The same configured folder finds the same relocated data at the next start.
      const again = await planPostgres(path.join(home, '.data', 'pg'), logger, inHome);
      expect(again.databaseDir).toBe(plan.databaseDir);
      stop = await startServer(again, port, logger);
      expect(await count(url)).toBe(2);
      await stop();
      rmSync(path.dirname(plan.databaseDir), { recursive: true, force: true });
      rmSync(path.resolve(path.dirname(plan.binaries.postgres), '..'), { recursive: true, force: true });
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 120_000);
});
