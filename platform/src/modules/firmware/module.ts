import { defineModule, service } from '../../module.js';
import { FirmwareService } from './firmware-service.js';
import { firmware } from './migrations/0024-firmware.js';
import { firmwareSubscriptions } from './migrations/0028-firmware-subscriptions.js';
import { firmwareRoutes } from './routes.js';

export const firmwareModule = defineModule({
  id: 'firmware',
  services: { firmwareService: service(FirmwareService) },
  routes: firmwareRoutes,
  migrations: [firmware, firmwareSubscriptions],
  backup: { firmware: ['firmwares', 'firmware_subscriptions'] },
});
