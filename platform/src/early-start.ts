import { createServer } from 'node:net';
import type { Logger } from 'pino';
import type { ConsoleConfig } from './config.js';
import { type EmbeddedServer, startEmbeddedPostgres } from './db/embedded.js';

/** The database a start uses: DATABASE_URL's, or the embedded server started for it. */
export interface DatabaseEndpoint {
  url: string;
  embedded: EmbeddedServer | undefined;
}

/** The first steps of a start, begun before the platform's modules are loaded. */
export interface EarlyStart {
  config: ConsoleConfig;
  /** Settles once the database accepts connections; `startConsole` awaits it. */
  database: Promise<DatabaseEndpoint>;
}

function ensurePortFree(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/**
 * Checks the HTTP port, then starts the embedded PostgreSQL without waiting for it: `main.ts`
 * loads the platform's modules meanwhile (each takes a few hundred milliseconds). A taken port
 * fails here, before anything is created (the administrator's generated password among them).
 */
export async function beginStart(config: ConsoleConfig, logger: Logger): Promise<EarlyStart> {
  if (config.port !== 0) await ensurePortFree(config.host, config.port);
  const database = config.databaseUrl
    ? Promise.resolve({ url: config.databaseUrl, embedded: undefined })
    : startEmbeddedPostgres(config.dataDir, logger).then((embedded) => ({ url: embedded.url, embedded }));
  // Awaited by startConsole; until then a failure must not count as unhandled.
  database.catch(() => undefined);
  return { config, database };
}
