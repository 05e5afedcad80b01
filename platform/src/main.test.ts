import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { type StartedMain, startMain } from './testing/start-main.js';
import { createTestDatabase } from './testing/test-console.js';

const run = promisify(execFile);

describe('npm start', () => {
  it('says which port is taken and how to choose another, before creating anything', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '0.0.0.0', resolve));
    const port = (blocker.address() as { port: number }).port;
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'phonefleet-start-')), 'data');
    try {
      const failed = await run(process.execPath, ['--import', 'tsx', 'platform/src/launcher.ts'], {
        env: { ...process.env, PORT: String(port), PHONEFLEET_DATA_DIR: dataDir },
      }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain(
        `Port ${port} is taken by another program: start with PORT=<another port> npm start`,
      );
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      blocker.close();
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  }, 60_000);

  it('prints a generated administrator password once, and nothing secret when ADMIN_PASSWORD chose it', async () => {
    const common = {
      PORT: '0',
      HOST: '127.0.0.1',
      SIP_ADDRESS: '127.0.0.1',
      SIP_PORT: '0',
      ADMIN_PASSWORD: '',
    };
    // Every console started here is stopped, even when an expectation fails midway.
    const started: StartedMain[] = [];
    const start = async (env: NodeJS.ProcessEnv) => {
      const one = await startMain(env);
      started.push(one);
      return one;
    };
    try {
      const generatedDb = await createTestDatabase();
      const first = await start({ ...common, DATABASE_URL: generatedDb });
      const generated = /with the generated password: (\S+) {2}\(shown once/.exec(first.stdout())?.[1];
      expect(generated).toMatch(/^.{8,}$/);
      const health = (await (await fetch(`${first.url}/api/health`)).json()) as { code: number };
      expect(health.code).toBe(0);
      expect(await first.stop()).toBe(0);
      // The next start names no password: it was shown once.
      const again = await start({ ...common, DATABASE_URL: generatedDb });
      expect(again.stdout()).not.toContain(generated);
      expect(again.stdout()).toContain(
        'with the administrator password (chosen with ADMIN_PASSWORD or printed at the first start)',
      );
      expect(await again.stop()).toBe(0);

      const chosen = 'Chosen-Secret-4711';
      const chosenDb = await createTestDatabase();
      const fromEnvironment = await start({ ...common, DATABASE_URL: chosenDb, ADMIN_PASSWORD: chosen });
      expect(fromEnvironment.stdout()).toContain(
        'Sign in as "admin" with the password set from ADMIN_PASSWORD (the administrator was created at this start)',
      );
      expect(fromEnvironment.stdout()).not.toContain('generated password');
      expect(await fromEnvironment.stop()).toBe(0);
      expect(`${fromEnvironment.stdout()}${fromEnvironment.stderr()}`).not.toContain(chosen);
      // Set again at a later start, it changes nothing and the banner says so.
      const later = await start({
        ...common,
        DATABASE_URL: chosenDb,
        ADMIN_PASSWORD: 'Another-Secret-4711',
      });
      expect(later.stdout()).toContain(
        'ADMIN_PASSWORD only sets it at the first start; it was not changed now',
      );
      expect(await later.stop()).toBe(0);
    } finally {
      await Promise.all(started.map((one) => one.stop()));
    }
  }, 180_000);

  it('logs readable lines on a terminal and JSON lines otherwise; Ctrl-C stops it', async () => {
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      SIP_ADDRESS: '127.0.0.1',
      SIP_PORT: '0',
      ADMIN_PASSWORD: 'Terminal-4711',
      LOG_LEVEL: 'info',
    };
    const piped = await startMain({ ...env, DATABASE_URL: await createTestDatabase() });
    // With its embedded PostgreSQL: Ctrl-C reaches the terminal's whole process group.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonefleet-terminal-'));
    const onTerminal = await startMain(
      { ...env, DATABASE_URL: '', PHONEFLEET_DATA_DIR: dataDir },
      { terminal: true },
    ).catch(async (error: unknown) => {
      await piped.stop();
      throw error;
    });
    try {
      const json = piped
        .stdout()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(json).toContainEqual(expect.objectContaining({ level: 30, msg: 'drivers loaded' }));
      // Coloured: what a person reads is the text between the escape sequences.
      const shown = stripVTControlCharacters(onTerminal.stdout());
      expect(shown).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: drivers loaded \{"drivers":\[/m);
      expect(shown).not.toContain('{"level"');
      expect(shown).toContain('Ctrl-C stops it.');
    } finally {
      const codes = [await piped.stop(), await onTerminal.stop()];
      rmSync(dataDir, { recursive: true, force: true });
      expect(codes).toEqual([0, 0]);
    }
    const shown = stripVTControlCharacters(onTerminal.stdout());
    expect(shown).toMatch(/INFO: shutting down \{"signal":"SIGINT"\}/);
    // The console stops its database last: nothing failed on the way out.
    expect(shown).not.toMatch(/WARN|ERROR|FATAL/);
  }, 120_000);
});
