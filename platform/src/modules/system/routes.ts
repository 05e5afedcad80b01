import type { PublicConfig } from '@phonefleet/sdk';
import type { ConsoleConfig } from '../../config.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { PRODUCT_NAME, PRODUCT_VERSION } from '../../product.js';
import type { AboutService } from './about.js';
import type { HealthService } from './health-service.js';

export function systemRoutes({
  healthService,
  aboutService,
  config,
}: {
  healthService: HealthService;
  aboutService: AboutService;
  config: ConsoleConfig;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/health',
      openDuringOperation: true,
      summary: 'Database, loaded plugins and drivers, and every one that failed to load with its reason',
      access: 'public',
      handler: async ({ ctx }) => {
        const report = await healthService.report();
        if (report.status === 'down') ctx.status = 503;
        return healthService.replyOf(report);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/common/config',
      openDuringOperation: true,
      summary: 'Deployment facts the login page needs (title differs for LAN and cloud)',
      access: 'public',
      handler: async () => {
        const row: PublicConfig = {
          deployment: config.deployment,
          productName: PRODUCT_NAME,
          version: PRODUCT_VERSION,
          ...(config.documentsUrl ? { documentsUrl: config.documentsUrl } : {}),
        };
        return { rows: [row] };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/system/about',
      summary:
        'The About page: console version, loaded drivers with their models and official firmware, release notes',
      access: 'session',
      handler: async () => ({ rows: [await aboutService.about()] }),
    }),
  ];
}
