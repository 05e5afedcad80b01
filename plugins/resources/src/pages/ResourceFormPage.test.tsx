// @vitest-environment happy-dom
import { message } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buttonNamed,
  byTestId,
  choiceOf,
  choose,
  chooseFile,
  cleanup,
  click,
  errorOf,
  fileOf,
  renderInConsole,
  resourceRow,
  SITES,
  sentFields,
  shownValue,
  stubApi,
  type,
  waitFor,
} from '../testing/helpers.js';
import { ResourceFormPage } from './ResourceFormPage.js';

const SAVE = '/tb-resource/addOrEdit';
const buttons = { otherResources: ['add', 'edit', 'delete', 'upload', 'push'] };
/** The chosen file's name as listed ('' when none), without one fading out of the list. */
const chosenFile = () =>
  [...(byTestId('resource-file')?.querySelectorAll('.ant-upload-list-item-container') ?? [])]
    .filter((item) => !/-leave/.test(item.className))
    .map((item) => item.textContent)
    .join(' | ');
/** The button of the latest confirmation (an earlier one may still be fading out). */
const confirmButton = (text: string) =>
  [...document.querySelectorAll('.ant-modal-confirm-btns button')].findLast(
    (button) => button.textContent?.replace(/\s/g, '') === text,
  );

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderUpload() {
  await renderInConsole(<ResourceFormPage mode="add" />, { buttons, path: '/otherResources/uploadFiles' });
  await waitFor(() => expect(byTestId('resource-form')).not.toBeNull());
}

describe('the resource form', () => {
  it('uploads a ringtone in one multipart request and goes back to the list', async () => {
    const saved = vi.spyOn(message, 'success').mockImplementation(() => (() => undefined) as never);
    const { calls, bodies } = stubApi({
      '/tb-site-template/siteSelect': () => SITES,
      [SAVE]: () => [{ id: 9 }],
    });
    await renderUpload();
    expect(choiceOf('type')).toBe('Local contacts');
    expect(byTestId('resource-file-hint')?.textContent).toBe('Supported: .xml, .csv, up to 5MB');
    await type('name', ' Lobby ring ');
    await choose('type', 'Ringtone');
    expect(byTestId('resource-file-hint')?.textContent).toBe('Supported: .wav, up to 200KB');
    await choose('siteId', 'Lobby');
    await type('description', 'Soft bell');
    await chooseFile(byTestId('resource-file'), fileOf('bell.wav', 200 * 1024));
    await click(buttonNamed('Save'));
    await waitFor(() => expect(bodies(SAVE)).toHaveLength(1));
    expect(sentFields(bodies(SAVE)[0])).toEqual({
      name: 'Lobby ring',
      description: 'Soft bell',
      type: '2',
      siteId: '3',
      file: `file:bell.wav:${200 * 1024}`,
    });
    expect(calls.map((call) => call.path)).toEqual(['/tb-site-template/siteSelect', SAVE]);
    await waitFor(() => expect(saved).toHaveBeenCalledWith('Saved successfully'));
  });

  it('refuses a 201 KB .wav for a ringtone with the tip and sends nothing', async () => {
    const { calls } = stubApi({ '/tb-site-template/siteSelect': () => SITES });
    await renderUpload();
    await type('name', 'Lobby ring');
    await choose('type', 'Ringtone');
    await choose('siteId', 'Lobby');
    await chooseFile(byTestId('resource-file'), fileOf('bell.wav', 201 * 1024));
    await waitFor(() => expect(document.body.textContent).toContain('The file cannot be larger than 200KB'));
    expect(chosenFile()).toBe('');
    await chooseFile(byTestId('resource-file'), fileOf('bell.mp3'));
    await waitFor(() => expect(document.body.textContent).toContain('Only .wav files can be uploaded'));
    await click(buttonNamed('Save'));
    await waitFor(() => expect(errorOf('file')).toBe('Please select a file to upload'));
    expect(calls.map((call) => call.path)).toEqual(['/tb-site-template/siteSelect']);
  });

  it('requires the name and the site', async () => {
    const { calls } = stubApi({ '/tb-site-template/siteSelect': () => SITES });
    await renderUpload();
    await chooseFile(byTestId('resource-file'), fileOf('people.csv'));
    await click(buttonNamed('Save'));
    await waitFor(() => expect(errorOf('name')).toBe('This field cannot be empty!'));
    expect(errorOf('siteId')).toBe('This field cannot be empty!');
    expect(calls.map((call) => call.path)).toEqual(['/tb-site-template/siteSelect']);
  });

  it('refuses an OpenVPN .tar above 5242880 bytes naming 10MB, and takes one of 5,000,000', async () => {
    const { bodies } = stubApi({
      '/tb-site-template/siteSelect': () => SITES,
      [SAVE]: () => [{ id: 9 }],
    });
    await renderUpload();
    await type('name', 'Office VPN');
    await choose('type', 'OpenVPN configuration');
    expect(byTestId('resource-file-hint')?.textContent).toBe('Supported: .tar, up to 10MB');
    await choose('siteId', 'Default site');
    await chooseFile(byTestId('resource-file'), fileOf('vpn.tar', 6_000_000));
    await waitFor(() => expect(document.body.textContent).toContain('The file cannot be larger than 10MB'));
    expect(chosenFile()).toBe('');
    await chooseFile(byTestId('resource-file'), fileOf('vpn.tar', 5_000_000));
    expect(chosenFile()).toContain('vpn.tar');
    await click(buttonNamed('Save'));
    await waitFor(() => expect(bodies(SAVE)).toHaveLength(1));
    expect(sentFields(bodies(SAVE)[0])).toMatchObject({
      type: '6',
      siteId: '1',
      file: 'file:vpn.tar:5000000',
    });
  });

  it('asks before changing the type of a chosen file: Cancel keeps both, OK clears the file', async () => {
    stubApi({ '/tb-site-template/siteSelect': () => SITES });
    await renderUpload();
    await chooseFile(byTestId('resource-file'), fileOf('people.csv'));
    expect(chosenFile()).toContain('people.csv');

    await choose('type', 'Wallpaper');
    await waitFor(() =>
      expect(document.querySelector('.ant-modal-confirm')?.textContent).toContain(
        'Changing a resource type deletes uploaded files.',
      ),
    );
    await click(confirmButton('Cancel'));
    expect(choiceOf('type')).toBe('Local contacts');
    expect(chosenFile()).toContain('people.csv');

    await choose('type', 'Wallpaper');
    await waitFor(() => expect(confirmButton('OK')).toBeDefined());
    await click(confirmButton('OK'));
    await waitFor(() => expect(choiceOf('type')).toBe('Wallpaper'));
    await waitFor(() => expect(chosenFile()).toBe(''));
    expect(byTestId('resource-file-hint')?.textContent).toBe('Supported: .png, .jpg, .jpeg, .bmp, up to 1MB');
  });

  it('changes the type without asking when no file is chosen', async () => {
    stubApi({ '/tb-site-template/siteSelect': () => SITES });
    await renderUpload();
    await choose('type', 'Trusted certificate');
    expect(choiceOf('type')).toBe('Trusted certificate');
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
  });

  it('edits without a new file: keeps the current one and sends no file', async () => {
    const { bodies } = stubApi({
      '/tb-site-template/siteSelect': () => SITES,
      '/tb-resource/query': () => [resourceRow()],
      [SAVE]: () => [{ id: 7 }],
    });
    await renderInConsole(<ResourceFormPage mode="edit" />, {
      buttons,
      path: '/otherResources/editFile?id=7',
    });
    await waitFor(() => expect(shownValue('name')).toBe('Lobby ring'));
    expect(choiceOf('type')).toBe('Ringtone');
    expect(byTestId('resource-keep-file')?.textContent).toBe('Keep the current file (bell.wav, 150 KB)');
    await type('name', 'Lobby ring 2');
    await click(buttonNamed('Save'));
    await waitFor(() => expect(bodies(SAVE)).toHaveLength(1));
    expect(sentFields(bodies(SAVE)[0])).toEqual({
      id: '7',
      name: 'Lobby ring 2',
      description: 'Soft bell',
      type: '2',
      siteId: '3',
    });
  });

  it('needs a new file on an edit that changes the type', async () => {
    const { bodies } = stubApi({
      '/tb-site-template/siteSelect': () => SITES,
      '/tb-resource/query': () => [resourceRow()],
      [SAVE]: () => [{ id: 7 }],
    });
    await renderInConsole(<ResourceFormPage mode="edit" />, {
      buttons,
      path: '/otherResources/editFile?id=7',
    });
    await waitFor(() => expect(shownValue('name')).toBe('Lobby ring'));
    await choose('type', 'Wallpaper');
    // The current file goes with the old type: asked first.
    await waitFor(() => expect(confirmButton('OK')).toBeDefined());
    await click(confirmButton('OK'));
    await waitFor(() => expect(choiceOf('type')).toBe('Wallpaper'));
    expect(byTestId('resource-keep-file')).toBeNull();
    await click(buttonNamed('Save'));
    await waitFor(() => expect(errorOf('file')).toBe('Please select a file to upload'));
    expect(bodies(SAVE)).toEqual([]);
    await chooseFile(byTestId('resource-file'), fileOf('hall.png', 1024));
    await click(buttonNamed('Save'));
    await waitFor(() => expect(bodies(SAVE)).toHaveLength(1));
    expect(sentFields(bodies(SAVE)[0])).toEqual({
      id: '7',
      name: 'Lobby ring',
      description: 'Soft bell',
      type: '3',
      siteId: '3',
      file: 'file:hall.png:1024',
    });
  });

  it('puts a refusal of the save on the field it names', async () => {
    stubApi({
      '/tb-site-template/siteSelect': () => SITES,
      [SAVE]: () => ({
        code: 40000,
        message: 'The length cannot exceed 128 characters',
        messageExt: 'name: nameTooLong',
      }),
    });
    await renderUpload();
    await type('name', 'Lobby ring');
    await choose('siteId', 'Lobby');
    await chooseFile(byTestId('resource-file'), fileOf('people.xml'));
    await click(buttonNamed('Save'));
    await waitFor(() => expect(errorOf('name')).toBe('The length cannot exceed 128 characters'));
  });
});
