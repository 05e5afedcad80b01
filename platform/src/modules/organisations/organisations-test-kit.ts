import { expect } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { SmtpPeer } from '../../testing/smtp-peer.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';

/** The password every activated test user chooses. */
export const PASSWORD = 'Welcome#2026';

export async function until<T>(probe: () => T, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A console whose email goes to a real SMTP server on loopback (configured by the administrator
 * through `/emailConfig/save`), with the steps the organisation tests repeat.
 */
export class OrganisationsKit {
  private constructor(
    readonly running: RunningConsole,
    readonly smtp: SmtpPeer,
    readonly admin: ApiClient,
  ) {}

  static async start(): Promise<OrganisationsKit> {
    const running = await createTestConsole({ mailRetryMs: 200 });
    const admin = new ApiClient(running.url);
    await admin.signIn('admin', TEST_ADMIN_PASSWORD);
    const smtp = await SmtpPeer.serving(admin);
    return new OrganisationsKit(running, smtp, admin);
  }

  async stop(): Promise<void> {
    await this.running.stop();
    await this.smtp.stop();
  }

  client(): ApiClient {
    return new ApiClient(this.running.url);
  }

  /** The token of the newest activation email to `email`, once `count` of them have arrived. */
  async activationToken(email: string, count = 1): Promise<string> {
    const mails = await until(
      () => this.smtp.to(email).filter((m) => m.subject === 'Activate your PhoneFleet account'),
      (found) => found.length >= count,
    );
    expect(mails.length, `activation emails to ${email}`).toBe(count);
    const link = /https?:\/\/\S+\/modifyPassword\?token=([\w-]+)&activate=1/.exec(mails.at(-1)?.text ?? '');
    return link?.[1] ?? '';
  }

  /** Opens the activation link with a password, then signs in as that user. */
  async activate(email: string, count = 1): Promise<ApiClient> {
    const token = await this.activationToken(email, count);
    const reply = await this.client().call('POST', '/user/resetPassword', {
      token,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect([reply.code, reply.message]).toEqual([0, 'Password modified successfully!']);
    const api = this.client();
    const signed = await api.signIn(email, PASSWORD);
    expect([signed.code, signed.message]).toEqual([0, 'Success']);
    return api;
  }

  async added(
    api: ApiClient,
    kind: 'channel' | 'enterprise',
    body: Record<string, unknown>,
  ): Promise<number> {
    const reply = await api.call<{ id: number }>('POST', `/tb-${kind}/add`, body);
    expect([reply.code, reply.message]).toEqual([0, 'Success']);
    return Number(reply.rows[0]?.id);
  }

  async statusOf(id: number): Promise<string | undefined> {
    const row = await this.running.cradle.db.one<{ status: string }>(
      'SELECT status FROM orgs WHERE id = $1',
      [id],
    );
    return row?.status;
  }

  /** What an add would write: a refused request must leave it as it was. */
  async counts(): Promise<string> {
    const row = await this.running.cradle.db.one<{ n: string }>(
      `SELECT concat_ws(',', (SELECT count(*) FROM orgs), (SELECT count(*) FROM users), (SELECT count(*) FROM sites),
              (SELECT count(*) FROM mail_outbox),
              (SELECT string_agg(name || email || status, ';' ORDER BY id) FROM orgs)) AS n`,
    );
    return row?.n ?? '';
  }
}
