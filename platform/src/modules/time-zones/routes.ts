import type { TimeZone } from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';

export function timeZoneRoutes({ db }: { db: Database }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/tb-timezone/getTimeZoneList',
      summary: 'Time zones for the footer dropdown and user settings',
      access: 'public',
      handler: async () => ({
        rows: await db.query<TimeZone>('SELECT id, description, "offset" FROM time_zones ORDER BY id'),
      }),
    }),
  ];
}
