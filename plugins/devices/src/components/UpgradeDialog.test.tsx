// @vitest-environment happy-dom
import type { FirmwareRow } from '@phonefleet/sdk';
import { byTestId, click } from '@phonefleet/sdk/testing/ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceRow } from '../api.js';
import { DeviceList } from '../pages/DeviceList.js';
import { cleanup, renderInConsole, stubApi, waitFor } from '../testing/render.js';

const VERSIONS = '/tb-firmware/selectUpgradeVersionList';
const UPGRADE = '/device/firmwareUpgrade';

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const device = (id: number, deviceModel: string): DeviceRow => ({
  id,
  macAddress: `00:15:65:00:00:0${id}`,
  deviceName: '',
  deviceModel,
  firmwareVersion: '2.14.0.1',
  siteId: 1,
  siteName: 'Default',
  status: 1,
  accountStatus: 0,
  pushEnabled: true,
  createTime: '2026-01-02T03:04:05.000Z',
  lastFetchTime: null,
  ip: null,
});

const firmware = (id: number, changes: Partial<FirmwareRow>): FirmwareRow => ({
  id,
  firmwareName: 'H2 build',
  firmwareVersion: '2.14.0.5',
  supportModel: ['H2', 'H2P'],
  description: '',
  fileName: 'h2.rom',
  size: 1024,
  sha256: 'ab'.repeat(32),
  official: true,
  orgName: 'Platform',
  createTime: '2026-01-01T00:00:00Z',
  ...changes,
});

const text = (id: string) => byTestId(id)?.textContent ?? '';
const rows = () => [...document.querySelectorAll('[data-testid="device-list"] tbody tr.ant-table-row')];
const okButton = () => byTestId('execution-ok') as HTMLButtonElement | null;

/** The list with two devices (H2P, H2), both selected, and the upgrade dialog opened on them. */
async function upgradeSelection(versions: FirmwareRow[]) {
  const api = stubApi({
    '/device/search': () => [{ list: [device(1, 'H2P'), device(2, 'H2')], total: 2 }],
    [VERSIONS]: () => versions,
    [UPGRADE]: () => [{ id: 41, devices: 2 }],
  });
  await renderInConsole(<DeviceList basePath="/device" />, ['upgrade']);
  await waitFor(() => expect(rows()).toHaveLength(2));
  expect((byTestId('device-upgrade') as HTMLButtonElement).disabled).toBe(true);
  for (const row of rows()) await click(row.querySelector('input[type=checkbox]'));
  await click(byTestId('device-upgrade'));
  await waitFor(() => expect(api.bodies(VERSIONS)).toEqual([{ deviceIds: [1, 2] }]));
  return api;
}

describe("the device list's firmware upgrade", () => {
  it('is not offered without the upgrade button', async () => {
    stubApi({ '/device/search': () => [{ list: [device(1, 'H2P')], total: 1 }] });
    await renderInConsole(<DeviceList basePath="/device" />, ['reboot']);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(byTestId('device-upgrade')).toBeNull();
  });

  it('offers the firmware every model of the selection takes and upgrades the selection to the chosen one', async () => {
    const { bodies } = await upgradeSelection([
      firmware(5, { firmwareName: 'H2 build', firmwareVersion: '2.14.0.5', official: true }),
      firmware(3, {
        firmwareName: 'Acme fix',
        firmwareVersion: '2.14.0.2',
        official: false,
        orgName: 'Acme',
      }),
    ]);
    await waitFor(() => expect(text('device-upgrade-versions')).toContain('Acme fix'));
    const shown = text('device-upgrade-versions');
    expect(shown).toContain('H2 build');
    expect(shown).toContain('2.14.0.5');
    expect(shown).toContain('Official');
    expect(shown).toContain('Customer');
    expect(text('device-upgrade-dialog')).toContain('2 device(s) selected');

    // OK without a choice says what is missing and sends nothing.
    await click(okButton());
    expect(text('device-upgrade-choose-error')).toBe('Please select a firmware');
    expect(bodies(UPGRADE)).toEqual([]);

    const acme = [
      ...document.querySelectorAll('[data-testid="device-upgrade-versions"] tr.ant-table-row'),
    ].find((row) => row.textContent?.includes('Acme fix'));
    await click(acme?.querySelector('input[type=radio]'));
    await click(okButton());
    await waitFor(() => expect(bodies(UPGRADE)).toEqual([{ firmwareId: 3, deviceIds: [1, 2], type: 1 }]));
    await waitFor(() => expect(document.body.textContent).toContain('The task has been created'));
  });

  it('says so and disables OK when no firmware supports every model of the selection', async () => {
    const { bodies } = await upgradeSelection([]);
    await waitFor(() =>
      expect(text('device-upgrade-none')).toBe('No firmware supports every model of the selected devices'),
    );
    expect(okButton()?.disabled).toBe(true);
    expect(bodies(UPGRADE)).toEqual([]);
  });
});
