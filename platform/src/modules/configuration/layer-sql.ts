import type { RelationName } from './schemas.js';

type OwnedRelation = Exclude<RelationName, 'global'>;

/**
 * `config_layers` belongs to the configuration module. Modules whose rows carry a layer (sites,
 * model templates, groups, devices) change it through these fragments, inside their own
 * statements, so a delete or a move stays one set-based round trip. `ids` names a `bigint[]`
 * parameter (`'$1'`), `id` and `orgId` SQL expressions.
 */
export const layerSql = {
  delete: (relation: OwnedRelation, ids: string) =>
    `DELETE FROM config_layers WHERE relation = '${relation}' AND relation_id = ANY(${ids}::bigint[])`,
  exists: (relation: OwnedRelation, id: string) =>
    `EXISTS (SELECT 1 FROM config_layers l WHERE l.relation = '${relation}' AND l.relation_id = ${id})`,
  reown: (relation: OwnedRelation, ids: string, orgId: string) =>
    `UPDATE config_layers SET org_id = ${orgId}
      WHERE relation = '${relation}' AND relation_id = ANY(${ids}::bigint[]) AND org_id <> ${orgId}`,
};
