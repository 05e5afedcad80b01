// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FirmwareListPage } from '../pages/FirmwareListPage.js';
import {
  byTestId,
  cleanup,
  click,
  firmwareRow,
  MODELS,
  renderInConsole,
  type StubReply,
  stubApi,
  type,
  waitFor,
} from '../testing/helpers.js';

const UPGRADE = '/tb-firmware/firmwareUpgrade';
const DEVICES = [
  { id: 11, macAddress: '00:15:65:00:00:11', deviceName: 'Desk', deviceModel: 'H2P', siteName: 'HQ' },
  { id: 12, macAddress: '00:15:65:00:00:12', deviceName: 'Lobby', deviceModel: 'H2', siteName: 'HQ' },
];
const text = (id: string) => byTestId(id)?.textContent ?? '';

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The customer list with one firmware (Acme build 2.14.0.5, id 7) and the upgrade's replies. */
async function openList(buttons: string[], upgrade: (body: unknown) => StubReply = () => [{ id: 40 }]) {
  const api = stubApi({
    '/tb-firmware/selectFiltList': () => MODELS,
    '/tb-firmware/selectFrimware': () => [{ list: [firmwareRow()], total: 1 }],
    '/device/search': () => [{ list: DEVICES, total: DEVICES.length }],
    [UPGRADE]: upgrade,
  });
  await renderInConsole(<FirmwareListPage list="customer" />, {
    buttons: { firmware: buttons },
    path: '/firmware',
  });
  await waitFor(() => expect(text('firmware-list')).toContain('Acme build'));
  return api;
}

/** Opens the row's Upgrade and picks the device with this MAC in the dialog's device picker. */
async function upgradeTo(mac?: string) {
  await click(byTestId('firmware-upgrade'));
  await waitFor(() => expect(text('upgrade-device-picker')).toContain('00:15:65:00:00:11'));
  if (!mac) return;
  const row = [...document.querySelectorAll('[data-testid="upgrade-device-picker"] tr.ant-table-row')].find(
    (candidate) => candidate.textContent?.includes(mac),
  );
  await click(row?.querySelector('input[type=checkbox]'));
  await waitFor(() => expect(text('upgrade-device-count')).toBe('1 device(s) selected'));
}

const ok = () => click(byTestId('execution-ok'));
const chooseScheduled = () =>
  click(document.querySelector('[data-testid="execution-type"] input[value="2"]'));

describe("a firmware row's Upgrade", () => {
  it('is not offered without the upgrade button', async () => {
    await openList(['edit', 'delete']);
    expect(byTestId('firmware-upgrade')).toBeNull();
  });

  it('upgrades the chosen devices to the firmware now', async () => {
    const { bodies } = await openList(['upgrade']);
    await upgradeTo('00:15:65:00:00:11');
    // The firmware on top, and the models it is for.
    expect(text('upgrade-firmware')).toContain('Acme build');
    expect(text('upgrade-firmware')).toContain('2.14.0.5');
    expect(text('firmware-upgrade-dialog')).toContain('This firmware is for H2, H2P');
    await ok();
    await waitFor(() => expect(bodies(UPGRADE)).toEqual([{ firmwareId: 7, deviceIds: [11], type: 1 }]));
    await waitFor(() => expect(document.body.textContent).toContain('The task has been created'));
    // The dialog closes (happy-dom never ends the closing animation).
    await waitFor(() => expect(document.querySelector('.ant-modal')?.className).toContain('leave'));
  });

  it('asks for a device before sending anything', async () => {
    const { bodies } = await openList(['upgrade']);
    await upgradeTo();
    await ok();
    expect(text('upgrade-devices-error')).toBe('Please select at least one device');
    expect(bodies(UPGRADE)).toEqual([]);
  });

  it("schedules in the spec's default window and shows the server's refusal of the time on the field", async () => {
    const { bodies } = await openList(['upgrade'], () => ({
      code: 40000,
      message: 'The Task Time must start after 5 minutes',
    }));
    await upgradeTo('00:15:65:00:00:11');
    await chooseScheduled();
    const now = new Date();
    const startOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const day = new Date(startOfToday).toISOString().slice(0, 10).replaceAll('-', '/');
    expect(byTestId('execution-time')?.querySelector('input')?.value).toBe(`${day} 00:00`);
    expect(text('firmware-upgrade-dialog')).toContain(`between ${day} 00:00 and ${day} 23:59`);

    // A scheduled task needs its name.
    await ok();
    expect(text('execution-name-error')).toBe('This field cannot be empty!');
    expect(bodies(UPGRADE)).toEqual([]);

    await type('execution-task-name', ' Night upgrade ');
    await ok();
    await waitFor(() =>
      expect(bodies(UPGRADE)).toEqual([
        {
          firmwareId: 7,
          deviceIds: [11],
          type: 2,
          name: 'Night upgrade',
          beginTime: startOfToday,
          endTime: startOfToday + 86_399_000,
        },
      ]),
    );
    await waitFor(() =>
      expect(text('execution-time-error')).toBe('The Task Time must start after 5 minutes'),
    );
    expect(byTestId('firmware-upgrade-dialog')).not.toBeNull();
  });

  it('keeps a refusal naming the models in the dialog, as the server words it', async () => {
    await openList(['upgrade'], () => ({
      code: 40000,
      message: 'The firmware does not support the model of these devices',
      messageExt: 'V400',
    }));
    await upgradeTo('00:15:65:00:00:11');
    await ok();
    await waitFor(() =>
      expect(text('execution-refusal')).toContain('The firmware does not support the model of these devices'),
    );
    expect(text('execution-refusal')).toContain('V400');
  });
});
