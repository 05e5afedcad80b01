import type { SiteNode } from './api.js';

/** The sites whose name contains the keywords (any case), with their ancestors; all sites when empty. */
export function filterSites(nodes: readonly SiteNode[], keywords: string): SiteNode[] {
  const wanted = keywords.trim().toLowerCase();
  if (!wanted) return [...nodes];
  return nodes.flatMap((node) => {
    const children = filterSites(node.childSite, wanted);
    return node.siteName.toLowerCase().includes(wanted) || children.length > 0
      ? [{ ...node, childSite: children }]
      : [];
  });
}

/** Every id in the trees, parents first. */
export function siteIds(nodes: readonly SiteNode[]): number[] {
  return nodes.flatMap((node) => [node.id, ...siteIds(node.childSite)]);
}
