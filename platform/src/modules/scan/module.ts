import { defineModule, service } from '../../module.js';
import { scanRoutes } from './routes.js';
import { ScanService } from './scan-service.js';

export const scanModule = defineModule({
  id: 'scan',
  services: { scanService: service(ScanService, { dispose: (scan) => scan.dispose() }) },
  routes: scanRoutes,
});
