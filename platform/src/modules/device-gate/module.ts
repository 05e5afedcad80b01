import { defineModule, service } from '../../module.js';
import { DeviceGate } from './device-gate.js';
import { deviceGateRoutes } from './routes.js';

export const deviceGateModule = defineModule({
  id: 'device-gate',
  services: { deviceGate: service(DeviceGate) },
  routes: deviceGateRoutes,
});
