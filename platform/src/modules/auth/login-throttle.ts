import { createHash } from 'node:crypto';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../../db/database.js';

/** Failed sign-ins for one name from one address before that pair waits. */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;
/** Failed sign-ins from one address in a day, whatever the names, before it waits a day. */
export const MAX_FAILED_LOGINS_PER_ADDRESS_DAY = 100;

const DAY_SECONDS = 86_400;

/**
 * Slows password guessing without handing an attacker a switch that locks someone else out:
 * failures count per (name, address) and per address, in PostgreSQL so every instance shares the
 * count. Every attempt is counted before its password is checked, in one atomic upsert, so N
 * parallel guesses count as N; a success takes its counts back. Known and unknown names are
 * counted and answered alike.
 */
export class LoginThrottle {
  private readonly byNameAndAddress: RateLimiterPostgres;
  private readonly byAddress: RateLimiterPostgres;

  constructor({ db }: { db: Database }) {
    const store = {
      storeClient: db.sequelize,
      storeType: 'sequelize',
      tableName: 'rate_limits',
      tableCreated: true,
    };
    this.byNameAndAddress = new RateLimiterPostgres({
      ...store,
      keyPrefix: 'login-name',
      points: MAX_FAILED_LOGINS,
      duration: LOCK_MINUTES * 60,
      blockDuration: LOCK_MINUTES * 60,
    });
    this.byAddress = new RateLimiterPostgres({
      ...store,
      keyPrefix: 'login-address',
      points: MAX_FAILED_LOGINS_PER_ADDRESS_DAY,
      duration: DAY_SECONDS,
      blockDuration: DAY_SECONDS,
    });
  }

  /** Counts one attempt; false when the name or the address has to wait. */
  async admit(name: string, address: string): Promise<boolean> {
    try {
      await Promise.all([
        this.byNameAndAddress.consume(pairKey(name, address)),
        this.byAddress.consume(address),
      ]);
      return true;
    } catch (error) {
      if (error instanceof RateLimiterRes) return false;
      throw error;
    }
  }

  /** The attempt was right: it and the pair's earlier failures no longer count. */
  async succeeded(name: string, address: string): Promise<void> {
    await Promise.all([
      this.byNameAndAddress.delete(pairKey(name, address)),
      this.byAddress.reward(address, 1),
    ]);
  }
}

/** Fits the store's 255-character key whatever the name's length. */
function pairKey(name: string, address: string): string {
  return createHash('sha256').update(`${name.trim().toLowerCase()}|${address}`).digest('base64url');
}
