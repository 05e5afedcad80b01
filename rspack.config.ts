import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Configuration, rspack } from '@rspack/core';
import { BundleStatsPlugin } from './host/build/bundle-stats.js';
import { hostChunks } from './host/build/host-chunks.js';
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
        // The federation runtime without its Node.js code paths (it runs in browsers only), and
        // provided to the plugins, which use the host's instead of carrying their own.
        experiments: { optimization: { target: 'web' }, provideExternalRuntime: true },
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
        // The host's federation runtime (\`provideExternalRuntime\`): not a copy in every remoteEntry.
        experiments: { optimization: { target: 'web' }, externalRuntime: true },
      }),
    ],
  };
}

export default function createConfigs(): Configuration[] {
  return [hostConfig(), ...discoverUiPlugins().map(pluginConfig)];
}
