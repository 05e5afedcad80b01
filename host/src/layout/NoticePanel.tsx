import { formatDateTime, useSession } from '@phonefleet/sdk/ui/core';
import { Button, Empty, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useConsole } from '../app/console-context.js';
import type { Notice } from './NoticeBell.js';

/** Spec §3 Message: type 9 is a firmware message, any other an alarm's. */
const FIRMWARE_MESSAGE = 9;

/**
 * What the bell opens (docs/messages.md): the newest unread messages (content, time in the user's
 * zone, Firmware or Alarm), each with Mark as read, and Mark all as read. Loaded lazily by the bell.
 */
export default function NoticePanel({
  notice,
  onClear,
}: {
  notice: Notice;
  onClear(ids?: number[]): Promise<void>;
}) {
  const { t } = useConsole();
  const { zoneOffset } = useSession();
  const [clearing, setClearing] = useState<number | 'all' | null>(null);

  const clear = async (which: number | 'all') => {
    setClearing(which);
    try {
      await onClear(which === 'all' ? undefined : [which]);
    } catch {
      // shown by the api client
    } finally {
      setClearing(null);
    }
  };

  return (
    <div style={{ width: 380 }} data-testid="notice-panel">
      <Flex justify="space-between" align="center" style={{ marginBottom: 4 }}>
        <Typography.Text strong>{t('notices')}</Typography.Text>
        <Button
          type="link"
          size="small"
          disabled={notice.count === 0 || clearing !== null}
          loading={clearing === 'all'}
          onClick={() => void clear('all')}
          data-testid="notice-clear-all"
        >
          {t('noticeClearAll')}
        </Button>
      </Flex>
      {notice.list.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('noticeEmpty')}
          data-testid="notice-empty"
        />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 420, overflowY: 'auto' }}>
          {notice.list.map((message) => (
            <li
              key={message.id}
              data-testid="notice-item"
              style={{ padding: '8px 0', borderTop: '1px solid rgba(5, 5, 5, 0.06)' }}
            >
              <Flex gap={8} align="flex-start">
                <Tag
                  color={message.type === FIRMWARE_MESSAGE ? 'blue' : 'red'}
                  style={{ marginInlineEnd: 0 }}
                  data-testid="notice-type"
                >
                  {message.type === FIRMWARE_MESSAGE ? t('noticeFirmware') : t('noticeAlarm')}
                </Tag>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <div style={{ wordBreak: 'break-word' }} data-testid="notice-content">
                    {message.content}
                    {message.num > 1 ? ` ×${message.num}` : ''}
                  </div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="notice-time">
                    {formatDateTime(message.alarmTime, zoneOffset)}
                  </Typography.Text>
                </div>
                <Button
                  type="link"
                  size="small"
                  disabled={clearing !== null && clearing !== message.id}
                  loading={clearing === message.id}
                  onClick={() => void clear(message.id)}
                  data-testid="notice-read"
                >
                  {t('noticeRead')}
                </Button>
              </Flex>
            </li>
          ))}
        </ul>
      )}
      {notice.count > notice.list.length && notice.list.length > 0 ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="notice-more">
          {t('noticeMore', { shown: notice.list.length, count: notice.count })}
        </Typography.Text>
      ) : null}
    </div>
  );
}
