import type { MacFileFailure, MacFileRow } from '@phonefleet/sdk';
import {
  deleteAction,
  type FleetColumn,
  formatDateTime,
  ImportDialog,
  ListPage,
  type RunAction,
  useSession,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Typography } from 'antd';
import { useMemo, useState } from 'react';
import {
  deleteMacFiles,
  IMPORT_MAX_BYTES,
  IMPORT_TYPES,
  IMPORT_URL,
  pushMacFiles,
  searchMacFiles,
} from '../api.js';
import { macText } from '../texts.js';

/**
 * The MAC configuration files (spec §2 /MAC): import config.<MAC>.xml files (or a zip of them),
 * list what was imported, delete records and push the devices' configuration, each shown only with
 * its permission button.
 */
export function MacFileListPage() {
  const { zoneOffset } = useSession();
  const t = useTexts(macText);
  const [importing, setImporting] = useState(false);

  const columns = useMemo<FleetColumn<MacFileRow>[]>(
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
    ],
    [t, zoneOffset],
  );
  const failedColumns = useMemo<FleetColumn<MacFileFailure>[]>(
    () => [
      { key: 'fileName', title: t('fileName'), dataIndex: 'fileName' },
      { key: 'macAddress', title: t('macAddress'), dataIndex: 'macAddress' },
      { key: 'message', title: t('reason'), dataIndex: 'message' },
    ],
    [t],
  );

  const push: RunAction = {
    key: 'push',
    button: 'push',
    confirm: { title: t('pushTitle'), content: (count) => t('pushContent', { count }) },
    run: pushMacFiles,
    createsTask: true,
  };
  const remove = deleteAction({
    run: deleteMacFiles,
    confirm: { title: t('deleteTitle'), content: (count) => t('deleteContent', { count }) },
  });

  return (
    <ListPage<MacFileRow>
      power="MAC"
      tableId="mac-files"
      testId="mac-list"
      title={t('title')}
      intro={<Typography.Paragraph type="secondary">{t('importHint')}</Typography.Paragraph>}
      columns={columns}
      request={(query, filters) => searchMacFiles(query, filters.keywords ?? '')}
      defaultSort={{ field: 'importTime', order: 'desc' }}
      keywords={{ placeholder: t('searchKeywords'), testId: 'mac-search', width: 260 }}
      toolbar={[
        {
          key: 'import',
          button: 'import',
          primary: true,
          testId: 'mac-import',
          onClick: () => setImporting(true),
        },
        push,
        remove,
      ]}
      rowActions={() => [push, remove]}
    >
      {(list) => (
        <ImportDialog<MacFileFailure>
          open={importing}
          title={t('importTitle')}
          url={IMPORT_URL}
          accept={IMPORT_TYPES}
          maxBytes={IMPORT_MAX_BYTES}
          failedColumns={failedColumns}
          onClose={() => setImporting(false)}
          onImported={list.reload}
        />
      )}
    </ListPage>
  );
}
