// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buttonNamed,
  byTestId,
  cleanup,
  click,
  firmwareRow,
  MODELS,
  renderInConsole,
  stubApi,
  waitFor,
} from '../testing/helpers.js';
import { FirmwareListPage } from './FirmwareListPage.js';

const SEARCH = '/tb-firmware/selectFrimware';
const page = (rows: unknown[]) => [{ list: rows, total: rows.length }];
const shownText = () => byTestId('firmware-list')?.textContent ?? '';

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the firmware lists', () => {
  it('shows the official rows on the admin entry, with its buttons', async () => {
    const { bodies } = stubApi({
      '/tb-firmware/selectFiltList': () => MODELS,
      [SEARCH]: (body) =>
        (body as { official: boolean }).official
          ? page([firmwareRow({ id: 1, firmwareName: 'H2 official', official: true, size: 3 * 1024 ** 3 })])
          : page([firmwareRow()]),
    });
    await renderInConsole(<FirmwareListPage list="official" />, {
      buttons: { adminFirmware: ['upload', 'edit', 'delete'] },
      path: '/adminFirmware',
    });
    await waitFor(() => expect(shownText()).toContain('H2 official'));
    expect(shownText()).not.toContain('Acme build');
    expect(shownText()).toContain('Official Firmware');
    expect(shownText()).toContain('3 GB');
    expect(bodies(SEARCH)[0]).toMatchObject({ official: true, sortField: 'createTime', sortOrder: 'asc' });
    expect(byTestId('firmware-upload')).not.toBeNull();
  });

  it('keeps /firmware to the customer list, without Upload for a role lacking it', async () => {
    const { bodies } = stubApi({
      '/tb-firmware/selectFiltList': () => MODELS,
      [SEARCH]: () => page([firmwareRow()]),
    });
    await renderInConsole(<FirmwareListPage list="customer" />, {
      buttons: { firmware: ['edit'] },
      path: '/firmware',
    });
    await waitFor(() => expect(shownText()).toContain('Acme build'));
    expect(shownText()).toContain('2.14.0.5');
    expect(shownText()).toContain('H2P');
    expect(shownText()).toContain('25 MB');
    expect(bodies(SEARCH)[0]).toMatchObject({ official: false });
    expect(byTestId('firmware-upload')).toBeNull();
    expect(buttonNamed('Delete')).toBeUndefined();
  });

  it('shows a refused delete as the server words it', async () => {
    const { bodies } = stubApi({
      '/tb-firmware/selectFiltList': () => MODELS,
      [SEARCH]: () => page([firmwareRow()]),
      '/tb-firmware/deleteFirmware': () => ({
        code: 40000,
        message: 'The firmware is used by a task that has not finished',
      }),
    });
    await renderInConsole(<FirmwareListPage list="customer" />, {
      buttons: { firmware: ['delete'] },
      path: '/firmware',
    });
    await waitFor(() => expect(shownText()).toContain('Acme build'));
    const rowDelete = byTestId('firmware-list')?.querySelector('.ant-table-row button');
    await click(rowDelete);
    // The confirmation's OK is its last button.
    await click([...document.querySelectorAll('.ant-modal-confirm-btns button')].at(-1));
    await waitFor(() =>
      expect(bodies('/tb-firmware/deleteFirmware')).toEqual([{ ids: [7], official: false }]),
    );
    await waitFor(() =>
      expect(document.body.textContent).toContain('The firmware is used by a task that has not finished'),
    );
  });

  it('keeps the user’s new-version notification models: loads them, and saves the changed set', async () => {
    const { bodies } = stubApi({
      '/tb-firmware/selectFiltList': () => MODELS,
      [SEARCH]: () => page([firmwareRow()]),
      '/tb-version-notification/searchNotifiedModels': () => ['H2P'],
      '/tb-version-notification/subscribe/newVersionNotify': () => [],
    });
    await renderInConsole(<FirmwareListPage list="customer" />, {
      buttons: { firmware: [] },
      path: '/firmware',
    });
    await waitFor(() => expect(shownText()).toContain('Acme build'));
    await click(byTestId('firmware-notifications'));
    const boxes = () => [
      ...document.querySelectorAll<HTMLInputElement>('[data-testid="firmware-notified-models"] input'),
    ];
    await waitFor(() => expect(boxes().filter((box) => box.checked)).toHaveLength(1));
    const unchecked = boxes().find((box) => !box.checked);
    await click(unchecked);
    await click(buttonNamed('Save'));
    await waitFor(() =>
      expect(bodies('/tb-version-notification/subscribe/newVersionNotify')).toHaveLength(1),
    );
    const [saved] = bodies('/tb-version-notification/subscribe/newVersionNotify') as { models: string[] }[];
    expect(saved?.models).toHaveLength(2);
    expect(saved?.models).toContain('H2P');
  });
});
