import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from 'pino';
import type { OperationLogService } from './operation-log-service.js';

/**
 * The retention purge: node-cron ticks every ten minutes in every instance; the purge claims its
 * hour in PostgreSQL (`OperationLogService.purgeExpired`), so it runs once an hour in the cluster.
 */
export class RetentionSchedule {
  private readonly operationLogService: OperationLogService;
  private readonly logger: Logger;
  private task: ScheduledTask | undefined;
  private ticking: Promise<void> | undefined;

  constructor({ operationLogService, logger }: { operationLogService: OperationLogService; logger: Logger }) {
    this.operationLogService = operationLogService;
    this.logger = logger;
  }

  start(): void {
    this.task = cron.schedule('*/10 * * * *', () => this.tick());
  }

  tick(): Promise<void> {
    this.ticking ??= this.operationLogService
      .purgeExpired()
      .then((removed) => {
        if (removed) this.logger.info({ removed }, 'operation log: records past the retention deleted');
      })
      .catch((error: unknown) => this.logger.warn({ err: error }, 'operation log: retention purge failed'))
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
