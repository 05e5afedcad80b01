import { ancestorIdsSql } from '../tenancy/ancestors.js';

/**
 * A correlated subquery over one device: its configuration layers as rows of
 * `(rank, depth, relation, relation_id, pushed)`, merged in `rank, depth` order: the global layer of
 * each organization from the platform root down, its site's ancestors root first and its site, the
 * model template for its model in that site, its groups, the device itself. `d` names a row with the
 * device's `id`, `site_id`, `model`, and its organization's and site's materialized paths as
 * `org_path` and `site_path`. Each level is a primary-key probe, so the cost follows the device's
 * own ancestry, not the number of tenants or sites (docs/performance.md "Provisioning").
 */
export function layerRowsSql(d = 'd'): string {
  return `(SELECT c.rank, c.depth, c.relation, c.relation_id, l.pushed
             FROM (SELECT 1 AS rank, length(o.path) AS depth, 'global' AS relation, o.id AS relation_id
                     FROM orgs o WHERE o.id = ANY (${ancestorIdsSql(`${d}.org_path`)})
                   UNION ALL
                   SELECT 2, length(s.path), 'site', s.id FROM sites s WHERE s.id = ANY (${ancestorIdsSql(`${d}.site_path`)})
                   UNION ALL
                   SELECT 3, 0, 'model', m.id FROM model_templates m WHERE m.site_id = ${d}.site_id AND m.model = ${d}.model
                   UNION ALL
                   SELECT 4, g.group_id, 'group', g.group_id FROM group_devices g WHERE g.device_id = ${d}.id
                   UNION ALL
                   SELECT 5, 0, 'device', ${d}.id) c
             JOIN config_layers l ON l.relation = c.relation AND l.relation_id = c.relation_id)`;
}

/** The device row `layerRowsSql` reads, as a FROM item named `d`, for the devices `deviceWhere` picks over `devices dv`. */
export function layeredDeviceSql(deviceWhere: string): string {
  return `(SELECT dv.id, dv.org_id, dv.site_id, dv.model, dv.mac, dv.prov_ha1, o.path AS org_path, s.path AS site_path
             FROM devices dv JOIN orgs o ON o.id = dv.org_id JOIN sites s ON s.id = dv.site_id
            WHERE ${deviceWhere}) d`;
}
