import type { Database } from '../../db/database.js';
import type { MailService } from '../mail/mail-service.js';
import type { TenantScope } from '../tenancy/scope.js';
import type { OrgKind } from './organisation-rows.js';
import type { OrganisationService } from './organisation-service.js';
import type { NotificationBody } from './schemas.js';

/** Spec §2 "notification email form with template Chinese or English": the fixed greeting and footer. */
export function notificationText(template: 'en' | 'zh', organisation: string, body: string): string {
  return template === 'zh'
    ? `${organisation}，您好：\n\n${body}\n\n——\n此邮件由 PhoneFleet 管理控制台发送，请勿直接回复。`
    : `Dear ${organisation},\n\n${body}\n\n--\nSent by the PhoneFleet management console. Please do not reply to this email.`;
}

/** The notification email of the channel and enterprise lists (docs/organisation.md "Notification email"). */
export class OrganisationNotifications {
  private readonly db: Database;
  private readonly mailService: MailService;
  private readonly organisationService: OrganisationService;

  constructor(deps: { db: Database; mailService: MailService; organisationService: OrganisationService }) {
    this.db = deps.db;
    this.mailService = deps.mailService;
    this.organisationService = deps.organisationService;
  }

  /**
   * Queues one email per organisation named (every one must be the caller's, else nothing is
   * queued) to its register email, in one transaction. Resolves to how many were queued.
   */
  async send(scope: TenantScope, kind: OrgKind, notice: NotificationBody): Promise<{ queued: number }> {
    return this.db.transaction(async (transaction) => {
      const orgs = await this.organisationService.lockManaged(scope, kind, notice.ids, transaction);
      const recipients = await this.db.query<{ id: string; name: string; email: string }>(
        `SELECT id, name, email FROM orgs WHERE id = ANY($1::bigint[]) AND email IS NOT NULL ORDER BY id`,
        [orgs.map((org) => org.id)],
        transaction,
      );
      await this.mailService.enqueue(
        recipients.map((org) => ({
          orgId: Number(org.id),
          kind: 'notification',
          to: org.email,
          subject: notice.title.replace(/\s*[\r\n]+\s*/g, ' '),
          body: notificationText(notice.template, org.name, notice.body),
        })),
        transaction,
      );
      return { queued: recipients.length };
    });
  }
}
