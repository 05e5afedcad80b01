import { existsSync } from 'node:fs';
import path from 'node:path';
import { type PluginDescriptor, parseUiPluginManifest, type UiPluginManifest } from '@phonefleet/sdk';
import type { Logger } from 'pino';
import { type ConsoleConfig, projectRoot } from '../../config.js';
import { discoverPackages, importDefault, type LoadFailure } from './discover.js';

export interface LoadedPlugin {
  package: string;
  manifest: UiPluginManifest;
  /** Built remote served at /plugins/<id>/, unless the manifest names a remoteEntry elsewhere. */
  distDir: string | undefined;
}

/** UI plugins found in `plugins/` (and PHONEFLEET_PLUGINS_DIR) at boot. The host gets them at runtime. */
export class PluginRegistry {
  readonly loaded: LoadedPlugin[] = [];
  readonly failed: LoadFailure[] = [];

  static async load(config: ConsoleConfig, logger: Logger): Promise<PluginRegistry> {
    const registry = new PluginRegistry();
    const folders = [
      path.join(projectRoot, 'plugins'),
      ...(config.extraPluginsDir ? [config.extraPluginsDir] : []),
    ];
    const { found, failed } = discoverPackages(folders, 'ui-plugin');
    registry.failed.push(...failed);
    for (const pkg of found) {
      try {
        const manifest = parseUiPluginManifest(pkg.name, await importDefault(pkg.entry));
        if (registry.loaded.some((entry) => entry.manifest.id === manifest.id)) {
          throw new Error(`plugin id ${manifest.id} is already used`);
        }
        const distDir = path.join(pkg.dir, 'dist');
        if (!manifest.remoteEntry && !existsSync(path.join(distDir, 'mf-manifest.json'))) {
          throw new Error('not built: dist/mf-manifest.json is missing (run npm run build)');
        }
        registry.loaded.push({
          package: pkg.name,
          manifest,
          distDir: manifest.remoteEntry ? undefined : distDir,
        });
      } catch (error) {
        registry.failed.push({ package: pkg.name, dir: pkg.dir, reason: (error as Error).message });
      }
    }
    for (const failure of registry.failed) logger.error(failure, 'UI plugin failed to load');
    logger.info({ plugins: registry.loaded.map((entry) => entry.manifest.id) }, 'UI plugins loaded');
    return registry;
  }

  /** Powers and buttons the plugins declare, for the resource catalogue. */
  declaredResources(): {
    power: string;
    title: { en: string; 'zh-CN': string };
    path: string;
    order: number;
    buttons: string[];
  }[] {
    return this.loaded.flatMap((plugin) =>
      plugin.manifest.menu.map((entry) => ({
        power: entry.power,
        title: entry.title,
        path: entry.path,
        order: entry.order,
        buttons: entry.buttons,
      })),
    );
  }

  /** The plugins a user may open, with only the menu entries whose power the user holds. */
  permitted(powers: ReadonlySet<string>): PluginDescriptor[] {
    return this.loaded.flatMap((plugin) => {
      const menu = plugin.manifest.menu
        .filter((entry) => powers.has(entry.power))
        .map((entry) => ({
          path: entry.path,
          power: entry.power,
          title: entry.title,
          ...(entry.icon ? { icon: entry.icon } : {}),
          order: entry.order,
          hideInMenu: entry.hideInMenu,
          subRoutes: entry.subRoutes,
        }));
      if (menu.length === 0) return [];
      return [
        {
          id: plugin.manifest.id,
          title: plugin.manifest.title,
          ...(plugin.manifest.icon ? { icon: plugin.manifest.icon } : {}),
          entry: plugin.manifest.remoteEntry ?? `/plugins/${plugin.manifest.id}/mf-manifest.json`,
          menu,
        },
      ];
    });
  }

  distDirOf(id: string): string | undefined {
    return this.loaded.find((plugin) => plugin.manifest.id === id)?.distDir;
  }
}
