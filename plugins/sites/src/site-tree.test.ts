import { describe, expect, it } from 'vitest';
import type { SiteNode } from './api.js';
import { filterSites, siteIds } from './site-tree.js';

function site(id: number, siteName: string, childSite: SiteNode[] = []): SiteNode {
  return {
    id,
    siteName,
    siteDesc: '',
    parentId: null,
    isDefault: false,
    orgName: 'Acme',
    deviceCount: 0,
    childSite,
  };
}

const tree = [site(1, 'Default', [site(2, 'Lobby', [site(3, 'Front desk')]), site(4, 'Annex')])];

describe('site tree search', () => {
  it('keeps the matching sites (any case) with their ancestors only', () => {
    const found = filterSites(tree, 'DESK');
    expect(siteIds(found)).toEqual([1, 2, 3]);
    expect(found[0]?.childSite.map((node) => node.siteName)).toEqual(['Lobby']);
  });

  it('shows every site for empty keywords and none when nothing matches', () => {
    expect(siteIds(filterSites(tree, '  '))).toEqual([1, 2, 3, 4]);
    expect(filterSites(tree, 'warehouse')).toEqual([]);
  });
});
