import { defineModule, service } from '../../module.js';
import { MacFileService } from './mac-file-service.js';
import { macFileRoutes } from './routes.js';

export const macFilesModule = defineModule({
  id: 'mac-files',
  services: { macFileService: service(MacFileService) },
  routes: macFileRoutes,
});
