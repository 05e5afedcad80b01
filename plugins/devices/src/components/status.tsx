import type { Language } from '@phonefleet/sdk';
import { Space, Tag } from 'antd';
import { type DeviceTextKey, deviceText } from '../texts.js';

const STATUS: Record<number, { key: DeviceTextKey; color: string }> = {
  0: { key: 'status0', color: 'default' },
  1: { key: 'status1', color: 'success' },
  2: { key: 'status2', color: 'error' },
};

const ACCOUNT: Record<number, { key: DeviceTextKey; color: string }> = {
  0: { key: 'account0', color: 'default' },
  1: { key: 'account1', color: 'success' },
  2: { key: 'account2', color: 'warning' },
};

/** Device status (spec §4: 0 offline, 1 online, 2 abnormal), with a tag when pushing is disabled. */
export function DeviceStatus({
  status,
  pushEnabled,
  language,
}: {
  status: number;
  pushEnabled?: boolean;
  language: Language;
}) {
  const shown = STATUS[status] ?? { key: 'unknown', color: 'default' };
  return (
    <Space size={4}>
      <Tag color={shown.color} data-status={status}>
        {deviceText(shown.key, language)}
      </Tag>
      {pushEnabled === false ? (
        <Tag color="orange" data-testid="push-disabled">
          {deviceText('pushDisabled', language)}
        </Tag>
      ) : null}
    </Space>
  );
}

/** Device account status (spec §4: 0 no account, 1 normal, 2 abnormal). */
export function AccountStatus({ status, language }: { status: number; language: Language }) {
  const shown = ACCOUNT[status] ?? { key: 'unknown', color: 'default' };
  return <Tag color={shown.color}>{deviceText(shown.key, language)}</Tag>;
}

const LINE: Record<number, { key: DeviceTextKey; color: string }> = {
  1: { key: 'lineStatus1', color: 'success' },
  2: { key: 'lineStatus2', color: 'error' },
};

/** A bound line's registration (spec §4 account status: 1 registered, 2 unregistered). */
export function LineStatus({ status, language }: { status: number; language: Language }) {
  const shown = LINE[status] ?? { key: 'unknown', color: 'default' };
  return (
    <Tag color={shown.color} data-status={status}>
      {deviceText(shown.key, language)}
    </Tag>
  );
}
