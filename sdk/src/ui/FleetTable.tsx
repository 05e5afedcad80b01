import { Button, message, Space, Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { SortOrder as SortOrderName } from 'antd/es/table/interface';
import {
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import { DEFAULT_PAGE_SIZE, EMPTY_CELL, PAGE_SIZES } from '../envelope.js';
import { ColumnChooser } from './ColumnChooser.js';
import { loadHiddenColumns, saveHiddenColumns, toggleColumn } from './column-preferences.js';
import { kitText } from './kit-texts.js';
import { currentLanguage } from './preferences.js';
import { useOptionalSession } from './session.js';

/** A column: antd's column with a required key and a plain-text title (the chooser lists it). */
export type FleetColumn<Row> = Omit<ColumnType<Row>, 'key' | 'title'> & {
  key: string;
  title: string;
  /** Hidden until the user shows it in the column chooser (a detail that would widen the table). */
  defaultHidden?: boolean;
  /**
   * Longer content is cut with an ellipsis at this many pixels (text keeps its whole value as the
   * tooltip) rather than widening the table; antd's `ellipsis` does not apply beside a pinned column.
   */
  maxWidth?: number;
};

export type SortOrder = 'asc' | 'desc';

export interface FleetTableSort {
  /** The column key. */
  field: string;
  order: SortOrder;
}

export interface FleetTableQuery {
  currentPage: number;
  pageSize: number;
  /** Present when the table sorts on the server (`defaultSort` given). */
  sortField?: string;
  sortOrder?: SortOrder;
}

export interface FleetTablePage<Row> {
  rows: Row[];
  total: number;
}

export interface FleetTableActions {
  /** Fetches the current page again. */
  reload(): void;
  /** Back to page 1 and fetch. */
  reset(): void;
}

export interface FleetTableProps<Row extends object> {
  /** Stable id, used to remember the column choice per user. */
  tableId: string;
  columns: FleetColumn<Row>[];
  request(query: FleetTableQuery): Promise<FleetTablePage<Row>>;
  /** Search filters; any change reloads from page 1. */
  params?: Record<string, unknown>;
  /**
   * Sorting on the server: columns with `sorter: true` can be clicked, and every request carries
   * `sortField` (the column key) and `sortOrder`; clearing a column's sort returns to this one.
   */
  defaultSort?: FleetTableSort;
  rowKey: TableProps<Row>['rowKey'];
  toolbar?: ReactNode;
  rowSelection?: TableProps<Row>['rowSelection'];
  /** Body height (spec: app height minus 381). */
  scrollY?: number | string;
  actionRef?: Ref<FleetTableActions>;
}

function isEmptyCell(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

function valueAt(row: object, dataIndex: unknown): unknown {
  if (typeof dataIndex !== 'string' && typeof dataIndex !== 'number' && !Array.isArray(dataIndex))
    return undefined;
  const path: readonly unknown[] = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  let value: unknown = row;
  for (const part of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[String(part)];
  }
  return value;
}

/** Content cut at `maxWidth` with an ellipsis, the whole text in its title. */
function clipped(shown: ReactNode, maxWidth: number): ReactNode {
  const title = typeof shown === 'string' || typeof shown === 'number' ? String(shown) : undefined;
  return (
    <span
      title={title}
      style={{
        display: 'inline-block',
        maxWidth,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        verticalAlign: 'bottom',
      }}
    >
      {shown}
    </span>
  );
}

/** Every cell that renders nothing shows the spec's placeholder '--'; `maxWidth` cuts longer content. */
function withPlaceholder<Row extends object>(column: FleetColumn<Row>): ColumnType<Row> {
  const { render, defaultHidden: _defaultHidden, maxWidth, ...rest } = column;
  return {
    ...rest,
    render: (value: unknown, record: Row, index: number) => {
      const shown = render ? render(value, record, index) : (value ?? valueAt(record, column.dataIndex));
      if (isEmptyCell(shown)) return EMPTY_CELL;
      return maxWidth ? clipped(shown as ReactNode, maxWidth) : (shown as ReactNode);
    },
  };
}

/** A page-size change goes back to page 1 (spec §4); otherwise the requested page. */
export function nextPage(
  current: { page: number; pageSize: number },
  requested: { current?: number; pageSize?: number },
): { page: number; pageSize: number } {
  const pageSize = requested.pageSize ?? current.pageSize;
  return { page: pageSize !== current.pageSize ? 1 : (requested.current ?? current.page), pageSize };
}

interface QueryState {
  page: number;
  pageSize: number;
  sort: FleetTableSort | undefined;
  paramsKey: string;
  reload: number;
}

/** The sort antd reports after a header click; a cleared sort falls back to the default. */
export function nextSort(
  sorter: { columnKey?: unknown; order?: 'ascend' | 'descend' | null } | undefined,
  fallback: FleetTableSort | undefined,
): FleetTableSort | undefined {
  if (!fallback) return undefined;
  if (!sorter?.order || typeof sorter.columnKey !== 'string') return fallback;
  return { field: sorter.columnKey, order: sorter.order === 'descend' ? 'desc' : 'asc' };
}

/**
 * The one table of the console (spec §2, §4, §9): page sizes 10-250 (default 10), total / sizes /
 * pager / jumper, '--' for empty cells, a column chooser remembered per user that keeps at least one
 * column, and back to page 1 when a later page comes back empty or the page size changes.
 */
export function FleetTable<Row extends object>(props: FleetTableProps<Row>) {
  const {
    tableId,
    columns,
    request,
    params,
    defaultSort,
    rowKey,
    toolbar,
    rowSelection,
    scrollY,
    actionRef,
  } = props;
  const session = useOptionalSession();
  const language = session?.language ?? currentLanguage();
  const userId = session?.login.user.id ?? 'anonymous';
  const keys = useMemo(() => columns.map((column) => column.key), [columns]);
  const defaultHidden = useMemo(
    () => columns.filter((column) => column.defaultHidden).map((column) => column.key),
    [columns],
  );
  const [hidden, setHidden] = useState<string[]>(() =>
    loadHiddenColumns(userId, tableId, keys, defaultHidden),
  );
  const [messages, messageHolder] = message.useMessage();

  const paramsKey = JSON.stringify(params ?? {});
  const [query, setQuery] = useState<QueryState>({
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    sort: defaultSort,
    paramsKey,
    reload: 0,
  });
  // New filters start from page 1 (derived during render, so no request for the stale page goes out).
  if (query.paramsKey !== paramsKey) setQuery({ ...query, page: 1, paramsKey });

  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const requestRef = useRef(request);
  requestRef.current = request;

  useImperativeHandle(
    actionRef,
    () => ({
      reload: () => setQuery((q) => ({ ...q, reload: q.reload + 1 })),
      reset: () => setQuery((q) => ({ ...q, page: 1, reload: q.reload + 1 })),
    }),
    [],
  );

  useEffect(() => {
    if (query.paramsKey !== paramsKey) return;
    const ticket = ++latest.current;
    setLoading(true);
    const sort = query.sort ? { sortField: query.sort.field, sortOrder: query.sort.order } : {};
    requestRef
      .current({ currentPage: query.page, pageSize: query.pageSize, ...sort })
      .then((result) => {
        if (ticket !== latest.current) return;
        if (result.rows.length === 0 && query.page !== 1) {
          // The page emptied (rows deleted elsewhere): go back to page 1 (spec §4).
          setQuery((q) => ({ ...q, page: 1 }));
          return;
        }
        setRows(result.rows);
        setTotal(result.total);
      })
      .catch(() => {
        // List-call failures are ignored (spec §8); the api client has already shown the message.
      })
      .finally(() => {
        if (ticket === latest.current) setLoading(false);
      });
  }, [query, paramsKey]);

  const onToggle = useCallback(
    (key: string, visible: boolean) => {
      const result = toggleColumn(keys, hidden, key, visible);
      if (!result.ok) {
        void messages.warning({
          content: kitText('atLeastOneColumn', language),
          key: 'pf-at-least-one-column',
        });
        return;
      }
      setHidden(result.hidden);
      saveHiddenColumns(userId, tableId, result.hidden);
    },
    [keys, hidden, messages, language, userId, tableId],
  );

  const onReset = useCallback(() => {
    setHidden(defaultHidden);
    saveHiddenColumns(userId, tableId, null);
  }, [defaultHidden, userId, tableId]);

  const sortedBy = query.sort;
  const shownColumns = useMemo(
    () =>
      columns
        .filter((column) => !hidden.includes(column.key))
        .map((column) => {
          const shown = withPlaceholder(column);
          if (!column.sorter || !sortedBy) return shown;
          const order: SortOrderName =
            sortedBy.field === column.key ? (sortedBy.order === 'desc' ? 'descend' : 'ascend') : null;
          return { ...shown, sortOrder: order };
        }),
    [columns, hidden, sortedBy],
  );

  return (
    <div className="pf-fleet-table" data-table-id={tableId}>
      {messageHolder}
      <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 12, gap: 8 }}>
        <Space wrap>{toolbar}</Space>
        <Space>
          {/* What phones report (status, registration) changes while a list is open. */}
          <Button
            data-testid="table-refresh"
            onClick={() => setQuery((q) => ({ ...q, reload: q.reload + 1 }))}
          >
            {kitText('refresh', language)}
          </Button>
          <ColumnChooser
            columns={columns}
            hidden={hidden}
            label={kitText('columns', language)}
            resetLabel={kitText('resetColumns', language)}
            onToggle={onToggle}
            onReset={onReset}
          />
        </Space>
      </div>
      <Table<Row>
        rowKey={rowKey}
        columns={shownColumns}
        dataSource={rows}
        loading={loading}
        rowSelection={rowSelection}
        scroll={scrollY === undefined ? { x: 'max-content' } : { x: 'max-content', y: scrollY }}
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (count) => kitText('total', language, { total: count }),
        }}
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === 'sort') {
            const sort = nextSort(Array.isArray(sorter) ? sorter[0] : sorter, defaultSort);
            setQuery((q) => ({ ...q, page: 1, sort }));
            return;
          }
          const next = nextPage(query, pagination);
          if (next.page !== query.page || next.pageSize !== query.pageSize)
            setQuery((q) => ({ ...q, ...next }));
        }}
      />
    </div>
  );
}
