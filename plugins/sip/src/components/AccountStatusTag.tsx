import { AccountStatus, useTexts } from '@phonefleet/sdk/ui';
import { Tag } from 'antd';
import { type SipTextKey, sipText } from '../texts.js';

const LOOK: Record<number, { key: SipTextKey; color: string }> = {
  [AccountStatus.unassigned]: { key: 'status0', color: 'default' },
  [AccountStatus.registered]: { key: 'status1', color: 'success' },
  [AccountStatus.unregistered]: { key: 'status2', color: 'error' },
};

/** A SIP account's status (spec §4: 0 unassigned, 1 registered, 2 unregistered) as a coloured tag. */
export function AccountStatusTag({ status }: { status: number }) {
  const t = useTexts(sipText);
  const look = LOOK[status];
  if (!look) return <Tag>{status}</Tag>;
  return (
    <Tag color={look.color} data-status={status}>
      {t(look.key)}
    </Tag>
  );
}

export const STATUS_OPTIONS: { value: number; key: SipTextKey }[] = Object.entries(LOOK).map(
  ([value, look]) => ({ value: Number(value), key: look.key }),
);
