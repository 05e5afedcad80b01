import type { AnyModule, SeedOutcome } from '../module.js';
import type { Database } from './database.js';

/**
 * Runs every module's seed in module order, at every start, in one transaction that an advisory
 * lock keeps apart from another instance starting at the same moment.
 */
export async function seed(
  db: Database,
  bootCradle: object,
  modules: readonly AnyModule[],
): Promise<SeedOutcome> {
  return db.transaction(async (transaction) => {
    await db.execute('SELECT pg_advisory_xact_lock(7355609)', [], transaction);
    const outcome: SeedOutcome = {};
    for (const module of modules) {
      const run = module.seed as ((deps: object) => Promise<SeedOutcome | undefined>) | undefined;
      Object.assign(outcome, await run?.({ ...bootCradle, transaction }));
    }
    return outcome;
  });
}
