import type { DiagnosticAction, DiagnosticDeviceSettings, DiagnosticSessionRow } from '@phonefleet/sdk';
import { EMPTY_CELL, useTexts } from '@phonefleet/sdk/ui';
import { Alert, Button, Col, Descriptions, message, Result, Row, Space, Spin, Typography } from 'antd';
import { type ComponentType, useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { fetchDevice, fetchSession } from '../api.js';
import type { ActionProps } from '../components/ActionCard.js';
import {
  CaptureLog,
  CaptureTrace,
  ConfigExport,
  ExportSystemLog,
  Ping,
  ScreenCapture,
  Traceroute,
} from '../components/actions.js';
import { DeviceStatusTag } from '../components/DeviceStatusTag.js';
import { SessionHistory } from '../components/SessionHistory.js';
import { SshSettingsDialog } from '../components/SshSettingsDialog.js';
import { PAGE_PATH } from '../links.js';
import type { OpenDiagnosticSocket } from '../stream/diagnostic-socket.js';
import { DiagnosticStreamProvider } from '../stream/use-diagnostic-stream.js';
import { diagnosticText } from '../texts.js';

/** The actions in the order of spec §2. */
const ACTIONS: { action: DiagnosticAction; View: ComponentType<ActionProps> }[] = [
  { action: 'log', View: CaptureLog },
  { action: 'trace', View: CaptureTrace },
  { action: 'screenshot', View: ScreenCapture },
  { action: 'ping', View: Ping },
  { action: 'traceroute', View: Traceroute },
  { action: 'systemLog', View: ExportSystemLog },
  { action: 'config', View: ConfigExport },
];

const positive = (value: string | null) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
};

export interface DiagnosisInterfacePageProps {
  /** How the diagnostics socket is opened (socket.io by default; a fake in component tests). */
  openSocket?: OpenDiagnosticSocket;
}

/**
 * /diagnostics/diagnosisInterface?deviceId=[&sessionId=] (spec §2, §4, §5): the device with its
 * SSH settings, then each diagnostic action with the session it started (or the one opened with
 * `sessionId`, whoever started it) as it runs, and the device's session history. An unsupported
 * device shows why and every action disabled.
 */
export function DiagnosisInterfacePage({ openSocket }: DiagnosisInterfacePageProps) {
  const t = useTexts(diagnosticText);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const deviceId = positive(params.get('deviceId'));
  const sessionId = positive(params.get('sessionId'));
  // undefined while loading, null when there is no such device.
  const [loaded, setDevice] = useState<DiagnosticDeviceSettings | null | undefined>();
  // Another device's screen (a Watch of its session) waits for that device.
  const device = loaded && loaded.deviceId !== deviceId ? undefined : loaded;
  const [watched, setWatched] = useState<DiagnosticSessionRow>();
  const [editing, setEditing] = useState(false);
  const [changes, setChanges] = useState(0);
  const changed = useCallback(() => setChanges((count) => count + 1), []);
  const [messages, messageHolder] = message.useMessage();

  const load = useCallback(() => {
    if (deviceId === undefined) return setDevice(null);
    fetchDevice(deviceId)
      .then(setDevice)
      // Still shown after a failed reload; not found when it never loaded.
      .catch(() => setDevice((current) => (current?.deviceId === deviceId ? current : null)));
  }, [deviceId]);
  useEffect(load, [load]);

  useEffect(() => {
    if (sessionId === undefined) return;
    fetchSession(sessionId)
      .then(setWatched)
      .catch(() => undefined);
  }, [sessionId]);

  const back = (
    <Button onClick={() => navigate(PAGE_PATH)} data-testid="diagnosis-back">
      {t('back')}
    </Button>
  );
  if (device === undefined) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (device === null) return <Result status="404" title={t('deviceNotFound')} extra={back} />;

  return (
    <DiagnosticStreamProvider key={device.deviceId} open={openSocket}>
      {messageHolder}
      <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="diagnosis">
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {`${t('title')}: ${device.deviceName || device.macAddress}`}
          </Typography.Title>
          <Space>
            <Button onClick={() => setEditing(true)}>{t('sshSettings')}</Button>
            {back}
          </Space>
        </Space>
        <Descriptions size="small" column={{ xs: 1, md: 3, xl: 7 }} data-testid="diagnosis-device">
          <Descriptions.Item label={t('macAddress')}>{device.macAddress}</Descriptions.Item>
          <Descriptions.Item label={t('model')}>{device.model || EMPTY_CELL}</Descriptions.Item>
          <Descriptions.Item label={t('ip')}>{device.ip || EMPTY_CELL}</Descriptions.Item>
          <Descriptions.Item label={t('status')}>
            <DeviceStatusTag status={device.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('site')}>{device.siteName || EMPTY_CELL}</Descriptions.Item>
          <Descriptions.Item label={t('username')}>{device.username}</Descriptions.Item>
          <Descriptions.Item label={t('port')}>{device.port}</Descriptions.Item>
        </Descriptions>
        {device.supported ? null : (
          <Alert
            type="warning"
            showIcon
            message={t('unsupported')}
            description={device.reason}
            data-testid="diagnosis-unsupported"
          />
        )}
        <Row gutter={[16, 16]}>
          {ACTIONS.map(({ action, View }) => (
            <Col key={action} xs={24} xxl={12}>
              <View
                device={device}
                watched={watched?.action === action ? watched : undefined}
                onChange={changed}
              />
            </Col>
          ))}
        </Row>
        <SessionHistory deviceId={device.deviceId} changes={changes} />
      </Space>
      <SshSettingsDialog
        open={editing}
        device={device}
        onClose={() => setEditing(false)}
        onChanged={() => {
          void messages.success(t('saved'));
          load();
        }}
      />
    </DiagnosticStreamProvider>
  );
}
