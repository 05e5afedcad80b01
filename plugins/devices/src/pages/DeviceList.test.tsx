// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceRow } from '../api.js';
import { cleanup, renderInConsole, stubApi, waitFor } from '../testing/render.js';
import { DeviceList, setParamPath, setParamWarning } from './DeviceList.js';

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const ALL_BUTTONS = [
  'add',
  'edit',
  'delete',
  'import',
  'export',
  'reboot',
  'factoryReset',
  'setParam',
  'transfer',
];

const devices: DeviceRow[] = [
  {
    id: 1,
    macAddress: '00:15:65:00:00:01',
    deviceName: '',
    deviceModel: 'H2P',
    firmwareVersion: '2.0.1',
    siteId: 1,
    siteName: 'Default',
    status: 0,
    accountStatus: 0,
    pushEnabled: false,
    createTime: '2026-01-02T03:04:05.000Z',
    lastFetchTime: null,
    ip: null,
  },
  {
    id: 2,
    macAddress: '00:15:65:00:00:02',
    deviceName: 'Lobby',
    deviceModel: 'V64',
    firmwareVersion: '1.0',
    siteId: 1,
    siteName: 'Default',
    status: 1,
    accountStatus: 1,
    pushEnabled: true,
    createTime: '2026-01-02T03:04:05.000Z',
    lastFetchTime: '2026-01-03T10:00:00.000Z',
    ip: '10.0.0.2',
  },
];

const buttonTexts = (container: HTMLElement) =>
  [...container.querySelectorAll('.pf-fleet-table > div:first-child button')].map((b) => b.textContent);
const rows = (container: HTMLElement) => [...container.querySelectorAll('tbody tr.ant-table-row')];

describe('DeviceList', () => {
  it('asks for page 1 sorted by MAC ascending and shows states, placeholders and only granted buttons', async () => {
    const { calls } = stubApi({ '/device/search': () => [{ list: devices, total: 2 }] });
    const container = await renderInConsole(<DeviceList basePath="/device" />, ['add']);
    await waitFor(() => expect(rows(container)).toHaveLength(2));
    expect(calls.find((call) => call.path === '/device/search')?.body).toEqual({
      currentPage: 1,
      pageSize: 10,
      sortField: 'macAddress',
      sortOrder: 'asc',
    });
    const first = rows(container)[0]?.textContent ?? '';
    expect(first).toContain('00:15:65:00:00:01');
    expect(first).toContain('Offline');
    expect(first).toContain('Push disabled');
    expect(first).toContain('No account');
    expect(first).toContain('--');
    expect(rows(container)[1]?.textContent).toContain('2026/01/03 10:00');
    expect(buttonTexts(container)).toEqual(['Add', 'Scan', 'Unknown devices', 'Refresh', 'Columns']);
    expect(container.textContent).not.toContain('Set parameters');
  });

  it('deletes the selected devices after the confirmation that their SIP accounts go too', async () => {
    const { calls } = stubApi({ '/device/search': () => [{ list: devices, total: 2 }] });
    const container = await renderInConsole(<DeviceList basePath="/device" />, ALL_BUTTONS);
    await waitFor(() => expect(rows(container)).toHaveLength(2));
    expect(buttonTexts(container)).toEqual([
      'Add',
      'Scan',
      'Unknown devices',
      'Import',
      'Export',
      'Delete',
      'Transfer site',
      'Enable push',
      'Disable push',
      'Push configuration',
      'Reboot',
      'Factory reset',
      'Refresh',
      'Columns',
    ]);
    const deleteButton = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Delete');
    expect(deleteButton?.disabled).toBe(true);
    await act(async () =>
      rows(container)[1]?.querySelector<HTMLInputElement>('input[type=checkbox]')?.click(),
    );
    expect(deleteButton?.disabled).toBe(false);
    await act(async () => deleteButton?.click());
    await waitFor(() =>
      expect(document.querySelector('.ant-modal-confirm')?.textContent).toContain(
        'Delete the 1 selected device(s)? Their SIP accounts will be removed too.',
      ),
    );
    const ok = [...document.querySelectorAll('.ant-modal-confirm button')].find(
      (b) => b.textContent === 'OK',
    );
    await act(async () => (ok as HTMLButtonElement).click());
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/device/removeBatch')?.body).toEqual({ ids: [2] }),
    );
  });

  it('sends set parameters to the parameters screen, warning first about disabled or unreachable devices', () => {
    expect(setParamPath({ id: 9, deviceModel: 'H2P', pushEnabled: false })).toBe(
      '/device/setParam?relationName=device&relationId=9&deviceModel=H2P&pushStatus=0',
    );
    expect(setParamWarning({ status: 1, pushEnabled: false })).toEqual({
      title: 'deviceDisabled',
      content: 'banned',
    });
    expect(setParamWarning({ status: 0, pushEnabled: true })?.title).toBe('deviceOffline');
    expect(setParamWarning({ status: 2, pushEnabled: true })?.title).toBe('deviceAbnormal');
    expect(setParamWarning({ status: 1, pushEnabled: true })).toBeUndefined();
  });
});
