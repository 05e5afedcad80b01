import { LiveEventName } from '@phonefleet/sdk';
import type { LiveService } from '../live/live-service.js';
import type { DeviceEventService, RecordedDeviceEvent } from './device-event-service.js';

const organisationsOf = (events: RecordedDeviceEvent[]) => [...new Set(events.map((event) => event.orgId))];

/**
 * Tells browsers about every batch this instance stores (events, the offline sweep): `devices` to
 * the batch's organisations, `calls` to those whose phones reported a call (docs/live.md). The live
 * module carries it to browsers on every instance. Answers the unsubscribe function.
 */
export function publishDeviceEvents({
  deviceEventService,
  liveService,
}: {
  deviceEventService: DeviceEventService;
  liveService: LiveService;
}): () => void {
  return deviceEventService.onDeviceEvent((events) => {
    liveService.publish({ orgIds: organisationsOf(events) }, { name: LiveEventName.devices });
    const calls = events.filter((event) => event.event === 'callEnd');
    if (calls.length > 0)
      liveService.publish({ orgIds: organisationsOf(calls) }, { name: LiveEventName.calls });
  });
}
