// @vitest-environment happy-dom
import '@ant-design/v5-patch-for-react-19';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FleetColumn } from './FleetTable.js';
import { formatBytes, IMPORT_WAIT_MS, ImportDialog, importOutcome, refusedFile } from './ImportDialog.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface FailedRow {
  row: number;
  macAddress: string;
  message: string;
}

const columns: FleetColumn<FailedRow>[] = [
  { key: 'row', title: 'Row', dataIndex: 'row' },
  { key: 'macAddress', title: 'MAC', dataIndex: 'macAddress' },
  { key: 'message', title: 'Reason', dataIndex: 'message' },
];

function envelope(message: string, rows: unknown[], totalRows?: number): Response {
  const result = totalRows === undefined ? { rows } : { rows, totalRows };
  return new Response(JSON.stringify({ code: 0, message, messageExt: null, result }), {
    headers: { 'Content-Type': 'application/json' },
  });
}

let root: Root;
let container: HTMLDivElement;

async function render(ui: ReactNode): Promise<void> {
  await act(async () => root.render(ui));
}

async function waitFor(check: () => void, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
    }
  }
}

async function choose(file: File): Promise<void> {
  const input = document.querySelector<HTMLInputElement>('[data-testid=import-dialog] input[type=file]');
  if (!input) throw new Error('no file input');
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const uploadButton = () => document.querySelector<HTMLButtonElement>('[data-testid=import-upload]');
const shownNames = () =>
  [...document.querySelectorAll('.ant-upload-list-item-name')].map((node) => node.textContent);

async function clickUpload(): Promise<void> {
  await act(async () => uploadButton()?.click());
}

function xlsx(name: string, bytes = 10): File {
  return new File([new Uint8Array(bytes)], name);
}

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function dialog(overrides: Partial<Parameters<typeof ImportDialog<FailedRow>>[0]> = {}) {
  return (
    <ImportDialog<FailedRow>
      open
      title="Import devices"
      url="/device/import"
      failedColumns={columns}
      onClose={() => undefined}
      onImported={() => undefined}
      {...overrides}
    />
  );
}

describe('upload rules', () => {
  it('accepts .xlsx/.xls up to the limit and refuses other types and larger files', () => {
    const accept = ['.xlsx', '.xls'];
    expect(refusedFile({ name: 'Devices.XLSX', size: 3 * 1024 * 1024 }, accept, 3 * 1024 * 1024)).toBe(
      undefined,
    );
    expect(refusedFile({ name: 'devices.csv', size: 10 }, accept, 3 * 1024 * 1024)).toBe('type');
    expect(refusedFile({ name: 'devices.xls', size: 3 * 1024 * 1024 + 1 }, accept, 3 * 1024 * 1024)).toBe(
      'size',
    );
    expect(formatBytes(3 * 1024 * 1024)).toBe('3 MB');
    expect(formatBytes(100 * 1024)).toBe('100 KB');
  });

  it('heads a result by what was imported: all, some or none', () => {
    expect(importOutcome(0, 5)).toEqual({ kind: 'success', imported: 5, refused: 0 });
    expect(importOutcome(2, 5)).toEqual({ kind: 'warning', imported: 3, refused: 2 });
    expect(importOutcome(1, 1)).toEqual({ kind: 'error', imported: 0, refused: 1 });
    // A reply without the count read: refused ones are known, imported ones are not.
    expect(importOutcome(1, undefined)).toEqual({ kind: 'warning', imported: undefined, refused: 1 });
  });
});

describe('ImportDialog', () => {
  it('refuses a wrong type or size with a tip and keeps only the latest file', async () => {
    await render(dialog({ maxBytes: 100 }));
    expect(uploadButton()?.disabled).toBe(true);
    await choose(xlsx('devices.csv'));
    await waitFor(() =>
      expect(document.body.textContent).toContain('Only .xlsx, .xls files can be uploaded'),
    );
    expect(shownNames()).toEqual([]);
    await choose(xlsx('big.xlsx', 101));
    await waitFor(() => expect(document.body.textContent).toContain('The file cannot be larger than 0.1 KB'));
    expect(shownNames()).toEqual([]);
    await choose(xlsx('first.xlsx'));
    await choose(xlsx('second.xls'));
    await waitFor(() => expect(shownNames()).toEqual(['second.xls']));
    expect(uploadButton()?.disabled).toBe(false);
  });

  it('posts the file as multipart field `file`, then reports success and closes', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => envelope('Success', [], 2));
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    const onImported = vi.fn();
    await render(dialog({ onClose, onImported }));
    await choose(xlsx('devices.xlsx'));
    await clickUpload();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onImported).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/device/import');
    expect(init?.method).toBe('POST');
    const body = init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('devices.xlsx');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    await waitFor(() => expect(document.body.textContent).toContain('Imported 2, refused 0'));
  });

  it('lists the refused rows under how many were imported and refused, and exports them', async () => {
    const failed: FailedRow[] = [{ row: 3, macAddress: '00:15:65:00:00:01', message: 'Duplicate device' }];
    vi.stubGlobal('fetch', async () => envelope('Some rows could not be imported', failed, 2));
    const onClose = vi.fn();
    const onImported = vi.fn();
    const onExportFailed = vi.fn();
    await render(dialog({ onClose, onImported, onExportFailed }));
    await choose(xlsx('devices.xlsx'));
    await clickUpload();
    await waitFor(() =>
      expect(document.querySelector('[data-testid=import-failed] tbody tr.ant-table-row')?.textContent).toBe(
        '300:15:65:00:00:01Duplicate device',
      ),
    );
    const summary = document.querySelector('[data-testid=import-summary]');
    expect(summary?.className).toContain('ant-alert-warning');
    expect(summary?.textContent).toContain('Partly imported');
    expect(document.querySelector('[data-testid=import-counts]')?.textContent).toBe('Imported 1, refused 1');
    expect(onImported).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(shownNames()).toEqual([]));
    const exportButton = [...document.querySelectorAll('[data-testid=import-failed] button')].find(
      (button) => button.textContent === 'Export failed data',
    );
    await act(async () => (exportButton as HTMLButtonElement).click());
    expect(onExportFailed).toHaveBeenCalledWith(failed);
  });

  it('heads an import whose every row was refused as an error, never Success', async () => {
    const failed: FailedRow[] = [{ row: 2, macAddress: '', message: 'Invalid MAC address' }];
    vi.stubGlobal('fetch', async () => envelope('Success', failed, 1));
    await render(dialog());
    await choose(xlsx('devices.xlsx'));
    await clickUpload();
    await waitFor(() =>
      expect(document.querySelector('[data-testid=import-summary]')?.className).toContain('ant-alert-error'),
    );
    const summary = document.querySelector('[data-testid=import-summary]')?.textContent ?? '';
    expect(summary).toContain('Nothing was imported');
    expect(summary).toContain('Imported 0, refused 1');
    expect(summary).not.toContain('Success');
  });

  it('waits while uploading and resets after the import wait of 60 s', async () => {
    const timeouts: number[] = [];
    const realTimeout = AbortSignal.timeout;
    vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms: number) => {
      timeouts.push(ms);
      return realTimeout.call(AbortSignal, 400);
    });
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const onImported = vi.fn();
    await render(dialog({ onImported }));
    await choose(xlsx('devices.xlsx'));
    await clickUpload();
    expect(uploadButton()?.className).toContain('ant-btn-loading');
    expect(document.body.textContent).toContain('Importing, please wait...');
    expect(timeouts).toEqual([IMPORT_WAIT_MS]);
    await waitFor(() => expect(document.body.textContent).toContain('Network timeout'));
    await waitFor(() => expect(shownNames()).toEqual([]));
    expect(uploadButton()?.className).not.toContain('ant-btn-loading');
    expect(onImported).not.toHaveBeenCalled();
  });

  it('closing while uploading cancels the request without an error', async () => {
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => {
          signal = init.signal ?? undefined;
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const onClose = vi.fn();
    await render(dialog({ onClose }));
    await choose(xlsx('devices.xlsx'));
    await clickUpload();
    const closeButton = [...document.querySelectorAll('.ant-modal-footer button')].find(
      (button) => button.textContent === 'Close',
    );
    await act(async () => (closeButton as HTMLButtonElement).click());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(signal?.aborted).toBe(true);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(document.body.textContent).not.toContain('Network exception');
  });
});

describe('ImportDialog with progress', () => {
  const progressEnvelope = (state: string, read: number, stored: number, failed: unknown[] = []) =>
    envelope('Success', [{ state, read, stored, failed, message: null }]);

  it('sends an import id and shows rows read and stored while the import runs', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls: string[] = [];
    let sentId: FormDataEntryValue | null = null;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push(url);
      if (url.startsWith('/api/device/importProgress')) {
        expect(url).toContain(`importId=${String(sentId)}`);
        return progressEnvelope('reading', 500, 0);
      }
      sentId = (init.body as FormData).get('importId');
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    });
    await render(dialog({ progressUrl: '/device/importProgress' }));
    await choose(xlsx('devices.xlsx'));
    await clickUpload();
    await waitFor(() =>
      expect(document.querySelector('[data-testid=import-progress]')?.textContent).toBe(
        'Rows read: 500. Rows stored: 0.',
      ),
    );
    expect(String(sentId)).toMatch(/^[0-9a-f-]{36}$/);
    expect(sessionStorage.getItem('pf-import:/device/import')).toBe(String(sentId));
    await act(async () =>
      answer(envelope('Some rows could not be imported', [{ row: 2, macAddress: '', message: 'x' }], 3)),
    );
    await waitFor(() =>
      expect(document.querySelector('[data-testid=import-counts]')?.textContent).toBe(
        'Imported 2, refused 1',
      ),
    );
    expect(document.querySelector('[data-testid=import-progress]')).toBeNull();
    expect(sessionStorage.getItem('pf-import:/device/import')).toBeNull();
  });

  it('follows an import started before a reload to its failed rows', async () => {
    sessionStorage.setItem('pf-import:/device/import', '0b6a0a2e-0000-4000-8000-000000000001');
    const failed: FailedRow[] = [{ row: 7, macAddress: '00:15:65:00:00:07', message: 'Duplicate device' }];
    let reads = 0;
    vi.stubGlobal('fetch', async (url: string) => {
      expect(url).toContain('importId=0b6a0a2e-0000-4000-8000-000000000001');
      reads += 1;
      return reads === 1 ? progressEnvelope('storing', 9, 4) : progressEnvelope('finished', 9, 8, failed);
    });
    const onImported = vi.fn();
    await render(dialog({ progressUrl: '/device/importProgress', onImported }));
    await waitFor(() =>
      expect(document.querySelector('[data-testid=import-progress]')?.textContent).toBe(
        'Rows read: 9. Rows stored: 4.',
      ),
    );
    await waitFor(
      () =>
        expect(document.querySelector('[data-testid=import-counts]')?.textContent).toBe(
          'Imported 8, refused 1',
        ),
      4000,
    );
    expect(onImported).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('pf-import:/device/import')).toBeNull();
  });
});
