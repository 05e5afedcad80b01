import type { Database } from '../db/database.js';
import { hashPassword } from '../modules/auth/password.js';
import { ROOT_ORG_ID } from '../modules/tenancy/root-organization.js';

export interface TestTenant {
  orgId: number;
  userName: string;
  password: string;
  siteId: number;
}

/**
 * Test fixture: an organization under `parentId` with an administrator user holding the built-in
 * role of its type, and a site. An enterprise has authorized the channels above it to manage it
 * unless `channelAuthorized` is false (docs/organisation.md).
 */
export async function createTenant(
  db: Database,
  type: 'channel' | 'enterprise',
  name: string,
  parentId: number = ROOT_ORG_ID,
  options: { channelAuthorized?: boolean } = {},
): Promise<TestTenant> {
  const password = 'Tenant@2026';
  const [org] = await db.query<{ id: string }>(
    `INSERT INTO orgs (type, name, parent_id, path, channel_authorized)
     SELECT $1, $2, p.id, '', $4 FROM orgs p WHERE p.id = $3 RETURNING id`,
    [type, name, parentId, type === 'enterprise' && (options.channelAuthorized ?? true)],
  );
  if (!org) throw new Error(`parent org ${parentId} not found`);
  await db.execute(
    `UPDATE orgs o SET path = p.path || o.id || '/' FROM orgs p WHERE o.id = $1 AND p.id = o.parent_id`,
    [org.id],
  );
  const userName = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-admin`;
  await db.execute(
    `INSERT INTO users (org_id, user_name, email, password_hash, user_type, role_id)
     SELECT $1, $2, $3, $4, $5, r.id FROM roles r WHERE r.builtin AND r.user_type = $5`,
    [org.id, userName, `${userName}@example.com`, await hashPassword(password), type],
  );
  const [site] = await db.query<{ id: string }>(
    `INSERT INTO sites (org_id, name, path, is_default) VALUES ($1, 'Default', '/', true) RETURNING id`,
    [org.id],
  );
  await db.execute(`UPDATE sites SET path = '/' || id || '/' WHERE id = $1`, [site?.id]);
  return { orgId: Number(org.id), userName, password, siteId: Number(site?.id) };
}

/** Devices straight into the table (set-based), for figures and isolation tests. */
export async function insertDevices(
  db: Database,
  tenant: TestTenant,
  devices: { mac: string; model: string; status?: number; pushEnabled?: boolean }[],
): Promise<void> {
  await db.execute(
    `INSERT INTO devices (org_id, site_id, mac, model, status, push_enabled, device_name)
     SELECT $1, $2, m, mo, s, p, 'Phone ' || m
       FROM unnest($3::text[], $4::text[], $5::smallint[], $6::boolean[]) AS t(m, mo, s, p)`,
    [
      tenant.orgId,
      tenant.siteId,
      devices.map((d) => d.mac),
      devices.map((d) => d.model),
      devices.map((d) => d.status ?? 0),
      devices.map((d) => d.pushEnabled ?? true),
    ],
  );
}
