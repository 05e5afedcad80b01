import type { Cradle } from '../../container.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';

export function extensionRoutes({ pluginRegistry, driverRegistry }: Cradle): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/plugins',
      summary: 'UI plugins the signed-in user may open, with their remote entries and menu',
      access: 'session',
      handler: async ({ session }) => ({ rows: pluginRegistry.permitted(session.powers) }),
    }),
    defineRoute({
      method: 'get',
      path: '/common/model',
      summary: 'Phone models of every loaded driver, with their capability tables',
      access: 'session',
      handler: async () => ({
        rows: driverRegistry.models().map(({ driver, model }) => ({
          model: model.id,
          description: model.description,
          family: driver.family,
          vendor: driver.vendor,
          driver: driver.id,
          capabilities: model.capabilities,
        })),
      }),
    }),
  ];
}
