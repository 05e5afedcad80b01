import type { Migration } from '../../../module.js';

/**
 * Firmware images (docs/firmware.md): official ones (the platform's, `official`, for every tenant)
 * and customer ones (an organisation's own). The image is a stored file (0023). Versions are four
 * dotted numbers, unique within the official list and within each organisation's list.
 */
const sql = `
CREATE TABLE firmwares (
  id bigserial PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES orgs (id),
  official boolean NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 128),
  version text NOT NULL CHECK (version ~ '^[0-9]{1,9}(\\.[0-9]{1,9}){3}$'),
  models text[] NOT NULL CHECK (cardinality(models) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  file_id bigint NOT NULL UNIQUE REFERENCES stored_files (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX firmwares_org_version_idx ON firmwares (org_id, version);
CREATE INDEX firmwares_models_idx ON firmwares USING gin (models);
`;

export const firmware: Migration = {
  name: '0024-firmware',
  async up(db, transaction) {
    await db.execute(sql, [], transaction);
  },
};
