import { useSession, useTexts } from '@phonefleet/sdk/ui';
import { Button, Card, Modal, message, Result, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  DeviceLinesTable,
  type DeviceLinesTableProps,
  type LineRow,
} from '../components/DeviceLinesTable.js';
import { LineAccountDialog } from '../components/LineAccountDialog.js';
import { AccountStatus } from '../components/status.js';
import { type DeviceLines, fetchDeviceLines, fetchLineStatuses, unassign } from '../lines-api.js';
import { deviceText } from '../texts.js';

/** How often the lines' registration is read again while the page is open. */
const STATUS_REFRESH_MS = 15_000;

/** Whether the session may bind and unbind accounts (the SIP account area's `assign` button). */
export function useCanAssign(): boolean {
  return useSession().hasButton('sipAccount', 'assign');
}

/** The device's lines, loaded, reloaded on demand and their statuses refreshed while shown. */
function useDeviceLines(deviceId: number, valid: boolean) {
  const [lines, setLines] = useState<DeviceLines | null | undefined>(undefined);
  const load = useCallback(() => {
    fetchDeviceLines(deviceId)
      .then(setLines)
      .catch(() => setLines((shown) => shown ?? null));
  }, [deviceId]);
  useEffect(() => {
    if (valid) load();
  }, [load, valid]);
  useEffect(() => {
    if (!valid) return;
    const timer = setInterval(() => {
      fetchLineStatuses(deviceId)
        .then((fresh) =>
          setLines((shown) =>
            shown
              ? {
                  ...shown,
                  accountStatus: fresh.accountStatus,
                  lines: shown.lines.map((line) => {
                    const entry = fresh.lines.find((candidate) => candidate.line === line.line);
                    return entry
                      ? {
                          ...line,
                          status: entry.status,
                          failure: entry.failure,
                          reportedAt: entry.reportedAt,
                        }
                      : line;
                  }),
                }
              : shown,
          ),
        )
        .catch(() => undefined);
    }, STATUS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [deviceId, valid]);
  return { lines, reload: load };
}

/**
 * `/device/deviceAccount?id=` (spec §2 Devices "bind or unbind SIP account"): lines 1..the model's
 * count, each with its account, registration status and last failure; Bind (or Change) and Unbind
 * with the session's `sipAccount` `assign` button.
 */
export function DeviceAccountPage({ basePath }: { basePath: string }) {
  const { language } = useSession();
  const t = useTexts(deviceText);
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [modal, modalHolder] = Modal.useModal();
  const [messages, messageHolder] = message.useMessage();
  const canAssign = useCanAssign();
  const deviceId = Number(query.get('id'));
  const valid = Number.isInteger(deviceId) && deviceId > 0;
  const { lines, reload } = useDeviceLines(deviceId, valid);
  const [bindingLine, setBindingLine] = useState<number | null>(null);

  const unbind = (row: LineRow) =>
    modal.confirm({
      title: t('unbindTitle'),
      content: t('unbindLine', { user: row.account?.userName ?? '', line: row.line }),
      okText: t('unbind'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await unassign([{ deviceId, line: row.line }]);
          void messages.success(t('unbound'));
        } catch {
          // the api client has shown the server's message
        } finally {
          reload();
        }
      },
    });
  const actions: DeviceLinesTableProps['actions'] = canAssign ? { bind: setBindingLine, unbind } : undefined;

  if (!valid) return <Result status="warning" title={t('missingId')} />;
  const back = <Button onClick={() => navigate(basePath)}>{t('back')}</Button>;
  if (lines === null) return <Result status="warning" title={t('loadFailed')} extra={back} />;
  return (
    <Card
      title={t('deviceAccounts', { mac: lines?.macAddress ?? '' })}
      extra={
        <Space>
          <Button onClick={reload}>{t('refresh')}</Button>
          {back}
        </Space>
      }
      data-testid="device-account-page"
    >
      {modalHolder}
      {messageHolder}
      {lines === undefined ? (
        <Spin />
      ) : (
        <>
          <Space style={{ marginBottom: 12 }}>
            <Typography.Text>
              {t('linesOfModel', { model: lines.model, count: lines.maxLines })}
            </Typography.Text>
            <AccountStatus status={lines.accountStatus} language={language} />
          </Space>
          <DeviceLinesTable lines={lines} {...(actions ? { actions } : {})} />
          <LineAccountDialog
            deviceId={deviceId}
            line={bindingLine}
            onClose={() => setBindingLine(null)}
            onBound={() => {
              void messages.success(t('bound'));
              reload();
            }}
          />
        </>
      )}
    </Card>
  );
}
