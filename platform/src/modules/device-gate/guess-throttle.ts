import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../../db/database.js';

/** Wrong digests per MAC in a window before that MAC waits; a phone with a stale password retries far less. */
export const MAX_WRONG_DIGESTS_PER_MAC = 10;
/** Per source address: an office of phones behind one NAT after a password change stays well below. */
export const MAX_WRONG_DIGESTS_PER_ADDRESS = 2000;
const WINDOW_SECONDS = 600;
/** Announces that a MAC or an address started waiting, so every instance's copy follows. */
const CHANNEL = 'phonefleet_throttle';

/**
 * Slows password guessing on the device side, across instances (PostgreSQL): wrong digests count
 * per MAC and per source address; over the limit, every answer for that MAC or address is the
 * same refusal, right password or not, until the window ends.
 *
 * Whether a request waits is asked of every authenticated fetch, so each instance keeps a copy of
 * the waiting keys (few: only MACs and addresses under attack), reloaded whenever an instance
 * announces a new one on `phonefleet_throttle`. While that notification may be missed (the
 * listening connection lost), the table itself is asked, as before.
 */
export class GuessThrottle {
  private readonly db: Database;
  private readonly byMac: RateLimiterPostgres;
  private readonly byAddress: RateLimiterPostgres;
  /** Waiting keys and until when (epoch ms); trusted only while `mirrored`. */
  private waiting = new Map<string, number>();
  private mirrored = false;
  private listening = false;
  /** Only the latest reload's rows are kept (an earlier one may finish last with older rows). */
  private reloads = 0;
  private reloadedAt = 0;

  constructor(db: Database) {
    this.db = db;
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
    db.listen(
      CHANNEL,
      () => void this.reload(),
      (listening) => {
        this.listening = listening;
        this.mirrored = false;
        if (listening) void this.reload();
      },
    );
  }

  /** Whether the MAC or the address waits now. */
  async waits(mac: string, address: string): Promise<boolean> {
    const keys = this.keys(mac, address);
    const now = Date.now();
    if (!this.mirrored) {
      // A reload that failed is tried again, at most once a second, while the table answers.
      if (this.listening && now - this.reloadedAt > 1000) void this.reload();
      return this.waitsInTable(keys);
    }
    return keys.some(({ key }) => (this.waiting.get(key) ?? 0) > now);
  }

  /** Counts one wrong digest; false when the MAC or the address now has to wait. */
  async wrong(mac: string, address: string): Promise<boolean> {
    const counted = await Promise.allSettled([this.byMac.consume(mac), this.byAddress.consume(address)]);
    const keys = this.keys(mac, address);
    let allowed = true;
    let started = false;
    for (const [index, result] of counted.entries()) {
      if (result.status === 'fulfilled') continue;
      if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
      allowed = false;
      const { key, limit } = keys[index] ?? { key: '', limit: 0 };
      this.waiting.set(key, Date.now() + result.reason.msBeforeNext);
      // This wrong digest crossed the limit: the other instances learn it now.
      if (result.reason.consumedPoints === limit + 1) started = true;
    }
    if (started) await this.db.execute(`SELECT pg_notify('${CHANNEL}', '')`);
    return allowed;
  }

  private keys(mac: string, address: string): { key: string; limit: number }[] {
    return [
      { key: this.byMac.getKey(mac), limit: MAX_WRONG_DIGESTS_PER_MAC },
      { key: this.byAddress.getKey(address), limit: MAX_WRONG_DIGESTS_PER_ADDRESS },
    ];
  }

  private async waitsInTable(keys: { key: string; limit: number }[]): Promise<boolean> {
    const [row] = await this.db.prepared<{ waiting: boolean }>(
      'guess-throttle-waits',
      `SELECT EXISTS (SELECT 1 FROM rate_limits r JOIN unnest($1::text[], $2::int[]) AS w(key, max) ON w.key = r.key
                       WHERE r.points > w.max AND r.expire > $3) AS waiting`,
      [keys.map(({ key }) => key), keys.map(({ limit }) => limit), Date.now()],
    );
    return row?.waiting ?? false;
  }

  private async reload(): Promise<void> {
    const reload = ++this.reloads;
    this.reloadedAt = Date.now();
    const prefixes = this.keys('', '').map(({ key, limit }) => ({ prefix: key, limit }));
    try {
      const rows = await this.db.query<{ key: string; expire: string }>(
        `SELECT r.key, r.expire FROM rate_limits r JOIN unnest($1::text[], $2::int[]) AS w(prefix, max)
            ON starts_with(r.key, w.prefix) AND r.points > w.max
          WHERE r.expire > $3`,
        [prefixes.map(({ prefix }) => prefix), prefixes.map(({ limit }) => limit), Date.now()],
      );
      if (reload !== this.reloads) return;
      this.waiting = new Map(rows.map((row) => [row.key, Number(row.expire)]));
      this.mirrored = this.listening;
    } catch {
      if (reload === this.reloads) this.mirrored = false;
    }
  }
}
