import type { DiagnosticSessionRow } from '@phonefleet/sdk';
import {
  type FleetColumn,
  formatBytes,
  formatDateTime,
  ListPage,
  useSession,
  useTexts,
} from '@phonefleet/sdk/ui';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { downloadSession, searchSessions } from '../api.js';
import { interfacePath, POWER } from '../links.js';
import { isDownloadable, isLive } from '../session-state.js';
import { ACTION_TEXT, diagnosticText } from '../texts.js';
import { StateTag } from './SessionResult.js';

const LONG_TEXT = { maxWidth: 240 } as const;

/**
 * The diagnostic sessions, newest first (of one device on its diagnosis screen): what was run,
 * by whom, its state and why it ended, the bytes kept; Watch opens a running one (whoever started
 * it) on the diagnosis screen, Download saves what it kept.
 */
export function SessionHistory({
  deviceId,
  changes = 0,
}: {
  deviceId?: number | undefined;
  /** Counts the sessions started or ended on the screen: the list reloads, keeping its page. */
  changes?: number;
}) {
  const { zoneOffset } = useSession();
  const t = useTexts(diagnosticText);
  const navigate = useNavigate();

  const columns = useMemo<FleetColumn<DiagnosticSessionRow>[]>(
    () => [
      {
        key: 'startTime',
        title: t('startTime'),
        dataIndex: 'startTime',
        render: (time: string) => formatDateTime(time, zoneOffset),
      },
      ...(deviceId === undefined
        ? [
            { key: 'deviceName', title: t('deviceName'), dataIndex: 'deviceName', ...LONG_TEXT },
            { key: 'macAddress', title: t('macAddress'), dataIndex: 'macAddress' },
          ]
        : []),
      {
        key: 'action',
        title: t('action'),
        dataIndex: 'action',
        render: (action: DiagnosticSessionRow['action']) => t(ACTION_TEXT[action]),
      },
      { key: 'detail', title: t('detail'), dataIndex: 'detail', ...LONG_TEXT },
      {
        key: 'state',
        title: t('state'),
        dataIndex: 'state',
        render: (_: unknown, row: DiagnosticSessionRow) => <StateTag session={row} />,
      },
      { key: 'message', title: t('message'), dataIndex: 'message', ...LONG_TEXT },
      { key: 'userName', title: t('user'), dataIndex: 'userName' },
      {
        key: 'bytes',
        title: t('size'),
        dataIndex: 'bytes',
        render: (bytes: number) => (bytes > 0 ? formatBytes(bytes) : ''),
      },
      {
        key: 'endTime',
        title: t('endTime'),
        dataIndex: 'endTime',
        render: (time: string | null) => formatDateTime(time, zoneOffset),
      },
    ],
    [t, zoneOffset, deviceId],
  );

  return (
    <ListPage<DiagnosticSessionRow>
      power={POWER}
      tableId={deviceId === undefined ? 'diagnostic-sessions' : 'diagnostic-device-sessions'}
      testId="diagnostic-sessions"
      title={deviceId === undefined ? undefined : t('sessions')}
      columns={columns}
      request={(query) => searchSessions(query, deviceId)}
      actionsWidth={160}
      rowActions={(row) => [
        ...(isLive(row.state)
          ? [
              {
                key: 'watch',
                label: t('watch'),
                onClick: () => navigate(interfacePath(row.deviceId, row.id)),
              },
            ]
          : []),
        ...(isDownloadable(row)
          ? [
              {
                key: 'download',
                label: t('download'),
                onClick: () => void downloadSession(row).catch(() => undefined),
              },
            ]
          : []),
      ]}
    >
      {(list) => <ReloadOnChange changes={changes} reload={list.reload} />}
    </ListPage>
  );
}

function ReloadOnChange({ changes, reload }: { changes: number; reload(): void }) {
  const seen = useRef(changes);
  useEffect(() => {
    if (seen.current === changes) return;
    seen.current = changes;
    reload();
  }, [changes, reload]);
  return null;
}
