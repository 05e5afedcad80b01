import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * Gzip size of what the browser downloads on the first page, read from the built `dist` folders:
 * `bundle-stats.json` (chunks and why each exists, written by rspack.config.ts) and the
 * module-federation manifests.
 *
 * A chunk counts unless the browser provably does not fetch it on that page:
 * - chunks created by an `import()` inside a library or the UI kit (e.g. the lazy parameter editor)
 *   load only when that feature renders;
 * - chunks that exist only as a consume-shared fallback are not fetched, the provided copy is used;
 * - for the home plugin, everything the host provides as a shared singleton is the host's cost.
 * The host's own `import()`s (bootstrap, console layout) are on the signed-in first page. The login
 * page figure also leaves out the layout chunk and the pro-components chunks. Checked against the
 * files chromium fetches by e2e/console.e2e.test.ts (same set, asserted).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface ChunkRecord {
  id: string;
  files: string[];
  entry: boolean;
  origins: { module: string; request: string }[];
}

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
  /** Host, signed-in first page (home): shell, layout and every shared library it uses. */
  hostKiB: number;
  /** Home plugin's own files: mf-manifest.json, remoteEntry.js, the exposed App's chunks. */
  homeKiB: number;
  details: {
    host: BundleFile[];
    /** Host, login page only (no layout, no pro-components). */
    hostLoginKiB: number;
    home: BundleFile[];
    /** Built but not fetched on these pages (lazy features, fallbacks of provided shared modules). */
    notLoaded: string[];
    /** Shared libraries of the host, gzip KiB each (from its manifest). */
    hostShared: Record<string, number>;
  };
}

const SHARED_ORIGIN = /^(provide|consume) shared module/;

function readJson<T>(dir: string, file: string): T {
  const full = path.join(dir, file);
  if (!existsSync(full)) throw new Error(`${path.relative(root, full)} is missing: run npm run build first`);
  return JSON.parse(readFileSync(full, 'utf8')) as T;
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

function assetsOf(assets: ManifestAssets): string[] {
  return [...assets.js.sync, ...assets.js.async, ...assets.css.sync, ...assets.css.async];
}

/** Only there for an `import()` inside a library or the kit (not the package's own `./src`). */
function lazyInLibrary(chunk: ChunkRecord): boolean {
  return (
    chunk.origins.length > 0 &&
    chunk.origins.every(
      (origin) =>
        origin.request !== '' && !SHARED_ORIGIN.test(origin.module) && !origin.module.startsWith('./src/'),
    )
  );
}

/**
 * A host `import()` other than the bootstrap and the console layout (a dialog opened from the
 * header): fetched only when that feature is opened.
 */
function lazyHostFeature(chunk: ChunkRecord): boolean {
  return (
    chunk.origins.length > 0 &&
    chunk.origins.every(
      (origin) =>
        origin.request !== '' &&
        origin.module.startsWith('./src/') &&
        origin.request !== './bootstrap' &&
        !origin.request.includes('ConsoleLayout'),
    )
  );
}

function fallbackOnly(chunk: ChunkRecord): boolean {
  return (
    chunk.origins.length > 0 &&
    chunk.origins.every((origin) => origin.module.startsWith('consume shared module'))
  );
}

function onlyFor(
  chunk: ChunkRecord,
  test: (origin: { module: string; request: string }) => boolean,
): boolean {
  return chunk.origins.length > 0 && chunk.origins.every(test);
}

const kib = (files: readonly BundleFile[]) =>
  Math.round((files.reduce((sum, file) => sum + file.gzipBytes, 0) / 1024) * 10) / 10;

export function measureBundles(options: { hostDir?: string; pluginDir?: string } = {}): BundleReport {
  const hostDir = options.hostDir ?? path.join(root, 'host', 'dist');
  const pluginDir = options.pluginDir ?? path.join(root, 'plugins', 'home', 'dist');
  const notLoaded: string[] = [];

  const hostManifest = readJson<FederationManifest>(hostDir, 'mf-manifest.json');
  const hostChunks = readJson<{ chunks: ChunkRecord[] }>(hostDir, 'bundle-stats.json').chunks;
  const sharedByFile = new Map<string, string>();
  for (const shared of hostManifest.shared) {
    for (const file of assetsOf(shared.assets)) sharedByFile.set(file, shared.name);
  }
  const host: BundleFile[] = [measure(hostDir, 'index.html')];
  const loginOnlyExcluded = new Set<string>();
  for (const chunk of hostChunks) {
    const files = chunk.files.filter((file) => /\.(js|css)$/.test(file));
    if (!chunk.entry && (lazyInLibrary(chunk) || fallbackOnly(chunk) || lazyHostFeature(chunk))) {
      notLoaded.push(...files.map((file) => `host/${file}`));
      continue;
    }
    const afterSignIn =
      onlyFor(chunk, (origin) => origin.request.includes('ConsoleLayout')) ||
      onlyFor(
        chunk,
        (origin) =>
          SHARED_ORIGIN.test(origin.module) && origin.module.includes('@ant-design/pro-components@'),
      );
    for (const file of files) {
      host.push(measure(hostDir, file, sharedByFile.get(file)));
      if (afterSignIn) loginOnlyExcluded.add(file);
    }
  }
  const hostShared: Record<string, number> = {};
  for (const shared of hostManifest.shared) {
    hostShared[shared.name] = kib(host.filter((file) => file.shared === shared.name));
  }

  const plugin = readJson<FederationManifest>(pluginDir, 'mf-manifest.json');
  const pluginChunks = readJson<{ chunks: ChunkRecord[] }>(pluginDir, 'bundle-stats.json').chunks;
  const lazyFiles = new Set(pluginChunks.filter(lazyInLibrary).flatMap((chunk) => chunk.files));
  const provided = new Set(hostManifest.shared.map((shared) => shared.name));
  const homeFiles = new Set<string>(['mf-manifest.json']);
  const entry = plugin.metaData.remoteEntry;
  homeFiles.add(path.posix.join(entry.path, entry.name));
  for (const expose of plugin.exposes) for (const file of assetsOf(expose.assets)) homeFiles.add(file);
  for (const shared of plugin.shared) {
    if (!provided.has(shared.name)) for (const file of assetsOf(shared.assets)) homeFiles.add(file);
  }
  for (const file of lazyFiles) {
    if (homeFiles.delete(file)) notLoaded.push(`home/${file}`);
  }
  const home = [...homeFiles].map((file) => measure(pluginDir, file));

  return {
    hostKiB: kib(host),
    homeKiB: kib(home),
    details: {
      host,
      hostLoginKiB: kib(host.filter((file) => !loginOnlyExcluded.has(file.file))),
      home,
      notLoaded,
      hostShared,
    },
  };
}

/** Every built plugin's own first-screen weight (what `homeKiB` is for home), gzip KiB by plugin folder. */
export function measurePluginBundles(): Record<string, number> {
  const plugins = path.join(root, 'plugins');
  const sizes: Record<string, number> = {};
  for (const name of readdirSync(plugins).sort()) {
    const dist = path.join(plugins, name, 'dist');
    if (existsSync(path.join(dist, 'mf-manifest.json')))
      sizes[name] = measureBundles({ pluginDir: dist }).homeKiB;
  }
  return sizes;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const report = measureBundles();
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}
