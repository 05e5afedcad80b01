import type { Migration } from '../../../module.js';

/** Each instance keeps its nonces' uses in memory now (nonces.ts): the shared table goes. */
export const deviceNoncesInMemory: Migration = {
  name: '0036-device-nonces-in-memory',
  async up(db, transaction) {
    await db.execute('DROP TABLE device_nonces', [], transaction);
  },
};
