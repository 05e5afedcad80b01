import type { Database } from '../../db/database.js';
import type { TenantScope } from '../tenancy/scope.js';
import type { RelationName } from './schemas.js';

/** The name every global layer goes by: an organization's name above the caller is not shown. */
export const GLOBAL_LAYER_NAME = 'Global';

/**
 * Display names of configuration layers, keyed `relation:relationId`: the site's, model
 * template's or group's name, 'Global' for a global layer. One statement for all of them; a row
 * outside the caller's scope gets no name (the device's own layer has none either: it is the
 * screen's subject).
 */
export async function layerNames(
  db: Database,
  scope: TenantScope,
  layers: readonly { relation: RelationName; relationId: number }[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const named = layers.filter((layer) => {
    if (layer.relation === 'global') names.set(`global:${layer.relationId}`, GLOBAL_LAYER_NAME);
    return layer.relation === 'site' || layer.relation === 'model' || layer.relation === 'group';
  });
  if (named.length === 0) return names;
  const rows = await scope.query<{ relation: RelationName; relation_id: string; name: string }>(
    db,
    `SELECT l.relation, l.relation_id, coalesce(s.name, m.name, g.name) AS name
       FROM unnest($1::text[], $2::bigint[]) AS l (relation, relation_id)
       LEFT JOIN sites s ON l.relation = 'site' AND s.id = l.relation_id AND {scope:s.org_id}
       LEFT JOIN model_templates m ON l.relation = 'model' AND m.id = l.relation_id AND {scope:m.org_id}
       LEFT JOIN device_groups g ON l.relation = 'group' AND g.id = l.relation_id AND {scope:g.org_id}
      WHERE coalesce(s.name, m.name, g.name) IS NOT NULL`,
    [named.map((layer) => layer.relation), named.map((layer) => layer.relationId)],
  );
  for (const row of rows) names.set(`${row.relation}:${row.relation_id}`, row.name);
  return names;
}
