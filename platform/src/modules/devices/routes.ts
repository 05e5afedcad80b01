import type { Cradle } from '../../container.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { deviceSearchBody } from './schemas.js';

export function deviceRoutes({ deviceService }: Cradle): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/device/search',
      summary:
        'Device list: keywords, site subtree, models, group; sorted and paged on indexes (keyset via cursor)',
      access: { power: 'deviceManagement' },
      body: deviceSearchBody,
      handler: async ({ body, session }) => ({ rows: [await deviceService.search(session.scope, body)] }),
    }),
  ];
}
