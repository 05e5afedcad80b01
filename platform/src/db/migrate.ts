import type { Logger } from 'pino';
import type { AnyModule, Migration } from '../module.js';
import type { Database } from './database.js';
import { foundation } from './foundation-migration.js';

/**
 * The foundation schema and every module's migrations in one global order, by name. A name is
 * the migration's identity in `schema_migrations`: moving a migration between folders applies
 * nothing twice; two modules choosing the same name fail the boot.
 */
export function orderedMigrations(modules: readonly AnyModule[]): Migration[] {
  const all = [foundation, ...modules.flatMap((module) => module.migrations ?? [])];
  const names = new Set<string>();
  for (const { name } of all) {
    if (names.has(name)) throw new Error(`two migrations are named ${name}`);
    names.add(name);
  }
  return all.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Names of the migrations applied and committed; none when the table does not exist yet. */
async function appliedMigrations(db: Database): Promise<Set<string>> {
  const [table] = await db.query<{ present: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS present",
  );
  if (!table?.present) return new Set();
  const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
  return new Set(rows.map((row) => row.name));
}

/**
 * Applies pending migrations in order; an advisory lock keeps two starting instances apart. The
 * usual start has nothing to apply: one look at `schema_migrations` says so, without the lock or
 * umzug (loaded only when there is work, it costs the start about 200 ms).
 */
export async function migrate(db: Database, logger: Logger, modules: readonly AnyModule[]): Promise<void> {
  const migrations = orderedMigrations(modules);
  const applied = await appliedMigrations(db);
  if (migrations.every(({ name }) => applied.has(name))) return;
  const { Umzug } = await import('umzug');
  await db.transaction(async (transaction) => {
    await db.execute('SELECT pg_advisory_xact_lock(7355608)', [], transaction);
    await db.execute(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      [],
      transaction,
    );
    const umzug = new Umzug({
      migrations: migrations.map((migration) => ({
        name: migration.name,
        up: () => migration.up(db, transaction),
      })),
      context: {},
      storage: {
        executed: async () =>
          (
            await db.query<{ name: string }>(
              'SELECT name FROM schema_migrations ORDER BY name',
              [],
              transaction,
            )
          ).map((row) => row.name),
        logMigration: async ({ name }) => {
          await db.execute('INSERT INTO schema_migrations (name) VALUES ($1)', [name], transaction);
        },
        unlogMigration: async ({ name }) => {
          await db.execute('DELETE FROM schema_migrations WHERE name = $1', [name], transaction);
        },
      },
      // One line per migration is for whoever debugs them; the start says how many it applied.
      logger: {
        info: (event) => logger.debug(event, 'migration'),
        warn: (event) => logger.warn(event, 'migration'),
        error: (event) => logger.error(event, 'migration'),
        debug: (event) => logger.debug(event, 'migration'),
      },
    });
    const applied = await umzug.up();
    if (applied.length > 0) logger.info({ applied: applied.length }, 'database schema updated');
  });
}
