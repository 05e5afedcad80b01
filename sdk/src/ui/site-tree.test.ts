import { describe, expect, it } from 'vitest';
import { siteTree } from './site-tree.js';

const sites = [
  { id: 1, siteName: 'Default', parentId: null },
  { id: 2, siteName: 'Lobby', parentId: 1 },
  { id: 3, siteName: 'Floor 1', parentId: 2 },
  { id: 4, siteName: 'Annex', parentId: 1 },
  // parent outside the caller's data permission: shown as a root
  { id: 9, siteName: 'Branch', parentId: 8 },
];

describe('siteTree', () => {
  it('nests the flat list under parents; a site whose parent is not visible is a root', () => {
    expect(siteTree(sites)).toEqual([
      {
        value: 1,
        title: 'Default',
        children: [
          { value: 2, title: 'Lobby', children: [{ value: 3, title: 'Floor 1' }] },
          { value: 4, title: 'Annex' },
        ],
      },
      { value: 9, title: 'Branch' },
    ]);
  });

  it('disables the excluded site and its subtree (a site cannot move below itself)', () => {
    const [root] = siteTree(sites, 2);
    expect(root?.disabled).toBeUndefined();
    expect(root?.children?.[0]).toMatchObject({ value: 2, disabled: true });
    expect(root?.children?.[0]?.children?.[0]).toMatchObject({ value: 3, disabled: true });
    expect(root?.children?.[1]?.disabled).toBeUndefined();
  });
});
