import { readFileSync } from 'node:fs';
import { createApiClient, signatureHeaders, signingKey } from '@phonefleet/sdk/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { API_CLIENT_SCHEMA, apiClientSchema } from '../../testing/api-client-schema.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole } from '../../testing/test-console.js';

/**
 * The API service against a real console and PostgreSQL (docs/api-service.md): credentials made on
 * the screen's routes, then used by the generated TypeScript client and by hand-made requests.
 * The console trusts its proxy, so `X-Forwarded-Proto: https` is how a bearer call arrives over HTTPS.
 */
let running: RunningConsole;
let acme: TestTenant;
let globex: TestTenant;
let owner: ApiClient;
let clerkRoleId = 0;
const ACME_MAC = 'a1a1a1000001';

beforeAll(async () => {
  running = await createTestConsole({ trustProxy: true });
  const { db } = running.cradle;
  acme = await createTenant(db, 'enterprise', 'Acme Hotels');
  globex = await createTenant(db, 'enterprise', 'Globex Offices');
  await insertDevices(db, acme, [{ mac: ACME_MAC, model: 'H2', status: 1 }]);
  await insertDevices(db, globex, [{ mac: 'b2b2b2000001', model: 'V64' }]);
  // A role that lists and adds devices, and nothing else.
  const role = await db.one<{ id: string }>(
    `WITH role AS (INSERT INTO roles (org_id, name, user_type) VALUES ($1, 'Device clerk', 'enterprise') RETURNING id),
          granted AS (INSERT INTO role_resources (role_id, resource_id, buttons)
                      SELECT role.id, s.id, '{add}' FROM role, resources s WHERE s.power = 'deviceManagement')
     SELECT id FROM role`,
    [acme.orgId],
  );
  clerkRoleId = Number(role?.id);
  owner = new ApiClient(running.url);
  expect((await owner.signIn(acme.userName, acme.password)).code).toBe(0);
});
afterAll(async () => {
  await running?.stop();
});

interface Issued {
  id: number;
  apiId: string;
  apiKey: string;
}

async function issue(api: ApiClient, body: Record<string, unknown>): Promise<Issued> {
  const reply = await api.call<Issued>('POST', '/apiService/add', body);
  expect(reply.code, reply.message).toBe(0);
  return reply.rows[0] as Issued;
}

async function acmeDevices(): Promise<string[]> {
  const rows = await running.cradle.db.query<{ mac: string }>(
    'SELECT mac FROM devices WHERE org_id = $1 ORDER BY mac',
    [acme.orgId],
  );
  return rows.map((row) => row.mac);
}

/** A signed request made by hand, so a test can change one part of it. */
async function signedFetch(
  credential: Issued,
  method: string,
  path: string,
  body: unknown,
  change: (headers: Record<string, string>) => void = () => {},
): Promise<{ status: number; code: number; message: string; headers: Headers }> {
  const text = body === undefined ? '' : JSON.stringify(body);
  const headers: Record<string, string> = {
    ...(await signatureHeaders(credential.apiId, await signingKey(credential.apiKey), {
      method,
      path: `/api${path}`,
      body: new TextEncoder().encode(text),
    })),
    'Content-Type': 'application/json',
  };
  change(headers);
  const response = await fetch(`${running.url}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : text,
  });
  const envelope = (await response.json()) as { code: number; message: string };
  return {
    status: response.status,
    code: envelope.code,
    message: envelope.message,
    headers: response.headers,
  };
}

const newDevice = (mac: string) => ({
  macAddress: mac,
  deviceModel: 'H2P',
  firmwareVersion: '2.14.0.1',
  siteId: acme.siteId,
});

describe('API credentials on the /apiService screen', () => {
  it('shows the key once: the list holds the API ID and role, never the key', async () => {
    const issued = await issue(owner, { name: 'Inventory sync', roleId: clerkRoleId });
    expect(issued.apiId).toMatch(/^pfa_[0-9a-f]{20}$/);
    expect(issued.apiKey).toMatch(/^pfk_[A-Za-z0-9_-]{43}$/);
    const list = await owner.call<Record<string, unknown>>('GET', '/apiService/list');
    const row = list.rows.find((each) => each.apiId === issued.apiId);
    expect(row).toMatchObject({ name: 'Inventory sync', roleName: 'Device clerk', status: 'active' });
    expect(JSON.stringify(list)).not.toContain(issued.apiKey);
    const stored = await running.cradle.db.one<{ text: string }>(
      'SELECT row_to_json(c)::text AS text FROM api_credentials c WHERE api_id = $1',
      [issued.apiId],
    );
    expect(stored?.text).not.toContain(issued.apiKey.slice(4));
    // Another organisation does not see it.
    const other = new ApiClient(running.url);
    await other.signIn(globex.userName, globex.password);
    expect(JSON.stringify(await other.call('GET', '/apiService/list'))).not.toContain(issued.apiId);
    // The same name twice is refused.
    const again = await owner.call('POST', '/apiService/add', {
      name: 'inventory SYNC',
      roleId: clerkRoleId,
    });
    expect([again.code, again.message]).toEqual([40900, 'The API credential name already exists']);
  });

  it('refuses a role the caller may not give, and an expiry in the past', async () => {
    const { db } = running.cradle;
    const globexRole = await db.one<{ id: string }>(
      `INSERT INTO roles (org_id, name, user_type) VALUES ($1, 'Globex only', 'enterprise') RETURNING id`,
      [globex.orgId],
    );
    const foreign = await owner.call('POST', '/apiService/add', {
      name: 'x',
      roleId: Number(globexRole?.id),
    });
    expect(foreign.code).toBe(40400);
    const past = await owner.call('POST', '/apiService/add', {
      name: 'late',
      roleId: clerkRoleId,
      expireTime: Date.now() - 1000,
    });
    expect([past.code, past.message]).toEqual([40000, 'The expiry time must be in the future']);
    expect(
      await db.one('SELECT count(*)::int AS n FROM api_credentials WHERE name IN ($1, $2)', ['x', 'late']),
    ).toEqual({ n: 0 });
  });
});

describe('a signed client (the generated TypeScript client)', () => {
  it('is generated from this console’s OpenAPI document (npm run api-client is up to date)', async () => {
    const document = (await (await fetch(`${running.url}/api/openapi.json`)).json()) as object;
    expect(readFileSync(API_CLIENT_SCHEMA, 'utf8')).toBe(await apiClientSchema(document));
  });

  it('lists and adds devices within its role and is refused beyond it', async () => {
    const credential = await issue(owner, { name: 'Generated client', roleId: clerkRoleId });
    const client = createApiClient({ baseUrl: running.url, ...credential });
    const listed = await client.POST('/api/device/search', { body: { currentPage: 1, pageSize: 10 } });
    const rows = listed.data?.result?.rows as { list: { macAddress: string }[] }[];
    expect(listed.data?.code).toBe(0);
    expect(rows[0]?.list.map((device) => device.macAddress.replaceAll(':', ''))).toEqual([ACME_MAC]);

    const added = await client.POST('/api/device/add', { body: newDevice('a1a1a1000002') });
    expect(added.data?.code, added.data?.message).toBe(0);
    expect(await acmeDevices()).toEqual([ACME_MAC, 'a1a1a1000002']);
    // Acting for its creator: the operation log names the credential, with its creator as the real user.
    await running.cradle.operationLogWriter.flush();
    const recorded = await running.cradle.db.query<{ user_name: string; real_user_name: string }>(
      `SELECT user_name, real_user_name FROM operation_log WHERE path = '/device/add' AND org_id = $1`,
      [acme.orgId],
    );
    expect(recorded).toEqual([{ user_name: `API ${credential.apiId}`, real_user_name: acme.userName }]);

    // Beyond its role: no delete button, no home power, no API service power.
    const removed = await client.DELETE('/api/device/removeBatch', { body: { ids: [1] } });
    expect(removed.error ?? removed.data).toMatchObject({ code: 40300 });
    const home = await client.POST('/api/homepage/total', { body: {} });
    expect(home.error ?? home.data).toMatchObject({ code: 40300 });
    const issuing = await client.POST('/api/apiService/add', {
      body: { name: 'escalate', roleId: clerkRoleId },
    });
    expect(issuing.error ?? issuing.data).toMatchObject({ code: 40300 });
    expect(await acmeDevices()).toEqual([ACME_MAC, 'a1a1a1000002']);
  });

  it("cannot act on its creator's own account or session", async () => {
    const credential = await issue(owner, { name: 'Not a person', roleId: clerkRoleId });
    const client = createApiClient({ baseUrl: running.url, ...credential });
    const before = await running.cradle.db.one<{ password_hash: string; email: string }>(
      `SELECT password_hash, email FROM users WHERE user_name = $1`,
      [acme.userName],
    );
    const calls = [
      client.POST('/api/user/updatePassword', {
        body: { oldPassword: acme.password, password: 'Taken-Over-4711', confirmPassword: 'Taken-Over-4711' },
      }),
      client.POST('/api/user/updateEmail', { body: { email: 'thief@example.com', password: acme.password } }),
      client.GET('/api/user/userInfo'),
      client.POST('/api/user/logout'),
    ];
    for (const reply of await Promise.all(calls)) {
      expect(reply.error ?? reply.data).toMatchObject({ code: 40300 });
    }
    const after = await running.cradle.db.one<{ password_hash: string; email: string }>(
      `SELECT password_hash, email FROM users WHERE user_name = $1`,
      [acme.userName],
    );
    expect(after).toEqual(before);
    // The creator's browser session still works.
    expect((await owner.call('GET', '/user/userInfo')).code).toBe(0);
  });

  it('takes the key as a bearer token only over HTTPS', async () => {
    const credential = await issue(owner, { name: 'Bearer', roleId: clerkRoleId });
    const overHttp = await fetch(`${running.url}/api/device/search`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${credential.apiKey}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(await overHttp.json()).toMatchObject({
      code: 40100,
      message: 'An API key as a bearer token is only accepted over HTTPS; sign the request instead',
    });
    const client = createApiClient({
      baseUrl: running.url,
      ...credential,
      mode: 'bearer',
      fetch: (request) => {
        request.headers.set('X-Forwarded-Proto', 'https');
        return fetch(request);
      },
    });
    const listed = await client.POST('/api/device/search', { body: {} });
    expect(listed.data?.code).toBe(0);
  });
});

describe('refused requests change nothing', () => {
  let credential: Issued;
  beforeAll(async () => {
    credential = await issue(owner, { name: 'Refusals', roleId: clerkRoleId });
  });

  it('a bad signature', async () => {
    const before = await acmeDevices();
    const reply = await signedFetch(
      credential,
      'POST',
      '/device/add',
      newDevice('a1a1a10000b1'),
      (headers) => {
        headers.Authorization =
          headers.Authorization?.replace(/Signature=(.)/, (_, c) => `Signature=${c === '0' ? '1' : '0'}`) ??
          '';
      },
    );
    expect([reply.status, reply.code, reply.message]).toEqual([
      401,
      40100,
      'The request signature is invalid',
    ]);
    // A body changed after signing is the same refusal.
    const tampered = await signedFetch(
      credential,
      'POST',
      '/device/add',
      newDevice('a1a1a10000b2'),
      (headers) => {
        headers['X-PF-Nonce'] = `${headers['X-PF-Nonce']}x`;
      },
    );
    expect(tampered.message).toBe('The request signature is invalid');
    expect(await acmeDevices()).toEqual(before);
  });

  it('a replayed request', async () => {
    const body = newDevice('a1a1a10000c1');
    const text = JSON.stringify(body);
    const headers = {
      ...(await signatureHeaders(credential.apiId, await signingKey(credential.apiKey), {
        method: 'POST',
        path: '/api/device/add',
        body: new TextEncoder().encode(text),
      })),
      'Content-Type': 'application/json',
    };
    const send = async () =>
      (await (
        await fetch(`${running.url}/api/device/add`, { method: 'POST', headers, body: text })
      ).json()) as {
        code: number;
        message: string;
      };
    expect((await send()).code).toBe(0);
    // The device is deleted, so a replay that got through would add it again.
    await running.cradle.db.execute('DELETE FROM devices WHERE mac = $1', ['a1a1a10000c1']);
    expect(await send()).toMatchObject({
      code: 40100,
      message: 'This request was already received (replayed request)',
    });
    expect(await acmeDevices()).not.toContain('a1a1a10000c1');
  });

  it('a clock-skewed timestamp', async () => {
    const before = await acmeDevices();
    for (const skew of [-301, 301]) {
      const body = newDevice('a1a1a10000d1');
      const text = JSON.stringify(body);
      const headers = await signatureHeaders(
        credential.apiId,
        await signingKey(credential.apiKey),
        { method: 'POST', path: '/api/device/add', body: new TextEncoder().encode(text) },
        new Date(Date.now() + skew * 1000),
      );
      const reply = await fetch(`${running.url}/api/device/add`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: text,
      });
      expect(await reply.json()).toMatchObject({
        code: 40100,
        message: 'The request timestamp differs from the server time by more than 5 minutes',
      });
    }
    expect(await acmeDevices()).toEqual(before);
  });

  it('a revoked key, and the old key of a rotated one', async () => {
    const rotating = await issue(owner, { name: 'Rotating', roleId: clerkRoleId });
    expect((await signedFetch(rotating, 'POST', '/device/search', {})).code).toBe(0);
    const rotated = await owner.call<Issued>('POST', '/apiService/rotate', { id: rotating.id });
    const fresh = rotated.rows[0] as Issued;
    expect(fresh.apiId).toBe(rotating.apiId);
    expect(fresh.apiKey).not.toBe(rotating.apiKey);
    expect((await signedFetch(rotating, 'POST', '/device/search', {})).message).toBe(
      'The request signature is invalid',
    );
    expect((await signedFetch(fresh, 'POST', '/device/search', {})).code).toBe(0);

    expect((await owner.call('POST', '/apiService/revoke', { id: rotating.id })).code).toBe(0);
    const before = await acmeDevices();
    const reply = await signedFetch(fresh, 'POST', '/device/add', newDevice('a1a1a10000e1'));
    expect([reply.code, reply.message]).toEqual([40100, 'The API key has been revoked']);
    expect(await acmeDevices()).toEqual(before);
    // A revoked credential cannot be rotated back to life.
    expect((await owner.call('POST', '/apiService/rotate', { id: rotating.id })).code).toBe(40400);
  });

  it('an expired key', async () => {
    const expiring = await issue(owner, {
      name: 'Expiring',
      roleId: clerkRoleId,
      expireTime: Date.now() + 1500,
    });
    expect((await signedFetch(expiring, 'POST', '/device/search', {})).code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const before = await acmeDevices();
    const reply = await signedFetch(expiring, 'POST', '/device/add', newDevice('a1a1a10000f1'));
    expect([reply.code, reply.message]).toEqual([40100, 'The API key has expired']);
    expect(await acmeDevices()).toEqual(before);
    const listed = await owner.call<{ apiId: string; status: string }>('GET', '/apiService/list');
    expect(listed.rows.find((row) => row.apiId === expiring.apiId)?.status).toBe('expired');
  });

  it("another tenant's key naming this tenant's ids", async () => {
    const globexOwner = new ApiClient(running.url);
    await globexOwner.signIn(globex.userName, globex.password);
    const globexRoles = await globexOwner.call<{ id: number; builtin: boolean }>('GET', '/apiService/roles');
    const builtin = globexRoles.rows.find((role) => role.builtin);
    const intruder = await issue(globexOwner, { name: 'Intruder', roleId: Number(builtin?.id) });
    const acmeDevice = await running.cradle.db.one<{ id: string }>('SELECT id FROM devices WHERE mac = $1', [
      ACME_MAC,
    ]);
    const id = Number(acmeDevice?.id);
    const before = await acmeDevices();
    const read = await signedFetch(intruder, 'GET', `/device/query?id=${id}`, undefined);
    expect(read.code).toBe(40400);
    const removed = await signedFetch(intruder, 'DELETE', '/device/removeBatch', { ids: [id] });
    expect(removed.code === 40400 || removed.code === 0).toBe(true);
    const revoked = await signedFetch(intruder, 'POST', '/apiService/revoke', { id: credential.id });
    expect(revoked.code).toBe(40400);
    expect(await acmeDevices()).toEqual(before);
    expect((await signedFetch(credential, 'POST', '/device/search', {})).code).toBe(0);
  });

  it('the credential’s rate limit, shared by every instance', async () => {
    const limited = await issue(owner, { name: 'Limited', roleId: clerkRoleId, ratePerMinute: 3 });
    for (let call = 0; call < 3; call += 1) {
      expect((await signedFetch(limited, 'POST', '/device/search', {})).code).toBe(0);
    }
    // A second instance on the same database counts the same requests.
    const second = await createTestConsole({
      databaseUrl: running.cradle.config.databaseUrl,
      trustProxy: true,
    });
    try {
      const before = await acmeDevices();
      const body = newDevice('a1a1a10000a1');
      const text = JSON.stringify(body);
      const headers = await signatureHeaders(limited.apiId, await signingKey(limited.apiKey), {
        method: 'POST',
        path: '/api/device/add',
        body: new TextEncoder().encode(text),
      });
      const reply = await fetch(`${second.url}/api/device/add`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: text,
      });
      expect(reply.status).toBe(429);
      expect(Number(reply.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(await reply.json()).toMatchObject({
        code: 42900,
        message: 'Too many requests with this API key; try again later',
      });
      expect(await acmeDevices()).toEqual(before);
    } finally {
      await second.stop();
    }
  });

  it('an unknown credential or a malformed header', async () => {
    const unknown = await signedFetch(
      { ...credential, apiId: 'pfa_00000000000000000000' },
      'POST',
      '/device/search',
      {},
    );
    expect([unknown.code, unknown.message]).toEqual([40100, 'Unknown API ID or API key']);
    const malformed = await fetch(`${running.url}/api/device/search`, {
      method: 'POST',
      headers: { Authorization: 'Basic YWRtaW46YWRtaW4=', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(await malformed.json()).toMatchObject({ code: 40100 });
  });
});
