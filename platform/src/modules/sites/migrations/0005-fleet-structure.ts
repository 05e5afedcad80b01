import type { Migration } from '../../../module.js';

/**
 * Fleet structure screens: group names are unique per organization like site names; lookups by
 * parent site and by a group's site; the record of imported MAC configuration files (one per
 * device, the latest import).
 */
const sql = `
CREATE UNIQUE INDEX device_groups_org_name_idx ON device_groups (org_id, name);
CREATE INDEX device_groups_site_idx ON device_groups (site_id);
CREATE INDEX sites_parent_idx ON sites (parent_id);

CREATE TABLE mac_files (
  id bigserial PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES orgs (id),
  device_id bigint NOT NULL UNIQUE REFERENCES devices (id) ON DELETE CASCADE,
  file_name text NOT NULL CHECK (length(file_name) <= 255),
  imported_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mac_files_org_idx ON mac_files (org_id, imported_at, id);
`;

export const fleetStructure: Migration = {
  name: '0005-fleet-structure',
  async up(db, transaction) {
    await db.execute(sql, [], transaction);
  },
};
