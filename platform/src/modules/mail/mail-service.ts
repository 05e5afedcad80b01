import type { Logger } from 'pino';
import type { Transaction } from 'sequelize';
import type { ConsoleConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import {
  type MailSettings,
  type MailSettingsView,
  readSettings,
  senderOf,
  transportOptions,
} from './mail-settings.js';

/** nodemailer is loaded when the first email goes out: most starts send none, and loading it costs the start about 100 ms. */
async function loadNodemailer() {
  return (await import('nodemailer')).default;
}

/** One email for the outbox. `orgId`: the organization it concerns (its tenant). */
export interface OutgoingMail {
  orgId: number;
  kind: string;
  to: string;
  subject: string;
  body: string;
}

interface DueMail {
  id: string;
  to_address: string;
  subject: string;
  body: string;
  attempts: number;
}

/** Messages one pass of one instance takes; the rest wait for the next pass or another instance. */
const PASS_LIMIT = 50;
/** A claimed message is sent again after this long if its instance died before recording it. */
const LEASE_MINUTES = 5;
const MAX_RETRY_MS = 15 * 60_000;

/**
 * Every email of the console goes through here: `enqueue` writes it to the outbox (in the caller's
 * transaction, so an action and its email commit together), and the `mail-outbox` job of every
 * instance claims due messages with `SKIP LOCKED`, sends them with nodemailer and records the
 * outcome. A refused or unreachable server only delays a message: it is tried again with back-off
 * until it is taken (docs/mail.md).
 */
export class MailService {
  private readonly db: Database;
  private readonly logger: Logger;
  private readonly retryMs: number;
  /** The last pass failed to reach the server: logged once until one works again. */
  private failing = false;

  constructor(deps: { db: Database; logger: Logger; config: ConsoleConfig }) {
    this.db = deps.db;
    this.logger = deps.logger.child({ module: 'mail' });
    this.retryMs = deps.config.mailRetryMs;
  }

  /** Queues messages in one statement. */
  async enqueue(mails: OutgoingMail[], transaction?: Transaction): Promise<void> {
    if (mails.length === 0) return;
    await this.db.execute(
      `INSERT INTO mail_outbox (org_id, kind, to_address, subject, body)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[])`,
      [
        mails.map((m) => m.orgId),
        mails.map((m) => m.kind),
        mails.map((m) => m.to),
        mails.map((m) => m.subject),
        mails.map((m) => m.body),
      ],
      transaction,
    );
  }

  /** One pass of the outbox job: claim what is due, send it, record each outcome. */
  async deliver(): Promise<number> {
    const settings = await readSettings(this.db);
    if (!settings.enabled || !settings.server) return 0;
    const due = await this.db.query<DueMail>(
      `WITH due AS (
         SELECT id FROM mail_outbox WHERE sent_at IS NULL AND next_attempt_at <= now()
          ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
       UPDATE mail_outbox m SET attempts = m.attempts + 1,
              next_attempt_at = now() + make_interval(mins => $2)
         FROM due WHERE m.id = due.id
       RETURNING m.id, m.to_address, m.subject, m.body, m.attempts`,
      [PASS_LIMIT, LEASE_MINUTES],
    );
    if (due.length === 0) return 0;
    const transport = (await loadNodemailer()).createTransport(transportOptions(settings));
    let sent = 0;
    try {
      for (const mail of due) {
        try {
          await transport.sendMail({
            from: senderOf(settings),
            to: mail.to_address,
            subject: mail.subject,
            text: mail.body,
          });
          await this.db.execute('UPDATE mail_outbox SET sent_at = now(), last_error = NULL WHERE id = $1', [
            mail.id,
          ]);
          sent += 1;
        } catch (error) {
          await this.retryLater(mail, error);
        }
      }
    } finally {
      transport.close();
    }
    if (sent > 0 && this.failing) {
      this.failing = false;
      this.logger.info('the email server takes messages again');
    }
    return sent;
  }

  private async retryLater(mail: DueMail, error: unknown): Promise<void> {
    const reason = describe(error);
    if (!this.failing)
      this.logger.warn({ reason }, 'the email server did not take a message; it will be tried again');
    this.failing = true;
    const delay = Math.min(this.retryMs * 2 ** (mail.attempts - 1), MAX_RETRY_MS);
    await this.db.execute(
      `UPDATE mail_outbox SET next_attempt_at = now() + $2 * interval '1 millisecond', last_error = $3
        WHERE id = $1 AND sent_at IS NULL`,
      [mail.id, delay, reason.slice(0, 500)],
    );
  }

  /** Sends one message now with the given settings (the test button); resolves to why it failed. */
  async sendNow(
    settings: MailSettings,
    to: string,
    subject: string,
    body: string,
  ): Promise<string | undefined> {
    const transport = (await loadNodemailer()).createTransport(transportOptions(settings));
    try {
      await transport.sendMail({ from: senderOf(settings), to, subject, text: body });
      return undefined;
    } catch (error) {
      return describe(error);
    } finally {
      transport.close();
    }
  }

  async view(): Promise<MailSettingsView> {
    const settings = await readSettings(this.db);
    const waiting = await this.db.one<{ queued: string; last_error: string | null }>(
      `SELECT count(*) AS queued,
              (SELECT last_error FROM mail_outbox WHERE sent_at IS NULL AND last_error IS NOT NULL
                ORDER BY id LIMIT 1) AS last_error
         FROM mail_outbox WHERE sent_at IS NULL`,
    );
    return {
      isFlag: settings.enabled,
      mailServer: settings.server,
      mailPort: settings.port,
      mailUser: settings.userName,
      mailPassSet: settings.password !== '',
      isTls: settings.tls,
      queued: Number(waiting?.queued ?? 0),
      lastError: waiting?.last_error ?? null,
    };
  }
}

/** The server's own words where there are some (`535 Authentication failed`), else the error's. */
function describe(error: unknown): string {
  const { response, message } = error as { response?: string; message?: string };
  return (response || message || String(error)).trim();
}
