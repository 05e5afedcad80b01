import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import pg from 'pg';
import { projectRoot } from '../config.js';
import { ApiClient } from './test-console.js';
import { until } from './until.js';

/** `npm start`'s launcher in a process group of its own (SIGKILL reaches it and its console at once). */
export interface Launched {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /** SIGTERM to the launcher: it passes it on and exits with its console's code. */
  stop(): Promise<number | null>;
  /** SIGKILL to the launcher and its console: a machine losing power. */
  kill(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export function launch(env: NodeJS.ProcessEnv): Launched {
  const child = spawn(process.execPath, ['--import', 'tsx', 'platform/src/launcher.ts'], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let said = '';
  const collect = (chunk: Buffer) => {
    said += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => said,
    exited,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      await exited;
    },
  };
}

/** The version the console at `url` answers, or undefined while it does not answer (restarting). */
export async function versionAt(url: string): Promise<string | undefined> {
  try {
    const reply = (await (await fetch(`${url}/api/common/config`)).json()) as {
      result: { rows: { version: string }[] };
    };
    return reply.result.rows[0]?.version;
  } catch {
    return undefined;
  }
}

export function waitForVersion(url: string, version: string, timeoutMs = 120_000) {
  return until(
    () => versionAt(url),
    (now) => now === version,
    timeoutMs,
  );
}

/** Signs in at a console not started with a fixed captcha: the answer is read from its database. */
export async function signInReadingCaptcha(
  url: string,
  databaseUrl: string,
  password: string,
): Promise<ApiClient> {
  const api = new ApiClient(url);
  const captcha = await api.call<{ captchaId: string }>('GET', '/captcha');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ answer: string }>('SELECT answer FROM captchas WHERE id = $1', [
      captcha.rows[0]?.captchaId,
    ]);
    const login = await api.call('POST', '/user/login', {
      userName: 'admin',
      userPwd: password,
      captchaId: captcha.rows[0]?.captchaId,
      verifyCode: rows[0]?.answer,
    });
    if (login.code !== 0) throw new Error(`sign-in refused: ${login.message}`);
  } finally {
    await client.end();
  }
  return api;
}
