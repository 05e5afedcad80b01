import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';
import { LOCK_MINUTES, MAX_FAILED_LOGINS } from './login-throttle.js';

let running: RunningConsole;

beforeAll(async () => {
  running = await createTestConsole();
});
afterAll(async () => {
  await running.stop();
});

describe('sign-in', () => {
  it('signs the administrator in with user name, password and code, returning resources and buttons', async () => {
    const api = new ApiClient(running.url);
    const reply = await api.signIn('admin', TEST_ADMIN_PASSWORD);
    expect(reply.code).toBe(0);
    const login = reply.rows[0] as {
      user: { userName: string; role: string };
      resources: { power: string }[];
      buttons: Record<string, string[]>;
    };
    expect(login.user).toMatchObject({ userName: 'admin', role: 'admin' });
    expect(login.resources.map((r) => r.power)).toContain('home');
    expect(login.buttons.deviceManagement).toContain('delete');
    const init = await api.call('GET', '/homepage/init');
    expect(init.code).toBe(0);
  });

  it('answers each empty field with the spec message and does not sign in', async () => {
    const api = new ApiClient(running.url);
    expect(
      (await api.call('POST', '/user/login', { userName: '', userPwd: 'x', verifyCode: '1' })).message,
    ).toBe('Email/Username cannot be empty!');
    expect(
      (await api.call('POST', '/user/login', { userName: 'admin', userPwd: '', verifyCode: '1' })).message,
    ).toBe('Password cannot be empty!');
    expect(
      (await api.call('POST', '/user/login', { userName: 'admin', userPwd: 'x', verifyCode: '' })).message,
    ).toBe('Please fill in the verification code!');
    expect((await api.call('GET', '/homepage/init')).code).toBe(80000);
  });

  it('rejects a wrong verification code even with the right password', async () => {
    const api = new ApiClient(running.url);
    const reply = await api.signIn('admin', TEST_ADMIN_PASSWORD, '9999');
    expect(reply.message).toBe('The verification code is incorrect!');
    expect(reply.code).not.toBe(0);
    expect((await api.call('GET', '/homepage/init')).code).toBe(80000);
  });

  it('uses a verification code once', async () => {
    const api = new ApiClient(running.url);
    const captcha = await api.call<{ captchaId: string; image: string }>('GET', '/captcha');
    expect(captcha.rows[0]?.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const body = {
      userName: 'admin',
      userPwd: 'wrong-Pass1',
      captchaId: captcha.rows[0]?.captchaId,
      verifyCode: '1234',
    };
    await api.call('POST', '/user/login', body);
    const second = await api.call('POST', '/user/login', { ...body, userPwd: TEST_ADMIN_PASSWORD });
    expect(second.message).toBe('The verification code is incorrect!');
  });

  it('answers in Chinese for zh-CN callers', async () => {
    const api = new ApiClient(running.url, 'zh-CN,zh;q=0.9');
    const reply = await api.signIn('admin', TEST_ADMIN_PASSWORD, '0000');
    expect(reply.message).toBe('验证码不正确！');
  });

  it(`makes a name wait ${LOCK_MINUTES} minutes after ${MAX_FAILED_LOGINS} wrong passwords from one address, known or not`, async () => {
    const { db } = running.cradle;
    await db.execute(
      `INSERT INTO users (org_id, user_name, password_hash, user_type) SELECT 1, 'victim', password_hash, 'admin' FROM users WHERE user_name = 'admin'`,
    );
    const api = new ApiClient(running.url);
    for (const name of ['victim', 'nobody-here']) {
      for (let attempt = 0; attempt < MAX_FAILED_LOGINS; attempt += 1) {
        expect((await api.signIn(name, 'Wrong-pass1')).message).toBe('Incorrect username or password');
      }
      const waiting = await api.signIn(name, TEST_ADMIN_PASSWORD);
      expect(waiting.code).toBe(42300);
      expect(waiting.message).toMatch(/Too many failed sign-in attempts/);
    }
  });

  it('counts parallel guesses one by one: 40 wrong and 1 right at once let at most five through', async () => {
    await running.cradle.db.execute(
      `INSERT INTO users (org_id, user_name, password_hash, user_type) SELECT 1, 'raced', password_hash, 'admin' FROM users WHERE user_name = 'admin'`,
    );
    const attempts = Array.from({ length: 41 }, (_, index) =>
      new ApiClient(running.url).signIn('raced', index === 20 ? TEST_ADMIN_PASSWORD : 'Wrong-pass1'),
    );
    const codes = (await Promise.all(attempts)).map((reply) => reply.code);
    expect(codes.filter((code) => code !== 42300).length).toBeLessThanOrEqual(MAX_FAILED_LOGINS);
    expect(codes.filter((code) => code === 42300).length).toBeGreaterThanOrEqual(41 - MAX_FAILED_LOGINS);
  });

  it('does not lock the administrator out for others: another address still signs in', async () => {
    const proxied = await createTestConsole({ trustProxy: true });
    try {
      const from = (address: string) => new ApiClient(proxied.url, 'en', { 'X-Forwarded-For': address });
      for (let attempt = 0; attempt < MAX_FAILED_LOGINS; attempt += 1)
        await from('203.0.113.9').signIn('admin', 'Wrong-pass1');
      expect((await from('203.0.113.9').signIn('admin', TEST_ADMIN_PASSWORD)).code).toBe(42300);
      expect((await from('198.51.100.7').signIn('admin', TEST_ADMIN_PASSWORD)).code).toBe(0);
    } finally {
      await proxied.stop();
    }
  });

  it('answers 80000 after logout and for a forged cookie', async () => {
    const api = new ApiClient(running.url);
    await api.signIn('admin', TEST_ADMIN_PASSWORD);
    expect((await api.call('POST', '/user/logout')).code).toBe(0);
    expect((await api.call('POST', '/homepage/total', {})).code).toBe(80000);
    const forged = await api.call('GET', '/homepage/init', undefined, { Cookie: 'pf_session=forged' });
    expect(forged.code).toBe(80000);
    expect(forged.status).toBe(401);
  });

  it('expires an idle session', async () => {
    const api = new ApiClient(running.url);
    await api.signIn('admin', TEST_ADMIN_PASSWORD);
    await running.cradle.db.execute(`UPDATE sessions SET expires_at = now() - interval '1 second'`);
    expect((await api.call('GET', '/homepage/init')).code).toBe(80000);
  });
});

describe('password reset', () => {
  it('resets a password with a single-use token and ends existing sessions', async () => {
    const { db, authService } = running.cradle;
    await db.execute(
      `INSERT INTO users (org_id, user_name, email, password_hash, user_type) SELECT 1, 'forgetful', 'forgetful@example.com', password_hash, 'admin' FROM users WHERE user_name = 'admin'`,
    );
    const api = new ApiClient(running.url);
    await api.signIn('forgetful', TEST_ADMIN_PASSWORD);
    const sent = await api.call('POST', '/user/forgetPassword?name=forgetful%40example.com');
    expect(sent.code).toBe(0);
    const unknown = await api.call('POST', '/user/forgetPassword?name=nobody');
    expect(unknown.message).toBe(sent.message);

    const link = await authService.forgetPassword('forgetful', running.url);
    const token = new URL(link ?? '').searchParams.get('token') ?? '';
    const mismatch = await api.call('POST', '/user/resetPassword', {
      token,
      password: 'New@pass123',
      confirmPassword: 'New@pass124',
    });
    expect(mismatch.message).toBe('The two passwords are inconsistent!');
    const weak = await api.call('POST', '/user/resetPassword', {
      token,
      password: 'alllowercase',
      confirmPassword: 'alllowercase',
    });
    expect(weak.code).toBe(40000);
    const done = await api.call('POST', '/user/resetPassword', {
      token,
      password: 'New@pass123',
      confirmPassword: 'New@pass123',
    });
    expect(done.code).toBe(0);
    expect((await api.call('GET', '/homepage/init')).code).toBe(80000);
    const again = await api.call('POST', '/user/resetPassword', {
      token,
      password: 'New@pass456',
      confirmPassword: 'New@pass456',
    });
    expect(again.message).toBe('The reset link is invalid or has expired');
    expect((await new ApiClient(running.url).signIn('forgetful', 'New@pass123')).code).toBe(0);
  });

  it('ends every other reset link of the account when one is used, and keeps links out of the info log', async () => {
    const { db, authService } = running.cradle;
    await db.execute(
      `INSERT INTO users (org_id, user_name, email, password_hash, user_type) SELECT 1, 'twice', 'twice@example.com', password_hash, 'admin' FROM users WHERE user_name = 'admin'`,
    );
    const tokenOf = (link: string | undefined) => new URL(link ?? '').searchParams.get('token') ?? '';
    const first = tokenOf(await authService.forgetPassword('twice', running.url));
    const second = tokenOf(await authService.forgetPassword('twice', running.url));
    const api = new ApiClient(running.url);
    const reset = (token: string, password: string) =>
      api.call('POST', '/user/resetPassword', { token, password, confirmPassword: password });
    expect((await reset(second, 'New@pass123')).code).toBe(0);
    expect((await reset(first, 'Attacker@99')).message).toBe('The reset link is invalid or has expired');

    const lines: string[] = [];
    const logged = await createTestConsole(
      {},
      pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }),
    );
    try {
      await logged.cradle.authService.forgetPassword('admin', logged.url);
      expect(lines.join('\n')).not.toContain('token=');
    } finally {
      await logged.stop();
    }
  });
});

describe('the administrator created at first start', () => {
  it('reports a generated password once and a chosen one never', async () => {
    expect(running.generatedAdminPassword).toBeUndefined();
    const generated = await createTestConsole({ adminPassword: undefined });
    try {
      expect(generated.generatedAdminPassword).toMatch(/.{8,}/);
      const api = new ApiClient(generated.url);
      expect((await api.signIn('admin', generated.generatedAdminPassword ?? '')).code).toBe(0);
    } finally {
      await generated.stop();
    }
  });
});
