import { createHash } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';

/** Tables whose rows belong to a tenant; each has an `org_id` column. */
export type TenantTable =
  | 'sites'
  | 'model_templates'
  | 'device_groups'
  | 'mac_files'
  | 'devices'
  | 'device_logs'
  | 'sip_accounts'
  | 'call_records'
  | 'device_events'
  | 'scans'
  | 'unknown_devices'
  | 'roles'
  | 'users';

/**
 * The one scoped access path to tenant data. A user sees the rows of its organization's subtree:
 * the administrator (platform root) everything, a channel its sub-channels and enterprises, an
 * enterprise itself. Every query for tenant data takes its condition from here.
 */
export class TenantScope {
  constructor(
    /** The caller's organization. New rows are owned by it. */
    readonly orgId: number,
    /** Materialized path of that organization, e.g. `/1/4/`. */
    readonly orgPath: string,
  ) {}

  get isPlatform(): boolean {
    return this.orgPath === '/1/';
  }

  /**
   * SQL condition limiting `column` (an org id column) to this scope; appends its bind value
   * to `bind` and refers to it by position.
   */
  condition(column: string, bind: unknown[]): string {
    if (this.isPlatform) return 'TRUE';
    bind.push(`${this.orgPath}%`);
    return `${column} IN (SELECT id FROM orgs WHERE path LIKE $${bind.length})`;
  }

  /**
   * Runs a query for tenant data: every `{scope:column}` in `sql` becomes this scope's condition
   * on that column. `bind` holds the query's own `$n` values; the scope's are appended after them.
   */
  query<Row extends object>(db: Database, sql: string, bind: unknown[] = []): Promise<Row[]> {
    const values = [...bind];
    const text = sql.replace(/\{scope:([a-z_.]+)\}/g, (_match, column: string) =>
      this.condition(column, values),
    );
    return db.query<Row>(text, values);
  }

  /**
   * `query` on a hot path: a prepared statement named after its text, planned once per
   * connection. Only for statements whose plan suits every value (see `Database.prepared`).
   */
  prepared<Row extends object>(db: Database, sql: string, bind: unknown[] = []): Promise<Row[]> {
    const values = [...bind];
    const text = sql.replace(/\{scope:([a-z_.]+)\}/g, (_match, column: string) =>
      this.condition(column, values),
    );
    const name = `scoped-${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    return db.prepared<Row>(name, text, values);
  }

  /** Fails with "not found" (never "forbidden", which would confirm the row exists) when out of scope. */
  async assertOwns(db: Database, table: TenantTable, id: number): Promise<void> {
    const bind: unknown[] = [id];
    const row = await db.one(
      `SELECT 1 AS found FROM ${table} t WHERE t.id = $1 AND ${this.condition('t.org_id', bind)}`,
      bind,
    );
    if (!row) throw AppError.notFound();
  }
}
