import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import {
  type Compiler,
  type Configuration,
  type Module,
  type ModuleGraph,
  type OptimizationSplitChunksOptions,
  type RspackPluginInstance,
  rspack,
} from '@rspack/core';
import { remoteName } from './sdk/src/plugin.js';

/**
 * One config factory for the browser side: the host shell and every UI plugin found under
 * `plugins/*` (package.json `"phonefleet": {"kind": "ui-plugin"}`). Nothing here lists plugins by
 * name, and the host gets its remotes at runtime from `GET /api/plugins`.
 */

const root = path.dirname(fileURLToPath(import.meta.url));
const development = process.env.NODE_ENV === 'development';

interface PackageJson {
  name?: string;
  version?: string;
  dependencies?: Record<string, string>;
  phonefleet?: { kind?: string; manifest?: string };
}

function readPackage(dir: string): PackageJson {
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
}

/** Version actually installed, so `requiredVersion` can never disagree with what is bundled. */
function installedVersion(name: string): string {
  const version = readPackage(path.join(root, 'node_modules', name)).version;
  if (!version) throw new Error(`rspack.config: cannot read the version of ${name}`);
  return version;
}

const sdkVersion = readPackage(path.join(root, 'sdk')).version ?? '0.0.0';

type SharedConfig = {
  singleton: true;
  requiredVersion: string;
  version?: string;
  /** What the build provides: a file the host always provides, or `false` (a plugin provides nothing). */
  import?: string | false;
};

const antdVersion = installedVersion('antd');

/**
 * antd's public pieces, each its own shared module `antd/es/<folder>` (`Button` is `antd/es/button`),
 * read from antd's index. Browser code keeps `import { Button } from 'antd'`: `antdImports`
 * rewrites it at build time.
 */
export function antdFolders(): string[] {
  const index = readFileSync(path.join(root, 'node_modules', 'antd', 'es', 'index.js'), 'utf8');
  const folders = [...index.matchAll(/export \{ default as \w+ \} from '\.\/([a-z-]+)';/g)].map(
    (match) => match[1] as string,
  );
  if (!folders.includes('button') || !folders.includes('config-provider')) {
    throw new Error("rspack.config: antd's es/index.js no longer lists its components as expected");
  }
  return folders;
}

/**
 * `import { Button, type ButtonProps } from 'antd'` → `import Button from 'antd/es/button'`, so
 * that a page loads the antd pieces it uses rather than all of antd (shared modules are not
 * tree-shaken). Applied to our sources and to pro-components' own files.
 */
const antdImports = [
  { libraryName: 'antd', customName: 'antd/es/{{ kebabCase member }}', transformToDefaultImport: true },
];

/**
 * The shared modules (TOOLCHAIN: react, react-dom, react-router, antd, pro-components and the
 * sdk, nothing else). Singletons, so that React contexts, the antd theme and locale and the sdk UI
 * kit's session/api state are one instance across host and remotes. `@ant-design/icons` is
 * deliberately not shared: shared modules are not tree-shaken, and the whole icon set would then
 * load on the first page.
 *
 * For the same reason the first page would carry the whole of each shared module it touches. So
 * antd is shared piece by piece (`antd/es/button`, …, and `antd` whole for code that imports it
 * so); the UI kit as `@phonefleet/sdk/ui/core` (the first page's part) and `@phonefleet/sdk/ui`
 * (all of it); `react-router` as its library API (host/src/shared/react-router.ts); and the host's
 * layout takes ProLayout from `@ant-design/pro-layout` (bundled, tree-shaken) while
 * `@ant-design/pro-components` stays shared for the areas.
 *
 * Each of those is provided by the host alone, from its file (so it is provided even where the host
 * never imports it), and loaded when first imported; a plugin provides none (`import: false`). One
 * provider is what keeps them one copy: the full kit, `antd` and `antd/es/table` run the very
 * modules the host's `@phonefleet/sdk/ui/core` and `antd/es/config-provider` run (one module per
 * file in the host's build), whereas a plugin's own `antd/es/table` would bring its own
 * ConfigProvider context (no zh-CN, no theme). react and react-dom stay provided by every build:
 * the host loads them before any plugin, so its copy is the one kept.
 */
function sharedModules(side: 'host' | 'plugin'): Record<string, SharedConfig> {
  const shared: Record<string, SharedConfig> = {};
  for (const name of ['react', 'react-dom'])
    shared[name] = { singleton: true, requiredVersion: `^${installedVersion(name)}` };
  shared['@phonefleet/sdk'] = { singleton: true, requiredVersion: `^${sdkVersion}`, version: sdkVersion };

  const fromHost = (file: string, version: string): SharedConfig =>
    side === 'host'
      ? { singleton: true, requiredVersion: `^${version}`, version, import: file }
      : { singleton: true, requiredVersion: `^${version}`, import: false };
  shared['react-router'] = fromHost(
    path.join(root, 'host', 'src', 'shared', 'react-router.ts'),
    installedVersion('react-router'),
  );
  const antd = path.join(root, 'node_modules', 'antd', 'es');
  shared.antd = fromHost(path.join(antd, 'index.js'), antdVersion);
  for (const folder of antdFolders())
    shared[`antd/es/${folder}`] = fromHost(path.join(antd, folder, 'index.js'), antdVersion);
  shared['@ant-design/pro-components'] = fromHost(
    path.join(root, 'node_modules', '@ant-design', 'pro-components', 'es', 'index.js'),
    installedVersion('@ant-design/pro-components'),
  );
  shared['@phonefleet/sdk/ui/core'] = fromHost(path.join(root, 'sdk', 'src', 'ui', 'core.ts'), sdkVersion);
  shared['@phonefleet/sdk/ui'] = fromHost(path.join(root, 'sdk', 'src', 'ui', 'index.ts'), sdkVersion);
  return shared;
}

/**
 * antd's pieces of the console's first pages, with the libraries under them, in two chunks:
 * `antd-shell` (the sign-in page's, which every page needs) and `antd-layout` (what the signed-in
 * layout and the home page add). Shared piece by piece they would come as ~150 small files (one per
 * combination of pieces sharing a module); they load together anyway. Only the weight and the
 * number of files depend on these lists: a piece missing here still loads, in chunks of its own.
 */
const ANTD_CHUNKS: Record<string, { antd: string[]; libraries: string[] }> = {
  'antd-shell': {
    antd: [
      ...['_util', 'config-provider', 'locale', 'style', 'theme', 'version', 'app', 'message'],
      ...['notification', 'modal', 'alert', 'button'],
      ...['card', 'tabs', 'dropdown', 'menu', 'empty', 'form', 'grid', 'row', 'col', 'input'],
      ...['space', 'spin', 'tooltip', 'typography', 'layout', 'skeleton'],
    ],
    libraries: [
      ...['rc-util', 'rc-motion', 'rc-resize-observer', 'rc-field-form', 'rc-input', 'rc-textarea'],
      ...['rc-menu', 'rc-dropdown', 'rc-tooltip', 'rc-notification', 'rc-dialog', 'rc-overflow'],
      ...['rc-tabs', '@rc-component/trigger', '@rc-component/portal'],
      ...['@rc-component/async-validator', '@rc-component/mini-decimal', '@rc-component/context'],
      ...['@ant-design/cssinjs', '@ant-design/cssinjs-utils'],
      ...['@ant-design/fast-color', '@ant-design/colors', '@babel/runtime', 'classnames', 'react-is'],
      ...['resize-observer-polyfill', '@emotion/hash', '@emotion/unitless', 'stylis'],
      ...['copy-to-clipboard', 'toggle-selection', 'throttle-debounce', 'compute-scroll-into-view'],
      'scroll-into-view-if-needed',
    ],
  },
  'antd-layout': {
    antd: [...['avatar', 'badge', 'breadcrumb', 'drawer', 'popover', 'statistic', 'tag']],
    libraries: ['rc-drawer'],
  },
  // The sidebar's site tree and the footer's time-zone select, fetched after the first paint.
  'antd-pickers': {
    antd: ['select', 'tree', 'tree-select'],
    libraries: ['rc-select', 'rc-tree', 'rc-tree-select', 'rc-virtual-list'],
  },
};

/** The chunk of `ANTD_CHUNKS` a module (its file under node_modules) goes to, if any. */
export function antdChunkOf(file: string): string | undefined {
  const match = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/](?:es[\\/]([^\\/.]+))?/.exec(file);
  if (!match?.[1]) return undefined;
  const name = match[1].replace(/\\/g, '/');
  return Object.keys(ANTD_CHUNKS).find((chunk) =>
    name === 'antd'
      ? ANTD_CHUNKS[chunk]?.antd.includes(match[2] ?? '')
      : ANTD_CHUNKS[chunk]?.libraries.includes(name),
  );
}

const ICONS = /[\\/]node_modules[\\/]@ant-design[\\/]icons(-svg)?[\\/]/;
/**
 * Icons of the host's code and of the layout's library: the pages' and the components both pages
 * show (the language switch) in `antd-shell`, the layout's in `antd-layout`.
 */
const HOST_PAGES = /[\\/]host[\\/]src[\\/](pages|components)[\\/]/;
const HOST_CODE = /[\\/](host[\\/]src|node_modules[\\/]@ant-design[\\/]pro-layout)[\\/]/;
const iconChunks = new WeakMap<ModuleGraph, Map<string, string>>();
/** An icon none of the first pages' chunks imports: it goes with what imports it. */
const ELSEWHERE = 'elsewhere';

/**
 * The chunk an icon (or the icons' own code) goes to: the first of `ANTD_CHUNKS` whose pieces
 * import it (the host's pages and shared components count as `antd-shell`, the rest of its code
 * and ProLayout as `antd-layout`); other icons go with what imports them. One chunk of all the
 * icons the host's antd uses put the table's, the image viewer's and the pickers' icons on the
 * first page.
 */
function iconChunkOf(module: Module, graph: ModuleGraph): string {
  const known = iconChunks.get(graph) ?? new Map<string, string>();
  iconChunks.set(graph, known);
  const order = [...Object.keys(ANTD_CHUNKS), ELSEWHERE];
  // `path`: the importers being visited (an import cycle is not followed); a result is kept only
  // when no cycle was cut under it, so it does not depend on the order modules are asked in.
  const visit = (icon: Module, path: Set<string>): { chunk: string; complete: boolean } => {
    const id = icon.identifier();
    const cached = known.get(id);
    if (cached) return { chunk: cached, complete: true };
    path.add(id);
    let best = ELSEWHERE;
    let complete = true;
    for (const connection of graph.getIncomingConnections(icon)) {
      const origin = connection.originModule;
      if (!origin || connection.getActiveState(undefined) === false) continue;
      if (path.has(origin.identifier())) {
        complete = false;
        continue;
      }
      const file = origin.nameForCondition() ?? '';
      let chunk: string;
      if (ICONS.test(file)) {
        const found = visit(origin, path);
        complete &&= found.complete;
        chunk = found.chunk;
      } else {
        chunk =
          antdChunkOf(file) ??
          (HOST_PAGES.test(file) ? 'antd-shell' : HOST_CODE.test(file) ? 'antd-layout' : ELSEWHERE);
      }
      if (order.indexOf(chunk) < order.indexOf(best)) best = chunk;
    }
    path.delete(id);
    if (complete) known.set(id, best);
    return { chunk: best, complete };
  };
  return visit(module, new Set()).chunk;
}

/**
 * The host's lazy chunks: the first pages' antd in two (above) and the site filter's and time
 * zone's in one, each with the icons its pieces use (each a few hundred bytes, `iconChunkOf`), and
 * no chunk under 2 KB rather than 20 KB (a module shared by several pieces and smaller than the
 * minimum is copied into each of their chunks). Measured on the signed-in first page: rspack's
 * defaults 615 KiB gzip in 98 files, a 2 KB minimum alone 546 in 154, with the groups and all icons
 * in one chunk 510 in 23 (the login page 387 in 20); icons with their pieces 445 in 22.
 */
const hostChunks: OptimizationSplitChunksOptions = {
  chunks: 'async',
  minSize: 2000,
  cacheGroups: {
    ...Object.fromEntries(
      Object.keys(ANTD_CHUNKS).map((name) => [
        name,
        {
          test: (module: Module) => antdChunkOf(module.nameForCondition() ?? '') === name,
          name,
          chunks: 'async' as const,
          enforce: true,
          priority: 10,
        },
      ]),
    ),
    ...Object.fromEntries(
      Object.keys(ANTD_CHUNKS).map((name) => [
        `${name}-icons`,
        {
          test: (module: Module, { moduleGraph }: { moduleGraph: ModuleGraph }) =>
            ICONS.test(module.nameForCondition() ?? '') && iconChunkOf(module, moduleGraph) === name,
          name,
          chunks: 'async' as const,
          enforce: true,
          priority: 5,
        },
      ]),
    ),
  },
};

/** One chunk as bench/bundle-size.ts reads it from `dist/bundle-stats.json`. */
export interface ChunkRecord {
  id: string;
  files: string[];
  entry: boolean;
  /** Why the chunk exists: `import()` sites (module + request) or shared-module provide/consume. */
  origins: { module: string; request: string }[];
  /** Shared modules this chunk's code imports (loaded before the chunk runs). */
  consumes: string[];
}

const CONSUME = /^consume shared module \([^)]*\) (@?[^@]+)@/;

/** Writes the chunk list with origins, so the bundle-size bench can tell what a first page loads. */
class BundleStatsPlugin implements RspackPluginInstance {
  apply(compiler: Compiler): void {
    compiler.hooks.done.tap('BundleStatsPlugin', (stats) => {
      const json = stats.toJson({
        all: false,
        chunks: true,
        chunkOrigins: true,
        modules: true,
        modulesSpace: Number.POSITIVE_INFINITY,
        ids: true,
      });
      const consumes = new Map<string, Set<string>>();
      for (const module of json.modules ?? []) {
        const key = CONSUME.exec(module.name ?? '')?.[1];
        if (!key) continue;
        for (const chunk of module.chunks ?? []) {
          const keys = consumes.get(String(chunk)) ?? new Set<string>();
          keys.add(key);
          consumes.set(String(chunk), keys);
        }
      }
      const chunks: ChunkRecord[] = (json.chunks ?? []).map((chunk) => ({
        id: String(chunk.id),
        files: [...(chunk.files ?? [])],
        entry: chunk.entry,
        origins: (chunk.origins ?? []).map((origin) => ({
          module: origin.moduleName ?? origin.module ?? '',
          request: origin.request ?? '',
        })),
        consumes: [...(consumes.get(String(chunk.id)) ?? [])].sort(),
      }));
      const outputPath = compiler.options.output.path ?? '';
      mkdirSync(outputPath, { recursive: true });
      writeFileSync(path.join(outputPath, 'bundle-stats.json'), `${JSON.stringify({ chunks }, null, 1)}\n`);
    });
  }
}

function baseConfig(name: string, dir: string): Configuration {
  return {
    name,
    context: dir,
    mode: development ? 'development' : 'production',
    devtool: development ? 'cheap-module-source-map' : false,
    target: 'web',
    entry: { main: './src/index.ts' },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'],
      // The sdk is TypeScript source written with NodeNext-style `.js` specifiers.
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development, refresh: false } },
              target: 'es2022',
            },
            transformImport: antdImports,
          },
          type: 'javascript/auto',
        },
        {
          // pro-components' packages import antd whole too (`import { Layout } from 'antd'`).
          test: /\.js$/,
          include: /node_modules[\\/]@ant-design[\\/]pro-[a-z-]+[\\/]es[\\/]/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: { parser: { syntax: 'ecmascript', jsx: false }, target: 'es2022' },
            transformImport: antdImports,
          },
          type: 'javascript/auto',
        },
      ],
    },
    performance: { hints: false },
    optimization: { minimize: !development },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
  };
}

/**
 * pro-components' texts (pro-provider's `intlMap`) in the console's two languages only: the other
 * 31 are English (never chosen: the console passes antd's en_US or zh_CN locale, which pick en-US
 * and zh-CN), so the layout does not bring 31 languages' texts to the first page.
 */
const proLocales = new rspack.NormalModuleReplacementPlugin(
  /^\.\/locale\/(?!en_US$|zh_CN$)[a-z]{2}_[A-Z]{2}$/,
  (resource: { context: string; request: string }) => {
    if (/[\\/]@ant-design[\\/]pro-provider[\\/]es$/.test(resource.context))
      resource.request = './locale/en_US';
  },
);

/**
 * ProLayout's own texts (its settings drawer's, chosen by `navigator.language`, any other language
 * falling to zh-CN) in en-US and zh-CN only: the others (it-IT, ko-KR, zh-TW) are English, the
 * console's fallback, and off the first page.
 */
const proLayoutLocales = new rspack.NormalModuleReplacementPlugin(
  /^\.\/(?!en-US$|zh-CN$)[a-z]{2}-[A-Z]{2}$/,
  (resource: { context: string; request: string }) => {
    if (/[\\/]@ant-design[\\/]pro-layout[\\/]es[\\/]locales$/.test(resource.context))
      resource.request = './en-US';
  },
);

/**
 * `@ant-design/icons/ArrowLeftOutlined` (pro-layout's page header imports icons so) is the CommonJS
 * build, with its own copy of the icons' code: the ES module the rest of antd imports is used.
 */
const iconsAsModules = new rspack.NormalModuleReplacementPlugin(
  /^@ant-design\/icons\/[A-Z][A-Za-z]+$/,
  (resource: { request: string }) => {
    resource.request = resource.request.replace('@ant-design/icons/', '@ant-design/icons/es/icons/');
  },
);

/** pro-utils' error boundary with antd's Result loaded when shown (host/src/layout/pro-error-boundary.tsx). */
const proErrorBoundary = new rspack.NormalModuleReplacementPlugin(
  /^\.\/components\/ErrorBoundary$/,
  (resource: { context: string; request: string }) => {
    if (/[\\/]@ant-design[\\/]pro-utils[\\/]es$/.test(resource.context))
      resource.request = path.join(root, 'host', 'src', 'layout', 'pro-error-boundary.tsx');
  },
);

function hostConfig(): Configuration {
  const dir = path.join(root, 'host');
  const base = baseConfig('host', dir);
  return {
    ...base,
    optimization: { ...base.optimization, splitChunks: hostChunks },
    output: {
      path: path.join(dir, 'dist'),
      // `auto` breaks deep links such as /device/editDevice (TOOLCHAIN).
      publicPath: '/',
      filename: development ? '[name].js' : 'assets/[name].[contenthash:8].js',
      chunkFilename: development ? '[name].js' : 'assets/[name].[contenthash:8].js',
      uniqueName: 'pf_host',
      clean: true,
    },
    plugins: [
      proLocales,
      proLayoutLocales,
      proErrorBoundary,
      iconsAsModules,
      new rspack.HtmlRspackPlugin({ template: path.join(dir, 'index.html'), inject: 'body' }),
      new BundleStatsPlugin(),
      new ModuleFederationPlugin({
        name: 'pf_host',
        remotes: {},
        shared: sharedModules('host'),
        dts: false,
        // The federation runtime without its Node.js code paths (it runs in browsers only).
        experiments: { optimization: { target: 'web' } },
      }),
    ],
  };
}

interface DiscoveredPlugin {
  dir: string;
  id: string;
}

/** Every UI plugin folder, with its id read from `src/manifest.ts` (which must equal the folder name). */
export function discoverUiPlugins(pluginsDir: string = path.join(root, 'plugins')): DiscoveredPlugin[] {
  if (!existsSync(pluginsDir)) return [];
  const found: DiscoveredPlugin[] = [];
  for (const entry of readdirSync(pluginsDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const dir = path.join(pluginsDir, entry.name);
    if (!existsSync(path.join(dir, 'package.json'))) continue;
    const pkg = readPackage(dir);
    if (pkg.phonefleet?.kind !== 'ui-plugin') continue;
    const manifestFile = path.resolve(dir, pkg.phonefleet.manifest ?? './src/manifest.ts');
    const source = readFileSync(manifestFile, 'utf8');
    const id = /\bid:\s*['"]([a-z][a-z0-9-]*)['"]/.exec(source)?.[1];
    if (id !== entry.name) {
      throw new Error(
        `rspack.config: plugin ${pkg.name ?? entry.name}: the manifest id (${id ?? 'not found'}) must equal the folder name (${entry.name})`,
      );
    }
    if (!existsSync(path.join(dir, 'src', 'App.tsx'))) {
      throw new Error(`rspack.config: plugin ${pkg.name ?? entry.name}: src/App.tsx is missing`);
    }
    found.push({ dir, id });
  }
  return found.sort((a, b) => a.id.localeCompare(b.id));
}

function pluginConfig(plugin: DiscoveredPlugin): Configuration {
  const name = remoteName(plugin.id);
  const base = baseConfig(`plugin-${plugin.id}`, plugin.dir);
  return {
    ...base,
    output: {
      path: path.join(plugin.dir, 'dist'),
      publicPath: 'auto',
      filename: development ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: development ? '[name].js' : 'chunks/[name].[contenthash:8].js',
      uniqueName: name,
      clean: true,
    },
    plugins: [
      new BundleStatsPlugin(),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes: { './App': './src/App.tsx' },
        shared: sharedModules('plugin'),
        manifest: true,
        dts: false,
      }),
    ],
  };
}

export default function createConfigs(): Configuration[] {
  return [hostConfig(), ...discoverUiPlugins().map(pluginConfig)];
}
