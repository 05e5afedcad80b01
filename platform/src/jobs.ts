import type { Logger } from 'pino';
import type { AnyModule, JobDefinition } from './module.js';

/**
 * Runs every module's periodic jobs on this instance; a run never overlaps the previous one.
 * Jobs write their results to PostgreSQL, so a run that fails is simply tried again next time.
 * Returns the function that stops them and waits for runs in progress.
 */
export function startJobs(
  modules: readonly AnyModule[],
  cradle: object,
  logger: Logger,
): () => Promise<void> {
  const jobs = modules.flatMap(
    (module) => (module.jobs as ((deps: object) => JobDefinition[]) | undefined)?.(cradle) ?? [],
  );
  const running = new Set<Promise<void>>();
  const timers = jobs.map((job) => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      const run = job
        .run()
        .catch((error: unknown) =>
          logger.debug({ err: error, job: job.name }, 'job failed; retried next time'),
        )
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    }, job.everyMs);
    timer.unref();
    return timer;
  });
  return async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all(running);
  };
}
