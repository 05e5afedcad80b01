import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';

let running: RunningConsole;
let admin: ApiClient;
let acme: TestTenant;
let user: ApiClient;

beforeAll(async () => {
  running = await createTestConsole();
  acme = await createTenant(running.cradle.db, 'enterprise', 'Acme Feedback');
  admin = new ApiClient(running.url);
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
  user = new ApiClient(running.url);
  await user.signIn(acme.userName, acme.password);
}, 60_000);

afterAll(async () => {
  await running?.stop();
});

describe('feedback', () => {
  it('is sent by any signed-in user and listed for the administrator, newest first', async () => {
    const sent = await user.call('POST', '/feedback/add', {
      content: '  The scan is slow  ',
      contact: 'ops@acme.test',
    });
    expect([sent.code, sent.message]).toEqual([0, 'Thank you, your feedback has been sent']);
    expect((await admin.call('POST', '/feedback/add', { content: 'Second' })).code).toBe(0);
    const list = await admin.call<{ list: Record<string, unknown>[]; total: number }>(
      'POST',
      '/feedback/list',
      {},
    );
    expect(list.rows[0]?.total).toBe(2);
    expect(list.rows[0]?.list.map((row) => row.content)).toEqual(['Second', 'The scan is slow']);
    expect(list.rows[0]?.list[1]).toMatchObject({
      userName: acme.userName,
      organisation: 'Acme Feedback',
      contact: 'ops@acme.test',
    });
  });

  it('refuses empty or too long feedback and stores nothing', async () => {
    const count = async () =>
      (await running.cradle.db.one<{ n: number }>('SELECT count(*)::int AS n FROM feedback'))?.n;
    const before = await count();
    const empty = await user.call('POST', '/feedback/add', { content: '   ' });
    expect([empty.code, empty.message]).toEqual([40000, 'This field cannot be empty!']);
    const long = await user.call('POST', '/feedback/add', { content: 'x'.repeat(501) });
    expect(long.message).toBe('Invalid format!');
    expect(await count()).toBe(before);
  });

  it('is listed to nobody but the administrator', async () => {
    const list = await user.call('POST', '/feedback/list', {});
    expect([list.code, list.status]).toEqual([40400, 404]);
  });
});
