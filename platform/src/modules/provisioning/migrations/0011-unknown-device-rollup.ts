import type { Migration } from '../../../module.js';

/**
 * Requests without a MAC (malformed paths, files no driver serves) and the overflow of one
 * address's unknown MACs roll up into one row per organization, source address and reason instead
 * of a row per request. Existing duplicates are merged first.
 */
export const unknownDeviceRollup: Migration = {
  name: '0011-unknown-device-rollup',
  async up(db, transaction) {
    await db.execute(
      `WITH merged AS (
         SELECT min(id) AS keep, org_id, ip, reason, sum(hits) AS hits, min(first_seen) AS first_seen,
                max(last_seen) AS last_seen
           FROM unknown_devices WHERE mac IS NULL GROUP BY org_id, ip, reason HAVING count(*) > 1),
       gone AS (
         DELETE FROM unknown_devices u USING merged m
          WHERE u.mac IS NULL AND u.org_id = m.org_id AND u.ip IS NOT DISTINCT FROM m.ip
            AND u.reason = m.reason AND u.id <> m.keep)
       UPDATE unknown_devices u SET hits = m.hits, first_seen = m.first_seen, last_seen = m.last_seen
         FROM merged m WHERE u.id = m.keep;
       CREATE UNIQUE INDEX unknown_devices_rollup_idx
         ON unknown_devices (org_id, coalesce(ip, '0.0.0.0'::inet), reason) WHERE mac IS NULL;`,
      [],
      transaction,
    );
  },
};
