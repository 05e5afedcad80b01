import type { Migration } from '../../../module.js';

/**
 * Files the console keeps (firmware images, resources): their bytes in a PostgreSQL large object
 * (`oid`), so every instance serves every file and a database backup holds them. A file is
 * `claimed` once the record that uses it is written; unclaimed ones (an upload whose record was
 * refused, or a crash between the two) are swept after an hour (docs/files.md).
 */
const sql = `
CREATE TABLE stored_files (
  id bigserial PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES orgs (id),
  oid oid NOT NULL UNIQUE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
  size bigint NOT NULL CHECK (size > 0),
  sha256 char(64) NOT NULL,
  claimed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stored_files_unclaimed_idx ON stored_files (created_at) WHERE NOT claimed;
`;

export const storedFiles: Migration = {
  name: '0023-stored-files',
  async up(db, transaction) {
    await db.execute(sql, [], transaction);
  },
};
