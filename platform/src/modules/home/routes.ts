import type { Cradle } from '../../container.js';
import { defineRoute, emptyObject, type RouteDefinition } from '../../http/route.js';

export function homeRoutes({ homeService }: Cradle): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/homepage/total',
      summary: 'Dashboard figures for the caller’s organization',
      access: { power: 'home' },
      body: emptyObject.partial().passthrough(),
      handler: async ({ session }) => ({ rows: [await homeService.totals(session.scope)] }),
    }),
  ];
}
