// @vitest-environment happy-dom
import { SessionProvider } from '@phonefleet/sdk/ui';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buttonNamed,
  byTestId,
  choose,
  cleanup,
  click,
  loginWith,
  page,
  renderInConsole,
  resourceRow,
  SITES,
  stubApi,
  type,
  waitFor,
} from '../testing/helpers.js';
import { ResourceListPage } from './ResourceListPage.js';

const SEARCH = '/tb-resource/search';
const PUSH = '/tb-resource/push';
const ALL = { otherResources: ['add', 'edit', 'delete', 'upload', 'push'] };
const shownText = () => byTestId('resource-list')?.textContent ?? '';
const tableRows = () => [...(byTestId('resource-list')?.querySelectorAll('.ant-table-row') ?? [])];
const devices = [
  { id: 21, macAddress: '00:15:65:00:00:21', deviceName: 'Front desk', deviceModel: 'H2', siteName: 'Lobby' },
  {
    id: 22,
    macAddress: '00:15:65:00:00:22',
    deviceName: 'Back office',
    deviceModel: 'V400',
    siteName: 'Lobby',
  },
];

/** The button of the open confirmation with this text. */
const confirmButton = (text: string) =>
  [...document.querySelectorAll('.ant-modal-confirm-btns button')].find(
    (button) => button.textContent?.replace(/\s/g, '') === text,
  );

async function searchFor(text: string) {
  const search = byTestId('resource-search');
  if (!(search instanceof HTMLInputElement)) throw new Error('no search input');
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(search, text);
    search.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () =>
    search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13, bubbles: true })),
  );
}

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the resource list', () => {
  it('asks for the sidebar site, shows the rows, then searches by keywords and type', async () => {
    const { bodies } = stubApi({
      '/tb-site-template/siteSelect': () => SITES,
      [SEARCH]: () => page([resourceRow()]),
    });
    await renderInConsole(
      <SessionProvider login={loginWith(ALL)} language="en-US" zoneOffset="+00:00" siteFilter={3}>
        <ResourceListPage />
      </SessionProvider>,
      { buttons: ALL, path: '/otherResources' },
    );
    await waitFor(() => expect(shownText()).toContain('Lobby ring'));
    for (const shown of ['Ringtone', 'Lobby', 'bell.wav', '150 KB', 'Soft bell', 'Resources'])
      expect(shownText()).toContain(shown);
    expect(bodies(SEARCH)).toEqual([
      { currentPage: 1, pageSize: 10, sortField: 'createTime', sortOrder: 'asc', siteId: 3 },
    ]);

    await searchFor(' bell ');
    await waitFor(() =>
      expect(bodies(SEARCH).at(-1)).toEqual({
        currentPage: 1,
        pageSize: 10,
        sortField: 'createTime',
        sortOrder: 'asc',
        keywords: 'bell',
        siteId: 3,
      }),
    );
    await choose('resource-type-filter', 'OpenVPN configuration');
    await waitFor(() =>
      expect(bodies(SEARCH).at(-1)).toMatchObject({ keywords: 'bell', type: 6, siteId: 3 }),
    );
  });

  it('asks before deleting the selection, then removes it by id', async () => {
    const { bodies } = stubApi({
      [SEARCH]: () => page([resourceRow(), resourceRow({ id: 8, name: 'Hall wallpaper', type: 3 })]),
      '/tb-resource/remove': () => [],
    });
    await renderInConsole(<ResourceListPage />, { buttons: ALL, path: '/otherResources' });
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    const toolbarDelete = [...(byTestId('resource-list')?.querySelectorAll('button') ?? [])].find(
      (button) => button.textContent?.replace(/\s/g, '') === 'Delete' && !button.closest('.ant-table-row'),
    );
    expect(toolbarDelete?.disabled).toBe(true);
    await click(tableRows()[1]?.querySelector('input[type=checkbox]'));
    await click(toolbarDelete);
    await waitFor(() =>
      expect(document.querySelector('.ant-modal-confirm')?.textContent).toContain(
        'Delete the 1 selected resources? Their files are deleted too.',
      ),
    );
    expect(bodies('/tb-resource/remove')).toEqual([]);
    await click(confirmButton('Delete'));
    await waitFor(() => expect(bodies('/tb-resource/remove')).toEqual([{ ids: [8] }]));
    await waitFor(() => expect(document.body.textContent).toContain('Deleted successfully'));
  });

  it('shows a refused delete as the server words it', async () => {
    stubApi({
      [SEARCH]: () => page([resourceRow()]),
      '/tb-resource/remove': () => ({
        code: 40000,
        message: 'The resource is used by a task that has not finished',
      }),
    });
    await renderInConsole(<ResourceListPage />, { buttons: ALL, path: '/otherResources' });
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    const rowDelete = [...(tableRows()[0]?.querySelectorAll('button') ?? [])].find(
      (button) => button.textContent?.replace(/\s/g, '') === 'Delete',
    );
    await click(rowDelete);
    await click(confirmButton('Delete'));
    await waitFor(() =>
      expect(document.body.textContent).toContain('The resource is used by a task that has not finished'),
    );
  });

  it('shows no Upload, Delete, Push or selection to a role holding only edit', async () => {
    stubApi({ [SEARCH]: () => page([resourceRow()]) });
    await renderInConsole(<ResourceListPage />, {
      buttons: { otherResources: ['edit'] },
      path: '/otherResources',
    });
    await waitFor(() => expect(shownText()).toContain('Lobby ring'));
    expect(byTestId('resource-upload')).toBeNull();
    expect(buttonNamed('Delete')).toBeUndefined();
    expect(buttonNamed('Push')).toBeUndefined();
    expect(buttonNamed('Edit')).toBeDefined();
    expect(byTestId('resource-list')?.querySelectorAll('input[type=checkbox]').length).toBe(0);
  });

  it('pushes the resource to the chosen devices and says the task was created', async () => {
    const { bodies } = stubApi({
      '/tb-site-template/siteSelect': () => SITES,
      [SEARCH]: () => page([resourceRow()]),
      '/device/search': () => page(devices),
      [PUSH]: () => [{ id: 40, devices: 1 }],
    });
    await renderInConsole(<ResourceListPage />, { buttons: ALL, path: '/otherResources' });
    await waitFor(() => expect(shownText()).toContain('Lobby ring'));
    await click(byTestId('resource-push'));
    const dialog = () => byTestId('resource-push-dialog')?.closest('.ant-modal');
    await waitFor(() => expect(dialog()?.textContent).toContain('Ringtone push'));
    expect(byTestId('resource-pushed')?.textContent).toContain('bell.wav (150 KB)');
    // The picker starts at the resource's site.
    await waitFor(() => expect(bodies('/device/search')[0]).toMatchObject({ site: 3 }));

    // Nothing chosen: the dialog says so and sends nothing.
    await click(byTestId('execution-ok'));
    await waitFor(() =>
      expect(byTestId('resource-push-devices-error')?.textContent).toBe('Please select at least one device'),
    );
    expect(bodies(PUSH)).toEqual([]);

    const picker = byTestId('resource-push-devices');
    await waitFor(() => expect(picker?.querySelectorAll('.ant-table-row')).toHaveLength(2));
    await click(picker?.querySelectorAll('.ant-table-row')[0]?.querySelector('input[type=checkbox]'));
    await waitFor(() => expect(byTestId('resource-push-count')?.textContent).toBe('1 device(s) selected'));
    await type('execution-task-name', ' New bell ');
    // Immediate by default.
    await click(byTestId('execution-ok'));
    await waitFor(() =>
      expect(bodies(PUSH)).toEqual([{ resourceId: 7, deviceIds: [21], type: 1, name: 'New bell' }]),
    );
    await waitFor(() => expect(document.body.textContent).toContain('The task has been created'));
  });

  it('keeps a refused push in the dialog as the server words it', async () => {
    stubApi({
      '/tb-site-template/siteSelect': () => SITES,
      [SEARCH]: () => page([resourceRow()]),
      '/device/search': () => page(devices),
      [PUSH]: () => ({
        code: 40000,
        message: 'The device model does not support this resource:',
        messageExt: 'V400',
      }),
    });
    await renderInConsole(<ResourceListPage />, { buttons: ALL, path: '/otherResources' });
    await waitFor(() => expect(shownText()).toContain('Lobby ring'));
    await click(byTestId('resource-push'));
    const picker = () => byTestId('resource-push-devices');
    await waitFor(() => expect(picker()?.querySelectorAll('.ant-table-row')).toHaveLength(2));
    await click(picker()?.querySelectorAll('.ant-table-row')[1]?.querySelector('input[type=checkbox]'));
    await click(byTestId('execution-ok'));
    await waitFor(() =>
      expect(byTestId('execution-refusal')?.textContent).toContain(
        'The device model does not support this resource:',
      ),
    );
    expect(byTestId('execution-refusal')?.textContent).toContain('V400');
    expect(byTestId('resource-push-dialog')).not.toBeNull();
    expect(document.body.textContent).not.toContain('The task has been created');
  });
});
