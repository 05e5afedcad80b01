import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { projectRoot } from '../../config.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';
import { until } from '../../testing/until.js';
import { fingerprint, seedFleet, waitForIdle } from './backup-fixture.js';

let dataDir: string;
let running: RunningConsole;
let admin: ApiClient;

/** Another instance as `npm start` runs it, on the same database and data folder, to be killed. */
async function startInstance(): Promise<{ child: ChildProcess; api: ApiClient }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'platform/src/main.ts'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATABASE_URL: running.config.databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      SIP_ADDRESS: '127.0.0.1',
      SIP_PORT: '0',
      LOG_LEVEL: 'warn',
      PHONEFLEET_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let said = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    said += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    said += chunk.toString();
  });
  const url = await until(
    () => /running at (http:\/\/\S+)/.exec(said)?.[1],
    (found) => found !== undefined || child.exitCode !== null,
    60_000,
  );
  if (!url) throw new Error(`instance did not start: ${said}`);
  // Sessions are in PostgreSQL: the administrator's session here is one there (its captcha is not fixed).
  const api = new ApiClient(url, 'en', { Cookie: admin.cookieHeader });
  return { child, api };
}

async function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** What the held operation is doing, read straight from the lock's row (the busy instance answers slowly). */
async function step(): Promise<string> {
  const row = await running.cradle.db.one<{ step: string | null }>('SELECT step FROM operation_lock');
  return row?.step ?? '';
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pf-backup-kill-'));
  running = await createTestConsole({ dataDir });
  await seedFleet(running, 'ee');
  // 96 MB that do not compress: the archive takes seconds to write, long enough to be killed in.
  const bytes = randomBytes(96 * 1024 * 1024);
  await running.cradle.fileStore.write(
    (async function* () {
      for (let at = 0; at < bytes.length; at += 1024 * 1024) yield bytes.subarray(at, at + 1024 * 1024);
    })(),
    { orgId: 1, name: 'big.rom', maxBytes: 128 * 1024 * 1024 },
  );
  admin = new ApiClient(running.url);
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
}, 180_000);

afterAll(async () => {
  await running?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

it('an instance killed mid-backup lists no archive, and its lock lapses as interrupted', async () => {
  const plan = await admin.call<{ id: number }>('POST', '/backup/config', {
    fileName: 'killed',
    content: ['configuration', 'devices', 'firmware', 'logs'],
  });
  const { child, api } = await startInstance();
  try {
    expect((await api.call('POST', '/backup/execute', { id: plan.rows[0]?.id })).code).toBe(0);
    expect(await until(step, (now) => now === 'large objects', 60_000)).toBe('large objects');
  } finally {
    await kill(child);
  }
  expect((await admin.call('POST', '/device/search', {})).code).toBe(100000);
  const last = (await waitForIdle(running.url, 30_000)).rows[0]?.last;
  expect(last).toMatchObject({ status: 1, outcome: 'interrupted' });
  expect((await admin.call('POST', '/backup/search', {})).totalRows).toBe(0);
  const files = await readdir(path.join(dataDir, 'backups'));
  expect(files.filter((name) => !name.endsWith('.partial'))).toEqual([]);
  expect(files.length).toBe(1);
}, 120_000);

it('an instance killed mid-restore leaves the old data as it was', async () => {
  const plan = await admin.call<{ id: number }>('POST', '/backup/config', {
    fileName: 'kept',
    content: ['configuration', 'devices', 'firmware', 'logs'],
  });
  expect((await admin.call('POST', '/backup/execute', { id: plan.rows[0]?.id })).code).toBe(0);
  expect((await waitForIdle(running.url)).rows[0]?.last).toMatchObject({ outcome: 'done' });
  // The next backup swept what the killed one left.
  expect((await readdir(path.join(dataDir, 'backups'))).filter((name) => name.endsWith('.partial'))).toEqual(
    [],
  );
  const archive = (await admin.call<{ id: number }>('POST', '/backup/search', {})).rows[0];
  await running.cradle.db.execute(`UPDATE devices SET device_name = 'after the backup'`);
  await running.cradle.db.execute(`DELETE FROM stored_files WHERE name = 'ee.xml'`);

  const { child, api } = await startInstance();
  // Taken once the instance has booted (its seed moves sequences on).
  const before = await fingerprint(running);
  try {
    expect((await api.call('POST', `/backup/recover/${archive?.id}`, {})).code).toBe(0);
    // Both come before COMMIT.
    expect(['large objects', 'indexes']).toContain(
      await until(step, (now) => now === 'large objects' || now === 'indexes', 60_000),
    );
  } finally {
    await kill(child);
  }
  const last = (await waitForIdle(running.url, 30_000)).rows[0]?.last;
  expect(last).toMatchObject({ status: 2, outcome: 'interrupted' });
  expect(await fingerprint(running)).toEqual(before);
  // Nobody was signed out: the restore never committed.
  expect((await admin.call('POST', '/backup/search', {})).code).toBe(0);
}, 120_000);
