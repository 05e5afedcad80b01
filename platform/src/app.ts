import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AwilixContainer } from 'awilix';
import pino, { type Logger } from 'pino';
import { type ConsoleConfig, type ConsoleOptions, loadConfig } from './config.js';
import { buildContainer } from './container.js';
import { Database } from './db/database.js';
import type { EmbeddedServer } from './db/embedded.js';
import { migrate } from './db/migrate.js';
import { seed } from './db/seed.js';
import { beginStart, type EarlyStart } from './early-start.js';
import type { DeviceRoute } from './http/device-app.js';
import type { RouteDefinition } from './http/route.js';
import { createHttpApp } from './http/server.js';
import { startJobs } from './jobs.js';
import type { AnyModule, ApiGate, BootValues, RouteObserver, ServerAttachment } from './module.js';
import { modules as allModules, type Cradle } from './modules/index.js';

export interface RunningConsole {
  url: string;
  config: ConsoleConfig;
  cradle: Cradle;
  /** Set when this start created the administrator with a generated password (printed once). */
  generatedAdminPassword: string | undefined;
  /** This start created the administrator with ADMIN_PASSWORD's password. */
  adminPasswordFromEnvironment: boolean;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** The platform's modules; tests add a throwaway one. Defaults to `modules/index.ts`. */
  modules?: readonly AnyModule[];
  /** A start `main.ts` began (port checked, database starting) while it loaded the modules. */
  early?: EarlyStart;
}

function routesOf(modules: readonly AnyModule[], cradle: object): RouteDefinition[] {
  return modules.flatMap(
    (module) => (module.routes as ((deps: object) => RouteDefinition[]) | undefined)?.(cradle) ?? [],
  );
}

function deviceRoutesOf(modules: readonly AnyModule[], cradle: object): DeviceRoute[] {
  return modules.flatMap(
    (module) => (module.deviceRoutes as ((deps: object) => DeviceRoute[]) | undefined)?.(cradle) ?? [],
  );
}

function attachmentsOf(modules: readonly AnyModule[], cradle: object): ServerAttachment[] {
  return modules.flatMap((module) => {
    const attachment = (module.attach as ((deps: object) => ServerAttachment) | undefined)?.(cradle);
    return attachment ? [attachment] : [];
  });
}

function gatesOf(modules: readonly AnyModule[], cradle: object): ApiGate[] {
  return modules.flatMap((module) => {
    const gate = (module.gate as ((deps: object) => ApiGate) | undefined)?.(cradle);
    return gate ? [gate] : [];
  });
}

function observersOf(modules: readonly AnyModule[], cradle: object): RouteObserver[] {
  return modules.flatMap((module) => {
    const observer = (module.observe as ((deps: object) => RouteObserver) | undefined)?.(cradle);
    return observer ? [observer] : [];
  });
}

/**
 * Boots the whole console from its modules: database (embedded unless DATABASE_URL), migrations
 * and module boots (registries) side by side, seeds, container, jobs, HTTP (with the modules'
 * server attachments).
 */
export async function startConsole(
  options: ConsoleOptions = {},
  logger?: Logger,
  { modules = allModules, early }: StartOptions = {},
): Promise<RunningConsole> {
  const config = early?.config ?? loadConfig(options);
  const log = logger ?? pino({ level: config.logLevel });
  const { database: endpoint } = early ?? (await beginStart(config, log));
  let embedded: EmbeddedServer | undefined;
  let db: Database | undefined;
  let container: AwilixContainer<Cradle> | undefined;
  let stopJobs: (() => Promise<void>) | undefined;
  const attached: ServerAttachment[] = [];
  try {
    const started = await endpoint;
    embedded = started.embedded;
    const database = new Database(started.url, log);
    db = database;
    const bootValues: BootValues = { config, logger: log, db: database, modules };
    // Loading drivers and plugins needs no schema: it runs while migrations are checked or applied.
    const [, loaded] = await Promise.all([
      migrate(database, log, modules),
      Promise.all(modules.map((module) => module.boot?.(bootValues))),
    ]);
    const bootCradle: object = Object.assign({}, bootValues, ...loaded);
    const { generatedAdminPassword, adminPasswordFromEnvironment = false } = await seed(
      database,
      bootCradle,
      modules,
    );
    const built = await buildContainer(bootCradle, modules);
    container = built;
    const cradle = built.cradle;
    stopJobs = startJobs(modules, cradle, log);
    const app = createHttpApp({
      logger: log,
      trustProxy: config.trustProxy,
      routes: routesOf(modules, cradle),
      deviceRoutes: deviceRoutesOf(modules, cradle),
      gates: gatesOf(modules, cradle),
      observers: observersOf(modules, cradle),
      sessions: cradle.sessionResolver,
      credentials: cradle.credentialAuth,
      publicUrl: () => config.publicUrl,
      pluginDist: (pluginId) => cradle.pluginRegistry.distDirOf(pluginId),
    });
    const server: Server = createServer(app.callback());
    for (const attachment of attachmentsOf(modules, cradle)) {
      attached.push(attachment);
      await attachment.attach(server);
    }
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.keepAliveTimeout = 65_000;
    const port = (server.address() as AddressInfo).port;
    const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
    if (!config.publicUrl) config.publicUrl = url;
    const jobsStopper = stopJobs;
    let stopping: Promise<void> | undefined;
    return {
      url,
      config,
      cradle,
      generatedAdminPassword,
      adminPasswordFromEnvironment,
      stop: () => {
        stopping ??= (async () => {
          // The server waits for every connection to end: the long-lived ones (socket.io's) are
          // ended by their attachments, and socket.io's close waits for the server's in turn.
          const closed = closeServer(server);
          await Promise.all(attached.map((attachment) => attachment.close()));
          await closed;
          await jobsStopper();
          await built.dispose();
          await database.close();
          await embedded?.stop();
        })();
        return stopping;
      },
    };
  } catch (error) {
    // Whatever started before the failing step (the task engine's SIP socket and passes, flush timers).
    await Promise.all(attached.map((attachment) => attachment.close().catch(() => undefined)));
    await stopJobs?.().catch(() => undefined);
    await container?.dispose().catch(() => undefined);
    await db?.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}

/** How long a request still running when the console stops may take to finish. */
const STOP_GRACE_MS = 10_000;

/**
 * Stops taking connections and ends the open ones: idle ones at once, busy ones as soon as their
 * response is sent (keep-alive would otherwise hold them for 65 s), and whatever still runs after
 * the grace period.
 */
function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 200);
    const deadline = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve();
    });
    server.closeIdleConnections();
  });
}
