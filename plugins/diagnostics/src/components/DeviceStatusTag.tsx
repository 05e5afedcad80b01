import { useTexts } from '@phonefleet/sdk/ui';
import { Tag } from 'antd';
import { type DiagnosticTextKey, diagnosticText } from '../texts.js';

/** Spec §4 device status: 0 offline, 1 online, 2 abnormal. */
const STATUS: Record<number, { key: DiagnosticTextKey; color: string }> = {
  0: { key: 'status0', color: 'default' },
  1: { key: 'status1', color: 'success' },
  2: { key: 'status2', color: 'error' },
};

export function DeviceStatusTag({ status }: { status: number }) {
  const t = useTexts(diagnosticText);
  const shown = STATUS[status] ?? { key: 'unknown', color: 'default' };
  return (
    <Tag color={shown.color} data-status={status}>
      {t(shown.key)}
    </Tag>
  );
}
