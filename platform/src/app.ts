import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AwilixContainer } from 'awilix';
import pino, { type Logger } from 'pino';
import { type ConsoleConfig, type ConsoleOptions, loadConfig } from './config.js';
import { buildContainer, type Cradle } from './container.js';
import { Database } from './db/database.js';
import { type EmbeddedServer, startEmbeddedPostgres } from './db/embedded.js';
import { migrate } from './db/migrate.js';
import { seed } from './db/seed.js';
import type { RouteDefinition } from './http/route.js';
import { createHttpApp } from './http/server.js';
import { authRoutes } from './modules/auth/routes.js';
import { configurationRoutes } from './modules/configuration/routes.js';
import { deviceEventsMiddleware } from './modules/device-events/routes.js';
import { deviceImportRoutes } from './modules/device-import/routes.js';
import { deviceRoutes } from './modules/devices/routes.js';
import { DriverRegistry } from './modules/extensions/driver-registry.js';
import { PluginRegistry } from './modules/extensions/plugin-registry.js';
import { extensionRoutes } from './modules/extensions/routes.js';
import { groupRoutes } from './modules/groups/routes.js';
import { homeRoutes } from './modules/home/routes.js';
import { macFileRoutes } from './modules/mac-files/routes.js';
import { modelTemplateRoutes } from './modules/model-templates/routes.js';
import { provisioningMiddleware, provisioningRoutes } from './modules/provisioning/routes.js';
import { scanRoutes } from './modules/scan/routes.js';
import { siteRoutes } from './modules/sites/routes.js';
import { systemRoutes } from './modules/system/routes.js';
import { taskRoutes } from './modules/tasks/routes.js';
import { timeZoneRoutes } from './modules/time-zones/routes.js';

/** Each module contributes its routes; the order here is the order of the OpenAPI document. */
const modules: ((cradle: Cradle) => RouteDefinition[])[] = [
  systemRoutes,
  timeZoneRoutes,
  authRoutes,
  extensionRoutes,
  homeRoutes,
  configurationRoutes,
  provisioningRoutes,
  deviceRoutes,
  scanRoutes,
  siteRoutes,
  modelTemplateRoutes,
  groupRoutes,
  macFileRoutes,
  deviceImportRoutes,
  taskRoutes,
];

export interface RunningConsole {
  url: string;
  config: ConsoleConfig;
  cradle: Cradle;
  /** Set when this start created the administrator (printed once). */
  adminPassword: string | undefined;
  stop(): Promise<void>;
}

/** Boots the whole console: database (embedded unless DATABASE_URL), migrations, seed, registries, HTTP. */
export async function startConsole(options: ConsoleOptions = {}, logger?: Logger): Promise<RunningConsole> {
  const config = loadConfig(options);
  const log = logger ?? pino({ level: config.logLevel });
  let embedded: EmbeddedServer | undefined;
  let db: Database | undefined;
  let container: AwilixContainer<Cradle> | undefined;
  try {
    if (!config.databaseUrl) embedded = await startEmbeddedPostgres(config.dataDir, log);
    const database = new Database(config.databaseUrl ?? embedded?.url ?? '', log);
    db = database;
    await migrate(database, log);
    const [driverRegistry, pluginRegistry] = await Promise.all([
      DriverRegistry.load(config, log),
      PluginRegistry.load(config, log),
    ]);
    const { createdAdminPassword } = await seed(database, config, pluginRegistry, log);
    const built = buildContainer({ config, logger: log, db: database, driverRegistry, pluginRegistry });
    container = built;
    await built.cradle.taskEngine.start();
    const routes = modules.flatMap((module) => module(built.cradle));
    const app = createHttpApp(built.cradle, routes, [
      provisioningMiddleware(built.cradle),
      deviceEventsMiddleware(built.cradle),
    ]);
    const server: Server = await new Promise((resolve, reject) => {
      const listening = app.listen(config.port, config.host, () => resolve(listening));
      listening.once('error', reject);
    });
    server.keepAliveTimeout = 65_000;
    const port = (server.address() as AddressInfo).port;
    const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
    if (!config.publicUrl) config.publicUrl = url;
    let stopping: Promise<void> | undefined;
    return {
      url,
      config,
      cradle: built.cradle,
      adminPassword: createdAdminPassword,
      stop: () => {
        stopping ??= (async () => {
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeIdleConnections();
          });
          await built.dispose();
          await database.close();
          await embedded?.stop();
        })();
        return stopping;
      },
    };
  } catch (error) {
    // Services started before the failing step (the task engine's SIP socket and passes, flush timers).
    await container?.dispose().catch(() => undefined);
    await db?.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}
