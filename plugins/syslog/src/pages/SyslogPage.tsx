import { type FleetColumn, formatDateTime, ListPage, useSession, useTexts } from '@phonefleet/sdk/ui';
import { Tag } from 'antd';
import { useMemo, useState } from 'react';
import { type LogFilters, type LogRow, searchLog } from '../api.js';
import { ExportDialog } from '../components/ExportDialog.js';
import { LogFilterControls } from '../components/LogFilterControls.js';
import { RetentionDialog } from '../components/RetentionDialog.js';
import { syslogText } from '../texts.js';

const LEVEL_COLOURS = { notice: 'blue', info: 'default', warning: 'orange' } as const;

/**
 * /syslog (spec §2 System, §3 Log): what people and API clients did, newest first — username, IP
 * address, operating time, level, contents — filtered by days, user name, level and keyword;
 * Export (button `export`) by range; Retention for the platform administrator.
 */
export function SyslogPage() {
  const { zoneOffset, login } = useSession();
  const t = useTexts(syslogText);
  const [exporting, setExporting] = useState<LogFilters | undefined>();
  const [retention, setRetention] = useState(false);
  const columns = useMemo<FleetColumn<LogRow>[]>(
    () => [
      {
        key: 'userName',
        title: t('userName'),
        dataIndex: 'userName',
        render: (name: string, row: LogRow) =>
          row.realUserName ? t('inEnterprise', { name, user: row.realUserName }) : name,
      },
      { key: 'ipAddress', title: t('ipAddress'), dataIndex: 'ipAddress' },
      {
        key: 'operatingTime',
        title: t('operatingTime'),
        dataIndex: 'operatingTime',
        render: (time: string) => formatDateTime(time, zoneOffset),
      },
      {
        key: 'level',
        title: t('level'),
        dataIndex: 'level',
        render: (level: LogRow['level']) => <Tag color={LEVEL_COLOURS[level]}>{t(level)}</Tag>,
      },
      { key: 'contents', title: t('contents'), dataIndex: 'contents', maxWidth: 560 },
    ],
    [t, zoneOffset],
  );
  const administrator = login.user.userType === 'admin' && login.entered === null;
  return (
    <>
      <ListPage<LogRow, LogFilters>
        power="syslog"
        tableId="syslog"
        testId="syslog-list"
        title={t('title')}
        columns={columns}
        request={searchLog}
        keywords={{ placeholder: t('keywords'), testId: 'syslog-search', width: 220 }}
        moreFilters={(set) => <LogFilterControls set={set} />}
        toolbar={[
          {
            key: 'export',
            button: 'export',
            testId: 'syslog-export',
            onClick: (list) => setExporting(list.filters),
          },
          ...(administrator
            ? [
                {
                  key: 'retention',
                  label: t('retention'),
                  testId: 'syslog-retention',
                  onClick: () => setRetention(true),
                },
              ]
            : []),
        ]}
      />
      {exporting ? <ExportDialog filters={exporting} onClose={() => setExporting(undefined)} /> : null}
      {retention ? <RetentionDialog onClose={() => setRetention(false)} /> : null}
    </>
  );
}
