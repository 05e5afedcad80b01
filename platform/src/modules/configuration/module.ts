import { defineModule, service } from '../../module.js';
import { ConfigurationService } from './configuration-service.js';
import { configuration } from './migrations/0002-configuration.js';
import { accountParameterLayers } from './migrations/0022-account-parameter-layers.js';
import { configurationRoutes } from './routes.js';

export const configurationModule = defineModule({
  id: 'configuration',
  services: { configurationService: service(ConfigurationService) },
  routes: configurationRoutes,
  migrations: [configuration, accountParameterLayers],
  backup: { devices: ['group_devices'] },
});
