import { dayRange, type PickedDay, useSession, useTexts } from '@phonefleet/sdk/ui';
import { DatePicker, Modal, Radio } from 'antd';
import { useState } from 'react';
import { type ExportRange, exportLog, type LogFilters } from '../api.js';
import { syslogText } from '../texts.js';

/** Export by range (spec §9: 1 day, 7 days, custom, all), with the list's other filters. */
export function ExportDialog({ filters, onClose }: { filters: LogFilters; onClose(): void }) {
  const { zoneOffset } = useSession();
  const t = useTexts(syslogText);
  const [range, setRange] = useState<ExportRange>('1d');
  const [days, setDays] = useState<[PickedDay, PickedDay] | undefined>();
  const [busy, setBusy] = useState(false);
  const missingDays = range === 'custom' && !days;
  const run = () => {
    setBusy(true);
    const custom = days ? dayRange(days[0], days[1], zoneOffset) : undefined;
    exportLog(filters, range, custom)
      .then(onClose)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Modal
      open
      title={t('exportTitle')}
      okText={t('export')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: missingDays, loading: busy, 'data-testid': 'syslog-export-ok' }}
      onOk={run}
      onCancel={onClose}
    >
      <Radio.Group
        value={range}
        onChange={(event) => setRange(event.target.value as ExportRange)}
        data-testid="syslog-export-range"
        options={[
          { value: '1d', label: t('range1d') },
          { value: '7d', label: t('range7d') },
          { value: 'custom', label: t('rangeCustom') },
          { value: 'all', label: t('rangeAll') },
        ]}
      />
      {range === 'custom' ? (
        <div style={{ marginTop: 12 }}>
          <DatePicker.RangePicker
            placeholder={[t('startDate'), t('endDate')]}
            format="YYYY/MM/DD"
            onChange={(picked) => {
              const [first, last] = picked ?? [];
              setDays(first && last ? [first, last] : undefined);
            }}
          />
          {missingDays ? <div style={{ marginTop: 4 }}>{t('chooseDays')}</div> : null}
        </div>
      ) : null}
    </Modal>
  );
}
