import type { Transaction } from 'sequelize';
import type { Database } from '../../db/database.js';
import type { SeedDeps } from '../../module.js';
import { ROOT_ORG_ID } from '../tenancy/root-organization.js';

/**
 * Every organization has one default site, 'Default', at the root of its site tree: made here for
 * each of `orgIds` that has none yet (one statement; the organisations module calls it when it
 * creates an organization, in its transaction).
 */
export async function createDefaultSites(
  db: Database,
  orgIds: readonly number[],
  transaction?: Transaction,
): Promise<void> {
  await db.execute(
    `INSERT INTO sites (id, org_id, name, path, is_default)
     SELECT t.id, t.org_id, 'Default', '/' || t.id || '/', true
       FROM (SELECT nextval(pg_get_serial_sequence('sites', 'id')) AS id, o AS org_id
               FROM unnest($1::bigint[]) AS o
              WHERE NOT EXISTS (SELECT 1 FROM sites s WHERE s.org_id = o AND s.is_default)) t`,
    [orgIds],
    transaction,
  );
}

/** The platform organization's default site (every organization has one). */
export async function seedDefaultSite({ db, transaction }: SeedDeps): Promise<undefined> {
  await createDefaultSites(db, [ROOT_ORG_ID], transaction);
  await db.execute(`UPDATE sites SET path = '/' || id || '/' WHERE path = '/'`, [], transaction);
  return undefined;
}
