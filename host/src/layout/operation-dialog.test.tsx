// @vitest-environment happy-dom
import type { OperationStatusInfo } from '@phonefleet/sdk';
import { byTestId, cleanup, click, loginWith, stubApi, waitFor } from '@phonefleet/sdk/testing/ui';
import { OPERATION_POLL_MS, OPERATION_RELOAD_MS, showOperation } from '@phonefleet/sdk/ui/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConsoleContext, type ConsoleContextValue } from '../app/console-context.js';
import { text } from '../i18n/texts.js';
import OperationDialog from './operation-dialog.js';

const backingUp: OperationStatusInfo = {
  status: 1,
  code: 100000,
  message: 'Backing up, please wait...',
  cancelShow: true,
  step: 'table devices',
  startedAt: '2026-11-26T03:00:00.000Z',
  last: null,
};
const upgrading: OperationStatusInfo = {
  ...backingUp,
  status: 3,
  code: 120000,
  message: 'Upgrading,please wait...',
  cancelShow: false,
  step: 'migrating',
};
const idle = (last: OperationStatusInfo['last']): OperationStatusInfo => ({
  status: 0,
  code: 0,
  message: '',
  cancelShow: false,
  step: null,
  startedAt: null,
  last,
});

let root: Root | undefined;

async function renderDialog() {
  const container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  const value: ConsoleContextValue = {
    config: null,
    language: 'en-US',
    changeLanguage: () => undefined,
    timeZone: null,
    changeTimeZone: () => undefined,
    login: loginWith({}),
    signedIn: () => undefined,
    signOut: async () => undefined,
    t: (key, values) => text('en-US', key, values),
  };
  await act(async () => {
    root?.render(
      <ConsoleContext.Provider value={value}>
        <OperationDialog />
      </ConsoleContext.Provider>,
    );
  });
}

const shownMessage = () => byTestId('operation-message')?.textContent;
const title = () => document.querySelector('.pf-operation-dialog .ant-modal-title')?.textContent;

describe('the blocking operation dialog', () => {
  afterEach(async () => {
    if (root) await act(async () => root?.unmount());
    root = undefined;
    await cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opens on an upgrade with the note not to operate, and no Cancel', async () => {
    stubApi({});
    await renderDialog();
    expect(shownMessage()).toBeUndefined();
    await act(async () => showOperation(upgrading));
    await waitFor(() => expect(shownMessage()).toBe('Upgrading,please wait...'));
    expect(title()).toBe('Tip');
    expect(byTestId('operation-upgrade-note')?.textContent).toContain('Do not operate the console');
    expect(byTestId('operation-cancel')).toBeNull();
  });

  it('asks for the status every 60 s only; Cancel posts /backup/cancel; the end says cancelled and reloads after 3 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    let current = backingUp;
    const api = stubApi({ '/backup/status': () => [current], '/backup/cancel': () => [backingUp] });
    const asked = () => api.calls.filter((call) => call.path === '/backup/status').length;
    await renderDialog();
    await act(async () => showOperation(backingUp));
    await waitFor(() => expect(shownMessage()).toBe('Backing up, please wait...'));
    expect(byTestId('operation-upgrade-note')).toBeNull();

    await act(async () => vi.advanceTimersByTime(OPERATION_POLL_MS - 1000));
    expect(asked()).toBe(0);
    await act(async () => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(asked()).toBe(1));
    expect(shownMessage()).toBe('Backing up, please wait...');

    await click(byTestId('operation-cancel'));
    await waitFor(() => expect(api.calls.some((call) => call.path === '/backup/cancel')).toBe(true));
    current = idle({
      status: 1,
      outcome: 'cancelled',
      message: 'The operation was cancelled',
      at: '2026-11-26T03:01:00Z',
    });
    await act(async () => vi.advanceTimersByTime(OPERATION_POLL_MS));
    await waitFor(() => expect(shownMessage()).toBe('The operation was cancelled'));
    expect(byTestId('operation-cancel')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), OPERATION_RELOAD_MS + 2000);
  });
});
