import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { ChunkRecord } from '../host/build/bundle-stats.js';

/**
 * Gzip size of what the browser downloads on the first page, read from the built `dist` folders:
 * `bundle-stats.json` (chunks, why each exists and the shared modules each one imports, written by
 * rspack.config.ts) and the module-federation manifests.
 *
 * A page's chunks are found the way the federation runtime loads them:
 * - the host's entry, its bootstrap, and the console layout (signed in) or the login page, which
 *   are `import()`s of the host's own `./src`; what the layout fetches right after its first paint
 *   (the site tree, the time-zone select, the operation dialog, the 404 and area-unavailable pages)
 *   is counted apart (`hostAfterPaintKiB`): the shell and the home page are shown without it;
 *   other host `import()`s (a header dialog, the password pages) are not counted;
 * - the home plugin's remote entry and exposed App;
 * - every shared module those chunks import (antd pieces, the UI kit's core, react …) is served by
 *   the host, which alone provides the lazily loaded ones: the chunks providing it count, and the
 *   shared modules their code imports in turn, until nothing new is imported.
 * Not counted: chunks created by an `import()` inside a library or the UI kit (e.g. the lazy
 * parameter editor: they load when that feature renders), consume-shared fallbacks (the provided
 * copy is used), and what the host provides that the page does not import (the full UI kit, antd
 * whole, pro-components, antd pieces no first-page code uses: they load with the first area that
 * imports them). Checked against the files chromium fetches by e2e/console.e2e.test.ts (same sets,
 * asserted: with the after-paint files held back, the signed-in page shows its shell and home page
 * having fetched exactly the first page's; then exactly those held back follow).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Origin = ChunkRecord['origins'][number];

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
  /** Shared libraries the page fetches this file for (`a + b` when several); none for the host's code. */
  shared?: string;
}

export interface BundleReport {
  /** Host, signed-in first page (home): what the browser needs before the shell and home page show. */
  hostKiB: number;
  /** Host, what the signed-in page fetches right after its first paint (`details.hostAfterPaint`). */
  hostAfterPaintKiB: number;
  /** Home plugin's own files: mf-manifest.json, remoteEntry.js, the exposed App's chunks. */
  homeKiB: number;
  details: {
    host: BundleFile[];
    /** Host, login page: its files and their gzip KiB (no layout, no home plugin). */
    hostLoginKiB: number;
    hostLogin: BundleFile[];
    /** What the signed-in page fetches right after its first paint (the layout's lazy parts). */
    hostAfterPaint: BundleFile[];
    home: BundleFile[];
    /** Fetched on neither page (lazy features, fallbacks, shared modules these pages do not import). */
    notLoaded: string[];
    /**
     * The host's files on the signed-in first page by the shared libraries they are fetched for,
     * gzip KiB (antd's pieces together as `antd`; `a + b` for files several need; the host's own
     * code and the federation runtime are not listed).
     */
    hostShared: Record<string, number>;
    /** Shared modules the signed-in first page imports. */
    sharedImported: string[];
  };
}

const PROVIDE = /^provide shared module \([^)]*\) (@?[^@]+)@/;
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

const servedFiles = (chunk: ChunkRecord) => chunk.files.filter((file) => /\.(js|css)$/.test(file));

type Page = 'signedIn' | 'afterPaint' | 'login';

/**
 * What the console layout fetches once it is shown: the site tree and the time-zone select (after
 * same-size placeholders), the operation dialog, the 404 and area-unavailable pages (`later-parts`).
 */
const AFTER_PAINT = [
  '/SiteFilter',
  '/TimeZoneSelect',
  '/operation-dialog',
  '/NotFoundPage',
  '/AreaUnavailable',
];

/**
 * The host's own `import()`s a page runs: the bootstrap, then the console layout or the login
 * page; after the signed-in page's first paint, the layout's lazy parts too.
 */
function pageImport(origin: Origin, page: Page): boolean {
  if (!origin.module.startsWith('./src/')) return false;
  if (origin.request === './bootstrap') return true;
  if (page === 'login') return origin.request.includes('/LoginPage');
  return (
    origin.request.includes('/ConsoleLayout') ||
    (page === 'afterPaint' && AFTER_PAINT.some((part) => origin.request.includes(part)))
  );
}

/**
 * The host's chunks a page loads: its entry, the host `import()`s it runs, and the chunks providing
 * every shared module imported by what is loaded (starting with `imported`, the home plugin's).
 */
function hostPage(
  chunks: readonly ChunkRecord[],
  page: Page,
  imported: Iterable<string>,
): { chunks: Set<ChunkRecord>; imported: Set<string> } {
  const loaded = new Set<ChunkRecord>();
  const consumed = new Set(imported);
  for (let grew = true; grew; ) {
    grew = false;
    for (const chunk of chunks) {
      if (loaded.has(chunk)) continue;
      const fetched =
        chunk.entry ||
        chunk.origins.some((origin) => {
          const provided = PROVIDE.exec(origin.module)?.[1];
          return provided ? consumed.has(provided) : pageImport(origin, page);
        });
      if (!fetched) continue;
      loaded.add(chunk);
      for (const key of chunk.consumes) consumed.add(key);
      grew = true;
    }
  }
  return { chunks: loaded, imported: consumed };
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

const kib = (files: readonly BundleFile[]) =>
  Math.round((files.reduce((sum, file) => sum + file.gzipBytes, 0) / 1024) * 10) / 10;

/** antd's pieces (`antd/es/button`) report as `antd`. */
const libraryOf = (shared: string) => (shared.startsWith('antd/') ? 'antd' : shared);

export function measureBundles(options: { hostDir?: string; pluginDir?: string } = {}): BundleReport {
  const hostDir = options.hostDir ?? path.join(root, 'host', 'dist');
  const pluginDir = options.pluginDir ?? path.join(root, 'plugins', 'home', 'dist');
  const notLoaded: string[] = [];

  // The home plugin: remote entry and exposed App, less what only a library's import() loads.
  const plugin = readJson<FederationManifest>(pluginDir, 'mf-manifest.json');
  const pluginChunks = readJson<{ chunks: ChunkRecord[] }>(pluginDir, 'bundle-stats.json').chunks;
  const hostManifest = readJson<FederationManifest>(hostDir, 'mf-manifest.json');
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
  const homeImports = pluginChunks
    .filter((chunk) => chunk.files.some((file) => homeFiles.has(file)))
    .flatMap((chunk) => chunk.consumes);
  const home = [...homeFiles].map((file) => measure(pluginDir, file));

  // The host: the signed-in first page (with the home plugin's imports) and the login page.
  const hostChunks = readJson<{ chunks: ChunkRecord[] }>(hostDir, 'bundle-stats.json').chunks;
  const signedIn = hostPage(hostChunks, 'signedIn', homeImports);
  const login = hostPage(hostChunks, 'login', []);
  const painted = hostPage(hostChunks, 'afterPaint', homeImports);
  const afterPaint = {
    chunks: new Set([...painted.chunks].filter((chunk) => !signedIn.chunks.has(chunk))),
    imported: painted.imported,
  };
  /** The shared libraries a page fetches a chunk for (none: the host's own code). */
  const libraries = (chunk: ChunkRecord, imported: Set<string>) =>
    [
      ...new Set(
        chunk.origins.flatMap((origin) => {
          const key = PROVIDE.exec(origin.module)?.[1];
          return key && imported.has(key) ? [libraryOf(key)] : [];
        }),
      ),
    ]
      .sort()
      .join(' + ') || undefined;
  const filesOf = (page: { chunks: Set<ChunkRecord>; imported: Set<string> }) => [
    measure(hostDir, 'index.html'),
    ...hostChunks
      .filter((chunk) => page.chunks.has(chunk))
      .flatMap((chunk) =>
        servedFiles(chunk).map((file) => measure(hostDir, file, libraries(chunk, page.imported))),
      ),
  ];
  const host = filesOf(signedIn);
  const loginPage = filesOf(login);
  const hostAfterPaint = filesOf(afterPaint).filter((file) => file.file !== 'index.html');
  for (const chunk of hostChunks) {
    if (!painted.chunks.has(chunk) && !login.chunks.has(chunk))
      notLoaded.push(...servedFiles(chunk).map((file) => `host/${file}`));
  }

  const hostShared: Record<string, number> = {};
  for (const library of new Set(host.flatMap((file) => (file.shared ? [file.shared] : [])))) {
    hostShared[library] = kib(host.filter((file) => file.shared === library));
  }

  return {
    hostKiB: kib(host),
    hostAfterPaintKiB: kib(hostAfterPaint),
    homeKiB: kib(home),
    details: {
      host,
      hostLoginKiB: kib(loginPage),
      hostLogin: loginPage,
      hostAfterPaint,
      home,
      notLoaded,
      hostShared,
      sharedImported: [...signedIn.imported].sort(),
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

/**
 * What opening each area after the signed-in first page fetches from the host, gzip KiB: the shared
 * modules its screen imports that the signed-in visit did not load, before or right after its first
 * paint (the full UI kit, antd's table, forms …).
 */
export function measureAreaHostLoads(): Record<string, number> {
  const { details } = measureBundles();
  const firstPage = new Set([...details.host, ...details.hostAfterPaint].map((file) => file.file));
  const plugins = path.join(root, 'plugins');
  const sizes: Record<string, number> = {};
  for (const name of readdirSync(plugins).sort()) {
    const dist = path.join(plugins, name, 'dist');
    if (!existsSync(path.join(dist, 'mf-manifest.json'))) continue;
    sizes[name] = kib(
      measureBundles({ pluginDir: dist }).details.host.filter((file) => !firstPage.has(file.file)),
    );
  }
  return sizes;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const report = measureBundles();
  const areas = { ownKiB: measurePluginBundles(), hostKiBAdded: measureAreaHostLoads() };
  process.stdout.write(`${JSON.stringify({ ...report, areas }, null, 2)}\n`);
}
