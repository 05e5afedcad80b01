import { defineModule, service } from '../../module.js';
import { OperationLogWriter } from './batch-writer.js';
import { operationLog } from './migrations/0036-operation-log.js';
import { OperationLogService } from './operation-log-service.js';
import { OperationLogRecorder } from './recorder.js';
import { RetentionSchedule } from './retention-schedule.js';
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
    operationLogRetention: service(RetentionSchedule, {
      start: (schedule) => schedule.start(),
      dispose: (schedule) => schedule.stop(),
    }),
  },
  observe: ({ operationLogRecorder }: { operationLogRecorder: OperationLogRecorder }) => operationLogRecorder,
  routes: operationLogRoutes,
  migrations: [operationLog],
  // What people did, the restore included, is not rewound by a restore (docs/operation-log.md "Backup").
  backup: { untouched: ['operation_log', 'operation_log_settings'] },
});
