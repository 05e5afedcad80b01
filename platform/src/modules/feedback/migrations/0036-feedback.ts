import type { Migration } from '../../../module.js';

/**
 * Feedback sent from the header's dialog (spec §2): who sent it (user and organisation, kept as
 * text too so a deleted user's feedback still says who), what, and a way to answer. Read by the
 * platform administrator (docs/feedback.md).
 */
export const feedback: Migration = {
  name: '0036-feedback',
  async up(db, transaction) {
    await db.execute(
      `CREATE TABLE feedback (
         id bigserial PRIMARY KEY,
         org_id bigint NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
         user_id bigint REFERENCES users (id) ON DELETE SET NULL,
         user_name text NOT NULL,
         content text NOT NULL CHECK (length(content) BETWEEN 1 AND 500),
         contact text NOT NULL DEFAULT '' CHECK (length(contact) <= 128),
         created_at timestamptz NOT NULL DEFAULT now()
       );
       CREATE INDEX feedback_created_idx ON feedback (created_at DESC, id DESC);`,
      [],
      transaction,
    );
  },
};
