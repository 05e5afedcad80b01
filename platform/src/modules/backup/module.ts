import { defineModule, service } from '../../module.js';
import { BackupArchives } from './archives.js';
import { BackupService } from './backup-service.js';
import { backupTables } from './migrations/0035-backup.js';
import { OperationLock } from './operation-lock.js';
import { BackupPlans } from './plans.js';
import { backupRoutes } from './routes.js';
import { BackupSchedule } from './schedule.js';

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
    backupSchedule: service(BackupSchedule, {
      start: (schedule) => schedule.start(),
      dispose: (schedule) => schedule.stop(),
    }),
  },
  routes: backupRoutes,
  gate: ({ operationLock }: { operationLock: OperationLock }) => operationLock,
  migrations: [backupTables],
  backup: { untouched: ['operation_lock', 'backup_plans', 'backups'] },
});
