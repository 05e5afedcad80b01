import { createHash } from 'node:crypto';
import type { Transaction } from 'sequelize';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';

/** Names of prepared statements by their text: hot paths prepare the same few texts again and again. */
const statementNames = new Map<string, string>();
const STATEMENT_NAMES_MAX = 1_000;

/** A prepared statement's name, one per text (PostgreSQL refuses one name for two texts). */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `scoped-${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (statementNames.size >= STATEMENT_NAMES_MAX) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

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
  | 'alarms'
  | 'device_events'
  | 'scans'
  | 'diagnostic_sessions'
  | 'unknown_devices'
  | 'roles'
  | 'users';

/** How a user's view is narrowed below its organization's subtree (docs/organisation.md). */
export interface ScopeOptions {
  /**
   * A channel's view: an enterprise below it counts only when it has authorized the channels above
   * it (spec §6 "authorized channels"); without that the channel sees it in the enterprise list
   * (`{tree:…}`) but none of its data.
   */
  channel?: boolean;
  /**
   * A sub-user's data permission: materialized paths of its sites (`/3/7/`); it sees those sites,
   * their subtrees and their devices. Absent: every site of the scope.
   */
  sitePaths?: readonly string[];
}

/**
 * The one scoped access path to tenant data. A user sees the rows of its organization's subtree:
 * the administrator (platform root) everything, a channel its sub-channels and the enterprises
 * that authorized it, an enterprise itself; a sub-user only its sites. Every query for tenant data
 * takes its condition from here: `{scope:col}` for an organization id column, `{devices:alias}` and
 * `{site:alias}` for rows of `devices` and `sites` (organization and the user's sites), `{sites:col}`
 * for a site id column, `{tree:col}` for the organizations a user manages as such.
 */
export class TenantScope {
  constructor(
    /** The caller's organization (or the enterprise it entered). New rows are owned by it. */
    readonly orgId: number,
    /** Materialized path of that organization, e.g. `/1/4/`. */
    readonly orgPath: string,
    readonly options: ScopeOptions = {},
  ) {}

  get isPlatform(): boolean {
    return this.orgPath === '/1/';
  }

  /** Identifies what this scope sees, for caches of scoped answers. */
  get key(): string {
    return JSON.stringify([this.orgPath, this.options.channel ?? false, this.options.sitePaths ?? null]);
  }

  /** The caller sees only some sites of its organizations. */
  get siteLimited(): boolean {
    return this.options.sitePaths !== undefined;
  }

  /**
   * SQL condition limiting `column` (an org id column) to this scope; appends its bind value
   * to `bind` and refers to it by position.
   */
  condition(column: string, bind: unknown[]): string {
    if (this.isPlatform) return 'TRUE';
    bind.push(`${this.orgPath}%`);
    const authorized = this.options.channel ? ` AND (type <> 'enterprise' OR channel_authorized)` : '';
    return `${column} IN (SELECT id FROM orgs WHERE path LIKE $${bind.length}${authorized})`;
  }

  /** Every organization of the caller's subtree, authorized or not: what a channel manages as such. */
  treeCondition(column: string, bind: unknown[]): string {
    if (this.isPlatform) return 'TRUE';
    bind.push(`${this.orgPath}%`);
    return `${column} IN (SELECT id FROM orgs WHERE path LIKE $${bind.length})`;
  }

  /** SQL condition limiting `column` (a site id column) to the caller's sites; TRUE when not limited. */
  siteCondition(column: string, bind: unknown[]): string {
    const paths = this.options.sitePaths;
    if (paths === undefined) return 'TRUE';
    bind.push(paths.map((path) => `${path}%`));
    return `${column} IN (SELECT id FROM sites WHERE path LIKE ANY($${bind.length}::text[]))`;
  }

  /** Rows of `devices` aliased `alias`: in the scope's organizations and the caller's sites. */
  devicesCondition(alias: string, bind: unknown[]): string {
    return `(${this.condition(`${alias}.org_id`, bind)} AND ${this.siteCondition(`${alias}.site_id`, bind)})`;
  }

  /** Rows of `sites` aliased `alias`: in the scope's organizations and the caller's sites. */
  sitesCondition(alias: string, bind: unknown[]): string {
    return `(${this.condition(`${alias}.org_id`, bind)} AND ${this.siteCondition(`${alias}.id`, bind)})`;
  }

  private expand(sql: string, values: unknown[]): string {
    return sql.replace(
      /\{(scope|sites|tree|devices|site):([a-z_.]+)\}/g,
      (_match, kind: string, column: string) => {
        if (kind === 'site')
          return `(${this.condition(`${column}.org_id`, values)} AND ${this.siteCondition(`${column}.id`, values)})`;
        if (kind === 'devices')
          return `(${this.condition(`${column}.org_id`, values)} AND ${this.siteCondition(`${column}.site_id`, values)})`;
        if (kind === 'sites') return this.siteCondition(column, values);
        if (kind === 'tree') return this.treeCondition(column, values);
        return this.condition(column, values);
      },
    );
  }

  /**
   * Runs a query for tenant data: every `{scope:column}` in `sql` becomes this scope's condition
   * on that column. `bind` holds the query's own `$n` values; the scope's are appended after them.
   */
  query<Row extends object>(
    db: Database,
    sql: string,
    bind: unknown[] = [],
    transaction?: Transaction,
  ): Promise<Row[]> {
    const values = [...bind];
    return db.query<Row>(this.expand(sql, values), values, transaction);
  }

  /**
   * `query` on a hot path: a prepared statement named after its text, planned once per
   * connection. Only for statements whose plan suits every value (see `Database.prepared`).
   */
  prepared<Row extends object>(db: Database, sql: string, bind: unknown[] = []): Promise<Row[]> {
    const values = [...bind];
    const text = this.expand(sql, values);
    return db.prepared<Row>(statementName(text), text, values);
  }

  /**
   * `query` (`prepared: false`: planned for its values each time) or `prepared` on a hot path, the
   * rows as arrays of column values (`Database.rows`).
   */
  rows(
    db: Database,
    sql: string,
    bind: unknown[],
    { prepared }: { prepared: boolean },
  ): Promise<unknown[][]> {
    const values = [...bind];
    const text = this.expand(sql, values);
    return db.rows(text, values, prepared ? statementName(text) : undefined);
  }

  /** Fails with "not found" (never "forbidden", which would confirm the row exists) when out of scope. */
  async assertOwns(db: Database, table: TenantTable, id: number): Promise<void> {
    const bind: unknown[] = [id];
    const site = table === 'devices' ? 't.site_id' : table === 'sites' ? 't.id' : undefined;
    const row = await db.one(
      `SELECT 1 AS found FROM ${table} t WHERE t.id = $1 AND ${this.condition('t.org_id', bind)}
          AND ${site ? this.siteCondition(site, bind) : 'TRUE'}`,
      bind,
    );
    if (!row) throw AppError.notFound();
  }
}
