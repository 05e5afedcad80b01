import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from 'pino';
import type { ServiceDefinition } from './module.js';

/**
 * A node-cron schedule ticking in every instance. The work claims what is due in PostgreSQL, so
 * each run happens once in the cluster; a tick still running makes the next one wait its turn.
 */
export class CronSchedule {
  private task: ScheduledTask | undefined;
  private ticking: Promise<void> | undefined;

  constructor(
    private readonly expression: string,
    private readonly work: () => Promise<void>,
    private readonly failed: (error: unknown) => void,
  ) {
    if (!cron.validate(expression)) throw new Error(`not a cron expression: ${expression}`);
  }

  start(): void {
    this.task = cron.schedule(this.expression, () => this.tick());
  }

  tick(): Promise<void> {
    this.ticking ??= this.work()
      .catch(this.failed)
      .finally(() => {
        this.ticking = undefined;
      });
    return this.ticking;
  }

  async stop(): Promise<void> {
    await this.task?.stop();
    this.task = undefined;
    await this.ticking;
  }
}

/** A module's scheduled work as a service: started with the console, stopped (after its tick) with it. */
export function cronService<Needs extends { logger: Logger }>(
  expression: string,
  work: (deps: Needs) => Promise<void>,
  failure: string,
): ServiceDefinition<CronSchedule, Needs> {
  return {
    create: (deps) =>
      new CronSchedule(
        expression,
        () => work(deps),
        (error) => deps.logger.error({ err: error }, failure),
      ),
    start: (schedule) => schedule.start(),
    dispose: (schedule) => schedule.stop(),
  };
}
