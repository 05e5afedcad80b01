// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiUpload, formWithFile, onSessionExpired, type UploadProgress } from './api.js';
import { ApiError } from './api-error.js';
import { setLanguage, setTimeZone } from './preferences.js';

type Listener = (() => void) | null;

/** One XMLHttpRequest under the test's control: what was sent, and the events it fires. */
class ScriptedRequest {
  static last: ScriptedRequest | undefined;
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: Listener = null;
  onerror: Listener = null;
  onabort: Listener = null;
  ontimeout: Listener = null;
  timeout = 0;
  withCredentials = false;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  body: FormData | undefined;
  readonly headers: Record<string, string> = {};
  constructor() {
    ScriptedRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader() {
    return 'application/json';
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const sent = () => {
  const request = ScriptedRequest.last;
  if (!request) throw new Error('nothing was sent');
  return request;
};

function form(): FormData {
  const body = new FormData();
  body.append('firmwareName', 'Build');
  body.append('file', new File([new Uint8Array(10)], 'h2.rom'));
  return body;
}

afterEach(() => {
  vi.unstubAllGlobals();
  onSessionExpired(undefined);
  setLanguage('en-US');
  ScriptedRequest.last = undefined;
});

describe('apiUpload', () => {
  it('sends the form with the request headers, reports progress, and returns the envelope', async () => {
    vi.stubGlobal('XMLHttpRequest', ScriptedRequest);
    setLanguage('zh-CN');
    setTimeZone({ id: 55, offset: '+08:00' });
    const progress: UploadProgress[] = [];
    const reply = apiUpload<{ id: number }>('/tb-firmware/addOrEditFirmware', form(), (step) =>
      progress.push(step),
    );
    const request = sent();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/tb-firmware/addOrEditFirmware');
    expect(request.headers['Accept-Language']).toBe('zh-CN');
    expect(request.headers.Timezone).toBe('GMT+08:00');
    expect(request.headers['X-Request-Id']).toMatch(/\S{8,}/);
    expect(request.body?.get('firmwareName')).toBe('Build');
    request.progress(0, 400);
    request.progress(133, 400);
    request.progress(400, 400);
    request.answer(200, { code: 0, message: 'Success', messageExt: null, result: { rows: [{ id: 9 }] } });
    expect((await reply).result.rows).toEqual([{ id: 9 }]);
    expect(progress.map((step) => step.percent)).toEqual([0, 33, 100]);
    expect(progress[1]).toEqual({ loaded: 133, total: 400, percent: 33 });
  });

  it('rejects a refusal as an ApiError with the server words, and signs out on 80000', async () => {
    vi.stubGlobal('XMLHttpRequest', ScriptedRequest);
    const refused = apiUpload('/tb-firmware/addOrEditFirmware', form(), undefined, { silent: true });
    sent().answer(200, {
      code: 40000,
      message: 'The version number already exists!',
      messageExt: 'firmwareVersion: firmwareVersionExists',
      result: { rows: [] },
    });
    const error = await refused.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 40000,
      message: 'The version number already exists!',
      messageExt: 'firmwareVersion: firmwareVersionExists',
      kind: 'api',
    });

    const signOut = vi.fn();
    onSessionExpired(signOut);
    const expired = apiUpload('/x', form(), undefined, { silent: true });
    sent().answer(200, { code: 80000, message: 'Session expired', messageExt: null, result: { rows: [] } });
    await expect(expired).rejects.toMatchObject({ code: 80000 });
    expect(signOut).toHaveBeenCalledOnce();
  });

  it('answers transport failures as the client does: no envelope, network error, timeout, cancel', async () => {
    vi.stubGlobal('XMLHttpRequest', ScriptedRequest);
    const garbled = apiUpload('/x', form(), undefined, { silent: true });
    sent().answer(502, '<html>Bad gateway</html>');
    await expect(garbled).rejects.toMatchObject({ code: -1, message: 'Network exception', kind: 'network' });

    const dropped = apiUpload('/x', form(), undefined, { silent: true });
    sent().onerror?.();
    await expect(dropped).rejects.toMatchObject({ message: 'Network exception', kind: 'network' });

    const slow = apiUpload('/x', form(), undefined, { silent: true, timeoutMs: 5 });
    expect(sent().timeout).toBe(5);
    sent().ontimeout?.();
    await expect(slow).rejects.toMatchObject({ message: 'Network timeout', kind: 'timeout' });

    const controller = new AbortController();
    const cancelled = apiUpload('/x', form(), undefined, { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toBeInstanceOf(ApiError);
  });
});

describe('formWithFile', () => {
  it('puts the fields in their order as text, leaves out undefined ones, and the file last', () => {
    const image = new File([new Uint8Array(10)], 'h2.rom');
    const body = formWithFile({ id: undefined, name: 'Build', siteId: 3, official: false }, image);
    expect([...body.keys()]).toEqual(['name', 'siteId', 'official', 'file']);
    expect(body.get('siteId')).toBe('3');
    expect(body.get('official')).toBe('false');
    expect((body.get('file') as File).name).toBe('h2.rom');
    expect([...formWithFile({ id: 7 }).keys()]).toEqual(['id']);
  });
});
