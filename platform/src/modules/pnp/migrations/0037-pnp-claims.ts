import type { Migration } from '../../../module.js';

/**
 * One row per plug-and-play SUBSCRIBE transaction (Call-ID and CSeq) that an instance answered:
 * every instance on the LAN hears the multicast, the one whose insert wins sends the NOTIFY
 * (docs/zero-touch.md). Rows older than a few minutes are swept.
 */
export const pnpClaims: Migration = {
  name: '0037-pnp-claims',
  async up(db, transaction) {
    await db.execute(
      `CREATE TABLE pnp_claims (
         call_id text NOT NULL,
         cseq integer NOT NULL,
         claimed_at timestamptz NOT NULL DEFAULT now(),
         PRIMARY KEY (call_id, cseq)
       );
       CREATE INDEX pnp_claims_claimed_idx ON pnp_claims (claimed_at);`,
      [],
      transaction,
    );
  },
};
