import type { Database } from '../../../db/database.js';
import type { Migration } from '../../../module.js';

/**
 * Renames the rows of `table` whose name another row of the same organization already has in
 * another case ('acc branch' beside 'Acc Branch'): the oldest keeps it, each later one becomes
 * `<name> (<id>)` (cut to fit 128 characters), so a case-insensitive unique index can be built
 * over existing data. Answers how many rows were renamed.
 */
export async function renameCaseDuplicates(
  db: Database,
  transaction: Parameters<Migration['up']>[1],
  table: 'sites' | 'device_groups',
): Promise<number> {
  const renamed = await db.execute(
    `UPDATE ${table} t
        SET name = left(t.name, 128 - length(' (' || t.id || ')')) || ' (' || t.id || ')'
      WHERE EXISTS (SELECT 1 FROM ${table} o
                     WHERE o.org_id = t.org_id AND lower(o.name) = lower(t.name) AND o.id < t.id)`,
    [],
    transaction,
  );
  // A renamed row may now meet a name that was already taken: say which, rather than a bare
  // unique-violation from the index below.
  const [clash] = await db.query<{ org_id: string; name: string }>(
    `SELECT org_id, lower(name) AS name FROM ${table}
      GROUP BY org_id, lower(name) HAVING count(*) > 1 LIMIT 1`,
    [],
    transaction,
  );
  if (clash) {
    throw new Error(
      `${table}: organization ${clash.org_id} still has several rows named '${clash.name}' in some case; rename them and start again`,
    );
  }
  return renamed;
}

/**
 * Site names are unique per organization whatever their case (docs/api.md "Names"): the
 * case-sensitive constraint gives way to a unique index on lower(name).
 */
export const siteNamesAnyCase: Migration = {
  name: '0012-site-names-any-case',
  async up(db, transaction) {
    await renameCaseDuplicates(db, transaction, 'sites');
    await db.execute(
      `ALTER TABLE sites DROP CONSTRAINT sites_org_id_name_key;
       CREATE UNIQUE INDEX sites_org_lower_name_idx ON sites (org_id, lower(name));`,
      [],
      transaction,
    );
  },
};
