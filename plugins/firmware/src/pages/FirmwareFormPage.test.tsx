// @vitest-environment happy-dom
import { message } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buttonNamed,
  byTestId,
  choose,
  chooseFile,
  cleanup,
  click,
  errorOf,
  firmwareRow,
  leave,
  MODELS,
  renderInConsole,
  shownValue,
  stubApi,
  type,
  waitFor,
} from '../testing/helpers.js';
import { FirmwareFormPage } from './FirmwareFormPage.js';

const SAVE = '/tb-firmware/addOrEditFirmware';
const buttons = { firmware: ['add', 'edit', 'delete', 'upload'] };

const image = (name: string, bytes = 64) => new File([new Uint8Array(bytes)], name);

/** The multipart fields sent to the save call, the file by its name. */
function sentFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of (body as FormData).entries())
    fields[name] = typeof value === 'string' ? value : `file:${value.name}`;
  return fields;
}

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the firmware form', () => {
  it('uploads a new customer firmware in one multipart request and goes back to the list', async () => {
    const saved = vi.spyOn(message, 'success').mockImplementation(() => (() => undefined) as never);
    const { calls, bodies } = stubApi({
      '/tb-firmware/selectFiltList': () => MODELS,
      '/tb-firmware/isRepeat': () => [{ repeat: false }],
      [SAVE]: () => [{ id: 9 }],
    });
    await renderInConsole(<FirmwareFormPage list="customer" mode="add" />, {
      buttons,
      path: '/firmware/uploadFirmware',
    });
    await type('firmwareName', ' Acme build ');
    await type('firmwareVersion', '2.14.0.10');
    await choose('supportModel', 'H2P');
    await type('description', 'Line keys fixed');
    await chooseFile(byTestId('firmware-file'), image('h2.rom'));
    await click(buttonNamed('Save'));
    await waitFor(() => expect(bodies(SAVE)).toHaveLength(1));
    expect(sentFields(bodies(SAVE)[0])).toEqual({
      firmwareName: 'Acme build',
      firmwareVersion: '2.14.0.10',
      supportModel: 'H2P',
      description: 'Line keys fixed',
      official: 'false',
      file: 'file:h2.rom',
    });
    expect(calls.map((call) => call.path)).toContain('/tb-firmware/isRepeat');
    await waitFor(() => expect(saved).toHaveBeenCalledWith('Saved successfully'));
  });

  it('refuses a bad version and a wrong file type without calling the server', async () => {
    const { calls } = stubApi({ '/tb-firmware/selectFiltList': () => MODELS });
    await renderInConsole(<FirmwareFormPage list="customer" mode="add" />, {
      buttons,
      path: '/firmware/uploadFirmware',
    });
    await type('firmwareName', 'Acme build');
    await type('firmwareVersion', '2.14');
    await leave('firmwareVersion');
    await chooseFile(byTestId('firmware-file'), image('notes.txt'));
    await waitFor(() => expect(document.body.textContent).toContain('Only .rom, .bin'));
    await click(buttonNamed('Save'));
    await waitFor(() =>
      expect(errorOf('firmwareVersion')).toBe('The version is four numbers separated by dots, e.g. 2.14.0.5'),
    );
    expect(errorOf('file')).toBe('Please select a file to upload');
    expect(errorOf('supportModel')).toBe('This field cannot be empty!');
    expect(calls.map((call) => call.path)).toEqual(['/tb-firmware/selectFiltList']);
  });

  it('shows a taken version on the field when leaving it', async () => {
    const { bodies } = stubApi({
      '/tb-firmware/selectFiltList': () => MODELS,
      '/tb-firmware/isRepeat': () => [{ repeat: true }],
    });
    await renderInConsole(<FirmwareFormPage list="official" mode="add" />, {
      buttons: { adminFirmware: ['upload'] },
      path: '/adminFirmware/uploadFirmware',
    });
    await type('firmwareVersion', '2.14.0.5');
    await leave('firmwareVersion');
    await waitFor(() => expect(errorOf('firmwareVersion')).toBe('The version number already exists!'));
    expect(bodies('/tb-firmware/isRepeat')).toEqual([{ firmwareVersion: '2.14.0.5', official: true }]);
  });

  it('edits without a new image: keeps the current one and sends no file', async () => {
    const { bodies } = stubApi({
      '/tb-firmware/selectFiltList': () => MODELS,
      '/tb-firmware/selectFrimwareById': () => [firmwareRow()],
      '/tb-firmware/isRepeat': () => [{ repeat: false }],
      [SAVE]: () => [{ id: 7 }],
    });
    await renderInConsole(<FirmwareFormPage list="customer" mode="edit" />, {
      buttons,
      path: '/firmware/editFirmware?id=7',
    });
    await waitFor(() => expect(shownValue('firmwareName')).toBe('Acme build'));
    expect(byTestId('firmware-keep-image')?.textContent).toBe(
      'Keep the current image (h2-2.14.0.5.rom, 25 MB)',
    );
    await type('firmwareName', 'Acme build 2');
    await click(buttonNamed('Save'));
    await waitFor(() => expect(bodies(SAVE)).toHaveLength(1));
    expect(sentFields(bodies(SAVE)[0])).toEqual({
      id: '7',
      firmwareName: 'Acme build 2',
      firmwareVersion: '2.14.0.5',
      supportModel: 'H2,H2P',
      description: 'Line keys fixed',
      official: 'false',
    });
    expect(bodies('/tb-firmware/isRepeat')).toEqual([
      { firmwareVersion: '2.14.0.5', official: false, id: 7 },
    ]);
  });

  it('puts a refusal of the save on its field', async () => {
    stubApi({
      '/tb-firmware/selectFiltList': () => MODELS,
      '/tb-firmware/isRepeat': () => [{ repeat: false }],
      [SAVE]: () => ({ code: 40000, message: 'The version number already exists!' }),
    });
    await renderInConsole(<FirmwareFormPage list="customer" mode="add" />, {
      buttons,
      path: '/firmware/uploadFirmware',
    });
    await type('firmwareName', 'Acme build');
    await type('firmwareVersion', '2.14.0.6');
    await choose('supportModel', 'H2');
    await chooseFile(byTestId('firmware-file'), image('h2.bin'));
    await click(buttonNamed('Save'));
    await waitFor(() => expect(errorOf('firmwareVersion')).toBe('The version number already exists!'));
  });
});
