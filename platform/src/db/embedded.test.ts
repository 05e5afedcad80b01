import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.js';

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
