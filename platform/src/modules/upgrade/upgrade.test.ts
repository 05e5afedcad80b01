import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { projectRoot } from '../../config.js';
import { PRODUCT_VERSION } from '../../product.js';
import { makePackage } from '../../release/make-package.js';
import { RELEASE_KEY_ENV } from '../../release/package-format.js';
import { nextVersion, tampered, testReleaseKey } from '../../testing/release-packages.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';
import { detectDeployment } from './deployment.js';

let folder: string;
let dataDir: string;
let running: RunningConsole;
let admin: ApiClient;
let key: ReturnType<typeof testReleaseKey>;
/** A small release: enough files to stage (the console's start is tested in upgrade-release.test.ts). */
const files = ['package.json', 'package-lock.json', 'platform/package.json', 'platform/src/main.ts'];

async function packageOf(version: string, privateKey = key.privateKey): Promise<Buffer> {
  const out = path.join(folder, `phonefleet-${version}-${Math.random()}.tar.gz`);
  await makePackage({ root: projectRoot, out, version, notes: `Notes of ${version}`, privateKey, files });
  return readFileSync(out);
}

/** What the releases folder holds besides the staged releases: nothing half-done may stay. */
function leftovers(): string[] {
  const releases = path.join(dataDir, 'releases');
  return existsSync(releases) ? readdirSync(releases).filter((name) => !/^\d+\.\d+\.\d+$/.test(name)) : [];
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'pf-upgrade-'));
  dataDir = path.join(folder, 'data');
  key = testReleaseKey(folder);
  process.env[RELEASE_KEY_ENV] = key.publicKeyFile;
  // Whatever runs the tests (a systemd unit, say), this console is the README's npm start.
  process.env.PHONEFLEET_DEPLOYMENT = 'npm';
  running = await createTestConsole({ dataDir });
  admin = new ApiClient(running.url);
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
}, 120_000);

afterAll(async () => {
  delete process.env[RELEASE_KEY_ENV];
  delete process.env.PHONEFLEET_DEPLOYMENT;
  await running?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe('upload', () => {
  it('refuses a bad signature, a tampered file, an older or equal version and garbage, staging nothing', async () => {
    const next = nextVersion();
    const otherKey = testReleaseKey(mkdtempSync(path.join(folder, 'other-')));
    const refusals: [string, Buffer, string][] = [
      [
        'bad signature',
        await packageOf(next, otherKey.privateKey),
        'The installation package is not signed with the release key; nothing was staged',
      ],
      [
        'tampered',
        tampered(await packageOf(next), 'await runConsole', 'await runConsolf'),
        'The installation package is damaged or incomplete; nothing was staged',
      ],
      [
        'older',
        await packageOf('0.0.9'),
        'The installation package is not newer than the running version; nothing was staged',
      ],
      [
        'same',
        await packageOf(PRODUCT_VERSION),
        'The installation package is not newer than the running version; nothing was staged',
      ],
      [
        'cut off',
        (await packageOf(next)).subarray(0, 3000),
        'The installation package is damaged or incomplete; nothing was staged',
      ],
      [
        'not a package',
        Buffer.from('hello, not gzip'),
        'The installation package is damaged or incomplete; nothing was staged',
      ],
    ];
    for (const [label, bytes, message] of refusals) {
      const reply = await admin.upload('/upgrade/upload', `${label}.tar.gz`, bytes);
      expect([reply.code, reply.message], label).toEqual([40000, message]);
      expect((await admin.call('GET', '/upgrade/info')).rows[0], label).toEqual({
        currentVersion: PRODUCT_VERSION,
        deployment: 'npm',
        staged: null,
      });
      expect(leftovers(), label).toEqual([]);
    }
  }, 60_000);

  it('stages a package of the next version signed with the release key, and shows it', async () => {
    const next = nextVersion();
    const reply = await admin.upload('/upgrade/upload', `phonefleet-${next}.tar.gz`, await packageOf(next));
    expect([reply.code, reply.rows[0]]).toEqual([0, { version: next, notes: `Notes of ${next}` }]);
    expect((await admin.call('GET', '/upgrade/info')).rows[0]).toEqual({
      currentVersion: PRODUCT_VERSION,
      deployment: 'npm',
      staged: { version: next, notes: `Notes of ${next}` },
    });
    const staged = path.join(dataDir, 'releases', next);
    expect(readFileSync(path.join(staged, 'platform/src/main.ts'), 'utf8')).toBe(
      readFileSync(path.join(projectRoot, 'platform/src/main.ts'), 'utf8'),
    );
    expect(JSON.parse(readFileSync(path.join(staged, 'package.json'), 'utf8')).version).toBe(next);
    // The release runs on the installed dependencies, and on its own workspace packages.
    expect(existsSync(path.join(staged, 'node_modules/tsx/package.json'))).toBe(true);
    expect(
      readFileSync(path.join(staged, 'node_modules/@phonefleet/platform/src/main.ts'), 'utf8'),
    ).toContain('runConsole');
    expect(leftovers()).toEqual([]);
  }, 60_000);

  it('does not apply a release when the console was not started by its launcher, nor a version not staged', async () => {
    const unstaged = await admin.call('POST', '/upgrade/execute', { version: '9.9.9' });
    expect(unstaged.message).toBe(
      'This console was not started with npm start or its systemd unit, which restart it on the new release',
    );
    expect((await admin.call('GET', '/backup/status')).rows[0]).toMatchObject({ status: 0 });
  });
});

describe('deployment', () => {
  it('is a container when the image says so, systemd when systemd started it, npm start otherwise', () => {
    expect(detectDeployment({ PHONEFLEET_DEPLOYMENT: 'container', INVOCATION_ID: 'a1' })).toBe('container');
    expect(detectDeployment({ INVOCATION_ID: 'a1' })).toBe('systemd');
    expect(detectDeployment({})).toBe('npm');
  });

  it('refuses packages in a container: upgrading it means pulling a newer image', async () => {
    process.env.PHONEFLEET_DEPLOYMENT = 'container';
    try {
      expect((await admin.call('GET', '/upgrade/info')).rows[0]).toMatchObject({ deployment: 'container' });
      const reply = await admin.upload('/upgrade/upload', 'next.tar.gz', await packageOf(nextVersion()));
      expect(reply.message).toBe(
        'This console runs in a container: upgrade it by pulling the newer image and recreating the container',
      );
      expect(leftovers()).toEqual([]);
    } finally {
      process.env.PHONEFLEET_DEPLOYMENT = 'npm';
    }
  });
});
