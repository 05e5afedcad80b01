import type { ScheduledTask } from 'node-cron';
import type { Logger } from 'pino';
import type { ConsoleConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { MailService } from '../mail/mail-service.js';
import { type Delivered, deliverAlarms, raiseOnline } from './alarm-delivery.js';
import { scheduleDigests, sendDigests } from './alarm-digests.js';

/**
 * Tells people about alarms: the real-time pass (every second, every instance) and the digest
 * schedule (node-cron, every instance, each digest claimed in PostgreSQL). docs/alarms.md.
 */
export class AlarmNotifier {
  private readonly db: Database;
  private readonly mailService: MailService;
  private readonly logger: Logger;
  private readonly digestCron: string;
  private schedule: ScheduledTask | undefined;

  constructor(deps: { db: Database; mailService: MailService; logger: Logger; config: ConsoleConfig }) {
    this.db = deps.db;
    this.mailService = deps.mailService;
    this.logger = deps.logger.child({ module: 'alarms' });
    this.digestCron = deps.config.alarmDigestCron;
  }

  /** One real-time pass: devices back online, then every alarm not yet delivered. */
  async pass(): Promise<Delivered> {
    await raiseOnline(this.db);
    return deliverAlarms(this.db, this.mailService);
  }

  /** The digests due in this period (answers the users given in-station messages). */
  digests(): Promise<number[]> {
    return sendDigests(this.db, this.mailService);
  }

  start(): void {
    this.schedule = scheduleDigests(this.digestCron, () => this.digests(), this.logger);
  }

  async dispose(): Promise<void> {
    await this.schedule?.stop();
    this.schedule = undefined;
  }
}
