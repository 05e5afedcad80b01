import { textEditingRefusal } from '@phonefleet/sdk';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { DriverRegistry } from './driver-registry.js';
import type { PluginRegistry } from './plugin-registry.js';

export function extensionRoutes({
  pluginRegistry,
  driverRegistry,
}: {
  pluginRegistry: PluginRegistry;
  driverRegistry: DriverRegistry;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/plugins',
      openDuringOperation: true,
      summary: 'UI plugins the signed-in user may open, with their remote entries and menu',
      access: 'session',
      handler: async ({ session }) => ({ rows: pluginRegistry.permitted(session.powers) }),
    }),
    defineRoute({
      method: 'get',
      path: '/common/model',
      summary:
        'Phone models of every loaded driver, with their capability tables, text format and unsupported parameters',
      access: 'session',
      handler: async () => ({
        rows: driverRegistry.models().map(({ driver, model }) => ({
          model: model.id,
          description: model.description,
          family: driver.family,
          vendor: driver.vendor,
          driver: driver.id,
          capabilities: model.capabilities,
          textFormat: driver.text?.format ?? null,
          textUnsupported: textEditingRefusal(driver) ?? null,
          unsupported: driver.parameters.unsupported,
        })),
      }),
    }),
  ];
}
