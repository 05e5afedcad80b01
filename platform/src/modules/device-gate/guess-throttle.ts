import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../../db/database.js';

/** Wrong digests per MAC in a window before that MAC waits; a phone with a stale password retries far less. */
export const MAX_WRONG_DIGESTS_PER_MAC = 10;
/** Per source address: an office of phones behind one NAT after a password change stays well below. */
export const MAX_WRONG_DIGESTS_PER_ADDRESS = 2000;
const WINDOW_SECONDS = 600;

/**
 * Slows password guessing on the device side, across instances (PostgreSQL): wrong digests count
 * per MAC and per source address; over the limit, every answer for that MAC or address is the
 * same refusal, right password or not, until the window ends.
 */
export class GuessThrottle {
  private readonly byMac: RateLimiterPostgres;
  private readonly byAddress: RateLimiterPostgres;

  constructor(db: Database) {
    const store = {
      storeClient: db.sequelize,
      storeType: 'sequelize',
      tableName: 'rate_limits',
      tableCreated: true,
    };
    const window = { duration: WINDOW_SECONDS, blockDuration: WINDOW_SECONDS };
    this.byMac = new RateLimiterPostgres({
      ...store,
      ...window,
      keyPrefix: 'digest-mac',
      points: MAX_WRONG_DIGESTS_PER_MAC,
    });
    this.byAddress = new RateLimiterPostgres({
      ...store,
      ...window,
      keyPrefix: 'digest-address',
      points: MAX_WRONG_DIGESTS_PER_ADDRESS,
    });
  }

  /**
   * The store rows that make a request wait, with their limits, for the gate to check in the same
   * statement that records the nonce's use: a row is "waiting" with more points than its limit
   * before it expires (epoch milliseconds).
   */
  waitingRows(mac: string, address: string): { key: string; limit: number }[] {
    return [
      { key: this.byMac.getKey(mac), limit: MAX_WRONG_DIGESTS_PER_MAC },
      { key: this.byAddress.getKey(address), limit: MAX_WRONG_DIGESTS_PER_ADDRESS },
    ];
  }

  /** Counts one wrong digest; false when the MAC or the address now has to wait. */
  async wrong(mac: string, address: string): Promise<boolean> {
    try {
      await Promise.all([this.byMac.consume(mac), this.byAddress.consume(address)]);
      return true;
    } catch (error) {
      if (error instanceof RateLimiterRes) return false;
      throw error;
    }
  }
}
