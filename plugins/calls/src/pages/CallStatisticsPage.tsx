import type { CallRecordRow, CallSummary } from '@phonefleet/sdk';
import {
  FilterBar,
  type FleetColumn,
  FleetTable,
  type FleetTableQuery,
  formatDateTime,
  useSession,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Button, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type CallFilters, DEFAULT_SORT, exportCalls, fetchSummary, searchCalls } from '../api.js';
import { CallFigures } from '../components/CallFigures.js';
import { CallFilterControls } from '../components/CallFilterControls.js';
import { POWER } from '../links.js';
import { qualityOf } from '../quality.js';
import { callText } from '../texts.js';
import { DEFAULT_PERIOD, periodRange } from '../time-range.js';

const LONG_TEXT = { maxWidth: 200 } as const;

/** `10 / 12 / 30`, or nothing (the table's '--') when the phone reported no figure. */
function figures(min: number | null, avg: number | null, max: number | null): string {
  if (min === null && avg === null && max === null) return '';
  return [min, avg, max].map((value) => (value === null ? '--' : String(value))).join(' / ');
}

/**
 * /callStatistics (spec §2, §3 "Call record", §4 call quality): the time range (last 7 days at
 * first), the site subtree (following the sidebar's site filter), phone keywords and a quality
 * filter every figure and the detail list share; the figures from `/callStatistics/summary`; the
 * per-call table with the spec's fields; Export with the `export` button.
 */
export function CallStatisticsPage() {
  const { zoneOffset, siteFilter, hasButton } = useSession();
  const t = useTexts(callText);
  const [filters, setFilters] = useState<CallFilters>(() => ({
    ...periodRange(DEFAULT_PERIOD, zoneOffset),
    ...(siteFilter ? { site: siteFilter } : {}),
  }));
  const [sidebarSite, setSidebarSite] = useState(siteFilter);
  if (sidebarSite !== siteFilter) {
    // The sidebar's site filter changed: the page follows it (derived during render, one request).
    setSidebarSite(siteFilter);
    setFilters((current) => ({ ...current, site: siteFilter ?? undefined }));
  }
  const [summary, setSummary] = useState<CallSummary | null>(null);
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);
  const lastQuery = useRef<FleetTableQuery | null>(null);
  const latest = useRef(0);

  useEffect(() => {
    const ticket = ++latest.current;
    setLoading(true);
    fetchSummary(filters)
      .then((answer) => {
        if (ticket === latest.current) setSummary(answer);
      })
      .catch(() => {
        // The api client has shown the refusal; the figures stay as they were.
      })
      .finally(() => {
        if (ticket === latest.current) setLoading(false);
      });
  }, [filters]);

  const columns = useMemo<FleetColumn<CallRecordRow>[]>(
    () => [
      {
        key: 'endTime',
        title: t('endTime'),
        dataIndex: 'endTime',
        sorter: true,
        render: (value: string) => formatDateTime(value, zoneOffset),
      },
      { key: 'deviceName', title: t('deviceName'), dataIndex: 'deviceName', ...LONG_TEXT },
      { key: 'macAddress', title: t('macAddress'), dataIndex: 'macAddress' },
      { key: 'siteName', title: t('site'), dataIndex: 'siteName', ...LONG_TEXT },
      { key: 'caller', title: t('caller'), dataIndex: 'caller', ...LONG_TEXT },
      { key: 'callee', title: t('callee'), dataIndex: 'callee', ...LONG_TEXT },
      { key: 'localUrl', title: t('localUrl'), dataIndex: 'localUrl', defaultHidden: true, ...LONG_TEXT },
      { key: 'remoteUrl', title: t('remoteUrl'), dataIndex: 'remoteUrl', defaultHidden: true, ...LONG_TEXT },
      { key: 'codec', title: t('codec'), dataIndex: 'codec' },
      {
        key: 'delay',
        title: t('delay'),
        sorter: true,
        render: (_: unknown, row: CallRecordRow) => figures(row.delayMinMs, row.delayAvgMs, row.delayMaxMs),
      },
      {
        key: 'jitter',
        title: t('jitter'),
        sorter: true,
        render: (_: unknown, row: CallRecordRow) =>
          figures(row.jitterMinMs, row.jitterAvgMs, row.jitterMaxMs),
      },
      {
        key: 'loss',
        title: t('loss'),
        sorter: true,
        render: (_: unknown, row: CallRecordRow) =>
          figures(row.lossMinPercent, row.lossAvgPercent, row.lossMaxPercent),
      },
      {
        key: 'quality',
        title: t('quality'),
        dataIndex: 'quality',
        sorter: true,
        render: (value: number) => {
          const quality = qualityOf(value);
          return quality ? <Tag color={quality.tag}>{t(quality.key)}</Tag> : String(value);
        },
      },
    ],
    [t, zoneOffset],
  );

  const startExport = async () => {
    setExporting(true);
    try {
      await exportCalls(filters, {
        sortField: lastQuery.current?.sortField,
        sortOrder: lastQuery.current?.sortOrder,
      });
    } catch {
      // the api client has shown the server's message
    } finally {
      setExporting(false);
    }
  };

  return (
    <div data-testid="call-statistics">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      <FilterBar
        keywords={{ placeholder: t('deviceKeywords'), testId: 'call-search', width: 220 }}
        site={{ testId: 'call-site-filter' }}
        siteValue={filters.site}
        onKeywords={(keywords) => setFilters((current) => ({ ...current, keywords }))}
        onSite={(site) => setFilters((current) => ({ ...current, site }))}
      >
        <CallFilterControls
          zoneOffset={zoneOffset}
          onRange={(range) => setFilters((current) => ({ ...current, ...range }))}
          onQuality={(quality) => setFilters((current) => ({ ...current, quality }))}
        />
      </FilterBar>
      <CallFigures summary={summary} loading={loading} />
      <Typography.Title level={5}>{t('callRecords')}</Typography.Title>
      <div data-testid="call-records">
        <FleetTable<CallRecordRow>
          tableId="call-records"
          columns={columns}
          rowKey="id"
          defaultSort={DEFAULT_SORT}
          params={{ ...filters }}
          request={(query) => {
            lastQuery.current = query;
            return searchCalls(query, filters);
          }}
          toolbar={
            hasButton(POWER, 'export') ? (
              <Button loading={exporting} onClick={startExport} data-testid="call-export">
                {t('export')}
              </Button>
            ) : null
          }
        />
      </div>
    </div>
  );
}
