import type { Migration } from '../../../module.js';

/**
 * Other resources (docs/resources.md): files of types 1–6 an organisation pushes to its phones,
 * each kept in a site (spec §5: name and site required) with its bytes in the file store (0023).
 */
const sql = `
CREATE TABLE resource_files (
  id bigserial PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES orgs (id),
  site_id bigint NOT NULL REFERENCES sites (id),
  type smallint NOT NULL CHECK (type BETWEEN 1 AND 6),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 128),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  file_id bigint NOT NULL UNIQUE REFERENCES stored_files (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX resource_files_org_idx ON resource_files (org_id, created_at);
CREATE INDEX resource_files_site_idx ON resource_files (site_id);
`;

export const resources: Migration = {
  name: '0025-resources',
  async up(db, transaction) {
    await db.execute(sql, [], transaction);
  },
};
