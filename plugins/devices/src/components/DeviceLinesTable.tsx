import { EMPTY_CELL, formatDateTime, useSession, useTexts } from '@phonefleet/sdk/ui';
import { Button, Empty, Space, Spin, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { type DeviceLines, fetchDeviceLines } from '../lines-api.js';
import { deviceText } from '../texts.js';
import { LineStatus } from './status.js';

/** One line of the device, bound or free. */
export interface LineRow {
  line: number;
  account: DeviceLines['lines'][number] | null;
}

/** Lines 1..maxLines of the model, each with the account bound to it (or none). */
export function lineRows(lines: DeviceLines): LineRow[] {
  const bound = new Map(lines.lines.map((entry) => [entry.line, entry]));
  const count = Math.max(lines.maxLines, ...lines.lines.map((entry) => entry.line), 0);
  return Array.from({ length: count }, (_, index) => ({
    line: index + 1,
    account: bound.get(index + 1) ?? null,
  }));
}

export interface DeviceLinesTableProps {
  lines: DeviceLines;
  /** Bind / Change / Unbind per line; without them the table is read-only. */
  actions?: { bind(line: number): void; unbind(row: LineRow): void };
}

const cell = (value: string | null | undefined) => (value ? value : EMPTY_CELL);

/**
 * The device's lines (spec §2 /device/deviceAccount, details): the account bound to each, its
 * registration status and the last failure the phone reported.
 */
export function DeviceLinesTable({ lines, actions }: DeviceLinesTableProps) {
  const { language, zoneOffset } = useSession();
  const t = useTexts(deviceText);
  const columns = useMemo<ColumnsType<LineRow>>(
    () => [
      { key: 'line', title: t('line'), dataIndex: 'line', width: 70 },
      {
        key: 'account',
        title: t('lineAccount'),
        render: (_, row) =>
          row.account ? cell(row.account.labelName || row.account.userName) : <Tag>{t('freeLine')}</Tag>,
      },
      { key: 'userName', title: t('sipUser'), render: (_, row) => cell(row.account?.userName) },
      { key: 'registerName', title: t('registerName'), render: (_, row) => cell(row.account?.registerName) },
      { key: 'serverName', title: t('sipServer'), render: (_, row) => cell(row.account?.serverName) },
      {
        key: 'status',
        title: t('status'),
        render: (_, row) =>
          row.account ? <LineStatus status={row.account.status} language={language} /> : EMPTY_CELL,
      },
      { key: 'failure', title: t('failure'), render: (_, row) => cell(row.account?.failure) },
      {
        key: 'reportedAt',
        title: t('reportedAt'),
        render: (_, row) => cell(formatDateTime(row.account?.reportedAt ?? null, zoneOffset)),
      },
      ...(actions
        ? [
            {
              key: 'actions',
              title: t('actions'),
              render: (_: unknown, row: LineRow) => (
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => actions.bind(row.line)}
                    data-testid={`bind-line-${row.line}`}
                  >
                    {row.account ? t('changeAccount') : t('bind')}
                  </Button>
                  {row.account ? (
                    <Button
                      type="link"
                      size="small"
                      danger
                      onClick={() => actions.unbind(row)}
                      data-testid={`unbind-line-${row.line}`}
                    >
                      {t('unbind')}
                    </Button>
                  ) : null}
                </Space>
              ),
            },
          ]
        : []),
    ],
    [t, language, zoneOffset, actions],
  );
  return (
    <Table<LineRow>
      size="small"
      rowKey="line"
      columns={columns}
      dataSource={lineRows(lines)}
      pagination={false}
      data-testid="device-lines"
    />
  );
}

/** The details' read-only lines tab: loads the device's lines when shown. */
export function DeviceLinesTab({ deviceId }: { deviceId: number }) {
  const [lines, setLines] = useState<DeviceLines | null>();
  useEffect(() => {
    let current = true;
    fetchDeviceLines(deviceId)
      .then((found) => current && setLines(found))
      .catch(() => current && setLines(null));
    return () => {
      current = false;
    };
  }, [deviceId]);
  if (lines === undefined) return <Spin />;
  if (lines === null) return <Empty />;
  return <DeviceLinesTable lines={lines} />;
}
