import { Button, message, Table, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { apiFirstRow, apiPage } from '../api.js';
import { defineTexts, useTexts } from '../common-texts.js';
import { type FleetColumn, FleetTable, type FleetTableQuery } from '../FleetTable.js';
import { FilterBar } from './FilterBar.js';

/** A `POST /device/search` row as the picker shows it. */
interface DeviceChoice {
  id: number;
  macAddress: string;
  deviceName: string;
  deviceModel: string;
  siteName: string;
}

type PickerFilters = { keywords?: string | undefined; site?: number | undefined };

/** A task or a group takes at most this many devices (docs/tasks.md, docs/fleet.md). */
export const DEVICE_PICK_MAX = 100_000;

const pickerText = defineTexts({
  selectAllMatching: { en: 'Select all {total} matching devices', zh: '选择全部 {total} 台匹配的设备' },
  allMatchingSelected: {
    en: 'All {total} matching devices are selected',
    zh: '已选择全部 {total} 台匹配的设备',
  },
  tooManyPicked: { en: 'At most {max} devices can be selected', zh: '最多可选择 {max} 台设备' },
});

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
 * The page checkbox picks the page; "Select all N matching devices" (after it, and in its dropdown)
 * picks every device the current filter matches, on every page, through `/device/matchingIds`.
 */
export function DevicePicker(props: DevicePickerProps) {
  const { value = [], onChange, disabled, clearable, testIds = {} } = props;
  const t = useTexts(pickerText);
  const [messages, messageHolder] = message.useMessage();
  const [filters, setFilters] = useState<PickerFilters>({ site: props.siteId });
  // The page on screen (its ids and the filter's total), and the last "all matching" answer.
  const [shown, setShown] = useState<{ ids: number[]; total: number; key: string }>({
    ids: [],
    total: 0,
    key: '',
  });
  const [matched, setMatched] = useState<{ ids: number[]; key: string } | null>(null);
  const [matching, setMatching] = useState(false);
  const filtersKey = JSON.stringify(filters);

  const columns = useMemo<FleetColumn<DeviceChoice>[]>(
    () => [
      { key: 'macAddress', title: t('macAddress'), dataIndex: 'macAddress', sorter: true },
      { key: 'deviceName', title: t('deviceName'), dataIndex: 'deviceName', sorter: true },
      { key: 'deviceModel', title: t('model'), dataIndex: 'deviceModel', sorter: true },
      { key: 'siteName', title: t('site'), dataIndex: 'siteName' },
    ],
    [t],
  );

  const request = useCallback(
    async (query: FleetTableQuery) => {
      const page = await apiPage<DeviceChoice>('POST', '/device/search', { body: { ...query, ...filters } });
      setShown({ ids: page.rows.map((row) => row.id), total: page.total, key: JSON.stringify(filters) });
      return page;
    },
    [filters],
  );

  const chosen = new Set(value);
  const allMatchingChosen =
    matched !== null &&
    matched.key === filtersKey &&
    matched.ids.length > 0 &&
    matched.ids.every((id) => chosen.has(id));
  const pageChosen = shown.ids.length > 0 && shown.ids.every((id) => chosen.has(id));
  const offerAllMatching =
    !disabled && shown.key === filtersKey && shown.total > shown.ids.length && !allMatchingChosen;

  const selectAllMatching = async () => {
    setMatching(true);
    try {
      const found = await apiFirstRow<{ ids: number[]; total: number }>('POST', '/device/matchingIds', {
        body: filters,
      });
      const union = [...new Set([...value, ...found.ids])];
      if (union.length > DEVICE_PICK_MAX) {
        void messages.warning(t('tooManyPicked', { max: DEVICE_PICK_MAX.toLocaleString('en-US') }));
        return;
      }
      setMatched({ ids: found.ids, key: filtersKey });
      onChange?.(union);
    } catch {
      // the api client has shown the server's message (more than the limit match)
    } finally {
      setMatching(false);
    }
  };

  return (
    <div data-testid={testIds.root}>
      {messageHolder}
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
        request={request}
        params={filters}
        defaultSort={{ field: 'macAddress', order: 'asc' }}
        rowKey="id"
        {...(props.scrollY ? { scrollY: props.scrollY } : {})}
        rowSelection={{
          selectedRowKeys: value,
          preserveSelectedRowKeys: true,
          getCheckboxProps: () => ({ disabled }),
          onChange: (keys) => onChange?.(keys.map(Number)),
          ...(disabled
            ? {}
            : {
                selections: [
                  {
                    key: 'all-matching',
                    text: t('selectAllMatching', { total: shown.total }),
                    onSelect: () => void selectAllMatching(),
                  },
                  Table.SELECTION_NONE,
                ],
              }),
        }}
        toolbar={
          <>
            <Typography.Text type="secondary" data-testid={testIds.count}>
              {t('devicesSelected', { count: value.length })}
            </Typography.Text>
            {offerAllMatching && pageChosen ? (
              <Button
                type="link"
                size="small"
                loading={matching}
                onClick={() => void selectAllMatching()}
                data-testid="select-all-matching"
              >
                {t('selectAllMatching', { total: shown.total })}
              </Button>
            ) : null}
            {allMatchingChosen && !disabled ? (
              <Typography.Text type="success" data-testid="all-matching-selected">
                {t('allMatchingSelected', { total: matched.ids.length })}
              </Typography.Text>
            ) : null}
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
