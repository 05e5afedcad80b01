// @vitest-environment happy-dom
import { SessionProvider } from '@phonefleet/sdk/ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ALL_BUTTONS,
  alarmRow,
  buttonNamed,
  byTestId,
  choose,
  cleanup,
  click,
  confirmButton,
  loginWith,
  page,
  renderInConsole,
  SITES,
  stubApi,
  waitFor,
} from '../testing/helpers.js';
import { AlarmListPage } from './AlarmListPage.js';

const SEARCH = '/alarm/search';
const list = () => byTestId('alarm-list');
const tableRows = () => [...(list()?.querySelectorAll('.ant-table-row') ?? [])];
const toolbarButton = (text: string) =>
  [...(list()?.querySelectorAll<HTMLButtonElement>('button') ?? [])].find(
    (button) =>
      button.textContent?.replace(/\s/g, '') === text.replace(/\s/g, '') && !button.closest('.ant-table-row'),
  );
const TOOLBAR = ['Mark read', 'Resolve', 'Ignore', 'Delete', 'All read', 'Delete read alarms', 'Export'];

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the alarm list', () => {
  it('shows each alarm as spec §3 names it, unread ones in bold, and filters from the sidebar site', async () => {
    const { bodies } = stubApi({
      '/tb-site-template/siteSelect': () => SITES,
      [SEARCH]: () =>
        page([
          alarmRow({ num: 3 }),
          alarmRow({
            id: 32,
            type: 8,
            level: 2,
            status: 2,
            num: 1,
            deviceName: 'Back office',
            macAddress: '00:15:65:00:00:22',
            updateType: 6,
            reason: 'Configuration update failed (HTTP 404)',
          }),
        ]),
    });
    await renderInConsole(
      <SessionProvider login={loginWith(ALL_BUTTONS)} language="en-US" zoneOffset="+08:00" siteFilter={3}>
        <AlarmListPage />
      </SessionProvider>,
      { buttons: ALL_BUTTONS, path: '/alarmList' },
    );
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(bodies(SEARCH)).toEqual([{ currentPage: 1, pageSize: 10, siteId: 3 }]);

    const [offline, config] = tableRows();
    for (const shown of [
      'Critical',
      'Offline',
      '2026/03/01 17:30',
      '×3',
      'Front desk',
      '00:15:65:00:00:21',
      'Lobby',
      'Unread',
      'The device went offline',
    ])
      expect(offline?.textContent).toContain(shown);
    expect(
      offline?.querySelector('[data-testid=alarm-count]')?.closest('[title]')?.getAttribute('title'),
    ).toBe('First at 2026/03/01 16:00, 3 times in all');
    for (const shown of ['Major', 'Config update failed', 'Resolved', 'Site configuration'])
      expect(config?.textContent).toContain(shown);
    expect(config?.textContent).toContain('Configuration update failed (HTTP 404)');
    expect(config?.querySelector('[data-testid=alarm-count]')).toBeNull();
    // Unread stands out; the resolved alarm does not.
    expect(offline?.querySelector('[data-level]')?.closest('td')?.style.fontWeight).toBe('600');
    expect(config?.querySelector('[data-level]')?.closest('td')?.style.fontWeight).toBe('');

    await choose('alarm-level-filter', 'Critical');
    await choose('alarm-type-filter', 'Offline');
    await choose('alarm-state-filter', 'Unread');
    await waitFor(() =>
      expect(bodies(SEARCH).at(-1)).toEqual({
        currentPage: 1,
        pageSize: 10,
        level: 1,
        type: 4,
        status: 0,
        siteId: 3,
      }),
    );
  });

  it('offers each action only with its button, and selection only with an action on it', async () => {
    stubApi({ [SEARCH]: () => page([alarmRow()]) });
    await renderInConsole(<AlarmListPage />, { buttons: ALL_BUTTONS, path: '/alarmList' });
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    for (const label of TOOLBAR) expect(toolbarButton(label), label).toBeDefined();
    expect(toolbarButton('Mark read')?.disabled).toBe(true);
    expect(toolbarButton('All read')?.disabled).toBe(false);
    await cleanup();

    stubApi({ [SEARCH]: () => page([alarmRow()]) });
    await renderInConsole(<AlarmListPage />, { buttons: { alarmList: ['export'] }, path: '/alarmList' });
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(TOOLBAR.filter((label) => toolbarButton(label))).toEqual(['Export']);
    expect(list()?.querySelectorAll('input[type=checkbox]').length).toBe(0);
    expect(buttonNamed('Resolve')).toBeUndefined();
    await cleanup();

    stubApi({ [SEARCH]: () => page([alarmRow()]) });
    await renderInConsole(<AlarmListPage />, { buttons: { alarmList: ['read'] }, path: '/alarmList' });
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(TOOLBAR.filter((label) => toolbarButton(label))).toEqual([
      'Mark read',
      'Resolve',
      'Ignore',
      'All read',
    ]);
  });

  it('marks the selection read, and deletes it only once confirmed', async () => {
    const { bodies } = stubApi({
      [SEARCH]: () => page([alarmRow(), alarmRow({ id: 32, status: 1 })]),
      '/alarm/read': () => [],
      '/alarm/remove': () => [],
    });
    await renderInConsole(<AlarmListPage />, { buttons: ALL_BUTTONS, path: '/alarmList' });
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    await click(tableRows()[0]?.querySelector('input[type=checkbox]'));
    await click(tableRows()[1]?.querySelector('input[type=checkbox]'));
    await click(toolbarButton('Mark read'));
    await waitFor(() => expect(bodies('/alarm/read')).toEqual([{ ids: [31, 32] }]));
    await waitFor(() => expect(document.body.textContent).toContain('Done'));

    await click(tableRows()[1]?.querySelector('input[type=checkbox]'));
    await click(toolbarButton('Delete'));
    await waitFor(() =>
      expect(document.querySelector('.ant-modal-confirm')?.textContent).toContain(
        'Delete the 1 selected alarm(s)?',
      ),
    );
    expect(bodies('/alarm/remove')).toEqual([]);
    await click(confirmButton('Delete'));
    await waitFor(() => expect(bodies('/alarm/remove')).toEqual([{ ids: [32] }]));
    await waitFor(() => expect(document.body.textContent).toContain('Deleted successfully'));
  });

  it('resolves and ignores one open alarm from its row; closed alarms offer only Delete', async () => {
    const { bodies } = stubApi({
      [SEARCH]: () => page([alarmRow(), alarmRow({ id: 33, status: 3 })]),
      '/alarm/resolve': () => [],
      '/alarm/ignore': () => [],
    });
    await renderInConsole(<AlarmListPage />, { buttons: ALL_BUTTONS, path: '/alarmList' });
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    const rowButtons = (index: number) =>
      [...(tableRows()[index]?.querySelectorAll('button') ?? [])].map((button) =>
        button.textContent?.replace(/\s/g, ''),
      );
    expect(rowButtons(0)).toEqual(['Resolve', 'Ignore', 'Delete']);
    expect(rowButtons(1)).toEqual(['Delete']);
    const inRow = (text: string) =>
      [...(tableRows()[0]?.querySelectorAll('button') ?? [])].find((button) => button.textContent === text);
    await click(inRow('Resolve'));
    await waitFor(() => expect(bodies('/alarm/resolve')).toEqual([{ ids: [31] }]));
    await click(inRow('Ignore'));
    await waitFor(() => expect(bodies('/alarm/ignore')).toEqual([{ ids: [31] }]));
  });

  it('marks every alarm read, and deletes the read ones only once confirmed', async () => {
    const { bodies } = stubApi({
      [SEARCH]: () => page([alarmRow()]),
      '/alarm/readAll': () => [],
      '/alarm/removeRead': () => [],
    });
    await renderInConsole(<AlarmListPage />, { buttons: ALL_BUTTONS, path: '/alarmList' });
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    await click(toolbarButton('All read'));
    await waitFor(() => expect(bodies('/alarm/readAll')).toEqual([{}]));

    await click(toolbarButton('Delete read alarms'));
    await waitFor(() =>
      expect(document.querySelector('.ant-modal-confirm')?.textContent).toContain(
        'Delete every alarm that is not unread (read, resolved and ignored)?',
      ),
    );
    expect(bodies('/alarm/removeRead')).toEqual([]);
    await click(confirmButton('Delete'));
    await waitFor(() => expect(bodies('/alarm/removeRead')).toEqual([{}]));
    await waitFor(() => expect(document.body.textContent).toContain('Deleted successfully'));
  });

  it('shows the words in Chinese', async () => {
    stubApi({
      [SEARCH]: () => page([alarmRow({ type: 1, level: 3, reason: '注册失败 (line 1)' })]),
    });
    await renderInConsole(
      <SessionProvider login={loginWith(ALL_BUTTONS)} language="zh-CN" zoneOffset="+00:00">
        <AlarmListPage />
      </SessionProvider>,
      { buttons: ALL_BUTTONS, path: '/alarmList' },
    );
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    for (const shown of ['次要', '注册失败', '未读', '注册失败 (line 1)', '全部已读', '删除已读告警'])
      expect(list()?.textContent).toContain(shown);
  });
});
