// @vitest-environment happy-dom
import type { LoginInfo } from '@phonefleet/sdk';
import {
  byTestId,
  cleanup,
  click,
  type LiveServerStub,
  loginWith,
  type StubReply,
  stubApi,
  stubLiveServer,
  waitFor,
} from '@phonefleet/sdk/testing/ui';
import { SessionProvider } from '@phonefleet/sdk/ui/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleContext, type ConsoleContextValue } from '../app/console-context.js';
import { text } from '../i18n/texts.js';
import { hasNoticeBell, NOTICE_POLL_MS, type Notice, NoticeBell } from './NoticeBell.js';

function loginAs(enterpriseType: LoginInfo['user']['enterpriseType'], entered = false): LoginInfo {
  const login = loginWith({});
  const userType = enterpriseType === 'others' ? 'admin' : enterpriseType;
  return {
    ...login,
    entered: entered ? { id: 9, name: 'Acme' } : null,
    user: { ...login.user, id: 7, userName: 'acme', role: 'Enterprise', userType, enterpriseType },
  };
}

const acme = loginAs('enterprise');

const firmwareMessage = {
  id: 42,
  status: 0,
  type: 9,
  content: 'New firmware version (2.21.0.0 H2P, V64 (Acme build))',
  num: 1,
  alarmTime: '2026-11-25T02:05:00.000Z',
  taskId: null,
};
const alarmMessage = {
  id: 41,
  status: 0,
  type: 1,
  content: 'Device 00:15:65:00:00:07 is offline',
  num: 3,
  alarmTime: '2026-11-24T23:30:00.000Z',
  taskId: null,
};

const roots: Root[] = [];

/** The header as the layout mounts it: the console's context and the session. */
async function renderBell(login: LoginInfo) {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  roots.push(root);
  const value: ConsoleContextValue = {
    config: null,
    language: 'en-US',
    changeLanguage: () => undefined,
    timeZone: null,
    changeTimeZone: () => undefined,
    login,
    signedIn: () => undefined,
    signOut: async () => undefined,
    t: (key, values) => text('en-US', key, values),
  };
  await act(async () => {
    root.render(
      <ConsoleContext.Provider value={value}>
        <SessionProvider login={login} language="en-US" zoneOffset="+08:00">
          <NoticeBell />
        </SessionProvider>
      </ConsoleContext.Provider>,
    );
  });
  return async () => {
    roots.splice(roots.indexOf(root), 1);
    await act(async () => root.unmount());
  };
}

/** A platform holding `notice`: `/homepage/clearNotice` marks read as the server does. */
function platformWith(notice: Notice, { noticeReply }: { noticeReply?: () => StubReply | undefined } = {}) {
  let unread = [...notice.list];
  let count = notice.count;
  return stubApi({
    '/homepage/notice': () => noticeReply?.() ?? [{ count, list: unread }],
    '/homepage/clearNotice': (body) => {
      const ids = (body as { ids?: number[] }).ids;
      const cleared = ids ? unread.filter((message) => ids.includes(message.id)).length : count;
      unread = ids ? unread.filter((message) => !ids.includes(message.id)) : [];
      count -= cleared;
      return [{ cleared }];
    },
  });
}

const bell = () => byTestId('notice-bell');
const shownCount = () => bell()?.getAttribute('data-count');
const badgeText = () => bell()?.querySelector('.ant-badge-count')?.getAttribute('title');
const items = () => [...document.querySelectorAll('[data-testid="notice-item"]')];

describe('the header’s message bell', () => {
  let live: LiveServerStub;
  beforeEach(() => {
    live = stubLiveServer();
  });

  afterEach(async () => {
    for (const root of roots.splice(0)) await act(async () => root.unmount());
    await cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows an enterprise user the unread count and, on click, the newest messages', async () => {
    const api = platformWith({ count: 12, list: [firmwareMessage, alarmMessage] });
    const unmount = await renderBell(acme);
    await waitFor(() => expect(shownCount()).toBe('12'));
    expect(badgeText()).toBe('12');
    expect(api.calls.filter((call) => call.path === '/homepage/notice')).toHaveLength(1);

    await click(bell());
    await waitFor(() => expect(items()).toHaveLength(2));
    const [first, second] = items();
    expect(first?.querySelector('[data-testid="notice-type"]')?.textContent).toBe('Firmware');
    expect(first?.querySelector('[data-testid="notice-content"]')?.textContent).toBe(firmwareMessage.content);
    // In the user's zone (+08:00), as the console shows times.
    expect(first?.querySelector('[data-testid="notice-time"]')?.textContent).toBe('2026/11/25 10:05');
    expect(second?.querySelector('[data-testid="notice-type"]')?.textContent).toBe('Alarm');
    expect(second?.querySelector('[data-testid="notice-content"]')?.textContent).toBe(
      'Device 00:15:65:00:00:07 is offline ×3',
    );
    expect(byTestId('notice-more')?.textContent).toBe('The newest 2 of 12 unread');
    await unmount();
  });

  it('marks one message read, then all: the badge follows at once', async () => {
    const api = platformWith({ count: 2, list: [firmwareMessage, alarmMessage] });
    await renderBell(acme);
    await waitFor(() => expect(shownCount()).toBe('2'));
    await click(bell());
    await waitFor(() => expect(items()).toHaveLength(2));

    await click(items()[0]?.querySelector('[data-testid="notice-read"]'));
    await waitFor(() => expect(shownCount()).toBe('1'));
    expect(api.bodies('/homepage/clearNotice')).toEqual([{ ids: [42] }]);
    expect(items()).toHaveLength(1);

    await click(byTestId('notice-clear-all'));
    await waitFor(() => expect(shownCount()).toBe('0'));
    expect(api.bodies('/homepage/clearNotice')).toEqual([{ ids: [42] }, {}]);
    await waitFor(() => expect(badgeText()).toBeUndefined());
    expect(byTestId('notice-empty')?.textContent).toContain('No new messages');
    expect(byTestId('notice-clear-all')?.hasAttribute('disabled')).toBe(true);
  });

  it('puts the count to 0 after Mark all as read without waiting for the list to answer again', async () => {
    let cleared = false;
    platformWith(
      { count: 130, list: [firmwareMessage] },
      { noticeReply: () => (cleared ? { code: 50000, message: 'Server error' } : undefined) },
    );
    await renderBell(acme);
    await waitFor(() => expect(shownCount()).toBe('130'));
    expect(badgeText()).toBe('130');
    expect(bell()?.querySelector('.ant-badge-count')?.textContent).toContain('99+');
    await click(bell());
    await waitFor(() => expect(items()).toHaveLength(1));
    cleared = true;
    await click(byTestId('notice-clear-all'));
    await waitFor(() => expect(shownCount()).toBe('0'));
    expect(byTestId('notice-empty')).not.toBeNull();
  });

  it('shows the empty state when there is nothing unread', async () => {
    platformWith({ count: 0, list: [] });
    await renderBell(acme);
    await waitFor(() => expect(shownCount()).toBe('0'));
    await click(bell());
    await waitFor(() => expect(byTestId('notice-empty')?.textContent).toContain('No new messages'));
  });

  it('is not there for the administrator, who asks for no notices', async () => {
    const api = platformWith({ count: 3, list: [firmwareMessage] });
    await renderBell(loginAs('others'));
    await renderBell(loginAs('others', true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bell()).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('follows the user’s own organisation: enterprise and channel users, also inside an entered enterprise', () => {
    expect(hasNoticeBell(loginAs('enterprise'))).toBe(true);
    expect(hasNoticeBell(loginAs('channel'))).toBe(true);
    expect(hasNoticeBell(loginAs('channel', true))).toBe(true);
    expect(hasNoticeBell(loginAs('others'))).toBe(false);
    expect(hasNoticeBell(loginAs('others', true))).toBe(false);
  });

  it('asks again at once when the platform says the count changed, without waiting for the poll', async () => {
    let count = 1;
    const api = platformWith({ count: 0, list: [] }, { noticeReply: () => [{ count, list: [] }] });
    const asked = () => api.calls.filter((call) => call.path === '/homepage/notice').length;
    const unmount = await renderBell(acme);
    await waitFor(() => expect(shownCount()).toBe('1'));
    await waitFor(() => expect(live.connections()).toBe(1));
    expect(live.opened).toEqual([`ws://${location.host}/api/live/?EIO=4&transport=websocket`]);

    count = 3;
    await act(async () => live.emit('notice'));
    await waitFor(() => expect(shownCount()).toBe('3'));
    expect(asked()).toBe(2);
    // Other events are not the bell's.
    await act(async () => live.emit('devices'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked()).toBe(2);
    // Signed out: the connection goes with the header.
    await unmount();
    await waitFor(() => expect(live.connections()).toBe(0));
  });

  it('asks again every 60 s, and stops when the header goes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let count = 1;
    const api = platformWith({ count: 0, list: [] }, { noticeReply: () => [{ count, list: [] }] });
    const asked = () => api.calls.filter((call) => call.path === '/homepage/notice').length;
    const unmount = await renderBell(loginAs('channel'));
    await waitFor(() => expect(shownCount()).toBe('1'));
    expect(asked()).toBe(1);

    count = 4;
    await act(async () => vi.advanceTimersByTime(NOTICE_POLL_MS - 1000));
    expect(asked()).toBe(1);
    await act(async () => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(shownCount()).toBe('4'));
    expect(asked()).toBe(2);
    await act(async () => vi.advanceTimersByTime(NOTICE_POLL_MS));
    await waitFor(() => expect(asked()).toBe(3));

    await unmount();
    await act(async () => vi.advanceTimersByTime(3 * NOTICE_POLL_MS));
    expect(asked()).toBe(3);
  });
});
