import type { SiteNode, SiteRow } from '@phonefleet/sdk';
import { apiFirstRow, apiRequest, type ExecutionMode, relationPushBody } from '@phonefleet/sdk/ui';

export type { SiteNode };

export interface SiteInput {
  siteName: string;
  siteDesc: string;
  /** Required to add; on update a different parent moves the site. */
  parentId?: number;
}

export async function fetchSiteTree(): Promise<SiteNode[]> {
  const reply = await apiRequest<SiteNode>('POST', '/tb-site/selectSite', { body: {} });
  return reply.result.rows;
}

/** Silent: the caller decides what a missing site means. */
export function fetchSite(id: number, silent = false): Promise<SiteRow> {
  return apiFirstRow<SiteRow>('GET', '/tb-site-template/searchSiteTemplateById', {
    query: { id },
    silent,
  });
}

export function addSite(input: SiteInput & { parentId: number }): Promise<{ id: number }> {
  return apiFirstRow<{ id: number }>('POST', '/tb-site-template/addSiteTemplate', { body: input });
}

/** A changed `parentId` moves the site; the answer counts the devices whose SIP account was unbound. */
export function updateSite(input: SiteInput & { id: number }): Promise<{ unboundDevices: number }> {
  return apiFirstRow<{ unboundDevices: number }>('POST', '/tb-site-template/updateSiteTemplate', {
    body: input,
  });
}

/** Refused (and shown) for the default site and for a site with data. */
export async function deleteSites(ids: number[]): Promise<void> {
  await apiRequest('DELETE', '/tb-site-template/deleteOneSiteTemplate', { body: { ids } });
}

/** Removes only the sites' parameters (their site template). */
export async function clearSiteParameters(ids: number[]): Promise<void> {
  await apiRequest('DELETE', '/tb-site-template/deleteSiteTemplate', { body: { ids } });
}

/** A site configuration task for the site's devices. */
export async function pushSite(id: number, mode: ExecutionMode): Promise<void> {
  await apiRequest('POST', '/tb-site-template/push', { body: relationPushBody('site', id, mode) });
}
