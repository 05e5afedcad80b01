import { randomUUID } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * The files that say which release runs (docs/upgrade.md "Releases in the data folder"). Kept free of
 * the platform's modules: the launcher reads them before any console code is loaded.
 */

/** A console's exit code asking its launcher to start the current release (the one just switched to). */
export const RESTART_EXIT_CODE = 75;

/** Set by the launcher on the console it runs: an upgrade may then restart it on the new release. */
export const SUPERVISED_ENV = 'PHONEFLEET_SUPERVISED';

/** One release: its version and the folder it runs from (a release folder, or the checkout). */
export interface ReleaseRef {
  version: string;
  dir: string;
}

/**
 * `releases/current.json`: the release the launcher starts. `trial` until the new release came up
 * and confirmed it; a launcher that finds a trial pointer it did not start itself goes back to
 * `previous`.
 */
export interface ReleasePointer extends ReleaseRef {
  previous: ReleaseRef | null;
  trial: boolean;
}

/** How far an upgrade got; the steps are in this order. */
export type UpgradePhase = 'backing-up' | 'migrating' | 'switched';

/** `releases/upgrade.json`: the upgrade under way, read by whichever release boots next. */
export interface UpgradeState {
  from: ReleaseRef;
  to: ReleaseRef;
  phase: UpgradePhase;
  /** The pre-upgrade backup (a `backups` row, as `BackupRow`), once written. */
  backup: unknown;
  /** Why the new release was given up (written by the launcher). */
  failure: string | null;
  /** The `backups` and `backup_plans` rows, saved before a roll-back drops the schema. */
  kept: { backups: unknown[]; plans: unknown[] } | null;
}

export function releasesDir(dataDir: string): string {
  return path.join(dataDir, 'releases');
}

const pointerFile = (dataDir: string) => path.join(releasesDir(dataDir), 'current.json');
const stateFile = (dataDir: string) => path.join(releasesDir(dataDir), 'upgrade.json');

/**
 * Replaces `file` with `value` so that a crash at any moment leaves the old or the new content, never
 * a mix: written beside it, flushed, renamed over it, and the folder flushed.
 */
export async function writeJsonAtomically(file: string, value: unknown): Promise<void> {
  const temporary = `${file}.${randomUUID().slice(0, 8)}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(`${JSON.stringify(value, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  const folder = await open(path.dirname(file), 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

export const readPointer = (dataDir: string) => readJson<ReleasePointer>(pointerFile(dataDir));
export const writePointer = (dataDir: string, pointer: ReleasePointer) =>
  writeJsonAtomically(pointerFile(dataDir), pointer);

export const readUpgradeState = (dataDir: string) => readJson<UpgradeState>(stateFile(dataDir));
export const writeUpgradeState = (dataDir: string, state: UpgradeState) =>
  writeJsonAtomically(stateFile(dataDir), state);
export const removeUpgradeState = (dataDir: string) => rm(stateFile(dataDir), { force: true });

/** The previous release becomes the current one again, and the upgrade records why. */
export async function revertPointer(dataDir: string, pointer: ReleasePointer, why: string): Promise<void> {
  const state = await readUpgradeState(dataDir);
  if (state) await writeUpgradeState(dataDir, { ...state, failure: state.failure ?? why });
  const previous = pointer.previous ?? pointer;
  await writePointer(dataDir, { ...previous, previous: null, trial: false });
}
