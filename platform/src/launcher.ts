/**
 * `npm start`'s supervisor (docs/upgrade.md "Under npm start"): runs the console of the current
 * release (`<data folder>/releases/current.json`, the checkout when there is none) and starts it again
 * on the switched release when it exits with the restart code after an upgrade. A new release that
 * stops, or does not confirm within the trial time, is given up for the previous one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, projectRoot } from './config.js';
import {
  RESTART_EXIT_CODE,
  type ReleasePointer,
  readPointer,
  revertPointer,
  SUPERVISED_ENV,
} from './release/release-state.js';

const dataDir = loadConfig().dataDir;
/** How long a new release has to come up and confirm before it is given up. */
const trialMs = Number(process.env.PHONEFLEET_UPGRADE_TRIAL_SECONDS || 600) * 1000;

let child: ChildProcess | undefined;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    stopping = true;
    // A terminal's Ctrl-C reaches the console too; a SIGTERM to this process alone is passed on.
    child?.kill(signal);
  });
}

function runnable(pointer: ReleasePointer | null): pointer is ReleasePointer {
  return pointer !== null && existsSync(path.join(pointer.dir, 'platform', 'src', 'main.ts'));
}

function run(dir: string): Promise<number> {
  child = spawn(process.execPath, ['--import', 'tsx', path.join('platform', 'src', 'main.ts')], {
    cwd: dir,
    env: { ...process.env, [SUPERVISED_ENV]: '1' },
    stdio: 'inherit',
  });
  return new Promise((resolve) => {
    child?.once('exit', (code, signal) => resolve(code ?? (signal === 'SIGKILL' ? 137 : 1)));
  });
}

/** Kills a trial release that has not confirmed in time; the exit that follows reverts it. */
function watchTrial(): NodeJS.Timeout {
  return setTimeout(async () => {
    const pointer = await readPointer(dataDir);
    if (!pointer?.trial || !child) return;
    child.kill('SIGTERM');
    setTimeout(() => child?.kill('SIGKILL'), 15_000).unref();
  }, trialMs);
}

let trialRun = false;
for (;;) {
  let pointer = await readPointer(dataDir);
  if (pointer?.trial && !trialRun) {
    // Found on disk by a fresh launcher: the new release never confirmed (the machine went down mid-way).
    await revertPointer(dataDir, pointer, 'The console stopped before the new release came up');
    pointer = await readPointer(dataDir);
  }
  const dir = runnable(pointer) ? pointer.dir : projectRoot;
  const watch = trialRun ? watchTrial() : undefined;
  const code = await run(dir);
  clearTimeout(watch);
  child = undefined;
  if (stopping) process.exit(code);
  if (code === RESTART_EXIT_CODE) {
    trialRun = true;
    continue;
  }
  const now = await readPointer(dataDir);
  if (trialRun && now?.trial) {
    await revertPointer(dataDir, now, `The new release stopped with code ${code} before it came up`);
    trialRun = false;
    continue;
  }
  process.exit(code);
}
