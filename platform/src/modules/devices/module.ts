import { defineModule, service } from '../../module.js';
import { DeviceInventoryService } from './device-inventory-service.js';
import { DeviceService } from './device-service.js';
import { deviceSearch } from './migrations/0004-device-search.js';
import { deviceInventory } from './migrations/0006-device-inventory.js';
import { deviceListSorts } from './migrations/0034-device-list-sorts.js';
import { deviceRoutes } from './routes.js';

export const devicesModule = defineModule({
  id: 'devices',
  services: {
    deviceService: service(DeviceService),
    deviceInventoryService: service(DeviceInventoryService),
  },
  routes: deviceRoutes,
  migrations: [deviceSearch, deviceInventory, deviceListSorts],
  backup: { devices: ['devices', 'unknown_devices'], logs: ['device_logs'] },
});
