import { z } from 'zod';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { idQuery, idsBody } from './fleet-common.js';
import { addSiteBody, searchSitesBody, updateSiteBody } from './schemas.js';
import type { SiteService } from './site-service.js';

export function siteRoutes({ siteService }: { siteService: SiteService }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/tb-site/selectSite',
      summary: 'The site tree of the caller’s scope: each organization’s default site with its sub-sites',
      // Any signed-in user reads its own sites: the sidebar filter and every screen's site picker need them.
      access: 'session',
      body: z.object({}),
      handler: async ({ session }) => ({ rows: await siteService.tree(session.scope) }),
    }),
    defineRoute({
      method: 'get',
      path: '/tb-site-template/siteSelect',
      summary: 'Every site in scope, flat and depth-first with its level, for pickers',
      access: 'session',
      handler: async ({ session }) => ({ rows: await siteService.options(session.scope) }),
    }),
    defineRoute({
      method: 'post',
      path: '/tb-site-template/addSiteTemplate',
      summary: 'Add a site under a parent site (name unique in the organization)',
      access: { power: 'site', button: 'add' },
      body: addSiteBody,
      handler: async ({ body, session }) => ({ rows: [await siteService.add(session.scope, body)] }),
    }),
    defineRoute({
      method: 'post',
      path: '/tb-site-template/updateSiteTemplate',
      summary: 'Rename a site; a new parent moves its subtree and unbinds the SIP accounts of its devices',
      access: { power: 'site', button: 'edit' },
      body: updateSiteBody,
      handler: async ({ body, session }) => ({ rows: [await siteService.update(session.scope, body)] }),
    }),
    defineRoute({
      method: 'post',
      path: '/tb-site-template/searchSiteTemplate',
      summary: 'Paged site list with parent, device count and whether the site has parameters',
      access: { power: 'site' },
      body: searchSitesBody,
      handler: async ({ body, session }) => ({ rows: [await siteService.search(session.scope, body)] }),
    }),
    defineRoute({
      method: 'get',
      path: '/tb-site-template/searchSiteTemplateById',
      summary: 'One site',
      access: { power: 'site' },
      query: idQuery,
      handler: async ({ query, session }) => ({ rows: [await siteService.get(session.scope, query.id)] }),
    }),
    defineRoute({
      method: 'delete',
      path: '/tb-site-template/deleteOneSiteTemplate',
      summary: 'Delete sites and their parameters; refused for the default site and for sites with data',
      access: { power: 'site', button: 'delete' },
      body: idsBody,
      handler: async ({ body, session }) => {
        await siteService.remove(session.scope, body.ids);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/tb-site-template/deleteSiteTemplate',
      summary: 'Remove the sites’ parameters (site templates); the sites stay',
      access: { power: 'site', button: 'delete' },
      body: idsBody,
      handler: async ({ body, session }) => {
        await siteService.removeTemplates(session.scope, body.ids);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/tb-site-template/siteTempSelect',
      summary: 'Sites that have parameters (site templates)',
      access: { power: 'site' },
      handler: async ({ session }) => ({ rows: await siteService.withTemplates(session.scope) }),
    }),
  ];
}
