import pino from 'pino';
import { startConsole } from './app.js';
import { ADMIN_USER_NAME } from './modules/auth/administrator.js';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });

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
  logger.fatal({ err: error }, 'the console failed to start');
  process.exit(1);
}
