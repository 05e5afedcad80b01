import { type ChildProcess, spawn } from 'node:child_process';
import { projectRoot } from '../config.js';

/** `npm start`'s console (its launcher, `platform/src/launcher.ts`, running `main.ts`) in a process of its own, as a person runs it. */
export interface StartedMain {
  child: ChildProcess;
  /** What it printed so far on stdout and stderr. */
  stdout(): string;
  stderr(): string;
  /** Its URL, read from the banner. */
  url: string;
  /** SIGTERM (Ctrl-C on a terminal), then its exit code. */
  stop(): Promise<number | null>;
}

/** The command line `npm start` runs: as is, or on a terminal of its own (util-linux `script`). */
function command(terminal: boolean): [string, string[]] {
  const launcher = ['--import', 'tsx', 'platform/src/launcher.ts'];
  if (!terminal) return [process.execPath, launcher];
  // `exec`: the shell `script` runs (dash when SHELL is unset, as in CI) must not stay between the
  // terminal and the launcher, or Ctrl-C kills it and `script` reports 130 whatever the console did.
  const line = ['exec', process.execPath, ...launcher].join(' ');
  return ['script', ['--quiet', '--flush', '--return', '--command', line, '/dev/null']];
}

/**
 * Runs `npm start`'s launcher from `cwd` (the project by default) with `env` added to this process's,
 * until the console's banner names the URL; rejects with everything it printed when it exits first or
 * takes too long. With `terminal`, it runs on a pseudo-terminal (stdout and stderr both arrive as
 * stdout) and is stopped with Ctrl-C typed into it.
 */
export function startMain(
  env: NodeJS.ProcessEnv,
  {
    cwd = projectRoot,
    timeoutMs = 90_000,
    terminal = false,
  }: { cwd?: string; timeoutMs?: number; terminal?: boolean } = {},
): Promise<StartedMain> {
  const [program, args] = command(terminal);
  const child = spawn(program, args, { cwd, env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let started = false;
    const fail = (why: string) => {
      if (started) return;
      clearInterval(watch);
      child.kill('SIGTERM');
      reject(new Error(`${why}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`));
    };
    const deadline = setTimeout(() => fail(`no banner within ${timeoutMs} ms`), timeoutMs);
    void exited.then((code) => fail(`the console exited with ${code} before its banner`));
    const watch = setInterval(() => {
      const url = /console is running at (\S+)/.exec(stdout)?.[1];
      if (!url) return;
      started = true;
      clearInterval(watch);
      clearTimeout(deadline);
      resolve({
        child,
        url,
        stdout: () => stdout,
        stderr: () => stderr,
        stop: () => {
          if (child.exitCode !== null || child.signalCode !== null) return exited;
          if (terminal) child.stdin.write('\x03');
          else child.kill('SIGTERM');
          return exited;
        },
      });
    }, 50);
  });
}
