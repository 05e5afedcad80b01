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
let key: ReturnType<typeof testReleaseKey>;
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

async function sql<Row extends object>(databaseUrl: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

async function lockStep(databaseUrl: string): Promise<string> {
  const [row] = await sql<{ step: string | null }>(databaseUrl, 'SELECT step FROM operation_lock');
  return row?.step ?? '';
}

const MODULE_FILE = 'platform/src/modules/upgrade/module.ts';

/** The upgrade module's source with one more migration running `statement`: a release that migrates. */
function withMigration(statement: string): string {
  const source = readFileSync(path.join(projectRoot, MODULE_FILE), 'utf8').replace(
    '  routes: upgradeRoutes,',
    `  routes: upgradeRoutes,
  migrations: [{ name: '9999-upgrade-probe', up: async (db, transaction) => {
    await db.execute(${JSON.stringify(statement)}, [], transaction);
  } }],`,
  );
  if (!source.includes('9999-upgrade-probe'))
    throw new Error('the upgrade module changed: update withMigration');
  return source;
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'pf-upgrade-release-'));
  key = testReleaseKey(folder);
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

it('a new release that migrates and then cannot start is given up: the previous one runs on the pre-upgrade data', async () => {
  const migrating = withMigration("CREATE TABLE upgrade_probe (id int); UPDATE orgs SET name = 'migrated'");
  expect(migrating).toContain('9999-upgrade-probe');
  const out = path.join(folder, 'broken.tar.gz');
  await makePackage({
    root: projectRoot,
    out,
    version: next,
    privateKey: key.privateKey,
    override: {
      [MODULE_FILE]: Buffer.from(migrating),
      'platform/src/main.ts': Buffer.from(
        "process.stderr.write('this release cannot start\\n');\nprocess.exit(3);\n",
      ),
    },
  });
  const databaseUrl = await createTestDatabase();
  const dataDir = path.join(folder, 'rolled-back');
  const { one, url } = await startConsole(databaseUrl, dataDir, await freePort());
  let admin = await signInReadingCaptcha(url, databaseUrl, TEST_ADMIN_PASSWORD);
  const before = await sql<{ name: string }>(databaseUrl, 'SELECT name FROM orgs ORDER BY id');
  expect((await admin.upload('/upgrade/upload', 'broken.tar.gz', readFileSync(out))).code).toBe(0);
  expect((await admin.call('POST', '/upgrade/execute', { version: next })).code).toBe(0);

  // The new release ran once and exited; the previous one restored the pre-upgrade backup (which signed everyone out).
  const last = await until(
    async () => {
      try {
        const [row] = await sql<{ status: number; last_outcome: string | null; last_message: string | null }>(
          databaseUrl,
          'SELECT status, last_outcome, last_message FROM operation_lock WHERE holder IS NULL',
        );
        return row;
      } catch {
        return undefined;
      }
    },
    (row) => row?.last_outcome === 'failed' && !row.last_message?.startsWith('rolling back'),
    180_000,
  );
  expect(one.output()).toContain('this release cannot start');
  expect(last?.last_message).toBe(
    `The upgrade to ${next} failed: The new release stopped with code 3 before it came up; ${PRODUCT_VERSION} runs again with the data of the pre-upgrade backup`,
  );
  expect(await versionAt(url)).toBe(PRODUCT_VERSION);
  expect(await sql(databaseUrl, `SELECT to_regclass('upgrade_probe') AS probe`)).toEqual([{ probe: null }]);
  expect(
    await sql(databaseUrl, `SELECT name FROM schema_migrations WHERE name = '9999-upgrade-probe'`),
  ).toEqual([]);
  expect(await sql(databaseUrl, 'SELECT name FROM orgs ORDER BY id')).toEqual(before);
  admin = await signInReadingCaptcha(url, databaseUrl, TEST_ADMIN_PASSWORD);
  expect((await admin.call('POST', '/backup/search', {})).rows).toHaveLength(1);
  expect((await admin.call('POST', '/device/search', {})).code).toBe(0);
  expect(await readPointer(dataDir)).toMatchObject({
    version: PRODUCT_VERSION,
    dir: projectRoot,
    trial: false,
  });
  expect(await one.stop()).toBe(0);
}, 300_000);

it('a release whose migration fails is not switched to: the console stays on its version, nothing changed', async () => {
  const out = path.join(folder, 'failing-migration.tar.gz');
  await makePackage({
    root: projectRoot,
    out,
    version: next,
    privateKey: key.privateKey,
    override: {
      [MODULE_FILE]: Buffer.from(withMigration('CREATE TABLE upgrade_probe (id int); SELECT 1 / 0')),
    },
  });
  const databaseUrl = await createTestDatabase();
  const dataDir = path.join(folder, 'not-migrated');
  const { one, url } = await startConsole(databaseUrl, dataDir, await freePort());
  const admin = await signInReadingCaptcha(url, databaseUrl, TEST_ADMIN_PASSWORD);
  expect((await admin.upload('/upgrade/upload', 'failing.tar.gz', readFileSync(out))).code).toBe(0);
  expect((await admin.call('POST', '/upgrade/execute', { version: next })).code).toBe(0);
  const status = await until(
    () =>
      admin.call<{ status: number; last: { status: number; outcome: string; message: string } | null }>(
        'GET',
        '/backup/status',
      ),
    (reply) => reply.rows[0]?.status === 0,
    120_000,
  );
  expect(status.rows[0]?.last).toMatchObject({ status: 3, outcome: 'failed' });
  expect(status.rows[0]?.last?.message).toMatch(
    new RegExp(
      `^The upgrade to ${next} failed: The new release's migrations failed: .*division by zero.*; ${PRODUCT_VERSION} still runs, nothing changed$`,
      's',
    ),
  );
  expect(await sql(databaseUrl, `SELECT to_regclass('upgrade_probe') AS probe`)).toEqual([{ probe: null }]);
  expect(await readPointer(dataDir)).toBeNull();
  expect(one.child.exitCode).toBeNull();
  expect(await versionAt(url)).toBe(PRODUCT_VERSION);
  // Still signed in: nothing was restored.
  expect((await admin.call('POST', '/device/search', {})).code).toBe(0);
  expect(await one.stop()).toBe(0);
}, 300_000);
