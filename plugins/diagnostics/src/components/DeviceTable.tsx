import { type FleetColumn, ListPage, useTexts } from '@phonefleet/sdk/ui';
import { Button, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { type DiagnosticDevice, searchDevices } from '../api.js';
import { interfacePath, POWER } from '../links.js';
import { diagnosticText } from '../texts.js';
import { DeviceStatusTag } from './DeviceStatusTag.js';

const LONG_TEXT = { maxWidth: 220 } as const;

/**
 * The devices the user may diagnose, by keyword; Diagnose opens a device's diagnosis screen, and
 * is disabled with the reason as its tooltip for a device whose model declares no diagnostics.
 */
export function DeviceTable() {
  const t = useTexts(diagnosticText);
  const navigate = useNavigate();

  const columns = useMemo<FleetColumn<DiagnosticDevice>[]>(
    () => [
      { key: 'deviceName', title: t('deviceName'), dataIndex: 'deviceName', ...LONG_TEXT },
      { key: 'macAddress', title: t('macAddress'), dataIndex: 'macAddress' },
      { key: 'model', title: t('model'), dataIndex: 'model' },
      { key: 'ip', title: t('ip'), dataIndex: 'ip' },
      {
        key: 'status',
        title: t('status'),
        dataIndex: 'status',
        render: (status: number) => <DeviceStatusTag status={status} />,
      },
      { key: 'siteName', title: t('site'), dataIndex: 'siteName', ...LONG_TEXT },
      {
        // The kit's row actions cannot be disabled with a tooltip, so Diagnose is its own column.
        key: 'diagnose',
        title: t('actions'),
        fixed: 'right',
        width: 110,
        render: (_: unknown, device: DiagnosticDevice) => (
          // A disabled button hears no pointer: its wrapper shows why.
          <Tooltip title={device.supported ? undefined : device.reason}>
            <span style={{ display: 'inline-block', cursor: device.supported ? undefined : 'not-allowed' }}>
              <Button
                type="link"
                size="small"
                disabled={!device.supported}
                style={device.supported ? undefined : { pointerEvents: 'none' }}
                data-testid={`diagnose-${device.deviceId}`}
                onClick={() => navigate(interfacePath(device.deviceId))}
              >
                {t('diagnose')}
              </Button>
            </span>
          </Tooltip>
        ),
      },
    ],
    [t, navigate],
  );

  return (
    <ListPage<DiagnosticDevice>
      power={POWER}
      tableId="diagnostic-devices"
      testId="diagnostic-devices"
      columns={columns}
      request={searchDevices}
      keywords={{ placeholder: t('deviceSearch'), testId: 'diagnostic-device-search', width: 240 }}
    />
  );
}
