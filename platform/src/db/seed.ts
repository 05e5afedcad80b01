import type { Logger } from 'pino';
import type { ConsoleConfig } from '../config.js';
import { resourceCatalogue } from '../modules/access/resource-catalogue.js';
import { generatePassword, hashPassword } from '../modules/auth/password.js';
import type { PluginRegistry } from '../modules/extensions/plugin-registry.js';
import { timeZoneList } from '../modules/time-zones/time-zone-list.js';
import type { Database } from './database.js';

export const ROOT_ORG_ID = 1;
export const ADMIN_USER_NAME = 'admin';

/**
 * Idempotent: runs at every start. The first start creates the platform organization, the
 * administrator, the default site, the built-in roles and the time zones; every start brings the
 * resource catalogue up to date with the catalogue and the loaded plugins' powers.
 * Returns the administrator's password when this start created the administrator.
 */
export async function seed(
  db: Database,
  config: ConsoleConfig,
  plugins: PluginRegistry,
  logger: Logger,
): Promise<{ createdAdminPassword: string | undefined }> {
  const resources = new Map(resourceCatalogue.map((r) => [r.power, { ...r }]));
  for (const declared of plugins.declaredResources()) {
    const existing = resources.get(declared.power);
    if (existing) {
      existing.buttons = [...new Set([...existing.buttons, ...declared.buttons])];
    } else {
      resources.set(declared.power, {
        power: declared.power,
        rsName: declared.title.en,
        rsNameCn: declared.title['zh-CN'],
        path: declared.path,
        sort: declared.order,
        buttons: declared.buttons,
        grantedTo: [],
      });
    }
  }
  const resourceRows = [...resources.values()];
  const adminPassword = config.adminPassword ?? generatePassword();
  const adminHash = await hashPassword(adminPassword);

  return db.transaction(async (transaction) => {
    await db.execute('SELECT pg_advisory_xact_lock(7355609)', [], transaction);
    await db.execute(
      `INSERT INTO orgs (id, type, name, path) VALUES ($1, 'platform', 'Platform', '/1/') ON CONFLICT (id) DO NOTHING`,
      [ROOT_ORG_ID],
      transaction,
    );
    await db.execute(
      "SELECT setval('orgs_id_seq', GREATEST((SELECT max(id) FROM orgs), 1))",
      [],
      transaction,
    );
    await db.execute(
      `INSERT INTO time_zones (id, description, "offset")
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[])
       ON CONFLICT (id) DO UPDATE SET description = EXCLUDED.description, "offset" = EXCLUDED."offset"`,
      [
        timeZoneList.map((z) => z.id),
        timeZoneList.map((z) => z.description),
        timeZoneList.map((z) => z.offset),
      ],
      transaction,
    );
    await db.execute(
      `INSERT INTO resources (power, rs_name, rs_name_cn, path, sort, buttons)
       SELECT p, n, c, pa, s, string_to_array(b, ',')
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[]) AS t(p, n, c, pa, s, b)
       ON CONFLICT (power) DO UPDATE SET rs_name = EXCLUDED.rs_name, rs_name_cn = EXCLUDED.rs_name_cn,
             path = EXCLUDED.path, sort = EXCLUDED.sort, buttons = EXCLUDED.buttons`,
      [
        resourceRows.map((r) => r.power),
        resourceRows.map((r) => r.rsName),
        resourceRows.map((r) => r.rsNameCn),
        resourceRows.map((r) => r.path),
        resourceRows.map((r) => r.sort),
        resourceRows.map((r) => r.buttons.join(',')),
      ],
      transaction,
    );
    // Built-in roles of the platform organization for channel and enterprise administrators.
    for (const userType of ['channel', 'enterprise'] as const) {
      const name = userType === 'channel' ? 'Channel administrator' : 'Enterprise administrator';
      const granted = resourceRows.filter((r) => r.grantedTo.includes(userType)).map((r) => r.power);
      await db.execute(
        `WITH role AS (
           INSERT INTO roles (org_id, name, user_type, builtin) VALUES ($1, $2, $3, true)
           ON CONFLICT (org_id, name) DO UPDATE SET builtin = true RETURNING id)
         INSERT INTO role_resources (role_id, resource_id, buttons)
         SELECT role.id, s.id, s.buttons FROM role, resources s WHERE s.power = ANY($4::text[])
         ON CONFLICT (role_id, resource_id) DO UPDATE SET buttons = EXCLUDED.buttons`,
        [ROOT_ORG_ID, name, userType, granted],
        transaction,
      );
    }
    await db.execute(
      `INSERT INTO sites (org_id, name, path, is_default)
       SELECT $1, 'Default', '/', true WHERE NOT EXISTS (SELECT 1 FROM sites WHERE org_id = $1 AND is_default)`,
      [ROOT_ORG_ID],
      transaction,
    );
    await db.execute(`UPDATE sites SET path = '/' || id || '/' WHERE path = '/'`, [], transaction);
    const created = await db.query<{ id: string }>(
      `INSERT INTO users (org_id, user_name, email, password_hash, user_type, zone_id)
       SELECT $1, $2, NULL, $3, 'admin', 26 WHERE NOT EXISTS (SELECT 1 FROM users WHERE user_type = 'admin')
       RETURNING id`,
      [ROOT_ORG_ID, ADMIN_USER_NAME, adminHash],
      transaction,
    );
    if (created.length > 0) logger.info({ userName: ADMIN_USER_NAME }, 'administrator created');
    return { createdAdminPassword: created.length > 0 ? adminPassword : undefined };
  });
}
