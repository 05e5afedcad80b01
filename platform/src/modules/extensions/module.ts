import { defineModule } from '../../module.js';
import { DriverRegistry } from './driver-registry.js';
import { PluginRegistry } from './plugin-registry.js';
import { extensionRoutes } from './routes.js';

/** Drivers and UI plugins found on disk at boot. */
export const extensionsModule = defineModule({
  id: 'extensions',
  boot: async ({ config, logger }) => {
    const [driverRegistry, pluginRegistry] = await Promise.all([
      DriverRegistry.load(config, logger),
      PluginRegistry.load(config, logger),
    ]);
    return { driverRegistry, pluginRegistry };
  },
  routes: extensionRoutes,
});
