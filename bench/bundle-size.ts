import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * Gzip size of what the browser downloads, read from the built `dist` folders.
 *
 * - Host first page (signed-in home): index.html and every JS/CSS asset of `host/dist`. Measured in
 *   chromium, the signed-in home page loads all of them except a 1.4 KiB react-dom stub, so this is
 *   a tight upper bound. (The login page loads less: the layout chunk and pro-components are lazy.)
 * - Home plugin: its `mf-manifest.json`, `remoteEntry.js` and the chunks of the exposed `./App`
 *   (sync and async, from the manifest). Fallback chunks of shared libraries are not loaded when the
 *   host provides that library, so they only count for libraries the host manifest does not share.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface ManifestAssets {
  js: { sync: string[]; async: string[] };
  css: { sync: string[]; async: string[] };
}

interface FederationManifest {
  metaData: { remoteEntry: { name: string; path: string } };
  shared: { name: string; assets: ManifestAssets }[];
  exposes: { name: string; assets: ManifestAssets }[];
}

export interface BundleFile {
  file: string;
  bytes: number;
  gzipBytes: number;
  /** Shared library this file provides, when the manifest says so. */
  shared?: string;
}

export interface BundleReport {
  hostKiB: number;
  homeKiB: number;
  details: {
    host: BundleFile[];
    home: BundleFile[];
    /** Shared libraries of the host, gzip KiB each (from its manifest). */
    hostShared: Record<string, number>;
  };
}

function measure(dir: string, file: string, shared?: string): BundleFile {
  const content = readFileSync(path.join(dir, file));
  return {
    file,
    bytes: content.length,
    gzipBytes: gzipSync(content, { level: 9 }).length,
    ...(shared ? { shared } : {}),
  };
}

function readManifest(dir: string): FederationManifest {
  const file = path.join(dir, 'mf-manifest.json');
  if (!existsSync(file)) throw new Error(`${path.relative(root, file)} is missing: run npm run build first`);
  return JSON.parse(readFileSync(file, 'utf8')) as FederationManifest;
}

function assetsOf(assets: ManifestAssets): string[] {
  return [...assets.js.sync, ...assets.js.async, ...assets.css.sync, ...assets.css.async];
}

function listAssets(dir: string, relative = ''): string[] {
  const files: string[] = [];
  for (const name of readdirSync(path.join(dir, relative))) {
    const file = path.posix.join(relative, name);
    if (statSync(path.join(dir, file)).isDirectory()) files.push(...listAssets(dir, file));
    else if (/\.(js|css)$/.test(name)) files.push(file);
  }
  return files.sort();
}

const kib = (files: readonly BundleFile[]) =>
  Math.round((files.reduce((sum, file) => sum + file.gzipBytes, 0) / 1024) * 10) / 10;

export function measureBundles(options: { hostDir?: string; pluginDir?: string } = {}): BundleReport {
  const hostDir = options.hostDir ?? path.join(root, 'host', 'dist');
  const pluginDir = options.pluginDir ?? path.join(root, 'plugins', 'home', 'dist');

  const hostManifest = readManifest(hostDir);
  const sharedByFile = new Map<string, string>();
  for (const shared of hostManifest.shared) {
    for (const file of assetsOf(shared.assets)) sharedByFile.set(file, shared.name);
  }
  const host = [
    measure(hostDir, 'index.html'),
    ...listAssets(hostDir).map((file) => measure(hostDir, file, sharedByFile.get(file))),
  ];
  const hostShared: Record<string, number> = {};
  for (const shared of hostManifest.shared) {
    hostShared[shared.name] = kib(host.filter((file) => file.shared === shared.name));
  }

  const plugin = readManifest(pluginDir);
  const provided = new Set(hostManifest.shared.map((shared) => shared.name));
  const homeFiles = new Set<string>(['mf-manifest.json']);
  const entry = plugin.metaData.remoteEntry;
  homeFiles.add(path.posix.join(entry.path, entry.name));
  for (const expose of plugin.exposes) for (const file of assetsOf(expose.assets)) homeFiles.add(file);
  for (const shared of plugin.shared) {
    if (!provided.has(shared.name)) for (const file of assetsOf(shared.assets)) homeFiles.add(file);
  }
  const home = [...homeFiles].map((file) => measure(pluginDir, file));

  return { hostKiB: kib(host), homeKiB: kib(home), details: { host, home, hostShared } };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const report = measureBundles();
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}
