/** Screens of the site area and the parameters plugin's site screen (console spec §2). */
export const SITE_LIST = '/site';

export function siteListPath(selected?: number): string {
  return selected === undefined ? SITE_LIST : `${SITE_LIST}?siteId=${selected}`;
}

export function addSitePath(parentId: number): string {
  return `/site/addSite?parentId=${parentId}`;
}

export function editSitePath(id: number): string {
  return `/site/editSite?id=${id}`;
}

/**
 * The set-parameters step. `isAdd` tells the parameters screen the site was just created, so that
 * its Cancel deletes it again.
 */
export function siteParamsPath(site: { id: number; siteName: string }, isAdd: boolean): string {
  const query = new URLSearchParams({
    relationId: String(site.id),
    relationName: 'site',
    templateName: site.siteName,
    pushStatus: '1',
  });
  if (isAdd) query.set('isAdd', '1');
  return `/site/setParam?${query}`;
}
