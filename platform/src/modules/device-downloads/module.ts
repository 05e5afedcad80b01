import type { Database } from '../../db/database.js';
import type { DeviceRoute } from '../../http/device-app.js';
import { defineModule, service } from '../../module.js';
import { DownloadService } from './download-service.js';
import { fileDownloads } from './migrations/0026-file-downloads.js';
import { settleDownloads } from './settle.js';

/**
 * What phones download besides their configuration: the firmware images and resources a push
 * offers them (`/dl/`), counted per device, and the proof that ends those pushes (docs/firmware.md).
 */
export const deviceDownloadsModule = defineModule({
  id: 'device-downloads',
  services: { downloadService: service(DownloadService) },
  deviceRoutes: ({ downloadService }: { downloadService: DownloadService }): DeviceRoute[] => [
    { prefix: '/dl/', methods: ['GET', 'HEAD'], handle: (request) => downloadService.handle(request) },
  ],
  jobs: ({ db }: { db: Database }) => [
    { name: 'settle-downloads', everyMs: 1000, run: () => settleDownloads(db) },
  ],
  migrations: [fileDownloads],
  backup: { logs: ['file_downloads'] },
});
