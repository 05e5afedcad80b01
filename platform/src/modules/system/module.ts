import { defineModule, service } from '../../module.js';
import { AboutService } from './about.js';
import { HealthService } from './health-service.js';
import { systemRoutes } from './routes.js';

export const systemModule = defineModule({
  id: 'system',
  services: { healthService: service(HealthService), aboutService: service(AboutService) },
  routes: systemRoutes,
});
