import type { Migration } from '../../../module.js';

/**
 * The highest `nc` each digest nonce has been used with, shared by every instance, so a captured
 * request is refused when sent again. Rows live as long as their nonce (5 minutes); unlogged,
 * since after a crash every nonce older than the restart is near its end anyway.
 */
export const deviceNonces: Migration = {
  name: '0010-device-nonces',
  async up(db, transaction) {
    await db.execute(
      `CREATE UNLOGGED TABLE device_nonces (
         nonce text PRIMARY KEY,
         nc bigint NOT NULL,
         expires_at timestamptz NOT NULL
       )`,
      [],
      transaction,
    );
  },
};
