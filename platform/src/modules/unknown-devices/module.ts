import { defineModule, service } from '../../module.js';
import { unknownDeviceRoutes } from './routes.js';
import { UnknownDeviceAdoption } from './unknown-device-adoption.js';
import { UnknownDeviceList } from './unknown-device-list.js';

/** The unknown devices the home page counts, listed and added as devices (docs/devices.md "Unknown devices"). */
export const unknownDevicesModule = defineModule({
  id: 'unknown-devices',
  services: {
    unknownDeviceList: service(UnknownDeviceList),
    unknownDeviceAdoption: service(UnknownDeviceAdoption),
  },
  routes: unknownDeviceRoutes,
});
