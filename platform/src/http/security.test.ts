import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../app.js';
import { createTenant, insertDevices } from '../testing/tenants.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../testing/test-console.js';

let running: RunningConsole;
let admin: ApiClient;
let deviceId: number;
const elsewhere = 'http://127.0.0.1:1';

async function countRows(table: 'tasks' | 'mac_files'): Promise<number> {
  const row = await running.cradle.db.one<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
  return Number(row?.n);
}

beforeAll(async () => {
  running = await createTestConsole();
  admin = new ApiClient(running.url);
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
  const tenant = await createTenant(running.cradle.db, 'enterprise', 'Acme');
  await insertDevices(running.cradle.db, tenant, [{ mac: '001565aabb01', model: 'H2P' }]);
  const device = await running.cradle.db.one<{ id: string }>('SELECT id FROM devices');
  deviceId = Number(device?.id);
});
afterAll(() => running?.stop());

describe('cross-site request forgery', () => {
  it('refuses a text/plain push sent from another origin with the session cookie, creating no task', async () => {
    const reply = await admin.call('POST', `/device/deviceConfigUpdate?id=${deviceId}`, 'x', {
      'Content-Type': 'text/plain',
      Origin: elsewhere,
    });
    expect(reply).toMatchObject({ status: 403, message: 'No permission' });
    expect(await countRows('tasks')).toBe(0);
  });

  it('refuses a multipart MAC-file import from a page on another port, importing nothing', async () => {
    const form = new FormData();
    form.append('file', new Blob(['<settings/>']), '001565aabb01.xml');
    const reply = await admin.call('POST', '/tb-mac/import', form, { Origin: elsewhere });
    expect(reply.status).toBe(403);
    expect(await countRows('mac_files')).toBe(0);
  });

  it('refuses a state change whose only witness is a foreign Referer', async () => {
    const reply = await admin.call('POST', `/device/deviceConfigUpdate?id=${deviceId}`, undefined, {
      Referer: `${elsewhere}/attack.html`,
    });
    expect(reply.status).toBe(403);
    expect(await countRows('tasks')).toBe(0);
  });

  it('lets the console’s own pages through', async () => {
    const reply = await admin.call('POST', `/device/deviceConfigUpdate?id=${deviceId}`, undefined, {
      Origin: running.url,
    });
    expect(reply.code).toBe(0);
    expect(await countRows('tasks')).toBe(1);
  });
});

describe('security headers', () => {
  it('forbid framing and sniffing and set a content security policy on the host and the API', async () => {
    for (const path of ['/', '/api/health']) {
      const response = await fetch(`${running.url}${path}`);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('send HSTS and a Secure session cookie when HTTPS reached a trusted proxy', async () => {
    const proxied = await createTestConsole({ trustProxy: true });
    try {
      const captcha = (await (await fetch(`${proxied.url}/api/captcha`)).json()) as {
        result: { rows: { captchaId: string }[] };
      };
      const response = await fetch(`${proxied.url}/api/user/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-Proto': 'https' },
        body: JSON.stringify({
          userName: 'admin',
          userPwd: TEST_ADMIN_PASSWORD,
          captchaId: captcha.result.rows[0]?.captchaId,
          verifyCode: '1234',
        }),
      });
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(response.headers.get('set-cookie')).toMatch(/;\s*secure/i);
    } finally {
      await proxied.stop();
    }
  });
});

describe('control characters', () => {
  it('refuse NUL in a search keyword and in a name at the edge, storing nothing', async () => {
    const tenant = await createTenant(running.cradle.db, 'enterprise', 'Nul Corp');
    const user = new ApiClient(running.url);
    await user.signIn(tenant.userName, tenant.password);
    const search = await user.call('POST', '/device/search', {
      keywords: 'a\u0000b',
      currentPage: 1,
      pageSize: 10,
    });
    expect(search).toMatchObject({ status: 400, message: 'Invalid format!' });
    expect(search.messageExt).toContain('control character');
    const site = await user.call('POST', '/tb-site-template/addSiteTemplate', {
      siteName: 'Branch\u0007',
      siteDesc: '',
      parentId: tenant.siteId,
    });
    expect(site.status).toBe(400);
    const sites = await running.cradle.db.one<{ n: string }>(
      'SELECT count(*) AS n FROM sites WHERE org_id = $1',
      [tenant.orgId],
    );
    expect(Number(sites?.n)).toBe(1);
  });
});
