import {
  type FleetColumn,
  FleetTable,
  type FleetTableQuery,
  SiteTreeSelect,
  useSession,
} from '@phonefleet/sdk/ui';
import { Button, Input } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { type DeviceOption, searchDevices } from '../api.js';
import { type TaskTextKey, taskText } from '../texts.js';

export interface DevicePickerProps {
  value?: number[];
  onChange?(ids: number[]): void;
  disabled?: boolean;
}

/**
 * Devices picked from `/device/search` (keywords, site subtree) by row selection; the selection
 * is kept across pages and searches. A form control holding device ids.
 */
export function DevicePicker({ value = [], onChange, disabled }: DevicePickerProps) {
  const { language } = useSession();
  const t = useCallback(
    (key: TaskTextKey, values?: Record<string, string | number>) => taskText(key, language, values),
    [language],
  );
  const [keywords, setKeywords] = useState<string | undefined>();
  const [site, setSite] = useState<number | undefined>();

  const request = useCallback(
    (query: FleetTableQuery) =>
      searchDevices(query, { ...(keywords ? { keywords } : {}), ...(site ? { site } : {}) }),
    [keywords, site],
  );
  const columns = useMemo<FleetColumn<DeviceOption>[]>(
    () => [
      { key: 'macAddress', title: t('macAddress'), dataIndex: 'macAddress' },
      { key: 'deviceName', title: t('deviceName'), dataIndex: 'deviceName' },
      { key: 'deviceModel', title: t('deviceModel'), dataIndex: 'deviceModel' },
      { key: 'siteName', title: t('site'), dataIndex: 'siteName' },
    ],
    [t],
  );

  return (
    <div data-testid="task-device-picker">
      <FleetTable<DeviceOption>
        tableId="task-devices"
        columns={columns}
        request={request}
        params={{ keywords, site }}
        rowKey="id"
        scrollY={360}
        rowSelection={{
          selectedRowKeys: value,
          preserveSelectedRowKeys: true,
          getCheckboxProps: () => ({ disabled }),
          onChange: (keys) => onChange?.(keys.map(Number)),
        }}
        toolbar={
          <>
            <Input.Search
              allowClear
              placeholder={t('deviceKeywords')}
              style={{ width: 220 }}
              onSearch={(text) => setKeywords(text.trim() || undefined)}
              data-testid="task-device-keywords"
            />
            <SiteTreeSelect allowClear placeholder={t('allSites')} value={site} onChange={setSite} />
            <span data-testid="task-device-count">{t('selectedDevices', { count: value.length })}</span>
            {value.length > 0 && !disabled ? (
              <Button size="small" onClick={() => onChange?.([])}>
                {t('clearSelection')}
              </Button>
            ) : null}
          </>
        }
      />
    </div>
  );
}
