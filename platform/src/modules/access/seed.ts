import type { SeedDeps } from '../../module.js';
import type { PluginRegistry } from '../extensions/plugin-registry.js';
import { ROOT_ORG_ID } from '../tenancy/root-organization.js';
import { resourceCatalogue } from './resource-catalogue.js';

/**
 * Every start brings the resources up to date with the catalogue and the loaded plugins' powers,
 * and the platform organization's built-in roles for channel and enterprise administrators.
 */
export async function seedResources({
  db,
  transaction,
  pluginRegistry,
}: SeedDeps & { pluginRegistry: PluginRegistry }): Promise<undefined> {
  const resources = new Map(resourceCatalogue.map((r) => [r.power, { ...r }]));
  for (const declared of pluginRegistry.declaredResources()) {
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
  const rows = [...resources.values()];
  await db.execute(
    `INSERT INTO resources (power, rs_name, rs_name_cn, path, sort, buttons)
     SELECT p, n, c, pa, s, string_to_array(b, ',')
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[]) AS t(p, n, c, pa, s, b)
     ON CONFLICT (power) DO UPDATE SET rs_name = EXCLUDED.rs_name, rs_name_cn = EXCLUDED.rs_name_cn,
           path = EXCLUDED.path, sort = EXCLUDED.sort, buttons = EXCLUDED.buttons`,
    [
      rows.map((r) => r.power),
      rows.map((r) => r.rsName),
      rows.map((r) => r.rsNameCn),
      rows.map((r) => r.path),
      rows.map((r) => r.sort),
      rows.map((r) => r.buttons.join(',')),
    ],
    transaction,
  );
  for (const userType of ['channel', 'enterprise'] as const) {
    const name = userType === 'channel' ? 'Channel administrator' : 'Enterprise administrator';
    const granted = rows.filter((r) => r.grantedTo.includes(userType)).map((r) => r.power);
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
  return undefined;
}
