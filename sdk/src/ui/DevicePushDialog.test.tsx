// @vitest-environment happy-dom
import {
  byTestId,
  cleanup,
  click,
  renderInConsole,
  stubApi,
  type,
  waitFor,
} from '@phonefleet/sdk/testing/ui';
import { ApiError, DevicePushDialog, type DevicePushDialogProps } from '@phonefleet/sdk/ui';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const DEVICES = [
  { id: 11, macAddress: '00:15:65:00:00:11', deviceName: 'Desk', deviceModel: 'H2P', siteName: 'HQ' },
  { id: 12, macAddress: '00:15:65:00:00:12', deviceName: 'Lobby', deviceModel: 'H2', siteName: 'HQ' },
];
const WINDOW = 86_399_000;
const text = (id: string) => byTestId(id)?.textContent ?? '';
const ok = () => click(byTestId('execution-ok'));

type OkCall = DevicePushDialogProps['onOk'];

/** The dialog open on a ringtone, with the picker over two devices (or the devices given). */
async function openDialog(onOk: OkCall, changes: Partial<DevicePushDialogProps> = {}) {
  stubApi({ '/device/search': () => [{ list: DEVICES, total: DEVICES.length }] });
  const onClose = vi.fn();
  await renderInConsole(
    <DevicePushDialog
      open
      title="Ringtone push"
      summary={<p data-testid="pushed">bell.wav</p>}
      devices={{
        tableId: 'push-devices',
        testIds: { root: 'push-devices', count: 'push-count', error: 'push-devices-error' },
      }}
      testId="push-dialog"
      onOk={onOk}
      onClose={onClose}
      {...changes}
    />,
    { buttons: {}, path: '/' },
  );
  if (!changes.devices) await waitFor(() => expect(text('push-devices')).toContain('00:15:65:00:00:11'));
  return { onClose };
}

async function pick(mac: string) {
  const row = [...document.querySelectorAll('[data-testid="push-devices"] tr.ant-table-row')].find(
    (candidate) => candidate.textContent?.includes(mac),
  );
  await click(row?.querySelector('input[type=checkbox]'));
}

describe('the device push dialog', () => {
  it('shows what is pushed and refuses an empty device choice without calling', async () => {
    const onOk = vi.fn<OkCall>(async () => undefined);
    const { onClose } = await openDialog(onOk);
    const dialog = byTestId('push-dialog')?.closest('.ant-modal');
    expect(dialog?.textContent).toContain('Ringtone push');
    expect(text('pushed')).toBe('bell.wav');
    expect(dialog?.textContent).toContain('Devices');
    expect(document.getElementById('execution-task-name')).not.toBeNull();

    await ok();
    expect(text('push-devices-error')).toBe('Please select at least one device');
    expect(onOk).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('posts the chosen ids and the mode, then closes and says the task was created', async () => {
    const onOk = vi.fn<OkCall>(async () => undefined);
    const { onClose } = await openDialog(onOk);
    await pick('00:15:65:00:00:12');
    await waitFor(() => expect(text('push-count')).toBe('1 device(s) selected'));
    await type('execution-task-name', ' Lobby bell ');
    await ok();

    expect(onOk).toHaveBeenCalledTimes(1);
    const [mode, deviceIds] = onOk.mock.calls[0] ?? [];
    expect(deviceIds).toEqual([12]);
    expect(mode?.type).toBe(1);
    expect(mode?.name).toBe('Lobby bell');
    expect((mode?.endTime ?? 0) - (mode?.beginTime ?? 0)).toBe(WINDOW);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(document.body.textContent).toContain('The task has been created'));
  });

  it('names the devices the push left out, with their driver’s reason', async () => {
    const onOk = vi.fn<OkCall>(async () => ({
      id: 7,
      devices: 1,
      notSentTo: [
        { models: ['VVX 350'], devices: 3, reason: { en: 'Poly reads it elsewhere', zh: '宝利通另读' } },
      ],
    }));
    const { onClose } = await openDialog(onOk);
    await pick('00:15:65:00:00:12');
    await ok();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(document.body.textContent).toContain(
        'Not sent to 3 device(s) of VVX 350: Poly reads it elsewhere',
      ),
    );
    expect(document.body.textContent).toContain('The task has been created');
  });

  it('keeps a refusal in place, as the server words it, and stays open', async () => {
    const onOk = vi.fn<OkCall>(async () => {
      throw new ApiError(40000, 'The device model does not support this resource:', 'V400');
    });
    const { onClose } = await openDialog(onOk);
    await pick('00:15:65:00:00:11');
    await ok();
    await waitFor(() =>
      expect(text('execution-refusal')).toContain('The device model does not support this resource:'),
    );
    expect(text('execution-refusal')).toContain('V400');
    expect(onClose).not.toHaveBeenCalled();
    expect(document.body.textContent).not.toContain('The task has been created');
  });

  it('sends devices chosen before it opened, and stays open when the caller sent nothing', async () => {
    const onOk = vi.fn<OkCall>(() => false);
    const { onClose } = await openDialog(onOk, { devices: [3, 4] });
    expect(text('push-dialog')).toContain('2 device(s) selected');
    expect(byTestId('push-devices')).toBeNull();
    await ok();
    expect(onOk.mock.calls[0]?.[1]).toEqual([3, 4]);
    expect(onClose).not.toHaveBeenCalled();
    expect(document.body.textContent).not.toContain('The task has been created');
  });
});
