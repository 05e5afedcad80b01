import pino from 'pino';
import { startConsole } from './app.js';
import { ADMIN_USER_NAME } from './modules/auth/administrator.js';

// Readable lines for a person at a terminal; JSON for anything that collects logs.
const logger = pino({
  level: process.env.LOG_LEVEL ?? 'info',
  ...(process.stdout.isTTY
    ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
    : {}),
});

/** What to tell a person whose start failed for a reason they can fix, in one line; else undefined. */
function remedy(error: unknown): string | undefined {
  const { code, port } = error as { code?: string; port?: number };
  if (code === 'EADDRINUSE') {
    return `Port ${port} is taken by another program: start with PORT=<another port> npm start (PORT=0 picks a free one).`;
  }
  if (code === 'EACCES' && port !== undefined) {
    return `Port ${port} needs privileges: start with PORT=<a port above 1023> npm start.`;
  }
  return undefined;
}

try {
  const running = await startConsole({}, logger);
  const lines = [
    '',
    `  PhoneFleet console is running at ${running.config.publicUrl ?? running.url}`,
    `  Sign in as "${ADMIN_USER_NAME}"`,
    running.generatedAdminPassword
      ? `  with the generated password: ${running.generatedAdminPassword}  (shown once; set ADMIN_PASSWORD to choose it)`
      : '  with the administrator password set at first start (ADMIN_PASSWORD, or the one printed then).',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
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
  const advice = remedy(error);
  if (advice) process.stderr.write(`\n  ${advice}\n\n`);
  else logger.fatal({ err: error }, 'the console failed to start');
  // Let the log transport write what it holds before leaving.
  setTimeout(() => process.exit(1), 100);
}
