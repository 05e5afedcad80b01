import pg from 'pg';
import type { Logger } from 'pino';
import { QueryTypes, Sequelize, type Transaction } from 'sequelize';

/**
 * The one way the platform reaches PostgreSQL: sequelize provides the pool, transactions and
 * parameter binding; queries are plain SQL so that hot paths stay set-based and readable.
 */
export class Database {
  readonly sequelize: Sequelize;
  /** Device-facing hot paths: named prepared statements, planned once per connection. */
  private readonly hotPool: pg.Pool;

  constructor(url: string, logger: Logger) {
    this.sequelize = new Sequelize(url, {
      dialect: 'postgres',
      logging: (sql) => logger.trace({ sql }),
      pool: { max: 10, min: 0, idle: 10_000 },
    });
    this.hotPool = new pg.Pool({ connectionString: url, max: 8, idleTimeoutMillis: 10_000 });
    this.hotPool.on('error', (error) => logger.warn({ err: error }, 'idle hot-path connection failed'));
  }

  /**
   * A statement on a hot path (provisioning): prepared under `name` on each connection, so
   * PostgreSQL plans it once, and without the ORM's per-query work. `name` must be unique per text.
   */
  async prepared<Row extends object>(name: string, text: string, bind: unknown[]): Promise<Row[]> {
    const result = await this.hotPool.query<Row>({ name, text, values: bind });
    return result.rows;
  }

  /** Runs a SELECT (or a statement with RETURNING) with `$1`-style bind parameters. */
  async query<Row extends object>(
    sql: string,
    bind: unknown[] = [],
    transaction?: Transaction,
  ): Promise<Row[]> {
    return this.sequelize.query<Row>(sql, { bind, type: QueryTypes.SELECT, transaction, raw: true });
  }

  async one<Row extends object>(
    sql: string,
    bind: unknown[] = [],
    transaction?: Transaction,
  ): Promise<Row | undefined> {
    const rows = await this.query<Row>(sql, bind, transaction);
    return rows[0];
  }

  /** Runs a statement that returns no rows; resolves to the affected row count. */
  async execute(sql: string, bind: unknown[] = [], transaction?: Transaction): Promise<number> {
    const [, meta] = await this.sequelize.query(sql, {
      ...(bind.length ? { bind } : {}),
      transaction,
      raw: true,
    });
    const rowCount = (meta as { rowCount?: number } | undefined)?.rowCount;
    return typeof rowCount === 'number' ? rowCount : 0;
  }

  transaction<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.sequelize.transaction(work);
  }

  async close(): Promise<void> {
    await Promise.all([this.sequelize.close(), this.hotPool.end()]);
  }
}
