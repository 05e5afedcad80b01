// @vitest-environment happy-dom
import { act } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import App from '../App.js';
import {
  BUTTONS,
  buttonNamed,
  byTestId,
  cleanup,
  click,
  deviceRow,
  deviceSettings,
  page,
  renderInConsole,
  sessionRow,
  stubApi,
  waitFor,
} from '../testing/helpers.js';

const DEVICES = '/diagnostics/devices';
const SESSIONS = '/diagnostics/sessions';

/** The area as the host mounts it, at /diagnostics. */
const renderArea = () =>
  renderInConsole(
    <Routes>
      <Route path="/diagnostics/*" element={<App />} />
    </Routes>,
    { buttons: BUTTONS, path: '/diagnostics' },
  );

const rowsOf = (testId: string) => [...(byTestId(testId)?.querySelectorAll('.ant-table-row') ?? [])];
const buttonsOf = (row: Element | undefined) =>
  [...(row?.querySelectorAll('button') ?? [])].map((button) => button.textContent);

async function search(text: string) {
  const input = byTestId('diagnostic-device-search');
  if (!(input instanceof HTMLInputElement)) throw new Error('no search input');
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () =>
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13, bubbles: true })),
  );
}

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the diagnostics area', () => {
  it('lists the devices to diagnose, disabling Diagnose with the reason where the model has none', async () => {
    const { bodies, calls } = stubApi({
      [DEVICES]: () =>
        page([
          deviceRow(),
          deviceRow({ deviceId: 22, deviceName: 'Hall', supported: false, reason: 'No diagnostics on V10' }),
        ]),
      '/diagnostics/device': () => [deviceSettings()],
      [SESSIONS]: () => page([]),
    });
    await renderArea();
    await waitFor(() => expect(rowsOf('diagnostic-devices')).toHaveLength(2));
    expect(bodies(DEVICES)).toEqual([{ currentPage: 1, pageSize: 10 }]);
    const [front, hall] = rowsOf('diagnostic-devices');
    for (const shown of ['Front desk', '00:15:65:00:00:21', 'H2', '10.0.0.21', 'Online', 'Lobby'])
      expect(front?.textContent).toContain(shown);
    const unsupported = byTestId('diagnose-22') as HTMLButtonElement;
    expect(hall?.textContent).toContain('Diagnose');
    expect(unsupported.disabled).toBe(true);
    await act(async () => {
      (unsupported.parentElement ?? unsupported).dispatchEvent(
        new MouseEvent('mouseover', { bubbles: true }),
      );
    });
    await waitFor(() =>
      expect(document.querySelector('.ant-tooltip-inner')?.textContent).toBe('No diagnostics on V10'),
    );

    await search(' front ');
    await waitFor(() =>
      expect(bodies(DEVICES).at(-1)).toEqual({ currentPage: 1, pageSize: 10, keyword: 'front' }),
    );
    await click(byTestId('diagnose-21'));
    await waitFor(() => expect(byTestId('diagnosis')).not.toBeNull());
    expect(calls.some((call) => call.path === '/diagnostics/device')).toBe(true);
  });

  it('lists the sessions with Watch while one runs and Download once it kept something', async () => {
    const { calls } = stubApi({
      [DEVICES]: () => page([deviceRow()]),
      [SESSIONS]: () =>
        page([
          sessionRow({ id: 3, action: 'trace', state: 'running', bytes: 1_048_576, userName: 'ana' }),
          sessionRow({ id: 2, action: 'ping', state: 'done', bytes: 300, detail: 'Host: pbx, 4 times' }),
          sessionRow({
            id: 1,
            action: 'config',
            state: 'failed',
            message: 'The phone did not answer on SSH',
          }),
        ]),
      '/diagnostics/device': () => [deviceSettings()],
      '/diagnostics/session': () => [sessionRow({ id: 3, action: 'trace', state: 'running' })],
    });
    await renderArea();
    await click(
      [...document.querySelectorAll('[role="tab"]')].find((tab) => tab.textContent === 'Session history'),
    );
    await waitFor(() => expect(rowsOf('diagnostic-sessions')).toHaveLength(3));
    const [trace, ping, config] = rowsOf('diagnostic-sessions');
    for (const shown of ['Capture trace', 'Running', 'ana', '1 MB', 'Front desk'])
      expect(trace?.textContent).toContain(shown);
    expect(ping?.textContent).toContain('Host: pbx, 4 times');
    expect(config?.textContent).toContain('The phone did not answer on SSH');
    expect(buttonsOf(trace)).toEqual(['Watch']);
    expect(buttonsOf(ping)).toEqual(['Download']);
    expect(buttonsOf(config)).toEqual([]);
    await click(buttonNamed('Watch'));
    await waitFor(() => expect(calls.some((call) => call.path === '/diagnostics/session')).toBe(true));
    await waitFor(() => expect(byTestId('diagnosis')).not.toBeNull());
  });
});
