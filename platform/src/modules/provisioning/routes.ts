import type { DeviceRoute } from '../../http/device-app.js';
import type { ProvisioningService } from './provisioning-service.js';

/** Device-facing: `GET /prov/<file>`. */
export function provisioningDeviceRoutes({
  provisioningService,
}: {
  provisioningService: ProvisioningService;
}): DeviceRoute[] {
  return [
    { prefix: '/prov/', methods: ['GET', 'HEAD'], handle: (request) => provisioningService.handle(request) },
  ];
}
