import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { SmtpPeer } from '../../testing/smtp-peer.js';
import { createTenant, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';
import { until } from '../../testing/until.js';

/** Every email goes to a real SMTP server on loopback and is read back from it. */
const ACCOUNT = { user: 'console@example.com', password: 'Relay#2026' };

let running: RunningConsole;
let smtp: SmtpPeer;
let admin: ApiClient;
let acme: TestTenant;

const settingsFor = (peer: SmtpPeer, password = ACCOUNT.password) => ({
  isFlag: true,
  mailServer: '127.0.0.1',
  mailPort: peer.port,
  mailUser: ACCOUNT.user,
  mailPass: password,
  isTls: false,
});

const linkIn = (text: string) => /https?:\/\/\S+\/modifyPassword\?token=[\w-]+/.exec(text)?.[0] ?? '';

beforeAll(async () => {
  smtp = await SmtpPeer.start({ accounts: { [ACCOUNT.user]: ACCOUNT.password } });
  running = await createTestConsole({ mailRetryMs: 200 });
  acme = await createTenant(running.cradle.db, 'enterprise', 'Acme');
  admin = new ApiClient(running.url);
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
}, 60_000);

afterAll(async () => {
  await running?.stop();
  await smtp?.stop();
});

describe('email server settings', () => {
  it('are saved by the administrator and never give the password back', async () => {
    const saved = await admin.call('POST', '/emailConfig/save', settingsFor(smtp));
    expect(saved.code, saved.message).toBe(0);
    const read = await admin.call('GET', '/emailConfig/query');
    expect(read.rows[0]).toMatchObject({
      isFlag: true,
      mailServer: '127.0.0.1',
      mailUser: ACCOUNT.user,
      mailPassSet: true,
    });
    expect(JSON.stringify(read)).not.toContain(ACCOUNT.password);
    // An empty password keeps the stored one.
    expect((await admin.call('POST', '/emailConfig/save', { ...settingsFor(smtp), mailPass: '' })).code).toBe(
      0,
    );
    expect((await admin.call('GET', '/emailConfig/query')).rows[0]).toMatchObject({ mailPassSet: true });
  });

  it('refuse a form without server or user, or with a port out of range, and change nothing', async () => {
    const before = await admin.call('GET', '/emailConfig/query');
    const noServer = await admin.call('POST', '/emailConfig/save', { ...settingsFor(smtp), mailServer: ' ' });
    expect([noServer.code, noServer.message, noServer.messageExt]).toEqual([
      40000,
      'This field cannot be empty!',
      'mailServer',
    ]);
    const noUser = await admin.call('POST', '/emailConfig/save', { ...settingsFor(smtp), mailUser: '' });
    expect([noUser.message, noUser.messageExt]).toEqual(['This field cannot be empty!', 'mailUser']);
    const badPort = await admin.call('POST', '/emailConfig/save', { ...settingsFor(smtp), mailPort: 70000 });
    expect(badPort.message).toBe('Invalid format!');
    expect(await admin.call('GET', '/emailConfig/query')).toEqual(before);
  });

  it('are the LAN administrator’s only: an enterprise user and a cloud deployment find no such route', async () => {
    const user = new ApiClient(running.url);
    await user.signIn(acme.userName, acme.password);
    for (const [method, path] of [
      ['GET', '/emailConfig/query'],
      ['POST', '/emailConfig/save'],
      ['POST', '/emailConfig/test'],
    ] as const) {
      const form = path.endsWith('test') ? { ...settingsFor(smtp), to: 'x@example.com' } : settingsFor(smtp);
      const reply = await user.call(method, path, method === 'POST' ? form : undefined);
      expect([path, reply.code, reply.message, reply.messageExt]).toEqual([path, 40400, 'Not found', null]);
    }
    const cloud = await createTestConsole({ deployment: 'cloud', databaseUrl: running.config.databaseUrl });
    try {
      const cloudAdmin = new ApiClient(cloud.url);
      await cloudAdmin.signIn('admin', TEST_ADMIN_PASSWORD);
      expect((await cloudAdmin.call('GET', '/emailConfig/query')).code).toBe(40400);
    } finally {
      await cloud.stop();
    }
  });

  it('send a test message, and say the server’s words when it refuses the account', async () => {
    const sent = await admin.call('POST', '/emailConfig/test', {
      ...settingsFor(smtp),
      to: 'ops@example.com',
    });
    expect([sent.code, sent.message]).toEqual([0, 'The test email has been sent']);
    expect(smtp.to('ops@example.com').at(-1)?.subject).toBe('PhoneFleet test email');
    const refused = await admin.call('POST', '/emailConfig/test', {
      ...settingsFor(smtp, 'wrong'),
      to: 'ops@example.com',
    });
    expect([refused.code, refused.message]).toEqual([40000, 'The test email could not be sent']);
    expect(refused.messageExt).toContain('535');
  });
});

describe('the outbox', () => {
  it('delivers a reset link whose link sets a new password', async () => {
    await admin.call('POST', '/emailConfig/save', settingsFor(smtp));
    const email = `${acme.userName}@example.com`;
    expect(
      (await new ApiClient(running.url).call('POST', `/user/forgetPassword?name=${acme.userName}`)).code,
    ).toBe(0);
    const mails = await until(
      () => smtp.to(email),
      (found) => found.length > 0,
    );
    expect(mails[0]?.subject).toBe('Reset your PhoneFleet password');
    expect(mails[0]?.from).toBe(ACCOUNT.user);
    const token = new URL(linkIn(mails[0]?.text ?? '')).searchParams.get('token');
    const reset = await new ApiClient(running.url).call('POST', '/user/resetPassword', {
      token,
      password: 'Renewed#2026',
      confirmPassword: 'Renewed#2026',
    });
    expect(reset.code, reset.message).toBe(0);
    const signedIn = await new ApiClient(running.url).signIn(acme.userName, 'Renewed#2026');
    expect(signedIn.code).toBe(0);
    acme.password = 'Renewed#2026';
  });

  it('keeps every message through an SMTP outage and a refused account, and sends each once', async () => {
    await smtp.stop();
    const before = smtp.received.length;
    const { db } = running.cradle;
    const globex = await createTenant(db, 'enterprise', 'Globex');
    for (const name of [acme.userName, globex.userName]) {
      await new ApiClient(running.url).call('POST', `/user/forgetPassword?name=${name}`);
    }
    await running.cradle.mailService.enqueue(
      Array.from({ length: 20 }, (_, i) => ({
        orgId: acme.orgId,
        kind: 'test',
        to: `bulk${i}@example.com`,
        subject: `Bulk ${i}`,
        body: 'Queued while the server was down',
      })),
    );
    // Tried, refused by the network, kept with why.
    const waiting = await until(
      () =>
        db.one<{ n: string; tried: string }>(
          `SELECT count(*) AS n, count(*) FILTER (WHERE attempts > 0 AND last_error IS NOT NULL) AS tried
           FROM mail_outbox WHERE sent_at IS NULL`,
        ),
      (row) => Number(row?.tried) >= 2,
    );
    expect(Number(waiting?.n)).toBe(22);
    const view = await admin.call<{ queued: number; lastError: string }>('GET', '/emailConfig/query');
    expect(view.rows[0]?.queued).toBe(22);
    expect(view.rows[0]?.lastError).toMatch(/ECONNREFUSED|connect/i);

    // Back, but refusing the account: still kept, now with the server's words.
    await admin.call('POST', '/emailConfig/save', settingsFor(smtp, 'Changed#2026'));
    // A pass that read the old settings before the save has ended by then.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await smtp.resume();
    await until(
      () => admin.call<{ lastError: string }>('GET', '/emailConfig/query'),
      (reply) => /535/.test(reply.rows[0]?.lastError ?? ''),
    );
    expect(smtp.received.length).toBe(before);

    // A second instance shares the outbox: each message goes out once.
    const second = await createTestConsole({ databaseUrl: running.config.databaseUrl, mailRetryMs: 200 });
    try {
      await admin.call('POST', '/emailConfig/save', settingsFor(smtp));
      const after = await until(
        () => smtp.received.length - before,
        (n) => n >= 22,
        30_000,
      );
      expect(after).toBe(22);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const subjects = smtp.received.slice(before).map((mail) => mail.subject);
      expect(new Set(subjects).size).toBe(21); // 20 bulk subjects + the reset subject twice
      expect(subjects.filter((s) => s === 'Reset your PhoneFleet password')).toHaveLength(2);
      expect(smtp.received.length - before).toBe(22);
      const left = await db.one<{ n: string }>('SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL');
      expect(Number(left?.n)).toBe(0);
    } finally {
      await second.stop();
    }
  }, 90_000);
});
