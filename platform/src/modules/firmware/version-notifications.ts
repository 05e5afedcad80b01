import { LiveEventName } from '@phonefleet/sdk';
import type { Transaction } from 'sequelize';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { DriverRegistry } from '../extensions/driver-registry.js';
import type { LiveService } from '../live/live-service.js';
import { FIRMWARE_MESSAGE, RETURNING_RECIPIENTS, raiseMessagesSql } from '../messages/message-sql.js';

const VERSION = (column: string) => `string_to_array(${column}, '.')::bigint[]`;

/**
 * New-version notifications (docs/firmware.md): each user's models, and the type 9 message a
 * firmware raises for the users subscribed to one of its models who can see it, when it is newer
 * than every other firmware they can see for that model.
 */
export class VersionNotifications {
  constructor(
    private readonly db: Database,
    private readonly driverRegistry: DriverRegistry,
    private readonly liveService: LiveService,
  ) {}

  async models(userId: number): Promise<string[]> {
    const rows = await this.db.query<{ model: string }>(
      'SELECT model FROM firmware_subscriptions WHERE user_id = $1 ORDER BY model',
      [userId],
    );
    return rows.map((row) => row.model);
  }

  /** Replaces the user's models (spec §7 `newVersionNotify`). */
  async subscribe(userId: number, models: string[]): Promise<void> {
    const unknown = models.find((model) => !this.driverRegistry.model(model));
    if (unknown) throw AppError.invalid('unknownModel', unknown);
    await this.db.transaction(async (transaction) => {
      await this.db.execute('DELETE FROM firmware_subscriptions WHERE user_id = $1', [userId], transaction);
      await this.db.execute(
        'INSERT INTO firmware_subscriptions (user_id, model) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING',
        [userId, [...new Set(models)]],
        transaction,
      );
    });
  }

  /**
   * Raises the messages firmware `id` (just written in `transaction`) deserves, one per user, and
   * rings those users' bells once it commits.
   */
  async announce(id: number, transaction: Transaction): Promise<void> {
    const recipients = await this.db.query<{ user_id: string }>(
      `${raiseMessagesSql(
        FIRMWARE_MESSAGE,
        `SELECT u.org_id, u.id AS user_id,
                'firmwareNewVersion:' || f.version || ' ' || string_agg(s.model, ', ' ORDER BY s.model)
                  || ' (' || f.name || ')' AS content
           FROM firmwares f
           JOIN orgs fo ON fo.id = f.org_id
           JOIN firmware_subscriptions s ON s.model = ANY(f.models)
           JOIN users u ON u.id = s.user_id
           JOIN orgs o ON o.id = u.org_id
          WHERE f.id = $1 AND (f.official OR o.path LIKE fo.path || '%')
            AND NOT EXISTS (
              SELECT 1 FROM firmwares g JOIN orgs go ON go.id = g.org_id
               WHERE g.id <> f.id AND s.model = ANY(g.models)
                 AND ${VERSION('g.version')} >= ${VERSION('f.version')}
                 AND (g.official OR o.path LIKE go.path || '%'))
          GROUP BY u.org_id, u.id, f.version, f.name`,
      )} ${RETURNING_RECIPIENTS}`,
      [id],
      transaction,
    );
    this.liveService.publishAfterCommit(
      transaction,
      { userIds: recipients.map((row) => Number(row.user_id)) },
      { name: LiveEventName.notice },
    );
  }
}
