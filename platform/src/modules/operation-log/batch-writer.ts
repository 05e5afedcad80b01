import type { Logger } from 'pino';
import type { Database } from '../../db/database.js';

/** One record as the request left it; contents are already in both languages. */
export interface PendingRecord {
  at: Date;
  /** Undefined: the organisation of the account named `userName` (a failed sign-in), else the root's. */
  orgId: number | undefined;
  userName: string;
  realUserName: string | undefined;
  ip: string;
  level: 'notice' | 'info' | 'warning';
  method: string;
  path: string;
  contentsEn: string;
  contentsZh: string;
}

/** How long a record may wait in memory: what a crash can lose (docs/operation-log.md "Crash"). */
export const FLUSH_EVERY_MS = 1000;
/** A batch this large is written at once instead of waiting for the tick. */
export const FLUSH_AT_ROWS = 500;
/** Records kept while PostgreSQL refuses writes; beyond this the oldest are dropped (and said so). */
const PENDING_MAX = 100_000;

/**
 * Takes records off the request's path: `add` only appends to memory; every second (or every
 * FLUSH_AT_ROWS records) the batch goes to PostgreSQL in one multi-row INSERT built from arrays,
 * whose organisation is resolved in the same statement. A failed write keeps the batch for the next
 * flush. Stopping writes what is left.
 */
export class OperationLogWriter {
  private readonly db: Database;
  private readonly logger: Logger;
  private pending: PendingRecord[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor({ db, logger }: { db: Database; logger: Logger }) {
    this.db = db;
    this.logger = logger;
  }

  start(): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  add(record: PendingRecord): void {
    this.pending.push(record);
    if (this.pending.length > PENDING_MAX) {
      const dropped = this.pending.length - PENDING_MAX;
      this.pending.splice(0, dropped);
      this.logger.error({ dropped }, 'operation log: PostgreSQL is not taking records; oldest dropped');
    }
    if (this.pending.length >= FLUSH_AT_ROWS) void this.flush();
  }

  /** Writes what is waiting; one flush at a time (a flush asked for meanwhile follows it). */
  flush(): Promise<void> {
    const next = (this.flushing ?? Promise.resolve()).then(() => this.writeBatch());
    this.flushing = next.finally(() => {
      if (this.flushing === next) this.flushing = undefined;
    });
    return next;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  private async writeBatch(): Promise<void> {
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    const column = <T>(pick: (record: PendingRecord) => T) => batch.map(pick);
    try {
      // Straight to the pg pool (`Database.rows`): no ORM formatting of ten arrays of a batch.
      await this.db.rows(
        `INSERT INTO operation_log (org_id, at, user_name, real_user_name, ip, level, method, path, contents_en, contents_zh)
         SELECT COALESCE(r.org_id, (SELECT u.org_id FROM users u WHERE u.user_name = r.user_name OR u.email = r.user_name
                                     ORDER BY u.id LIMIT 1), 1),
                r.at, r.user_name, r.real_user_name, r.ip, r.level, r.method, r.path, r.contents_en, r.contents_zh
           FROM unnest($1::bigint[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[],
                       $7::text[], $8::text[], $9::text[], $10::text[])
             AS r (org_id, at, user_name, real_user_name, ip, level, method, path, contents_en, contents_zh)
           -- An organisation deleted while its records waited takes them with it.
          WHERE r.org_id IS NULL OR EXISTS (SELECT 1 FROM orgs o WHERE o.id = r.org_id)`,
        [
          column((r) => r.orgId ?? null),
          column((r) => r.at.toISOString()),
          column((r) => r.userName),
          column((r) => r.realUserName ?? null),
          column((r) => r.ip),
          column((r) => r.level),
          column((r) => r.method),
          column((r) => r.path),
          column((r) => r.contentsEn),
          column((r) => r.contentsZh),
        ],
      );
    } catch (error) {
      this.pending = batch.concat(this.pending);
      this.logger.warn({ err: error, waiting: this.pending.length }, 'operation log: write failed; retried');
    }
  }
}
