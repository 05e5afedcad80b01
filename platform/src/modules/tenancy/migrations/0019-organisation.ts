import type { Migration } from '../../../module.js';

/**
 * What running the tenant tree from the console needs (docs/organisation.md):
 * - `orgs`: the device numbers an enterprise may hold, whether a channel may create sub-channels,
 *   and whether an enterprise has authorized the channels above it to manage it;
 * - `users.site_ids`: a sub-user's data permission (sites and their subtrees; NULL: every site);
 * - `sessions.entered_org_id`: the enterprise an administrator or channel user has entered;
 * - `password_resets.purpose` / `new_email`: one kind of single-use link for resetting a password,
 *   activating an account (choosing its first password) and confirming a new email address.
 */
export const organisation: Migration = {
  name: '0019-organisation',
  async up(db, transaction) {
    await db.execute(
      `ALTER TABLE orgs ADD COLUMN device_limit integer CHECK (device_limit >= 0),
                        ADD COLUMN may_create_subchannels boolean NOT NULL DEFAULT false,
                        ADD COLUMN channel_authorized boolean NOT NULL DEFAULT false;
       ALTER TABLE users ADD COLUMN site_ids bigint[];
       ALTER TABLE sessions ADD COLUMN entered_org_id bigint REFERENCES orgs (id) ON DELETE SET NULL;
       ALTER TABLE password_resets
         ADD COLUMN purpose text NOT NULL DEFAULT 'reset' CHECK (purpose IN ('reset', 'activate', 'email')),
         ADD COLUMN new_email citext CHECK (length(new_email) <= 128);`,
      [],
      transaction,
    );
  },
};
