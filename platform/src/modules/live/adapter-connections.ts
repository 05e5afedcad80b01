import type pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.js';

/** NOTIFYs and the attachment table's statements; the LISTEN connection is apart. */
const QUERY_CONNECTIONS = 2;

/**
 * The answer to the adapter's `connect` once the connections are closed. An adapter closed while its
 * first LISTEN was still running never learnt it had a connection, so it retries on a timer when the
 * connection ends; an error would make it retry for ever and keep the process alive, a connection
 * that never comes ends the retries.
 */
const NEVER = new Promise<never>(() => undefined);

/**
 * What `@socket.io/postgres-adapter` takes as its pool: it runs NOTIFYs and attachment statements
 * with `query` and takes one connection with `connect` to LISTEN on, which it never gives back when
 * PostgreSQL drops it (a restart). From a real pool that connection would stay checked out for
 * ever and the pool would never end, so the LISTEN connection is a client of its own, ended when
 * the adapter releases it or at `end`.
 */
export class AdapterConnections {
  private readonly pool: pg.Pool;
  private readonly listening = new Set<pg.Client>();
  private ended = false;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
  ) {
    this.pool = db.newPool(QUERY_CONNECTIONS, logger);
  }

  query(text: string, values?: unknown[]): Promise<pg.QueryResult> {
    return this.pool.query(text, values);
  }

  async connect(): Promise<pg.Client & { release(): void }> {
    if (this.ended) return NEVER;
    const client = this.db.newClient(this.logger);
    this.listening.add(client);
    client.once('end', () => this.listening.delete(client));
    try {
      await client.connect();
    } catch (error) {
      this.listening.delete(client);
      throw error;
    }
    if (this.ended) {
      // Closed while connecting.
      await client.end().catch(() => undefined);
      return NEVER;
    }
    return Object.assign(client, { release: () => void client.end().catch(() => undefined) });
  }

  /** As the adapter's `pg.Pool`: it calls only `connect` and `query`. */
  asPool(): pg.Pool {
    return this as unknown as pg.Pool;
  }

  async end(): Promise<void> {
    this.ended = true;
    await Promise.all([...this.listening].map((client) => client.end().catch(() => undefined)));
    await this.pool.end();
  }
}
