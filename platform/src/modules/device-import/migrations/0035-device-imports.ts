import type { Migration } from '../../../module.js';

/**
 * Import progress (docs/devices.md "Import progress"): one row per import, written while it runs
 * (rows read, rows stored) and holding its answer once done, so the importing user's browser reads
 * it from any instance and after a reload. The id is chosen by the browser that uploads the file.
 */
export const deviceImports: Migration = {
  name: '0035-device-imports',
  async up(db, transaction) {
    await db.execute(
      `CREATE TABLE device_imports (
         id uuid PRIMARY KEY,
         org_id bigint NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
         user_id bigint NOT NULL,
         state text NOT NULL DEFAULT 'reading'
           CHECK (state IN ('reading', 'checking', 'storing', 'finished', 'refused')),
         rows_read integer NOT NULL DEFAULT 0,
         rows_stored integer NOT NULL DEFAULT 0,
         failed jsonb,
         message text,
         started_at timestamptz NOT NULL DEFAULT now(),
         updated_at timestamptz NOT NULL DEFAULT now()
       );
       CREATE INDEX device_imports_started_idx ON device_imports (started_at);`,
      [],
      transaction,
    );
  },
};
