import { Button, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { apiPage } from '../api.js';
import { useTexts } from '../common-texts.js';
import { type FleetColumn, FleetTable } from '../FleetTable.js';
import { FilterBar } from './FilterBar.js';

/** A `POST /device/search` row as the picker shows it. */
interface DeviceChoice {
  id: number;
  macAddress: string;
  deviceName: string;
  deviceModel: string;
  siteName: string;
}

export interface DevicePickerProps {
  /** The chosen device ids (a form control's value). */
  value?: number[];
  onChange?(ids: number[]): void;
  disabled?: boolean;
  /** The site the list starts filtered to. */
  siteId?: number | undefined;
  /** Remembers the column choice per user. */
  tableId: string;
  /** A Clear button for the selection. */
  clearable?: boolean;
  scrollY?: number;
  testIds?: { root?: string; keywords?: string; count?: string };
}

/**
 * Devices chosen from `POST /device/search` by keywords (MAC, name, S/N) and site subtree, sorted
 * by MAC; the selection is kept across pages and searches (group device step, task device range).
 */
export function DevicePicker(props: DevicePickerProps) {
  const { value = [], onChange, disabled, clearable, testIds = {} } = props;
  const t = useTexts();
  const [filters, setFilters] = useState<{ keywords?: string | undefined; site?: number | undefined }>({
    site: props.siteId,
  });
  const columns = useMemo<FleetColumn<DeviceChoice>[]>(
    () => [
      { key: 'macAddress', title: t('macAddress'), dataIndex: 'macAddress', sorter: true },
      { key: 'deviceName', title: t('deviceName'), dataIndex: 'deviceName', sorter: true },
      { key: 'deviceModel', title: t('model'), dataIndex: 'deviceModel', sorter: true },
      { key: 'siteName', title: t('site'), dataIndex: 'siteName' },
    ],
    [t],
  );

  return (
    <div data-testid={testIds.root}>
      <FilterBar
        keywords={{ placeholder: t('deviceKeywords'), testId: testIds.keywords }}
        site={{}}
        siteValue={filters.site}
        onKeywords={(keywords) => setFilters((current) => ({ ...current, keywords }))}
        onSite={(site) => setFilters((current) => ({ ...current, site }))}
      />
      <FleetTable<DeviceChoice>
        tableId={props.tableId}
        columns={columns}
        request={(query) =>
          apiPage<DeviceChoice>('POST', '/device/search', { body: { ...query, ...filters } })
        }
        params={filters}
        defaultSort={{ field: 'macAddress', order: 'asc' }}
        rowKey="id"
        {...(props.scrollY ? { scrollY: props.scrollY } : {})}
        rowSelection={{
          selectedRowKeys: value,
          preserveSelectedRowKeys: true,
          getCheckboxProps: () => ({ disabled }),
          onChange: (keys) => onChange?.(keys.map(Number)),
        }}
        toolbar={
          <>
            <Typography.Text type="secondary" data-testid={testIds.count}>
              {t('devicesSelected', { count: value.length })}
            </Typography.Text>
            {clearable && value.length > 0 && !disabled ? (
              <Button size="small" onClick={() => onChange?.([])}>
                {t('clear')}
              </Button>
            ) : null}
          </>
        }
      />
    </div>
  );
}
