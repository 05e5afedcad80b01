import { defineModule, service } from '../../module.js';
import { HttpsService } from './https-service.js';
import { httpListener } from './migrations/0036-http-listener.js';
import { httpsRoutes } from './routes.js';

export const httpsModule = defineModule({
  id: 'https',
  services: { httpsService: service(HttpsService) },
  routes: httpsRoutes,
  attach: ({ httpsService }: { httpsService: HttpsService }) => httpsService.attachment(),
  migrations: [httpListener],
  // Where this installation listens is not data: a restore elsewhere must not move its port.
  backup: { untouched: ['http_listener'] },
});
