import { defineModule, service } from '../../module.js';
import { resources } from './migrations/0025-resources.js';
import { ResourceService } from './resource-service.js';
import { resourceRoutes } from './routes.js';

export const resourcesModule = defineModule({
  id: 'resources',
  services: { resourceService: service(ResourceService) },
  routes: resourceRoutes,
  migrations: [resources],
  backup: { firmware: ['resource_files'] },
});
