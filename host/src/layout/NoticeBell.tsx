import { BellOutlined } from '@ant-design/icons';
import type { LoginInfo } from '@phonefleet/sdk';
import { apiFirstRow, apiRequest, LiveEventName, useLiveEvent } from '@phonefleet/sdk/ui/core';
import { Badge, Button, Popover, Spin } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useConsole } from '../app/console-context.js';

// Not on the first page: loaded when the bell is opened.
const NoticePanel = lazy(() => import('./NoticePanel.js'));

/** Spec §9: the notice count is polled every 60 s (the fallback: a `notice` live event asks at once). */
export const NOTICE_POLL_MS = 60_000;
/** The badge shows up to 99, then 99+. */
export const NOTICE_BADGE_MAX = 99;

/** Spec §3 Message, as `GET /homepage/notice` lists it (docs/messages.md). */
export interface NoticeMessage {
  id: number;
  status: number;
  /** 9 a firmware message, anything else an alarm's. */
  type: number;
  /** Already in the request's language. */
  content: string;
  num: number;
  /** ISO time. */
  alarmTime: string;
  taskId: number | null;
}

/** `GET /homepage/notice` rows[0]: the unread count and the newest 10 unread. */
export interface Notice {
  count: number;
  list: NoticeMessage[];
}

/**
 * Spec §2/§6: enterprise and channel users see the bell (their sub-users too); the administrator
 * does not. Messages are the user's own, so it follows the user's organisation, not an entered
 * enterprise: a channel user working in an enterprise keeps the bell, an administrator gets none.
 */
export function hasNoticeBell(login: LoginInfo): boolean {
  return login.user.enterpriseType === 'enterprise' || login.user.enterpriseType === 'channel';
}

/** The header's message bell (docs/messages.md), for those `hasNoticeBell` admits. */
export function NoticeBell() {
  const { login, language } = useConsole();
  if (!login || !hasNoticeBell(login)) return null;
  // Contents come translated: a new language asks again at once.
  return <Bell key={language} />;
}

function Bell() {
  const { t } = useConsole();
  const [notice, setNotice] = useState<Notice>({ count: 0, list: [] });
  const [open, setOpen] = useState(false);
  // Only the latest question's answer is shown (a poll answered after a clearing is stale).
  const asked = useRef(0);

  const load = useCallback(async () => {
    const mine = ++asked.current;
    try {
      // Silent and without the loading overlay: a failed poll waits for the next tick.
      const row = await apiFirstRow<Notice>('GET', '/homepage/notice', { silent: true, loading: false });
      if (mine === asked.current) setNotice(row);
    } catch {
      // tried again at the next tick
    }
  }, []);

  // The platform says when the count changed (docs/live.md); the poll stays for when it cannot.
  useLiveEvent(LiveEventName.notice, load);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), NOTICE_POLL_MS);
    return () => {
      clearInterval(timer);
      asked.current++;
    };
  }, [load]);

  /** Marks `ids` (or all) read; the count follows at once, then the list is asked again to refill. */
  const clear = useCallback(
    async (ids?: number[]) => {
      const reply = await apiRequest<{ cleared: number }>('POST', '/homepage/clearNotice', {
        body: ids ? { ids } : {},
      });
      asked.current++;
      const cleared = reply.result.rows[0]?.cleared ?? ids?.length ?? 0;
      setNotice((shown) =>
        ids
          ? {
              count: Math.max(0, shown.count - cleared),
              list: shown.list.filter((message) => !ids.includes(message.id)),
            }
          : { count: 0, list: [] },
      );
      await load();
    },
    [load],
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      arrow={false}
      open={open}
      destroyOnHidden
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void load();
      }}
      content={
        <Suspense fallback={<Spin size="small" style={{ display: 'block', margin: 16 }} />}>
          <NoticePanel notice={notice} onClear={clear} />
        </Suspense>
      }
    >
      <Button
        type="text"
        aria-label={t('notices')}
        data-testid="notice-bell"
        data-count={notice.count}
        icon={
          <Badge count={notice.count} overflowCount={NOTICE_BADGE_MAX} size="small">
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        }
      />
    </Popover>
  );
}
