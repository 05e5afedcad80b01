import { execFileSync } from 'node:child_process';
import { createHash, type KeyObject } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import {
  FILES_PREFIX,
  MANIFEST_ENTRY,
  type ReleaseManifest,
  SIGNATURE_ENTRY,
  signManifest,
} from './package-format.js';

/** Tracked files a running console does not need. */
const LEFT_OUT = [/^e2e\//, /^bench\//, /^\.ci\//, /^\.github\//, /\.test\.tsx?$/];

async function filesUnder(root: string, folder: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path.join(root, folder), { withFileTypes: true })) {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) found.push(...(await filesUnder(root, relative)));
    else if (entry.isFile()) found.push(relative);
  }
  return found;
}

/**
 * What `npm start` needs from a checkout: its tracked files (tests, browser tests, benches and CI
 * left out) and the built host and plugins (`dist/`). Dependencies are not included: a release runs
 * on the installed ones (docs/upgrade.md).
 */
export async function releaseFiles(root: string): Promise<string[]> {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && !LEFT_OUT.some((pattern) => pattern.test(file)))
    .filter((file) => existsSync(path.join(root, file)));
  const built: string[] = [];
  const workspaces = [
    'host',
    ...(await readdir(path.join(root, 'plugins'))).map((name) => `plugins/${name}`),
  ];
  for (const workspace of workspaces) {
    if (existsSync(path.join(root, workspace, 'dist')))
      built.push(...(await filesUnder(root, `${workspace}/dist`)));
  }
  return [...new Set([...tracked, ...built])].sort();
}

export interface PackageOptions {
  root: string;
  out: string;
  privateKey: KeyObject;
  /** The release's version; the checkout's package.json's when absent (the package's copy says it). */
  version?: string;
  notes?: string;
  /** The files to pack; `releaseFiles(root)` when absent. */
  files?: string[];
  /** Replaces a file's bytes in the package (a test's changed migration, say). */
  override?: Record<string, Buffer>;
}

/** Writes a signed installation package of the checkout at `root`; answers its manifest. */
export async function makePackage(options: PackageOptions): Promise<ReleaseManifest> {
  const files = options.files ?? (await releaseFiles(options.root));
  const contents = new Map<string, Buffer>();
  for (const file of files) contents.set(file, await readFile(path.join(options.root, file)));
  for (const [file, bytes] of Object.entries(options.override ?? {})) contents.set(file, bytes);
  const rootPackage = JSON.parse(contents.get('package.json')?.toString() ?? '{}') as { version?: string };
  const version = options.version ?? rootPackage.version ?? '0.0.0';
  contents.set('package.json', Buffer.from(`${JSON.stringify({ ...rootPackage, version }, null, 2)}\n`));
  const manifest: ReleaseManifest = {
    format: 1,
    version,
    notes: options.notes ?? '',
    createdAt: new Date().toISOString(),
    files: [...contents].map(([file, bytes]) => ({
      path: file,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    })),
  };
  const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 1));
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(options.out));
  pack.entry({ name: MANIFEST_ENTRY }, manifestBytes);
  pack.entry({ name: SIGNATURE_ENTRY }, signManifest(manifestBytes, options.privateKey));
  for (const [file, bytes] of contents) pack.entry({ name: `${FILES_PREFIX}${file}` }, bytes);
  pack.finalize();
  await written;
  return manifest;
}
