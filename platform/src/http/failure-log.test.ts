import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../app.js';
import { type EmbeddedServer, startEmbeddedPostgres } from '../db/embedded.js';
import { createTestConsole } from '../testing/test-console.js';

/** A console on a PostgreSQL of this file's own, stopped and started again like a database restart. */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonefleet-outage-'));
const lines: { level: number; msg: string; failedRequests?: number }[] = [];
const ERROR = 50;
let postgres: EmbeddedServer;
let running: RunningConsole;

beforeAll(async () => {
  postgres = await startEmbeddedPostgres(dataDir, pino({ level: 'silent' }));
  running = await createTestConsole(
    { databaseUrl: postgres.url },
    pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) }),
  );
}, 60_000);
afterAll(async () => {
  await running?.stop();
  await postgres?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('failures worth a log line', () => {
  it('a database outage is logged once, with the failed requests counted when it ends', async () => {
    await postgres.stop();
    const start = lines.length;
    const requests = Array.from({ length: 40 }, (_, index) =>
      fetch(
        index % 2
          ? `${running.url}/api/captcha`
          : `${running.url}/prov/001565aa${index.toString(16).padStart(4, '0')}.cfg`,
        {
          headers: { 'User-Agent': 'Generic H2P 2.14.0.5' },
        },
      ).then((response) => response.status),
    );
    expect(new Set(await Promise.all(requests))).toEqual(new Set([500]));
    const during = lines.slice(start).filter((line) => line.level >= ERROR);
    expect(during.map((line) => line.msg)).toEqual(['database unreachable: requests fail until it is back']);

    postgres = await startEmbeddedPostgres(dataDir, pino({ level: 'silent' }), { port: postgres.port });
    await expect
      .poll(async () => (await fetch(`${running.url}/api/captcha`)).status, { timeout: 15_000 })
      .toBe(200);
    const back = lines.filter((line) => line.msg === 'database reachable again');
    expect(back).toHaveLength(1);
    expect(back[0]?.failedRequests).toBeGreaterThanOrEqual(40);
  }, 60_000);

  it('a path out of a plugin’s folder is not found, not a server error', async () => {
    const start = lines.length;
    const { port } = new URL(running.url);
    const { get } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path: '/plugins/home/../../package.json' }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      }).on('error', reject);
    });
    expect(status).toBe(404);
    expect(lines.slice(start).filter((line) => line.level >= ERROR)).toEqual([]);
  });
});
