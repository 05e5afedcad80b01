import type { BackupPlanRow, OperationStatusInfo } from '@phonefleet/sdk';
import { useTexts } from '@phonefleet/sdk/ui';
import { Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { fetchOperationStatus, fetchPlans } from '../api.js';
import { ArchiveList } from '../components/ArchiveList.js';
import { BackupPlanForm } from '../components/BackupPlanForm.js';
import { LastOutcome } from '../components/LastOutcome.js';
import { systemText } from '../texts.js';

/**
 * /backup (spec §2 System, §3 Backup; docs/system-ui.md): the last outcome, the backup plan (the
 * console's first plan; a new one until it is saved) and the archives.
 */
export function BackupPage() {
  const t = useTexts(systemText);
  const [plan, setPlan] = useState<BackupPlanRow | null | undefined>(undefined);
  const [status, setStatus] = useState<OperationStatusInfo | undefined>(undefined);

  const load = useCallback(() => {
    fetchPlans()
      .then((plans) => setPlan(plans[0] ?? null))
      .catch(() => setPlan((current) => current ?? null));
    fetchOperationStatus()
      .then(setStatus)
      .catch(() => undefined);
  }, []);
  useEffect(load, [load]);

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('backupTitle')}
      </Typography.Title>
      <LastOutcome status={status} />
      {plan === undefined ? <Spin /> : <BackupPlanForm key={plan?.id ?? 'new'} plan={plan} onSaved={load} />}
      <ArchiveList />
    </Space>
  );
}
