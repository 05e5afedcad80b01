// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFile, apiRequest, apiUrl, attachmentName, onSessionExpired } from './api.js';
import { ApiError } from './api-error.js';
import { onOperationHeld } from './operation.js';
import { setLanguage, setTimeZone } from './preferences.js';

function reply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const ok = { code: 0, message: 'Success', messageExt: null, result: { rows: [{ a: 1 }] } };

afterEach(() => {
  vi.unstubAllGlobals();
  onSessionExpired(undefined);
  setLanguage('en-US');
});

describe('apiRequest', () => {
  it('builds /api URLs with a query string', () => {
    expect(apiUrl('/user/forgetPassword', { name: 'a b', skip: undefined })).toBe(
      '/api/user/forgetPassword?name=a+b',
    );
    expect(apiUrl('/api/plugins')).toBe('/api/plugins');
  });

  it('sends the request id, language and time zone, and returns the envelope', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => reply(ok));
    vi.stubGlobal('fetch', fetchMock);
    setLanguage('zh-CN');
    setTimeZone({ id: 55, offset: '+08:00' });
    const envelope = await apiRequest<{ a: number }>('POST', '/homepage/total', { body: {} });
    expect(envelope.result.rows[0]?.a).toBe(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    const headers = init?.headers as Record<string, string>;
    expect(url).toBe('/api/homepage/total');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{}');
    expect(headers['Accept-Language']).toBe('zh-CN');
    expect(headers.Timezone).toBe('GMT+08:00');
    expect(headers['X-Request-Id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rejects other codes with an ApiError carrying the server message', async () => {
    vi.stubGlobal('fetch', async () =>
      reply(
        {
          code: 40000,
          message: 'The verification code is incorrect!',
          messageExt: null,
          result: { rows: [] },
        },
        400,
      ),
    );
    const failure = await apiRequest('POST', '/user/login', { silent: true }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe(40000);
    expect((failure as ApiError).message).toBe('The verification code is incorrect!');
  });

  it('signs out on 80000, silent callers included (a text conversion in the editor)', async () => {
    vi.stubGlobal('fetch', async () =>
      reply({ code: 80000, message: 'Login expired', messageExt: null, result: { rows: [] } }, 401),
    );
    const expired = vi.fn();
    onSessionExpired(expired);
    await expect(apiRequest('GET', '/homepage/init', { silent: true })).rejects.toMatchObject({
      code: 80000,
    });
    expect(expired).toHaveBeenCalledTimes(1);
    await expect(apiRequest('GET', '/plugins')).rejects.toMatchObject({ code: 80000 });
    expect(expired).toHaveBeenCalledTimes(2);
  });

  it('opens the operation dialog with rows[0] on 100000, 110000 and 120000, silent callers included', async () => {
    const status = { status: 2, code: 110000, message: 'Recovering, please wait...', cancelShow: true };
    vi.stubGlobal('fetch', async () =>
      reply({
        code: 110000,
        message: 'Recovering, please wait...',
        messageExt: null,
        result: { rows: [status] },
      }),
    );
    const held = vi.fn();
    onOperationHeld(held);
    try {
      await expect(apiRequest('POST', '/device/search', { silent: true })).rejects.toMatchObject({
        code: 110000,
      });
      expect(held).toHaveBeenCalledWith(expect.objectContaining(status));
      // Refused before the host's dialog has loaded: it gets the status once it registers.
      onOperationHeld(undefined);
      await expect(apiRequest('POST', '/device/search')).rejects.toMatchObject({ code: 110000 });
      const late = vi.fn();
      onOperationHeld(late);
      expect(late).toHaveBeenCalledWith(expect.objectContaining(status));
    } finally {
      onOperationHeld(undefined);
    }
  });

  it('reports transport failures as Network exception or Network timeout', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('GET', '/plugins', { silent: true })).rejects.toMatchObject({
      message: 'Network exception',
      kind: 'network',
    });
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    await expect(apiRequest('GET', '/plugins', { silent: true, timeoutMs: 20 })).rejects.toMatchObject({
      message: 'Network timeout',
      kind: 'timeout',
    });
    vi.stubGlobal('fetch', async () => reply({ message: 'Bad gateway upstream' }, 502));
    await expect(apiRequest('GET', '/plugins', { silent: true })).rejects.toMatchObject({
      message: 'Bad gateway upstream',
    });
  });

  it('sends a FormData body as multipart, leaving the boundary to the browser', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => reply(ok));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('file', new File(['x'], 'devices.xlsx'));
    await apiRequest('POST', '/device/import', { body: form });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect((init?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });
});

describe('apiFile', () => {
  it('returns the blob with the name from Content-Disposition, or the fallback', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(new Uint8Array([80, 75, 3, 4]), {
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': "attachment; filename*=UTF-8''device%20list.xlsx",
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const file = await apiFile('POST', '/device/export', 'devices.xlsx', { body: { keywords: 'h2' } });
    expect(file.fileName).toBe('device list.xlsx');
    expect(file.blob.size).toBe(4);
    expect(attachmentName('attachment; filename="template.xlsx"')).toBe('template.xlsx');
    expect(attachmentName(null)).toBeUndefined();
  });

  it('rejects with the server message when the answer is an envelope instead of a file', async () => {
    vi.stubGlobal('fetch', async () =>
      reply({ code: 40300, message: 'No permission', messageExt: null, result: { rows: [] } }, 403),
    );
    await expect(apiFile('GET', '/device/deviceExcel', 'x.xlsx', { silent: true })).rejects.toMatchObject({
      code: 40300,
      message: 'No permission',
    });
  });
});
