import type { Logger } from 'pino';
import type { ConsoleConfig } from '../../config.js';
import type { CronSchedule } from '../../cron-schedule.js';
import type { Database } from '../../db/database.js';
import type { LiveService } from '../live/live-service.js';
import type { MailService } from '../mail/mail-service.js';
import { type Delivered, deliverAlarms, raiseOnline } from './alarm-delivery.js';
import { digestSchedule, sendDigests } from './alarm-digests.js';

/**
 * Tells people about alarms: the real-time pass (every second, every instance) and the digest
 * schedule (node-cron, every instance, each digest claimed in PostgreSQL). docs/alarms.md.
 */
export class AlarmNotifier {
  private readonly db: Database;
  private readonly mailService: MailService;
  private readonly liveService: LiveService;
  private readonly logger: Logger;
  private readonly digestCron: string;
  private schedule: CronSchedule | undefined;

  constructor(deps: {
    db: Database;
    mailService: MailService;
    liveService: LiveService;
    logger: Logger;
    config: ConsoleConfig;
  }) {
    this.db = deps.db;
    this.mailService = deps.mailService;
    this.liveService = deps.liveService;
    this.logger = deps.logger.child({ module: 'alarms' });
    this.digestCron = deps.config.alarmDigestCron;
  }

  /**
   * One real-time pass: devices back online, then every alarm not yet delivered; once it commits,
   * the browsers of the alarms' organisations and of the users given messages are told (however
   * many alarms the pass took: one event each).
   */
  async pass(): Promise<Delivered> {
    // Devices back online change the fleet's figures too (a fetch alone publishes nothing).
    this.liveService.publish({ orgIds: await raiseOnline(this.db) }, { name: 'devices' });
    const delivered = await deliverAlarms(this.db, this.mailService);
    this.liveService.publish({ orgIds: delivered.orgIds }, { name: 'alarms' });
    this.liveService.publish({ userIds: delivered.userIds }, { name: 'notice' });
    return delivered;
  }

  /** The digests due in this period (answers the users given in-station messages). */
  async digests(): Promise<number[]> {
    const told = await sendDigests(this.db, this.mailService);
    this.liveService.publish({ userIds: told }, { name: 'notice' });
    return told;
  }

  start(): void {
    this.schedule = digestSchedule(this.digestCron, () => this.digests(), this.logger);
    this.schedule.start();
  }

  async dispose(): Promise<void> {
    await this.schedule?.stop();
    this.schedule = undefined;
  }
}
