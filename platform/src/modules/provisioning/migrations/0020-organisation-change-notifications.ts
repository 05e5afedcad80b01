import type { Migration } from '../../../module.js';

/**
 * Freezing an organisation stops its phones' provisioning, and an enterprise's authorization
 * changes what its channel's lists hold: both must reach every instance's caches at once, like the
 * columns migration 0003 already watches.
 */
export const organisationChangeNotifications: Migration = {
  name: '0020-organisation-change-notifications',
  async up(db, transaction) {
    await db.execute(
      `DROP TRIGGER orgs_changed ON orgs;
       CREATE TRIGGER orgs_changed AFTER INSERT OR DELETE OR TRUNCATE
         OR UPDATE OF parent_id, path, prov_username, prov_ha1, prov_allow_cidrs, status, channel_authorized ON orgs
         FOR EACH STATEMENT EXECUTE FUNCTION phonefleet_notify_config();`,
      [],
      transaction,
    );
  },
};
