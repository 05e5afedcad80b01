import type { AlarmRow, Language } from '@phonefleet/sdk';
import { AlarmStatus, AlarmType, type FleetColumn, formatDateTime, taskTypeName } from '@phonefleet/sdk/ui';
import { Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { alarmTypeName } from '../labels.js';
import type { AlarmTextKey } from '../texts.js';
import { LevelTag, StateTag } from './tags.js';

type Text = (key: AlarmTextKey, values?: Record<string, string | number>) => string;

/** Unread alarms stand out: every cell of their row is bold. */
const unreadBold = (row: AlarmRow) =>
  row.status === AlarmStatus.unread ? { style: { fontWeight: 600 } } : {};

/** When it happened last, with how often while it was open ("×3", the first time in its title). */
function alarmTime(row: AlarmRow, t: Text, zoneOffset: string): ReactNode {
  const latest = formatDateTime(row.alarmTime, zoneOffset);
  if (row.num <= 1) return latest;
  return (
    <Space
      size={4}
      title={t('firstTime', { time: formatDateTime(row.firstTime, zoneOffset), count: row.num })}
    >
      {latest}
      <Tag data-testid="alarm-count">{t('occurrences', { count: row.num })}</Tag>
    </Space>
  );
}

/** Spec §3 Alarm: level, type, time, device, MAC, site, state, update type, reason. */
export function alarmColumns(t: Text, language: Language, zoneOffset: string): FleetColumn<AlarmRow>[] {
  const columns: FleetColumn<AlarmRow>[] = [
    {
      key: 'level',
      title: t('level'),
      dataIndex: 'level',
      render: (level: number) => <LevelTag level={level} language={language} />,
    },
    {
      key: 'type',
      title: t('type'),
      dataIndex: 'type',
      render: (type: number) => alarmTypeName(type, language),
    },
    {
      key: 'alarmTime',
      title: t('time'),
      dataIndex: 'alarmTime',
      render: (_: string, row: AlarmRow) => alarmTime(row, t, zoneOffset),
    },
    { key: 'deviceName', title: t('device'), dataIndex: 'deviceName', maxWidth: 200 },
    { key: 'macAddress', title: t('macAddress'), dataIndex: 'macAddress' },
    { key: 'siteName', title: t('site'), dataIndex: 'siteName', maxWidth: 200 },
    {
      key: 'status',
      title: t('state'),
      dataIndex: 'status',
      render: (status: number) => <StateTag status={status} language={language} />,
    },
    {
      key: 'updateType',
      title: t('updateType'),
      dataIndex: 'updateType',
      // The task type of a configuration update that failed (spec "update type").
      render: (updateType: number | null, row: AlarmRow) =>
        row.type === AlarmType.configUpdateFailed && updateType !== null
          ? taskTypeName(updateType, language)
          : '',
    },
    {
      key: 'reason',
      title: t('reason'),
      dataIndex: 'reason',
      maxWidth: 320,
    },
  ];
  return columns.map((column) => ({ ...column, onCell: unreadBold }));
}
