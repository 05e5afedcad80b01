import pg from 'pg';
import type { Logger } from 'pino';
import { QueryTypes, Sequelize, type Transaction } from 'sequelize';

/**
 * pg for sequelize, with clients that never leave an error unheard: sequelize listens for a
 * connection's errors only after its connect callback has returned to its caller, and a FATAL that
 * PostgreSQL sends in between (a restart's "terminating connection") would be an uncaught exception
 * that ends the console. The dead connection fails its first query, which sequelize handles.
 */
class HeardClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}
const pgForSequelize = Object.assign(Object.create(pg) as typeof pg, { Client: HeardClient });

/**
 * The one way the platform reaches PostgreSQL: sequelize provides the pool, transactions and
 * parameter binding; queries are plain SQL so that hot paths stay set-based and readable.
 */
/** What sequelize's pool (`sequelize-pool`) tells of itself. */
interface SequelizePool {
  size: number;
  using: number;
  waiting: number;
}

export class Database {
  readonly sequelize: Sequelize;
  /** Device-facing hot paths: named prepared statements, planned once per connection. */
  private readonly hotPool: pg.Pool;
  /**
   * Prepared statements whose generic plan suits every value: PostgreSQL plans them once per
   * connection and never again. On `hotPool` a statement with a parameterised LIMIT is re-planned at
   * every execution (its generic plan's estimate looks worse than a custom one), which costs the
   * device list's pages as much as running them.
   */
  private readonly genericPool: pg.Pool;
  private readonly listeners = new Set<pg.Client>();
  private closed = false;

  constructor(
    readonly url: string,
    logger: Logger,
  ) {
    this.sequelize = new Sequelize(url, {
      dialect: 'postgres',
      dialectModule: pgForSequelize,
      logging: (sql) => logger.trace({ sql }),
      pool: { max: 10, min: 0, idle: 10_000 },
    });
    this.hotPool = new pg.Pool({ connectionString: url, max: 8, idleTimeoutMillis: 10_000 });
    this.hotPool.on('error', (error) => logger.warn({ err: error }, 'idle hot-path connection failed'));
    this.genericPool = new pg.Pool({
      connectionString: url,
      max: 8,
      idleTimeoutMillis: 10_000,
      options: '-c plan_cache_mode=force_generic_plan',
    });
    this.genericPool.on('error', (error) => logger.warn({ err: error }, 'idle hot-path connection failed'));
  }

  /** Each pool's connections for the metrics (docs/metrics.md): open, in use, callers waiting. */
  poolStats(): { pool: string; open: number; inUse: number; waiting: number }[] {
    const orm = (this.sequelize.connectionManager as unknown as { pool: SequelizePool }).pool;
    const pg = (name: string, pool: pg.Pool) => ({
      pool: name,
      open: pool.totalCount,
      inUse: pool.totalCount - pool.idleCount,
      waiting: pool.waitingCount,
    });
    return [
      { pool: 'orm', open: orm.size, inUse: orm.using, waiting: orm.waiting },
      pg('hot', this.hotPool),
      pg('generic', this.genericPool),
    ];
  }

  /**
   * A statement on a hot path (provisioning): prepared under `name` on each connection, so
   * PostgreSQL plans it once, and without the ORM's per-query work. `name` must be unique per text.
   */
  async prepared<Row extends object>(name: string, text: string, bind: unknown[]): Promise<Row[]> {
    const result = await this.hotPool.query<Row>({ name, text, values: bind });
    return result.rows;
  }

  /**
   * A SELECT on a hot path whose rows come as arrays of column values, in the statement's order: no
   * object per row, and no ORM. Prepared under `name` when given, and then planned once per
   * connection and never again (a generic plan: only for statements whose plan suits every value,
   * checked with EXPLAIN); without a name it is planned for its values each time, as `query` is.
   */
  async rows(text: string, bind: unknown[], name?: string): Promise<unknown[][]> {
    const result = await (name ? this.genericPool : this.hotPool).query<unknown[]>({
      ...(name ? { name } : {}),
      text,
      values: bind,
      rowMode: 'array',
    });
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

  /**
   * LISTENs on `channel` on a connection of its own, reconnecting after a failure. `onState(false)`
   * means notifications may have been missed (caches must not be trusted); `onState(true)` that
   * listening has (re)started.
   */
  listen(channel: string, onNotify: () => void, onState: (listening: boolean) => void): void {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`invalid channel ${channel}`);
    const connect = async (delay: number) => {
      if (this.closed) return;
      const client = new pg.Client({ connectionString: this.url });
      let gone = false;
      const lost = () => {
        if (gone) return;
        gone = true;
        onState(false);
        this.listeners.delete(client);
        if (!this.closed) setTimeout(() => void connect(Math.min(delay * 2, 10_000)), delay).unref();
      };
      client.on('notification', onNotify);
      client.on('error', () => client.end().catch(() => undefined));
      client.on('end', lost);
      try {
        await client.connect();
        await client.query(`LISTEN ${channel}`);
        if (this.closed) {
          // Closed while connecting (a boot that failed early): close() did not see this client.
          await client.end();
          return;
        }
        this.listeners.add(client);
        onState(true);
      } catch {
        lost();
        await client.end().catch(() => undefined);
      }
    };
    void connect(250);
  }

  /**
   * A pg pool of its own for a library that manages its connections; the caller ends it. A
   * connection that fails is logged, never thrown.
   */
  newPool(max: number, logger: Logger): pg.Pool {
    const pool = new pg.Pool({ connectionString: this.url, max, idleTimeoutMillis: 10_000 });
    pool.on('error', (error) => logger.warn({ err: error }, 'idle pooled connection failed'));
    pool.on('connect', (client) =>
      client.on('error', (error) => logger.warn({ err: error }, 'pooled connection failed')),
    );
    return pool;
  }

  /**
   * A connection of its own, not pooled, for a library that LISTENs on it for as long as it runs
   * (the caller connects and ends it). A failure is logged, never thrown.
   */
  newClient(logger: Logger): pg.Client {
    const client = new pg.Client({ connectionString: this.url });
    client.on('error', (error) => logger.warn({ err: error }, 'listening connection failed'));
    return client;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.listeners].map((client) => client.end().catch(() => undefined)));
    await Promise.all([this.sequelize.close(), this.hotPool.end(), this.genericPool.end()]);
  }
}
