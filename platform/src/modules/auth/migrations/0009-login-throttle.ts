import type { Migration } from '../../../module.js';

/**
 * Sign-in throttling counters (`rate-limiter-flexible`'s PostgreSQL store, its own table layout),
 * shared by every instance. Unlogged: losing counters in a crash only forgives some failures.
 */
export const loginThrottle: Migration = {
  name: '0009-login-throttle',
  async up(db, transaction) {
    await db.execute(
      `CREATE UNLOGGED TABLE rate_limits (
         key varchar(255) PRIMARY KEY,
         points integer NOT NULL DEFAULT 0,
         expire bigint
       )`,
      [],
      transaction,
    );
  },
};
