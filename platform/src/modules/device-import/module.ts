import { defineModule, service } from '../../module.js';
import { DeviceImportService } from './device-import-service.js';
import { ImportProgressStore } from './import-progress.js';
import { deviceImports } from './migrations/0035-device-imports.js';
import { deviceImportRoutes } from './routes.js';

export const deviceImportModule = defineModule({
  id: 'device-import',
  services: {
    deviceImportService: service(DeviceImportService),
    importProgressStore: service(ImportProgressStore),
  },
  routes: deviceImportRoutes,
  migrations: [deviceImports],
});
