import type { PluginDescriptor } from '@phonefleet/sdk';
import { describe, expect, it } from 'vitest';
import { entryFor, menuEntries } from './menu-entries.js';

const plugin = (id: string, menu: { path: string; order: number }[]): PluginDescriptor => ({
  id,
  title: { en: id, 'zh-CN': id },
  entry: `/plugins/${id}/mf-manifest.json`,
  menu: menu.map((entry) => ({
    ...entry,
    power: id,
    title: { en: `${id} ${entry.path}`, 'zh-CN': `中 ${entry.path}` },
    hideInMenu: false,
  })),
});

describe('menu entries', () => {
  const entries = menuEntries(
    [plugin('device', [{ path: '/device', order: 10 }]), plugin('home', [{ path: '/', order: 0 }])],
    'zh-CN',
  );

  it('orders entries and uses the language', () => {
    expect(entries.map((entry) => entry.path)).toEqual(['/', '/device']);
    expect(entries[1]?.title).toBe('中 /device');
  });

  it('matches a location to the longest owning entry', () => {
    expect(entryFor(entries, '/')?.path).toBe('/');
    expect(entryFor(entries, '/device/editDevice')?.path).toBe('/device');
    expect(entryFor(entries, '/devices')).toBeUndefined();
  });

  it('titles sub-routes from the manifest in the language, and leaves others as they are', () => {
    const sites: PluginDescriptor = {
      ...plugin('sites', [{ path: '/site', order: 80 }]),
    };
    const [entry] = sites.menu;
    if (entry) entry.subRoutes = { addSite: { en: 'Add site', 'zh-CN': '添加站点' } };
    const [english] = menuEntries([sites], 'en-US');
    const [chinese] = menuEntries([sites], 'zh-CN');
    expect(english?.subRoutes).toEqual({ addSite: 'Add site' });
    expect(chinese?.subRoutes.addSite).toBe('添加站点');
    // A platform older than the field sends none.
    expect(menuEntries([plugin('device', [{ path: '/device', order: 10 }])], 'en-US')[0]?.subRoutes).toEqual(
      {},
    );
  });
});
