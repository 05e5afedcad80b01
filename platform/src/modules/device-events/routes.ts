import type { DeviceRoute } from '../../http/device-app.js';
import type { DeviceEventService } from './device-event-service.js';

/**
 * Device-facing: `GET /events/<event>?mac=...` (action URLs), authenticated by the device gate
 * with the provisioning digest credentials.
 */
export function deviceEventRoutes({
  deviceEventService,
}: {
  deviceEventService: DeviceEventService;
}): DeviceRoute[] {
  return [{ prefix: '/events/', methods: ['GET'], handle: (request) => deviceEventService.handle(request) }];
}
