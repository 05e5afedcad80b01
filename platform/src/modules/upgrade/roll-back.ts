import type { Logger } from 'pino';
import type { Database } from '../../db/database.js';
import { migrate, orderedMigrations } from '../../db/migrate.js';
import type { AnyModule } from '../../module.js';

/** The rows a roll-back keeps across the schema's re-creation: the list of archives and the plans. */
export interface KeptRows {
  backups: unknown[];
  plans: unknown[];
}

export async function keptRows(db: Database): Promise<KeptRows> {
  const [row] = await db.query<{ backups: unknown[] | null; plans: unknown[] | null }>(
    `SELECT (SELECT json_agg(b) FROM backups b) AS backups, (SELECT json_agg(p) FROM backup_plans p) AS plans`,
  );
  return { backups: row?.backups ?? [], plans: row?.plans ?? [] };
}

/** Migration names in the database that this release does not have: a newer release migrated it. */
export async function foreignMigrations(db: Database, modules: readonly AnyModule[]): Promise<string[]> {
  const ours = new Set(orderedMigrations(modules).map((migration) => migration.name));
  const applied = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
  return applied.map((row) => row.name).filter((name) => !ours.has(name));
}

/**
 * Gives the database back this release's schema (docs/upgrade.md "Roll-back"): migrations are
 * forward-only, so the newer schema is dropped whole (with every large object) and this release's
 * migrations build its own again; the archives list and plans are put back. The data comes from the
 * pre-upgrade backup, restored next.
 */
export async function recreateSchema(
  db: Database,
  logger: Logger,
  modules: readonly AnyModule[],
  kept: KeptRows,
): Promise<void> {
  await db.transaction(async (transaction) => {
    const [schema] = await db.query<{ name: string }>('SELECT current_schema() AS name', [], transaction);
    const name = `"${(schema?.name ?? 'public').replaceAll('"', '""')}"`;
    await db.execute(`DROP SCHEMA ${name} CASCADE`, [], transaction);
    await db.execute(`CREATE SCHEMA ${name}`, [], transaction);
    await db.execute('SELECT lo_unlink(oid) FROM pg_largeobject_metadata', [], transaction);
  });
  await migrate(db, logger, modules);
  await db.execute(
    `INSERT INTO backup_plans SELECT * FROM json_populate_recordset(NULL::backup_plans, $1::json)`,
    [JSON.stringify(kept.plans)],
  );
  await db.execute(`INSERT INTO backups SELECT * FROM json_populate_recordset(NULL::backups, $1::json)`, [
    JSON.stringify(kept.backups),
  ]);
  for (const table of ['backups', 'backup_plans'])
    await db.execute(
      `SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT max(id) FROM ${table}), 1))`,
    );
}
