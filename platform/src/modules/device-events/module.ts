import { defineModule, service } from '../../module.js';
import { DeviceEventService } from './device-event-service.js';
import { publishDeviceEvents } from './live-feed.js';
import { deviceEvents } from './migrations/0007-device-events.js';
import { deviceEventRoutes } from './routes.js';

export const deviceEventsModule = defineModule({
  id: 'device-events',
  services: {
    deviceEventService: service(DeviceEventService, { dispose: (events) => events.dispose() }),
    deviceEventsLive: { create: publishDeviceEvents, dispose: (unsubscribe: () => void) => unsubscribe() },
  },
  deviceRoutes: deviceEventRoutes,
  jobs: ({ deviceEventService }: { deviceEventService: DeviceEventService }) => [
    {
      name: 'device-offline-sweep',
      everyMs: deviceEventService.sweepEveryMs,
      run: async () => {
        await deviceEventService.sweepOffline();
      },
    },
  ],
  migrations: [deviceEvents],
  backup: { logs: ['device_events', 'scans'] },
});
