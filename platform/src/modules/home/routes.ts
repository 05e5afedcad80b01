import { defineRoute, emptyObject, type RouteDefinition } from '../../http/route.js';
import type { HomeService } from './home-service.js';

export function homeRoutes({ homeService }: { homeService: HomeService }): RouteDefinition[] {
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
