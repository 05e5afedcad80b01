import {
  type FleetColumn,
  FleetTable,
  type FleetTableQuery,
  formatDateTime,
  useLeaveGuard,
  useSession,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Button, Card, Form, Input, Modal, message, Progress, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  type ScannedDevice,
  type ScanProgress,
  type ScanState,
  scanProgress,
  startScan,
  stopScan,
} from '../api.js';
import { DeviceForm, type DeviceFormValues } from '../components/DeviceForm.js';
import { type DeviceTextKey, deviceText } from '../texts.js';
import { POWER } from './DeviceList.js';

/** The scan is asked for its progress once a second. */
export const SCAN_POLL_MS = 1000;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** Whether the scan still runs (no answer yet counts as running). */
export function scanRunning(state: ScanState | undefined): boolean {
  return state === undefined || state === 'running';
}

const stateText: Record<ScanState, DeviceTextKey> = {
  running: 'scanRunning',
  finished: 'scanFinished',
  stopped: 'scanStopped',
};

const viaText: Record<ScannedDevice['via'], string> = { sip: 'SIP', http: 'HTTP' };

interface ScanForm {
  startIp: string;
  endIp: string;
}

/**
 * `/device/scanDevice`: scans an IPv4 range for phones (`POST /device/scanDevice`), shows progress,
 * the scan log and what was found, each found phone with an Add action that opens the add form
 * prefilled. Leaving while the scan runs asks first and stops the scan.
 */
export function ScanPage({ basePath }: { basePath: string }) {
  const { zoneOffset, hasButton } = useSession();
  const t = useTexts(deviceText);
  const navigate = useNavigate();
  const [messages, messageHolder] = message.useMessage();
  const [modal, modalHolder] = Modal.useModal();
  const [scanId, setScanId] = useState<number | null>(null);
  const [progress, setProgress] = useState<ScanProgress | null>(null);
  const [starting, setStarting] = useState(false);
  const [adding, setAdding] = useState<Partial<DeviceFormValues> | null>(null);
  const [added, setAdded] = useState<string[]>([]);
  const running = scanId !== null && scanRunning(progress?.state);
  const runningRef = useRef(running);
  runningRef.current = running;
  const scanIdRef = useRef(scanId);
  scanIdRef.current = scanId;

  useEffect(() => {
    if (!scanId) return;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await scanProgress(scanId);
        if (!current) return;
        setProgress(next);
        if (!scanRunning(next.state)) return;
      } catch {
        if (!current) return;
      }
      timer = setTimeout(poll, SCAN_POLL_MS);
    };
    timer = setTimeout(poll, SCAN_POLL_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [scanId]);

  // Leaving the page (after the confirmation) stops a running scan.
  useEffect(
    () => () => {
      if (runningRef.current && scanIdRef.current) void stopScan(scanIdRef.current).catch(() => undefined);
    },
    [],
  );

  useLeaveGuard(running, (leave, stay) =>
    modal.confirm({
      title: t('leaveScanTitle'),
      content: t('leaveScan'),
      okText: t('leave'),
      cancelText: t('stay'),
      onOk: leave,
      onCancel: stay,
    }),
  );

  const start = async ({ startIp, endIp }: ScanForm) => {
    setStarting(true);
    try {
      const { scanId: started } = await startScan(startIp.trim(), endIp.trim());
      setProgress(null);
      setScanId(started);
    } catch {
      // shown by the api client ('Invalid IP address range:' ...)
    } finally {
      setStarting(false);
    }
  };

  const stop = async () => {
    if (!scanId) return;
    try {
      await stopScan(scanId);
      setProgress((previous) => (previous ? { ...previous, state: 'stopped' } : previous));
    } catch {
      // shown by the api client
    }
  };

  const back = () => navigate(basePath); // guarded while the scan runs

  const found = progress?.found ?? [];
  const requestFound = useCallback(
    async ({ currentPage, pageSize }: FleetTableQuery) => ({
      rows: found.slice((currentPage - 1) * pageSize, currentPage * pageSize),
      total: found.length,
    }),
    [found],
  );
  const canAdd = hasButton(POWER, 'add');
  const columns = useMemo<FleetColumn<ScannedDevice>[]>(
    () => [
      { key: 'ip', title: t('ip'), dataIndex: 'ip' },
      { key: 'macAddress', title: t('macAddressTitle'), dataIndex: 'macAddress' },
      { key: 'deviceModel', title: t('deviceModel'), dataIndex: 'deviceModel' },
      { key: 'firmwareVersion', title: t('firmwareVersion'), dataIndex: 'firmwareVersion' },
      {
        key: 'via',
        title: t('via'),
        dataIndex: 'via',
        render: (value: ScannedDevice['via']) => viaText[value] ?? value,
      },
      {
        key: 'actions',
        title: t('actions'),
        render: (_: unknown, row: ScannedDevice) =>
          row.known || (row.macAddress && added.includes(row.macAddress)) ? (
            <Tag color="success">{t('known')}</Tag>
          ) : canAdd && row.macAddress ? (
            <Button
              type="link"
              size="small"
              onClick={() =>
                setAdding({
                  macAddress: row.macAddress ?? '',
                  deviceModel: row.deviceModel ?? undefined,
                  firmwareVersion: row.firmwareVersion ?? undefined,
                })
              }
            >
              {t('add')}
            </Button>
          ) : null,
      },
    ],
    [t, added, canAdd],
  );

  const percent = progress && progress.total > 0 ? Math.floor((progress.probed / progress.total) * 100) : 0;
  const ipRule = { pattern: IPV4, message: t('invalidIp') };

  return (
    <Card title={t('scanDevice')} extra={<Button onClick={back}>{t('back')}</Button>} data-testid="scan-page">
      {messageHolder}
      {modalHolder}
      <Form<ScanForm> layout="inline" onFinish={start} disabled={running}>
        <Form.Item
          name="startIp"
          label={t('startIp')}
          rules={[{ required: true, message: t('invalidIp') }, ipRule]}
        >
          <Input style={{ width: 160 }} placeholder="192.168.1.1" />
        </Form.Item>
        <Form.Item
          name="endIp"
          label={t('endIp')}
          rules={[{ required: true, message: t('invalidIp') }, ipRule]}
        >
          <Input style={{ width: 160 }} placeholder="192.168.1.254" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={starting || running}>
            {t('startScan')}
          </Button>
        </Form.Item>
      </Form>
      {scanId ? (
        <div style={{ marginTop: 16 }}>
          <Space style={{ width: '100%' }} align="center">
            <Progress
              percent={percent}
              status={running ? 'active' : undefined}
              style={{ width: 360 }}
              data-testid="scan-progress"
            />
            <Typography.Text>
              {progress ? `${progress.probed} / ${progress.total}` : ''}{' '}
              {t(stateText[progress?.state ?? 'running'])}
            </Typography.Text>
            {running ? (
              <Button danger onClick={stop}>
                {t('stopScan')}
              </Button>
            ) : null}
          </Space>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('scanLog')}
          </Typography.Title>
          <pre
            data-testid="scan-log"
            style={{ maxHeight: 180, overflow: 'auto', background: '#fafafa', padding: 8, margin: 0 }}
          >
            {(progress?.log ?? [])
              .map((line) => `${formatDateTime(line.time, zoneOffset) || line.time}  ${line.text}`)
              .join('\n')}
          </pre>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('foundDevices')}
          </Typography.Title>
          <FleetTable<ScannedDevice>
            tableId="scan-found"
            columns={columns}
            request={requestFound}
            params={{ count: found.length, added: added.length }}
            rowKey="ip"
          />
        </div>
      ) : null}
      <Modal
        open={adding !== null}
        title={t('addDevice')}
        footer={null}
        width={850}
        onCancel={() => setAdding(null)}
        destroyOnHidden
      >
        {adding ? (
          <DeviceForm
            initial={adding}
            onSaved={() => {
              if (adding.macAddress) setAdded((list) => [...list, adding.macAddress ?? '']);
              setAdding(null);
              void messages.success(t('done'));
            }}
            onCancel={() => setAdding(null)}
          />
        ) : null}
      </Modal>
    </Card>
  );
}
