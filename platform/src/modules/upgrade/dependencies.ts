import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, readlink, realpath, symlink } from 'node:fs/promises';
import path from 'node:path';

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
}

/** The installed third-party packages a lockfile names (the workspace's own packages left out). */
async function installed(lockfile: string): Promise<string> {
  const lock = JSON.parse(await readFile(lockfile, 'utf8')) as { packages?: Record<string, LockEntry> };
  const entries = Object.entries(lock.packages ?? {})
    .filter(([key, entry]) => key.includes('node_modules/') && !entry.link)
    .map(([key, entry]) => `${key}@${entry.version}|${entry.resolved ?? ''}|${entry.integrity ?? ''}`)
    .sort();
  return entries.join('\n');
}

/** Whether a release needs exactly the dependencies installed for the running one. */
export async function sameDependencies(runningRoot: string, releaseRoot: string): Promise<boolean> {
  try {
    const [running, release] = await Promise.all([
      installed(path.join(runningRoot, 'package-lock.json')),
      installed(path.join(releaseRoot, 'package-lock.json')),
    ]);
    return running === release;
  } catch {
    return false;
  }
}

/** The workspaces that can have a node_modules folder of their own. */
async function workspaces(root: string): Promise<string[]> {
  const found = ['platform', 'sdk', 'host'];
  for (const parent of ['plugins', 'drivers']) {
    if (!existsSync(path.join(root, parent))) continue;
    for (const name of await readdir(path.join(root, parent))) found.push(`${parent}/${name}`);
  }
  return found;
}

/**
 * Gives a release folder the running release's installed dependencies without copying them: its
 * `node_modules` holds a link to each installed package, except the workspace's own packages
 * (`@phonefleet/*`), whose relative links point at the release's own folders.
 */
export async function linkDependencies(runningRoot: string, releaseRoot: string): Promise<void> {
  const from = path.join(runningRoot, 'node_modules');
  const to = path.join(releaseRoot, 'node_modules');
  await mkdir(to, { recursive: true });
  for (const name of await readdir(from)) {
    const source = path.join(from, name);
    if (name === '@phonefleet') {
      await mkdir(path.join(to, name), { recursive: true });
      for (const own of await readdir(source)) {
        await symlink(await readlink(path.join(source, own)), path.join(to, name, own));
      }
    } else {
      await symlink(await realpath(source), path.join(to, name));
    }
  }
  for (const workspace of await workspaces(runningRoot)) {
    const nested = path.join(runningRoot, workspace, 'node_modules');
    if (existsSync(nested) && existsSync(path.join(releaseRoot, workspace)))
      await symlink(await realpath(nested), path.join(releaseRoot, workspace, 'node_modules'));
  }
}
