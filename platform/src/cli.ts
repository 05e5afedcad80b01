import pino, { type Logger } from 'pino';
import type { RunningConsole } from './app.js';
import { type ConsoleOptions, loadConfig } from './config.js';
import { beginStart, type EarlyStart } from './early-start.js';
import { RESTART_EXIT_CODE } from './release/release-state.js';
import { onRestartRequested } from './release/restart.js';
import { remedy } from './remedy.js';

/** Readable lines for a person at a terminal (pino-pretty); JSON for anything that collects logs. */
export function terminalLogger(): Logger {
  return pino({
    level: process.env.LOG_LEVEL ?? 'info',
    ...(process.stdout.isTTY
      ? {
          transport: {
            target: 'pino-pretty',
            options: { ignore: 'pid,hostname', singleLine: true, translateTime: 'SYS:HH:MM:ss' },
          },
        }
      : {}),
  });
}

/**
 * Starts the console as `npm start` does: the port checked and the embedded PostgreSQL started while
 * the platform's modules load (most of a start's time), then `then` with the running console. A
 * start that fails prints what to do in one line when the person can fix it, and exits with 1.
 * SIGINT and SIGTERM run `stop` (the console's, after whatever `then` returned) and exit; an upgrade
 * that switched the release stops it the same way and exits with the restart code (docs/upgrade.md).
 */
export async function runConsole(
  logger: Logger,
  then: (running: RunningConsole) => Promise<(() => Promise<void>) | undefined>,
  options: ConsoleOptions = {},
): Promise<void> {
  let early: EarlyStart | undefined;
  try {
    early = await beginStart(loadConfig(options), logger);
    const { startConsole } = await import('./app.js');
    const running = await startConsole(options, logger, { early });
    const stopFirst = await then(running);
    let stopping = false;
    const shutdown = (signal: string, code = 0) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'shutting down');
      Promise.resolve(stopFirst?.())
        .then(() => running.stop())
        .then(() => process.exit(code))
        .catch((error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        });
    };
    // Listening on after the first signal: Ctrl-C on a terminal reaches the whole process group, and
    // npm and the launcher pass it on again; the copies must find a listener, not the default exit.
    process.on('SIGINT', () => shutdown('SIGINT'));
    process.on('SIGTERM', () => shutdown('SIGTERM'));
    onRestartRequested(() => shutdown('upgrade', RESTART_EXIT_CODE));
    await running.cradle.upgradeService.afterStart();
  } catch (error) {
    // A failure while loading the modules leaves the database started early: stop it.
    await early?.database.then((database) => database.embedded?.stop()).catch(() => undefined);
    const advice = remedy(error);
    if (advice) process.stderr.write(`\n  ${advice}\n\n`);
    else logger.fatal({ err: error }, 'the console failed to start');
    // Let the log transport write what it holds before leaving.
    setTimeout(() => process.exit(1), 100);
  }
}
