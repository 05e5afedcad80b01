// @vitest-environment happy-dom
import { act } from 'react';
import { Link } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScanProgress } from '../api.js';
import { cleanup, renderInConsole, stubApi, waitFor } from '../testing/render.js';
import { ScanPage, scanRunning } from './ScanPage.js';

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

function progress(state: ScanProgress['state'], probed: number): ScanProgress {
  return {
    state,
    probed,
    total: 10,
    log: [{ time: '2026-01-02T03:04:05.000Z', text: `probed ${probed}` }],
    found: [
      {
        ip: '10.0.0.5',
        macAddress: '00:15:65:12:34:56',
        deviceModel: 'H2P',
        firmwareVersion: '2.0.1.10',
        via: 'sip',
        known: false,
      },
      {
        ip: '10.0.0.6',
        macAddress: '00:15:65:00:00:01',
        deviceModel: 'V64',
        firmwareVersion: '1.0',
        via: 'http',
        known: true,
      },
    ],
  };
}

async function typeInto(input: HTMLInputElement, text: string): Promise<void> {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    setter?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function startScan(startIp: string, endIp: string): Promise<void> {
  await typeInto(document.querySelector('#startIp') as HTMLInputElement, startIp);
  await typeInto(document.querySelector('#endIp') as HTMLInputElement, endIp);
  const start = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Start scan');
  await act(async () => start?.click());
}

const button = (text: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === text);

describe('ScanPage', () => {
  it('checks the range, then polls the scan each second and offers found phones to add, prefilled', async () => {
    let polls = 0;
    const { calls } = stubApi({
      '/device/scanDevice': () => [{ scanId: 1 }],
      '/device/getScanIP': () => [progress(++polls >= 2 ? 'finished' : 'running', polls >= 2 ? 10 : 5)],
    });
    await renderInConsole(<ScanPage basePath="/device" />, ['add'], '/device/scanDevice');
    await startScan('10.0.0.1', '10.0.0.300');
    await waitFor(() => expect(document.body.textContent).toContain('Please enter a valid IPv4 address'));
    expect(calls.some((call) => call.path === '/device/scanDevice')).toBe(false);

    await typeInto(document.querySelector('#endIp') as HTMLInputElement, '10.0.0.20');
    await act(async () => button('Start scan')?.click());
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/device/scanDevice')?.body).toEqual({
        startIp: '10.0.0.1',
        endIp: '10.0.0.20',
      }),
    );
    await waitFor(() => expect(document.body.textContent).toContain('5 / 10'), 3000);
    expect(document.querySelector('[data-testid=scan-log]')?.textContent).toContain('probed 5');
    expect(button('Stop scan')).toBeDefined();
    await waitFor(() => expect(document.body.textContent).toContain('10 / 10 Finished'), 3000);
    expect(button('Stop scan')).toBeUndefined();
    const pollsWhenFinished = polls;

    const found = [...document.querySelectorAll('[data-table-id=scan-found] tbody tr.ant-table-row')];
    expect(found).toHaveLength(2);
    expect(found[1]?.textContent).toContain('Added');
    const add = [...(found[0]?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Add');
    await act(async () => add?.click());
    await waitFor(() => expect(document.querySelector('[data-testid=device-form]')).not.toBeNull());
    const groups = [0, 1, 2, 3, 4, 5].map(
      (index) => document.querySelector<HTMLInputElement>(`[data-testid=mac-group-${index}]`)?.value,
    );
    expect(groups).toEqual(['00', '15', '65', '12', '34', '56']);
    expect(document.querySelector<HTMLInputElement>('#firmwareVersion')?.value).toBe('2.0.1.10');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 1200)));
    expect(polls).toBe(pollsWhenFinished);
  });

  it('stops a running scan, and asks before leaving while it runs', async () => {
    const { calls } = stubApi({
      '/device/scanDevice': () => [{ scanId: 2 }],
      '/device/getScanIP': () => [progress('running', 3)],
    });
    await renderInConsole(
      <>
        <Link to="/device" data-testid="elsewhere">
          away
        </Link>
        <ScanPage basePath="/device" />
      </>,
      ['add'],
      '/device/scanDevice',
    );
    await startScan('10.0.0.1', '10.0.0.10');
    await waitFor(() => expect(document.body.textContent).toContain('3 / 10'), 3000);
    await act(async () => document.querySelector<HTMLAnchorElement>('[data-testid=elsewhere]')?.click());
    await waitFor(() =>
      expect(document.querySelector('.ant-modal-confirm')?.textContent).toContain(
        'A scan is running. Leave this page and stop the scan?',
      ),
    );
    await act(async () => button('Stay')?.click());
    await act(async () => button('Stop scan')?.click());
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/device/stopScanDevice')?.body).toEqual({
        scanId: 2,
      }),
    );
    await waitFor(() => expect(document.body.textContent).toContain('Stopped'));
  });

  it('treats finished and stopped as final', () => {
    expect(scanRunning('running')).toBe(true);
    expect(scanRunning(undefined)).toBe(true);
    expect(scanRunning('finished')).toBe(false);
    expect(scanRunning('stopped')).toBe(false);
  });
});
