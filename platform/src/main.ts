import pino from 'pino';
import { loadConfig } from './config.js';
import { beginStart, type EarlyStart } from './early-start.js';
import { remedy } from './remedy.js';

// Readable lines for a person at a terminal; JSON for anything that collects logs.
const logger = pino({
  level: process.env.LOG_LEVEL ?? 'info',
  ...(process.stdout.isTTY
    ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
    : {}),
});

let early: EarlyStart | undefined;
try {
  early = await beginStart(loadConfig(), logger);
  // Loaded while the embedded PostgreSQL starts: the platform's modules are most of a start's time.
  const [{ startConsole }, { startBanner }] = await Promise.all([import('./app.js'), import('./banner.js')]);
  const running = await startConsole({}, logger, { early });
  process.stdout.write(
    startBanner({
      url: running.config.publicUrl ?? running.url,
      generatedAdminPassword: running.generatedAdminPassword,
      adminPasswordFromEnvironment: running.adminPasswordFromEnvironment,
      adminPasswordSet: running.config.adminPassword !== undefined,
    }),
  );
  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    running
      .stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
} catch (error) {
  // A failure while loading the modules leaves the database started early: stop it.
  await early?.database.then((database) => database.embedded?.stop()).catch(() => undefined);
  const advice = remedy(error);
  if (advice) process.stderr.write(`\n  ${advice}\n\n`);
  else logger.fatal({ err: error }, 'the console failed to start');
  // Let the log transport write what it holds before leaving.
  setTimeout(() => process.exit(1), 100);
}
