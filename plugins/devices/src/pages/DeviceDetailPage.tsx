import {
  type FleetColumn,
  FleetTable,
  type FleetTableQuery,
  formatDateTime,
  taskResultName,
  taskTypeName,
  useSession,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Alert, Button, Card, Descriptions, Empty, Result, Spin, Tabs } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  type DeviceDetails,
  fetchDetails,
  fetchDeviceLog,
  type IpSettings,
  type OperationLogEntry,
  type TaskHistoryEntry,
} from '../api.js';
import { DeviceLinesTab } from '../components/DeviceLinesTable.js';
import { AccountStatus, DeviceStatus } from '../components/status.js';
import { deviceText } from '../texts.js';

const IP_FIELDS: (keyof IpSettings)[] = ['addressType', 'address', 'subnetMask', 'gateway', 'dns1', 'dns2'];

function InfoTab({ details }: { details: DeviceDetails }) {
  const { language, zoneOffset } = useSession();
  const t = useTexts(deviceText);
  const shown = (value: string | null | undefined) =>
    value === null || value === undefined || value === '' ? '--' : value;
  const warning =
    details.status === 2 ? 'abnormalAccount' : details.status === 0 ? 'offlineAccount' : undefined;
  const ipItems = (settings: IpSettings) =>
    IP_FIELDS.map((key) => ({ key, label: t(key), children: shown(settings[key]) }));
  return (
    <>
      {warning ? <Alert type="warning" showIcon message={t(warning)} style={{ marginBottom: 16 }} /> : null}
      <Descriptions
        bordered
        column={2}
        size="small"
        data-testid="device-info"
        items={[
          { key: 'macAddress', label: t('macAddressTitle'), children: details.macAddress },
          { key: 'serialNumber', label: t('serialNumber'), children: shown(details.serialNumber) },
          { key: 'hardwareVersion', label: t('hardwareVersion'), children: shown(details.hardwareVersion) },
          { key: 'softwareVersion', label: t('softwareVersion'), children: shown(details.softwareVersion) },
          {
            key: 'lastRebootTime',
            label: t('lastRebootTime'),
            children: shown(formatDateTime(details.lastRebootTime, zoneOffset)),
          },
          {
            key: 'lastFetchTime',
            label: t('lastFetchTime'),
            children: shown(formatDateTime(details.lastFetchTime, zoneOffset)),
          },
          {
            key: 'status',
            label: t('status'),
            children: <DeviceStatus status={details.status} language={language} />,
          },
          {
            key: 'accountStatus',
            label: t('accountStatus'),
            children: <AccountStatus status={details.accountStatus} language={language} />,
          },
          { key: 'ip', label: t('ip'), children: shown(details.ip) },
        ]}
      />
      <Descriptions
        title={t('ipv4')}
        bordered
        column={2}
        size="small"
        style={{ marginTop: 16 }}
        items={ipItems(details.ipv4)}
      />
      <Descriptions
        title={t('ipv6')}
        bordered
        column={2}
        size="small"
        style={{ marginTop: 16 }}
        items={ipItems(details.ipv6)}
      />
    </>
  );
}

/**
 * `/device/deviceDetailInfo?id=`: device info, SIP account lines (read-only), operation log, task
 * history and system log (the console does not collect phone system logs yet, so that tab says so).
 */
export function DeviceDetailPage({ basePath }: { basePath: string }) {
  const { language, zoneOffset } = useSession();
  const t = useTexts(deviceText);
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const id = Number(query.get('id'));
  const validId = Number.isInteger(id) && id > 0;
  const [details, setDetails] = useState<DeviceDetails | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!validId) return;
    let current = true;
    setDetails(null);
    setFailed(false);
    fetchDetails(id)
      .then((loaded) => {
        if (current) setDetails(loaded);
      })
      .catch(() => {
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [id, validId]);

  const logColumns = useMemo<FleetColumn<OperationLogEntry>[]>(
    () => [
      {
        key: 'time',
        title: t('time'),
        dataIndex: 'time',
        render: (value: string) => formatDateTime(value, zoneOffset),
      },
      { key: 'userName', title: t('userName'), dataIndex: 'userName' },
      { key: 'ip', title: t('ip'), dataIndex: 'ip' },
      { key: 'content', title: t('content'), dataIndex: 'content' },
    ],
    [t, zoneOffset],
  );
  const taskColumns = useMemo<FleetColumn<TaskHistoryEntry>[]>(
    () => [
      { key: 'taskName', title: t('taskName'), dataIndex: 'taskName' },
      {
        key: 'type',
        title: t('taskType'),
        dataIndex: 'type',
        render: (value: number) => taskTypeName(value, language),
      },
      {
        key: 'result',
        title: t('result'),
        dataIndex: 'result',
        render: (value: number) => taskResultName(value, language),
      },
      { key: 'message', title: t('message'), dataIndex: 'message' },
      {
        key: 'finishedTime',
        title: t('finishedTime'),
        dataIndex: 'finishedTime',
        render: (value: string | null) => formatDateTime(value, zoneOffset),
      },
    ],
    [t, language, zoneOffset],
  );
  const operationLog = useCallback(
    ({ currentPage, pageSize }: FleetTableQuery) =>
      fetchDeviceLog<OperationLogEntry>('operationLog', id, currentPage, pageSize),
    [id],
  );
  const taskHistory = useCallback(
    ({ currentPage, pageSize }: FleetTableQuery) =>
      fetchDeviceLog<TaskHistoryEntry>('taskHistory', id, currentPage, pageSize),
    [id],
  );

  if (!validId) return <Result status="warning" title={t('missingId')} />;
  return (
    <Card
      title={`${t('deviceDetails')}${details ? ` · ${details.macAddress}` : ''}`}
      extra={<Button onClick={() => navigate(basePath)}>{t('back')}</Button>}
    >
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'info',
            label: t('info'),
            children: details ? <InfoTab details={details} /> : failed ? <Empty /> : <Spin />,
          },
          {
            key: 'lines',
            label: t('sipAccounts'),
            children: <DeviceLinesTab deviceId={id} />,
          },
          {
            key: 'operationLog',
            label: t('operationLog'),
            children: (
              <FleetTable<OperationLogEntry>
                tableId="device-operation-log"
                columns={logColumns}
                request={operationLog}
                rowKey={(row) => `${row.time}-${row.content}`}
              />
            ),
          },
          {
            key: 'taskHistory',
            label: t('taskHistory'),
            children: (
              <FleetTable<TaskHistoryEntry>
                tableId="device-task-history"
                columns={taskColumns}
                request={taskHistory}
                rowKey={(row) => `${row.taskId}-${row.run}`}
              />
            ),
          },
          {
            key: 'systemLog',
            label: t('systemLog'),
            children: <Empty description={t('notCollected')} data-testid="system-log-empty" />,
          },
        ]}
      />
    </Card>
  );
}
