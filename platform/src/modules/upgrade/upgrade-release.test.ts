import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { projectRoot } from '../../config.js';
import { PRODUCT_VERSION } from '../../product.js';
import { makePackage } from '../../release/make-package.js';
import { readPointer } from '../../release/release-state.js';
import {
  freePort,
  type Launched,
  launch,
  signInReadingCaptcha,
  versionAt,
  waitForVersion,
} from '../../testing/launched.js';
import { nextVersion, testReleaseKey } from '../../testing/release-packages.js';
import { createTestDatabase, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';
import { until } from '../../testing/until.js';

let folder: string;
let packageBytes: Buffer;
let publicKeyFile: string;
const next = nextVersion();
const launched: Launched[] = [];

/** A console as `npm start` runs it (the launcher), on a database and data folder of its own. */
async function startConsole(databaseUrl: string, dataDir: string, port: number) {
  const one = launch({
    DATABASE_URL: databaseUrl,
    PHONEFLEET_DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SIP_ADDRESS: '127.0.0.1',
    SIP_PORT: '0',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    PHONEFLEET_DEPLOYMENT: 'npm',
    PHONEFLEET_RELEASE_PUBLIC_KEY: publicKeyFile,
  });
  launched.push(one);
  const url = `http://127.0.0.1:${port}`;
  const version = await until(
    () => versionAt(url),
    (now) => now !== undefined || one.child.exitCode !== null,
    90_000,
  );
  if (!version) throw new Error(`the console did not start:\n${one.output()}`);
  return { one, url };
}

async function lockStep(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ step: string | null }>('SELECT step FROM operation_lock');
    return rows[0]?.step ?? '';
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'pf-upgrade-release-'));
  const key = testReleaseKey(folder);
  publicKeyFile = key.publicKeyFile;
  // The whole release, as `npm run package` makes it (with the built pages when they were built).
  const out = path.join(folder, `phonefleet-${next}.tar.gz`);
  await makePackage({
    root: projectRoot,
    out,
    version: next,
    notes: 'The next one',
    privateKey: key.privateKey,
  });
  packageBytes = readFileSync(out);
}, 60_000);

afterAll(async () => {
  await Promise.all(launched.map((one) => one.stop()));
  rmSync(folder, { recursive: true, force: true });
});

it('applies a package of the next version: the console comes back on it, the upgrade recorded done', async () => {
  const databaseUrl = await createTestDatabase();
  const dataDir = path.join(folder, 'upgraded');
  const { one, url } = await startConsole(databaseUrl, dataDir, await freePort());
  expect(await versionAt(url)).toBe(PRODUCT_VERSION);
  const admin = await signInReadingCaptcha(url, databaseUrl, TEST_ADMIN_PASSWORD);
  const staged = await admin.upload('/upgrade/upload', `phonefleet-${next}.tar.gz`, packageBytes);
  expect([staged.code, staged.rows[0]]).toEqual([0, { version: next, notes: 'The next one' }]);

  const started = await admin.call('POST', '/upgrade/execute', { version: next });
  expect([started.code, started.rows[0]]).toMatchObject([0, { status: 3, code: 120000 }]);
  // Everyone else is told to wait meanwhile.
  expect((await admin.call('POST', '/device/search', {})).code).toBe(120000);

  expect(await waitForVersion(url, next)).toBe(next);
  // Sessions are in PostgreSQL and no restore happened: the administrator is still signed in.
  const status = await until(
    () =>
      admin.call<{ status: number; last: { status: number; outcome: string; message: string } }>(
        'GET',
        '/backup/status',
      ),
    (reply) => reply.rows[0]?.status === 0,
    30_000,
  );
  expect(status.rows[0]?.last).toMatchObject({
    status: 3,
    outcome: 'done',
    message: `Upgraded from ${PRODUCT_VERSION} to ${next}`,
  });
  expect((await admin.call('GET', '/upgrade/info')).rows[0]).toEqual({
    currentVersion: next,
    deployment: 'npm',
    staged: null,
  });
  const backups = await admin.call<{ fileName: string }>('POST', '/backup/search', {});
  expect(backups.rows.map((row) => row.fileName)).toEqual([
    expect.stringMatching(/^pre-upgrade-\d{8}-\d{6}\.tar\.gz$/),
  ]);
  expect(await readPointer(dataDir)).toMatchObject({
    version: next,
    dir: path.join(dataDir, 'releases', next),
    previous: { version: PRODUCT_VERSION, dir: projectRoot },
    trial: false,
  });
  // The launcher stops with its console.
  expect(await one.stop()).toBe(0);
}, 300_000);

it('killed mid-upgrade (SIGKILL of the launcher and the console), the next start runs the previous release', async () => {
  const databaseUrl = await createTestDatabase();
  const dataDir = path.join(folder, 'killed');
  const port = await freePort();
  const first = await startConsole(databaseUrl, dataDir, port);
  const admin = await signInReadingCaptcha(first.url, databaseUrl, TEST_ADMIN_PASSWORD);
  expect((await admin.upload('/upgrade/upload', 'next.tar.gz', packageBytes)).code).toBe(0);
  expect((await admin.call('POST', '/upgrade/execute', { version: next })).code).toBe(0);
  expect(
    await until(
      () => lockStep(databaseUrl),
      (step) => step === 'migrating',
      60_000,
    ),
  ).toBe('migrating');
  await first.one.kill();

  const again = await startConsole(databaseUrl, dataDir, port);
  expect(await versionAt(again.url)).toBe(PRODUCT_VERSION);
  const status = await until(
    () =>
      admin.call<{ status: number; last: { status: number; outcome: string; message: string } }>(
        'GET',
        '/backup/status',
      ),
    (reply) => reply.rows[0]?.status === 0,
    30_000,
  );
  expect(status.rows[0]?.last).toMatchObject({ status: 3, outcome: 'failed' });
  expect(status.rows[0]?.last.message).toMatch(
    new RegExp(`^The upgrade to ${next} failed: The console stopped during the upgrade; ${PRODUCT_VERSION} `),
  );
  expect((await admin.call('POST', '/device/search', {})).code).toBe(0);
  expect(await readPointer(dataDir)).toBeNull();
  expect(await again.one.stop()).toBe(0);
}, 300_000);
