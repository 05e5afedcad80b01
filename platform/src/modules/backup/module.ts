import type { Logger } from 'pino';
import { cronService } from '../../cron-schedule.js';
import { defineModule, service } from '../../module.js';
import { BackupArchives } from './archives.js';
import { BackupService } from './backup-service.js';
import { backupTables } from './migrations/0035-backup.js';
import { OperationLock } from './operation-lock.js';
import { BackupPlans } from './plans.js';
import { backupRoutes } from './routes.js';

/**
 * Backup and restore under the cluster's one operation lock, which the upgrade takes too; while it
 * is held every instance answers API calls with the operation's code (docs/backup.md).
 */
export const backupModule = defineModule({
  id: 'backup',
  services: {
    operationLock: service(OperationLock, {
      start: (lock) => lock.start(),
      dispose: (lock) => lock.dispose(),
    }),
    backupPlans: service(BackupPlans),
    backupArchives: service(BackupArchives),
    backupService: service(BackupService, { dispose: (backups) => backups.dispose() }),
    // Every minute in every instance; `runDue` claims the due plans, so each runs once in the cluster.
    backupSchedule: cronService(
      '* * * * *',
      ({ backupService }: { backupService: BackupService; logger: Logger }) => backupService.runDue(),
      'scheduled backup failed to start',
    ),
  },
  routes: backupRoutes,
  gate: ({ operationLock }: { operationLock: OperationLock }) => operationLock,
  migrations: [backupTables],
  backup: { untouched: ['operation_lock', 'backup_plans', 'backups'] },
});
