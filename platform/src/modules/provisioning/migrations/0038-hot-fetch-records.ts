import type { Migration } from '../../../module.js';

/**
 * A fetch record (last fetch time, address, reported model and firmware) changes no indexed column
 * of `devices`, so PostgreSQL writes it as a HOT update: the new row version on the same page and
 * none of the table's 13 indexes touched. Measured before this, every fetch was a non-HOT update
 * (docs/performance.md "Provisioning"): the presence index reads `last_fetch_at`, and a full page
 * leaves no room for the new version. The offline sweep now finds the devices not yet offline
 * through `devices_status_idx`; a sparer fill leaves room on each page for the next versions.
 */
export const hotFetchRecords: Migration = {
  name: '0038-hot-fetch-records',
  async up(db, transaction) {
    await db.execute(
      `DROP INDEX devices_presence_idx;
       ALTER TABLE devices SET (fillfactor = 85);`,
      [],
      transaction,
    );
  },
};
