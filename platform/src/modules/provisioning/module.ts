import { defineModule, service } from '../../module.js';
import { configChangeNotifications } from './migrations/0003-config-change-notifications.js';
import { unknownDeviceRollup } from './migrations/0011-unknown-device-rollup.js';
import { unknownDeviceSightings } from './migrations/0016-unknown-device-sightings.js';
import { organisationChangeNotifications } from './migrations/0020-organisation-change-notifications.js';
import { hotFetchRecords } from './migrations/0038-hot-fetch-records.js';
import { ProvisioningService } from './provisioning-service.js';
import { provisioningDeviceRoutes } from './routes.js';

export const provisioningModule = defineModule({
  id: 'provisioning',
  services: {
    provisioningService: service(ProvisioningService, { dispose: (provisioning) => provisioning.dispose() }),
  },
  deviceRoutes: provisioningDeviceRoutes,
  migrations: [
    configChangeNotifications,
    unknownDeviceRollup,
    unknownDeviceSightings,
    organisationChangeNotifications,
    hotFetchRecords,
  ],
});
