import { StrategyFrequency } from '@phonefleet/sdk';
import cron from 'node-cron';
import type { Logger } from 'pino';
import { CronSchedule } from '../../cron-schedule.js';
import type { Database } from '../../db/database.js';
import type { MailService } from '../mail/mail-service.js';
import { tellReceivers } from './alarm-delivery.js';

/**
 * Daily and weekly digests. node-cron ticks in every instance at `alarmDigestCron` (server time); a
 * tick claims the strategies whose digest of this period (today, this week from Monday) has not gone
 * out by moving their `digest_at` to now, and in the same transaction queues the messages and
 * emails of the alarms that happened since the previous digest. Two instances ticking together, or an
 * instance killed mid-way, cannot send a digest twice: the claim and the mail commit together.
 * Answers the users given in-station messages.
 */
export async function sendDigests(db: Database, mailService: MailService): Promise<number[]> {
  return db.transaction(async (transaction) => {
    const claimed = await db.query<{ id: string; since: Date }>(
      `WITH due AS (
         SELECT id, digest_at FROM alarm_strategies
          WHERE status = 1
            AND ((frequency = ${StrategyFrequency.daily} AND digest_at < date_trunc('day', now()))
              OR (frequency = ${StrategyFrequency.weekly} AND digest_at < date_trunc('week', now())))
          FOR UPDATE SKIP LOCKED)
       UPDATE alarm_strategies s SET digest_at = now() FROM due WHERE s.id = due.id
       RETURNING s.id, due.digest_at AS since`,
      [],
      transaction,
    );
    if (claimed.length === 0) return [];
    return tellReceivers(
      db,
      mailService,
      {
        source: `JOIN unnest($1::bigint[], $2::timestamptz[]) AS g(id, since)
                   ON a.last_at > g.since AND a.last_at <= now()`,
        strategies: 's.id = g.id',
        bind: [claimed.map((row) => row.id), claimed.map((row) => row.since.toISOString())],
      },
      transaction,
      'alarm-digest',
    );
  });
}

/** The digest schedule of this instance (each digest is claimed in PostgreSQL, so it goes once). */
export function digestSchedule(
  expression: string,
  run: () => Promise<unknown>,
  logger: Logger,
): CronSchedule {
  if (!cron.validate(expression))
    throw new Error(`ALARM_DIGEST_CRON is not a cron expression: ${expression} (e.g. 0 8 * * *)`);
  return new CronSchedule(
    expression,
    async () => {
      await run();
    },
    (error) => logger.error({ err: error }, 'alarm digest failed'),
  );
}
