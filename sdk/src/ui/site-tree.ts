/** `GET /tb-site-template/siteSelect` row: the caller's sites, flat. */
export interface SiteOption {
  id: number;
  siteName: string;
  parentId: number | null;
}

export interface SiteTreeNode {
  value: number;
  title: string;
  disabled?: boolean;
  children?: SiteTreeNode[];
}

/**
 * The flat site list as a tree. A site whose parent is not in the list (outside the caller's data
 * permission) is a root. Sites in the subtree of `excluded` are disabled: a site cannot move below
 * itself.
 */
export function siteTree(rows: readonly SiteOption[], excluded?: number): SiteTreeNode[] {
  const known = new Set(rows.map((row) => row.id));
  const children = new Map<number | null, SiteOption[]>();
  for (const row of rows) {
    const parent = row.parentId !== null && known.has(row.parentId) ? row.parentId : null;
    const list = children.get(parent) ?? [];
    list.push(row);
    children.set(parent, list);
  }
  const build = (parent: number | null, disabled: boolean, seen: Set<number>): SiteTreeNode[] =>
    (children.get(parent) ?? [])
      .filter((row) => !seen.has(row.id))
      .map((row) => {
        const off = disabled || row.id === excluded;
        const below = build(row.id, off, new Set([...seen, row.id]));
        return {
          value: row.id,
          title: row.siteName,
          ...(off ? { disabled: true } : {}),
          ...(below.length > 0 ? { children: below } : {}),
        };
      });
  return build(null, false, new Set());
}
