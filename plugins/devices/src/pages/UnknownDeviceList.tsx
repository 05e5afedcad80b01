import { type FleetColumn, formatDateTime, ListPage, useSession, useTexts } from '@phonefleet/sdk/ui';
import { Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import {
  DEFAULT_UNKNOWN_SORT,
  fetchUnknownReasons,
  searchUnknownDevices,
  type UnknownDeviceRow,
  type UnknownFilters,
} from '../api.js';
import { AddUnknownDialog } from '../components/AddUnknownDialog.js';
import { deviceText } from '../texts.js';
import { POWER } from './DeviceList.js';

/**
 * Unknown devices (docs/devices-ui.md): the phones the home page counts as unknown — they asked for
 * their configuration and were refused — with what they showed and why; one or many added to a
 * site as devices in one step.
 */
export function UnknownDeviceList() {
  const { zoneOffset } = useSession();
  const t = useTexts(deviceText);
  const [reasons, setReasons] = useState<{ reason: string; count: number }[]>([]);
  const [adding, setAdding] = useState<number[]>([]);

  useEffect(() => {
    let current = true;
    void fetchUnknownReasons().then((found) => {
      if (current) setReasons(found);
    });
    return () => {
      current = false;
    };
  }, []);

  const columns = useMemo<FleetColumn<UnknownDeviceRow>[]>(
    () => [
      {
        key: 'macAddress',
        title: t('macAddressTitle'),
        dataIndex: 'macAddress',
        sorter: true,
        fixed: 'left',
        render: (value: string | null) =>
          value ?? <Typography.Text type="secondary">{t('noMac')}</Typography.Text>,
      },
      {
        key: 'deviceModel',
        title: t('deviceModel'),
        dataIndex: 'deviceModel',
        render: (value) => value ?? '--',
      },
      {
        key: 'firmwareVersion',
        title: t('firmwareVersion'),
        dataIndex: 'firmwareVersion',
        render: (value) => value ?? '--',
      },
      { key: 'ip', title: t('ip'), dataIndex: 'ip' },
      { key: 'path', title: t('requestedFile'), dataIndex: 'path', maxWidth: 220 },
      { key: 'reason', title: t('reason'), dataIndex: 'reason', maxWidth: 240 },
      { key: 'hits', title: t('requests'), dataIndex: 'hits', sorter: true },
      {
        key: 'firstSeen',
        title: t('firstSeen'),
        dataIndex: 'firstSeen',
        sorter: true,
        render: (value: string) => formatDateTime(value, zoneOffset),
      },
      {
        key: 'lastSeen',
        title: t('lastSeen'),
        dataIndex: 'lastSeen',
        sorter: true,
        render: (value: string) => formatDateTime(value, zoneOffset),
      },
      { key: 'organizationName', title: t('filedUnder'), dataIndex: 'organizationName', defaultHidden: true },
    ],
    [t, zoneOffset],
  );

  return (
    <ListPage<UnknownDeviceRow, UnknownFilters>
      power={POWER}
      tableId="unknown-devices"
      testId="unknown-device-list"
      title={t('unknownDevices')}
      intro={<Typography.Paragraph type="secondary">{t('unknownIntro')}</Typography.Paragraph>}
      columns={columns}
      request={(query, filters) =>
        searchUnknownDevices({
          ...filters,
          currentPage: query.currentPage,
          pageSize: query.pageSize,
          sortField: query.sortField ?? DEFAULT_UNKNOWN_SORT.field,
          sortOrder: query.sortOrder ?? DEFAULT_UNKNOWN_SORT.order,
        })
      }
      defaultSort={DEFAULT_UNKNOWN_SORT}
      keywords={{ placeholder: t('unknownKeywords'), testId: 'unknown-keywords', width: 260 }}
      moreFilters={(set) => (
        <Select
          allowClear
          placeholder={t('allReasons')}
          style={{ width: 260 }}
          options={reasons.map(({ reason, count }) => ({ value: reason, label: `${reason} (${count})` }))}
          onChange={(reason: string | undefined) => set({ reason })}
          data-testid="unknown-reason-filter"
        />
      )}
      selectable={(row) => row.macAddress !== null}
      toolbar={[
        {
          key: 'addAsDevices',
          label: t('addAsDevices'),
          button: 'add',
          primary: true,
          needsSelection: true,
          testId: 'unknown-add-selected',
          onClick: (list) => setAdding([...list.selected]),
        },
      ]}
      rowActions={(row) =>
        row.macAddress === null
          ? []
          : [
              {
                key: 'addAsDevice',
                label: t('addAsDevice'),
                button: 'add',
                testId: 'unknown-add',
                onClick: () => setAdding([row.id]),
              },
            ]
      }
    >
      {(list) => (
        <AddUnknownDialog
          ids={adding}
          onClose={() => setAdding([])}
          onAdded={(summary) => list.report(summary)}
        />
      )}
    </ListPage>
  );
}
