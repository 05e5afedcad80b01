import {
  type FleetColumn,
  FleetTable,
  type FleetTableQuery,
  SiteTreeSelect,
  useSession,
} from '@phonefleet/sdk/ui';
import { Input, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { type GroupDevice, searchDevices } from '../api.js';
import { type GroupTextKey, groupText } from '../texts.js';

export interface DevicePickerProps {
  /** The group's site: the list starts filtered to it. */
  siteId: number | undefined;
  selected: number[];
  onChange(ids: number[]): void;
}

/** The group device step: the caller's devices (`POST /device/search`) with row selection across pages. */
export function DevicePicker({ siteId, selected, onChange }: DevicePickerProps) {
  const { language } = useSession();
  const t = useCallback(
    (key: GroupTextKey, values?: Record<string, string | number>) => groupText(key, language, values),
    [language],
  );
  const [keywords, setKeywords] = useState('');
  const [site, setSite] = useState<number | undefined>(siteId);

  const request = useCallback(
    (query: FleetTableQuery) => searchDevices(query, { keywords, site }),
    [keywords, site],
  );
  const columns = useMemo<FleetColumn<GroupDevice>[]>(
    () => [
      { key: 'macAddress', title: t('macAddress'), dataIndex: 'macAddress', sorter: true },
      { key: 'deviceName', title: t('deviceName'), dataIndex: 'deviceName', sorter: true },
      { key: 'deviceModel', title: t('model'), dataIndex: 'deviceModel', sorter: true },
      { key: 'siteName', title: t('site'), dataIndex: 'siteName' },
    ],
    [t],
  );

  return (
    <div data-testid="group-devices">
      <FleetTable<GroupDevice>
        tableId="group-devices"
        columns={columns}
        request={request}
        params={{ keywords, site }}
        defaultSort={{ field: 'macAddress', order: 'asc' }}
        rowKey="id"
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => onChange(keys.map(Number)),
        }}
        toolbar={
          <>
            <Input.Search
              allowClear
              placeholder={t('searchDevices')}
              onSearch={setKeywords}
              style={{ width: 240 }}
              data-testid="device-search"
            />
            <SiteTreeSelect allowClear placeholder={t('allSites')} value={site} onChange={setSite} />
            <Typography.Text type="secondary" data-testid="selected-count">
              {t('selectedCount', { count: selected.length })}
            </Typography.Text>
          </>
        }
      />
    </div>
  );
}
