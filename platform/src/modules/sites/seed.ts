import type { SeedDeps } from '../../module.js';
import { ROOT_ORG_ID } from '../tenancy/root-organization.js';

/** The platform organization's default site (every organization has one). */
export async function seedDefaultSite({ db, transaction }: SeedDeps): Promise<undefined> {
  await db.execute(
    `INSERT INTO sites (org_id, name, path, is_default)
     SELECT $1, 'Default', '/', true WHERE NOT EXISTS (SELECT 1 FROM sites WHERE org_id = $1 AND is_default)`,
    [ROOT_ORG_ID],
    transaction,
  );
  await db.execute(`UPDATE sites SET path = '/' || id || '/' WHERE path = '/'`, [], transaction);
  return undefined;
}
