import type { Migration } from '../../../module.js';

/**
 * The device list's indexes for every sort it offers (docs/devices.md "List performance"). Inside a
 * site subtree a page is merged from per-site index scans: model, status and create time get the
 * `(site_id, column, id) INCLUDE (org_id, search_text)` indexes that MAC and name have (0006), so no
 * sort reads and sorts every device of each site, and a keyword is filtered from the index alone. A
 * keyword across the whole fleet sorted by name reads the name index in order and filters it there
 * (it carries `search_text` now) instead of fetching every row it passes from the table. Each index
 * costs imports time (bench/devices.ts measures the 100,000-row import).
 */
const sql = `
CREATE INDEX devices_site_model_idx ON devices (site_id, model, id) INCLUDE (org_id, search_text);
CREATE INDEX devices_site_status_idx ON devices (site_id, status, id) INCLUDE (org_id, search_text);
CREATE INDEX devices_site_created_idx ON devices (site_id, created_at, id) INCLUDE (org_id, search_text);
DROP INDEX devices_name_idx;
CREATE INDEX devices_name_idx ON devices (device_name, id) INCLUDE (org_id, search_text);
`;

export const deviceListSorts: Migration = {
  name: '0034-device-list-sorts',
  async up(db, transaction) {
    await db.execute(sql, [], transaction);
  },
};
