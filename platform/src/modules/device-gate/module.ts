import { defineModule, service } from '../../module.js';
import { DeviceGate } from './device-gate.js';
import { deviceNonces } from './migrations/0010-device-nonces.js';
import { provisioningUserNamesPerOrganization } from './migrations/0014-provisioning-user-names-per-organization.js';
import { deviceNoncesInMemory } from './migrations/0036-device-nonces-in-memory.js';
import { deviceGateRoutes } from './routes.js';

export const deviceGateModule = defineModule({
  id: 'device-gate',
  services: { deviceGate: service(DeviceGate) },
  routes: deviceGateRoutes,
  migrations: [deviceNonces, provisioningUserNamesPerOrganization, deviceNoncesInMemory],
});
