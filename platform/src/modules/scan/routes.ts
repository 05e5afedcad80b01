import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { RequestState } from '../../http/server.js';
import type { ScanService } from './scan-service.js';
import { scanBody, scanIdBody, scanIdQuery } from './schemas.js';

export function scanRoutes({ scanService }: { scanService: ScanService }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/device/scanDevice',
      summary:
        'Scan an IPv4 range (at most 1,024 addresses) for phones: SIP OPTIONS to 5060 and HTTP GET /, identified by the drivers',
      access: { power: 'deviceManagement', button: 'add' },
      body: scanBody,
      handler: async ({ body, session }) => ({ rows: [await scanService.start(session.scope, body)] }),
    }),
    defineRoute({
      method: 'post',
      path: '/device/stopScanDevice',
      summary: 'Stop a running scan; what it found so far stays readable',
      access: { power: 'deviceManagement', button: 'add' },
      body: scanIdBody,
      handler: async ({ body, session }) => {
        await scanService.stop(session.scope, body.scanId);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/device/getScanIP',
      summary: 'A scan’s state, progress, log and the phones found (known: the MAC is already a device)',
      access: { power: 'deviceManagement', button: 'add' },
      query: scanIdQuery,
      handler: async ({ query, session, ctx }) => ({
        rows: [
          await scanService.progress(
            session.scope,
            query.scanId,
            (ctx.state.request as RequestState).language,
          ),
        ],
      }),
    }),
  ];
}
