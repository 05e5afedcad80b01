import { defineModule, service } from '../../module.js';
import { LiveService } from './live-service.js';
import { socketIoAttachments } from './migrations/0029-socket-io-attachments.js';

/** Live updates to browsers over socket.io (docs/live.md). */
export const liveModule = defineModule({
  id: 'live',
  services: { liveService: service(LiveService, { dispose: (live) => live.close() }) },
  attach: ({ liveService }: { liveService: LiveService }) => liveService,
  migrations: [socketIoAttachments],
  backup: { transient: ['socket_io_attachments'] },
});
