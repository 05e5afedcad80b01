import {
  type FleetColumn,
  FleetTable,
  type FleetTableActions,
  type FleetTableQuery,
  formatDateTime,
  ImportDialog,
  useSession,
} from '@phonefleet/sdk/ui';
import { Button, Input, Modal, message, Space, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  deleteMacFiles,
  IMPORT_MAX_BYTES,
  IMPORT_TYPES,
  IMPORT_URL,
  type MacFile,
  type MacFileFailure,
  pushMacFiles,
  searchMacFiles,
} from '../api.js';
import { type MacTextKey, macText } from '../texts.js';

/**
 * The MAC configuration files (spec §2 /MAC): import config.<MAC>.xml files (or a zip of them),
 * list what was imported, delete records and push the devices' configuration, each shown only with
 * its permission button.
 */
export function MacFileListPage() {
  const { language, zoneOffset, hasButton } = useSession();
  const t = useCallback(
    (key: MacTextKey, values?: Record<string, string | number>) => macText(key, language, values),
    [language],
  );
  const [messageApi, messageHolder] = message.useMessage();
  const [modal, modalHolder] = Modal.useModal();
  const table = useRef<FleetTableActions>(null);
  const [keywords, setKeywords] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [importing, setImporting] = useState(false);

  const request = useCallback((query: FleetTableQuery) => searchMacFiles(query, keywords), [keywords]);

  const confirmDelete = useCallback(
    (ids: number[]) =>
      modal.confirm({
        title: t('deleteTitle'),
        content: t('deleteContent', { count: ids.length }),
        okButtonProps: { danger: true },
        okText: t('delete'),
        cancelText: t('cancel'),
        onOk: async () => {
          await deleteMacFiles(ids);
          messageApi.success(t('deleted'));
          setSelected((keys) => keys.filter((key) => !ids.includes(key)));
          table.current?.reload();
        },
      }),
    [modal, t, messageApi],
  );

  const confirmPush = useCallback(
    (ids: number[]) =>
      modal.confirm({
        title: t('pushTitle'),
        content: t('pushContent', { count: ids.length }),
        okText: t('push'),
        cancelText: t('cancel'),
        onOk: async () => {
          await pushMacFiles(ids);
          messageApi.success({ content: t('taskCreated'), duration: 6 });
        },
      }),
    [modal, t, messageApi],
  );

  const columns = useMemo<FleetColumn<MacFile>[]>(
    () => [
      { key: 'macAddress', title: t('macAddress'), dataIndex: 'macAddress', sorter: true },
      { key: 'deviceName', title: t('deviceName'), dataIndex: 'deviceName' },
      { key: 'deviceModel', title: t('model'), dataIndex: 'deviceModel' },
      { key: 'fileName', title: t('fileName'), dataIndex: 'fileName', sorter: true },
      {
        key: 'importTime',
        title: t('imported'),
        dataIndex: 'importTime',
        sorter: true,
        render: (value: string) => formatDateTime(value, zoneOffset),
      },
      {
        key: 'actions',
        title: t('actions'),
        render: (_: unknown, row: MacFile) => (
          <Space size={0} wrap>
            {hasButton('MAC', 'push') ? (
              <Button type="link" onClick={() => confirmPush([row.id])}>
                {t('push')}
              </Button>
            ) : null}
            {hasButton('MAC', 'delete') ? (
              <Button type="link" danger onClick={() => confirmDelete([row.id])}>
                {t('delete')}
              </Button>
            ) : null}
          </Space>
        ),
      },
    ],
    [t, zoneOffset, hasButton, confirmPush, confirmDelete],
  );

  const failedColumns = useMemo<FleetColumn<MacFileFailure>[]>(
    () => [
      { key: 'fileName', title: t('fileName'), dataIndex: 'fileName' },
      { key: 'macAddress', title: t('macAddress'), dataIndex: 'macAddress' },
      { key: 'message', title: t('reason'), dataIndex: 'message' },
    ],
    [t],
  );

  const canSelect = hasButton('MAC', ['push', 'delete'], 'any');
  return (
    <div data-testid="mac-list">
      {messageHolder}
      {modalHolder}
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('importHint')}</Typography.Paragraph>
      <FleetTable<MacFile>
        tableId="mac-files"
        actionRef={table}
        columns={columns}
        request={request}
        params={{ keywords }}
        defaultSort={{ field: 'importTime', order: 'desc' }}
        rowKey="id"
        rowSelection={
          canSelect
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys.map(Number)),
              }
            : undefined
        }
        toolbar={
          <>
            <Input.Search
              allowClear
              placeholder={t('searchKeywords')}
              onSearch={setKeywords}
              style={{ width: 260 }}
              data-testid="mac-search"
            />
            {hasButton('MAC', 'import') ? (
              <Button type="primary" onClick={() => setImporting(true)} data-testid="mac-import">
                {t('import')}
              </Button>
            ) : null}
            {hasButton('MAC', 'push') ? (
              <Button disabled={selected.length === 0} onClick={() => confirmPush(selected)}>
                {t('push')}
              </Button>
            ) : null}
            {hasButton('MAC', 'delete') ? (
              <Button danger disabled={selected.length === 0} onClick={() => confirmDelete(selected)}>
                {t('delete')}
              </Button>
            ) : null}
          </>
        }
      />
      <ImportDialog<MacFileFailure>
        open={importing}
        title={t('importTitle')}
        url={IMPORT_URL}
        accept={IMPORT_TYPES}
        maxBytes={IMPORT_MAX_BYTES}
        failedColumns={failedColumns}
        onClose={() => setImporting(false)}
        onImported={() => table.current?.reload()}
      />
    </div>
  );
}
