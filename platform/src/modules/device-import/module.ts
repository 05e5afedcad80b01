import { defineModule, service } from '../../module.js';
import { DeviceImportService } from './device-import-service.js';
import { deviceImportRoutes } from './routes.js';

export const deviceImportModule = defineModule({
  id: 'device-import',
  services: { deviceImportService: service(DeviceImportService) },
  routes: deviceImportRoutes,
});
