import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../app.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../testing/test-console.js';

let running: RunningConsole;

beforeAll(async () => {
  running = await createTestConsole();
});
afterAll(async () => {
  await running.stop();
});

describe('browser API conventions', () => {
  it('answers an unknown route with 404 and the envelope', async () => {
    const reply = await new ApiClient(running.url).call('GET', '/no/such/route');
    expect(reply).toMatchObject({ status: 404, code: 40400, message: 'Invalid route', rows: [] });
  });

  it('echoes a request id and creates one when missing', async () => {
    const given = await fetch(`${running.url}/api/health`, { headers: { 'X-Request-Id': 'abcdef12-3456' } });
    expect(given.headers.get('x-request-id')).toBe('abcdef12-3456');
    const made = await fetch(`${running.url}/api/health`);
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses an oversized body without touching anything', async () => {
    const api = new ApiClient(running.url);
    const reply = await api.call('POST', '/user/login', JSON.stringify({ userName: 'x'.repeat(2_000_000) }));
    expect(reply).toMatchObject({ status: 413, code: 41300, message: 'Request body too large' });
  });

  it('refuses malformed JSON and wrong types with the spec message', async () => {
    const api = new ApiClient(running.url);
    expect((await api.call('POST', '/user/login', '{"userName":')).code).toBe(40000);
    const wrongType = await api.call('POST', '/user/login', { userName: 42, userPwd: 'x', verifyCode: 'y' });
    expect(wrongType).toMatchObject({ code: 40000, message: 'Invalid format!' });
    expect(wrongType.messageExt).toContain('userName');
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const document = (await (await fetch(`${running.url}/api/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/user/login',
        '/api/homepage/total',
        '/api/health',
        '/api/tb-timezone/getTimeZoneList',
      ]),
    );
    expect(JSON.stringify(document.paths['/api/user/login']?.post?.requestBody)).toContain('verifyCode');
  });

  it('reports the database, plugins and drivers in health', async () => {
    const reply = await new ApiClient(running.url).call<{
      database: { ok: boolean };
      drivers: { id: string; models: string[] }[];
    }>('GET', '/health');
    expect(reply.rows[0]?.database.ok).toBe(true);
    expect(reply.rows[0]?.drivers.find((d) => d.id === 'h2')?.models).toEqual(['H2', 'H2P']);
  });

  it('lists every driver model with its capability table', async () => {
    const api = new ApiClient(running.url);
    await api.signIn('admin', TEST_ADMIN_PASSWORD);
    const models = await api.call<{ model: string; family: string; capabilities: { keySubtype: boolean } }>(
      'GET',
      '/common/model',
    );
    const h2p = models.rows.find((m) => m.model === 'H2P');
    expect(h2p).toMatchObject({ family: 'H2/H2P', capabilities: { keySubtype: true } });
    expect(models.rows.length).toBeGreaterThanOrEqual(6);
  });

  it('gzips large answers for clients that accept it and leaves small ones alone', async () => {
    const api = new ApiClient(running.url);
    const signIn = await api.signIn('admin', TEST_ADMIN_PASSWORD);
    expect(signIn.code).toBe(0);
    const cookie = api.cookieHeader;
    const tree = await fetch(`${running.url}/api/tb-config/dynamicParameterJs`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json', 'Accept-Encoding': 'gzip' },
      body: JSON.stringify({ model: 'share' }),
    });
    expect(tree.headers.get('content-encoding')).toBe('gzip');
    expect(((await tree.json()) as { code: number }).code).toBe(0);
    const small = await fetch(`${running.url}/api/health`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
  });

  it('serves the time zone list publicly', async () => {
    const reply = await new ApiClient(running.url).call<{ offset: string }>(
      'GET',
      '/tb-timezone/getTimeZoneList',
    );
    expect(reply.rows.map((z) => z.offset)).toEqual(expect.arrayContaining(['-11:00', '+08:00', '+14:00']));
  });
});
