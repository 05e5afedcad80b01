import type { Language, PluginDescriptor } from '@phonefleet/sdk';

/** Manifest titles are keyed `en` / `zh-CN`. */
export function localized(title: { en: string; 'zh-CN': string }, language: Language): string {
  return language === 'zh-CN' ? title['zh-CN'] : title.en;
}

export interface RoutedEntry {
  plugin: PluginDescriptor;
  path: string;
  title: string;
  icon: string | undefined;
  order: number;
  hideInMenu: boolean;
  /** Breadcrumb titles of the plugin's routes below `path`, by path segment. */
  subRoutes: Readonly<Record<string, string>>;
}

/** All menu entries of the permitted plugins, in sidebar order. */
export function menuEntries(plugins: readonly PluginDescriptor[], language: Language): RoutedEntry[] {
  return plugins
    .flatMap((plugin) =>
      plugin.menu.map((entry) => ({
        plugin,
        path: entry.path,
        title: localized(entry.title, language),
        icon: entry.icon,
        order: entry.order,
        hideInMenu: entry.hideInMenu,
        subRoutes: Object.fromEntries(
          Object.entries(entry.subRoutes ?? {}).map(([segment, title]) => [
            segment,
            localized(title, language),
          ]),
        ),
      })),
    )
    .sort((a, b) => a.order - b.order || a.path.localeCompare(b.path));
}

/** The entry a location belongs to: the longest menu path that is the location or a parent of it. */
export function entryFor(entries: readonly RoutedEntry[], pathname: string): RoutedEntry | undefined {
  let best: RoutedEntry | undefined;
  for (const entry of entries) {
    const matches =
      entry.path === '/'
        ? pathname === '/'
        : pathname === entry.path || pathname.startsWith(`${entry.path}/`);
    if (matches && (!best || entry.path.length > best.path.length)) best = entry;
  }
  return best;
}
