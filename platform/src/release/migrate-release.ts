/**
 * Applies this release's migrations to DATABASE_URL and exits: run by the release being upgraded from,
 * in the staged release's folder, before the switch (docs/upgrade.md). All pending migrations commit
 * in one transaction or none does.
 */
import pino from 'pino';
import { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { modules } from '../modules/index.js';

const logger = pino({ level: 'warn' }, pino.destination(2));
const db = new Database(process.env.DATABASE_URL ?? '', logger);
try {
  await migrate(db, logger, modules);
  await db.close();
  process.exit(0);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  await db.close().catch(() => undefined);
  process.exit(1);
}
