import { useTexts } from '@phonefleet/sdk/ui';
import { InputNumber, Modal, message } from 'antd';
import { useEffect, useState } from 'react';
import { fetchRetention, saveRetention } from '../api.js';
import { syslogText } from '../texts.js';

/** How long records are kept (the platform administrator's; docs/operation-log.md "Retention"). */
export function RetentionDialog({ onClose }: { onClose(): void }) {
  const t = useTexts(syslogText);
  const [days, setDays] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    fetchRetention()
      .then((retention) => setDays(retention.retentionDays))
      .catch(() => undefined);
  }, []);
  const save = () => {
    if (days === null) return;
    setBusy(true);
    saveRetention(days)
      .then(() => {
        void message.success(t('saved'));
        onClose();
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Modal
      open
      title={t('retention')}
      okText={t('save')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: days === null, loading: busy }}
      onOk={save}
      onCancel={onClose}
    >
      <label htmlFor="syslog-retention-days">{t('retentionDays')}</label>
      <InputNumber<number>
        id="syslog-retention-days"
        data-testid="syslog-retention-days"
        min={1}
        max={3650}
        precision={0}
        value={days}
        onChange={setDays}
        style={{ width: '100%', marginTop: 8 }}
      />
    </Modal>
  );
}
