import type { Migration } from '../../../module.js';

/**
 * The phone user name is an organization's own choice: the gate finds a phone by its MAC and
 * checks the credentials along its organization path, never by user name. A global UNIQUE made
 * one tenant's choice fail on another's and told the second tenant the first one's name existed.
 */
export const provisioningUserNamesPerOrganization: Migration = {
  name: '0014-provisioning-user-names-per-organization',
  async up(db, transaction) {
    await db.execute('ALTER TABLE orgs DROP CONSTRAINT IF EXISTS orgs_prov_username_key', [], transaction);
  },
};
