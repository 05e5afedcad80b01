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
});
