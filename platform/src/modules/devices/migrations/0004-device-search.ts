import type { Migration } from '../../../module.js';

/**
 * Device lists at a million rows: every sort is keyset-paged on (column, id) with its own index;
 * keywords match MAC, name and serial number through one trigram index.
 */
const sql = `
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX devices_name_idx ON devices (device_name, id);
CREATE INDEX devices_model_idx ON devices (model, id);
CREATE INDEX devices_status_idx ON devices (status, id);
CREATE INDEX devices_created_idx ON devices (created_at, id);
CREATE INDEX devices_site_mac_idx ON devices (site_id, mac);
CREATE INDEX devices_keywords_idx ON devices
  USING gin ((mac || ' ' || lower(device_name) || ' ' || lower(coalesce(serial_number, ''))) gin_trgm_ops);
`;

export const deviceSearch: Migration = {
  name: '0004-device-search',
  async up(db, transaction) {
    await db.execute(sql, [], transaction);
  },
};
