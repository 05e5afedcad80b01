import type { SeedDeps } from '../../module.js';

/** The platform organization: the root of the tenant tree, the administrator's. */
export const ROOT_ORG_ID = 1;

export async function seedPlatformOrganization({ db, transaction }: SeedDeps): Promise<undefined> {
  await db.execute(
    `INSERT INTO orgs (id, type, name, path) VALUES ($1, 'platform', 'Platform', '/1/') ON CONFLICT (id) DO NOTHING`,
    [ROOT_ORG_ID],
    transaction,
  );
  await db.execute("SELECT setval('orgs_id_seq', GREATEST((SELECT max(id) FROM orgs), 1))", [], transaction);
  return undefined;
}
