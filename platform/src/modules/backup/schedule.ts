import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from 'pino';
import type { BackupService } from './backup-service.js';

/**
 * Automatic backups: node-cron ticks every minute in every instance; each tick claims the plans
 * that are due in PostgreSQL (`BackupPlans.claimDue`), so each run happens once in the cluster.
 */
export class BackupSchedule {
  private readonly backupService: BackupService;
  private readonly logger: Logger;
  private task: ScheduledTask | undefined;
  private ticking: Promise<void> | undefined;

  constructor({ backupService, logger }: { backupService: BackupService; logger: Logger }) {
    this.backupService = backupService;
    this.logger = logger;
  }

  start(): void {
    this.task = cron.schedule('* * * * *', () => this.tick());
  }

  /** One tick; a tick still running (a long backup) makes the next one wait its turn. */
  tick(): Promise<void> {
    this.ticking ??= this.backupService
      .runDue()
      .catch((error: unknown) => this.logger.error({ err: error }, 'scheduled backup failed to start'))
      .finally(() => {
        this.ticking = undefined;
      });
    return this.ticking;
  }

  async stop(): Promise<void> {
    await this.task?.stop();
    await this.ticking;
  }
}
