import { useTexts } from '@phonefleet/sdk/ui';
import { Tabs, Typography } from 'antd';
import { DeviceTable } from '../components/DeviceTable.js';
import { SessionHistory } from '../components/SessionHistory.js';
import { diagnosticText } from '../texts.js';

/**
 * /diagnostics (spec §2 Diagnostics): the devices to diagnose, and in a second tab the history of
 * diagnostic sessions, where a running one can be watched and what one kept downloaded.
 */
export function DiagnosticsPage() {
  const t = useTexts(diagnosticText);
  return (
    <div data-testid="diagnostics">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      <Tabs
        items={[
          { key: 'devices', label: t('devices'), children: <DeviceTable /> },
          { key: 'sessions', label: t('sessions'), children: <SessionHistory /> },
        ]}
      />
    </div>
  );
}
