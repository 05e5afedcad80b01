import type { Logger } from 'pino';
import { cronService } from '../../cron-schedule.js';
import { defineModule, service } from '../../module.js';
import { OperationLogWriter } from './batch-writer.js';
import { operationLog } from './migrations/0036-operation-log.js';
import { OperationLogService } from './operation-log-service.js';
import { OperationLogRecorder } from './recorder.js';
import { operationLogRoutes } from './routes.js';

/** What people and API clients did in the console (spec §2 "/syslog"): docs/operation-log.md. */
export const operationLogModule = defineModule({
  id: 'operation-log',
  services: {
    operationLogWriter: service(OperationLogWriter, {
      start: (writer) => writer.start(),
      dispose: (writer) => writer.stop(),
    }),
    operationLogRecorder: service(OperationLogRecorder),
    operationLogService: service(OperationLogService),
    // Every ten minutes in every instance; the purge claims its hour, so it runs once an hour in the cluster.
    operationLogRetention: cronService(
      '*/10 * * * *',
      async ({
        operationLogService,
        logger,
      }: {
        operationLogService: OperationLogService;
        logger: Logger;
      }) => {
        const removed = await operationLogService.purgeExpired();
        if (removed) logger.info({ removed }, 'operation log: records past the retention deleted');
      },
      'operation log: retention purge failed',
    ),
  },
  observe: ({ operationLogRecorder }: { operationLogRecorder: OperationLogRecorder }) => operationLogRecorder,
  routes: operationLogRoutes,
  migrations: [operationLog],
  // What people did, the restore included, is not rewound by a restore (docs/operation-log.md "Backup").
  backup: { untouched: ['operation_log', 'operation_log_settings'] },
});
