import type { OperationOutcome, OperationStatusInfo } from '@phonefleet/sdk';
import { formatDateTime, useSession, useTexts } from '@phonefleet/sdk/ui';
import { Alert } from 'antd';
import { type SystemTextKey, systemText } from '../texts.js';

const OUTCOME: Record<OperationOutcome, { key: SystemTextKey; type: 'success' | 'error' | 'warning' }> = {
  done: { key: 'outcomeDone', type: 'success' },
  failed: { key: 'outcomeFailed', type: 'error' },
  cancelled: { key: 'outcomeCancelled', type: 'warning' },
  interrupted: { key: 'outcomeInterrupted', type: 'warning' },
};

/** The last backup, restore or upgrade and how it ended, from `GET /backup/status` (`last`). */
export function LastOutcome({ status }: { status: OperationStatusInfo | undefined }) {
  const t = useTexts(systemText);
  const { zoneOffset } = useSession();
  if (!status) return null;
  const last = status.last;
  if (!last) return <Alert type="info" showIcon data-testid="backup-last" message={t('noOutcome')} />;
  const outcome = OUTCOME[last.outcome];
  const operation = t(`operation${last.status}` as SystemTextKey);
  return (
    <Alert
      type={outcome.type}
      showIcon
      data-testid="backup-last"
      message={`${t('lastOutcome')}: ${operation} ${t(outcome.key)} · ${formatDateTime(last.at, zoneOffset)}`}
      description={last.message || undefined}
    />
  );
}
