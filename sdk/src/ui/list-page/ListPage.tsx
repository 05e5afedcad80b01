import { Button, Modal, message, Space, Typography } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import type { LiveEventName } from '../../live.js';
import { type CommonTextKey, useTexts } from '../common-texts.js';
import {
  type FleetColumn,
  FleetTable,
  type FleetTableActions,
  type FleetTablePage,
  type FleetTableQuery,
  type FleetTableSort,
} from '../FleetTable.js';
import { useLiveEvent } from '../live.js';
import { useSession } from '../session.js';
import {
  isRunAction,
  type ListPageApi,
  type RowAction,
  type RunAction,
  TASK_NOTICE_SECONDS,
  type ToolbarAction,
} from './actions.js';
import { FilterBar, type KeywordsFilter, type SiteFilter } from './FilterBar.js';

/** The filters the kit's filter bar sets; an area adds its own (`moreFilters`). */
export interface ListFilters {
  keywords?: string | undefined;
  site?: number | undefined;
}

export interface ListPageProps<Row extends { id: number }, Filters extends ListFilters> {
  /** The route power whose permission buttons decide which actions are shown (spec §6). */
  power: string;
  /** Remembers the column choice per user. */
  tableId: string;
  testId?: string;
  title?: string;
  /** Above the title (the wizard's finish step). */
  banner?: ReactNode;
  /** Between the title and the filters (a hint). */
  intro?: ReactNode;
  columns: FleetColumn<Row>[];
  /** One page of rows for the table's query and the current filters. */
  request(query: FleetTableQuery, filters: Filters): Promise<FleetTablePage<Row>>;
  defaultSort?: FleetTableSort;
  keywords?: KeywordsFilter;
  /** The site filter, for areas whose rows belong to sites. */
  site?: SiteFilter;
  /** The area's own filter controls, after keywords and site; `set` merges into the filters. */
  moreFilters?(set: (patch: Partial<Filters>) => void): ReactNode;
  /** Buttons above the table, each shown only with its permission button. */
  toolbar?: readonly ToolbarAction<Filters>[];
  /** Buttons in each row's Actions column, each shown only with its permission button. */
  rowActions?(row: Row): readonly RowAction<Row, Filters>[];
  /** The Actions column's width, when its buttons should wrap rather than widen the table. */
  actionsWidth?: number;
  /** Rows that may be selected (default all), when a toolbar action works on the selection. */
  selectable?(row: Row): boolean;
  /** Dialogs and the like; as a function it gets the page (reload, report, selection). */
  children?: ReactNode | ((list: ListPageApi<Filters>) => ReactNode);
  /** The live event (docs/live.md) on which the list reloads, keeping its page and filters. */
  liveEvent?: LiveEventName;
}

/** Reloads the list on a live event; rendered only by lists that name one. */
function ReloadOnLiveEvent({ name, reload }: { name: LiveEventName; reload(): void }) {
  useLiveEvent(name, reload);
  return null;
}

/**
 * The list page every area shares (spec §2, §6, §8, §9): title, filter bar (keywords, site),
 * `FleetTable`, row selection kept across pages, toolbar and row actions shown only with their
 * permission buttons, confirmations before work on rows, the result message, then a reload.
 */
export function ListPage<Row extends { id: number }, Filters extends ListFilters = ListFilters>(
  props: ListPageProps<Row, Filters>,
) {
  const { power, toolbar = [], rowActions, selectable } = props;
  const { hasButton, siteFilter } = useSession();
  const t = useTexts();
  const [messages, messageHolder] = message.useMessage();
  const [modal, modalHolder] = Modal.useModal();
  const table = useRef<FleetTableActions>(null);
  const lastQuery = useRef<FleetTableQuery | null>(null);
  const followSidebar = props.site?.followSidebar === true;
  // Every filter is optional: the list starts without any (but the sidebar's site).
  const [filters, setFilters] = useState<Filters>(
    () => (followSidebar && siteFilter ? { site: siteFilter } : {}) as Filters,
  );
  const [sidebarSite, setSidebarSite] = useState(siteFilter);
  if (followSidebar && sidebarSite !== siteFilter) {
    // The sidebar's site filter changed: the list follows it (derived during render, one request).
    setSidebarSite(siteFilter);
    setFilters((current) => ({ ...current, site: siteFilter ?? undefined }));
  }
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);

  const can = (button: string | readonly string[] | undefined) =>
    button === undefined || hasButton(power, button);
  const label = (action: { key: string; label?: string }) => action.label ?? t(action.key as CommonTextKey);
  const reload = () => table.current?.reload();
  const forget = (ids: readonly number[]) => setSelected((keys) => keys.filter((key) => !ids.includes(key)));

  const list: ListPageApi<Filters> = {
    selected,
    filters,
    // Read when asked: a header click re-renders the table only.
    get sort() {
      return { sortField: lastQuery.current?.sortField, sortOrder: lastQuery.current?.sortOrder };
    },
    reload,
    report: (text) => {
      void messages.success(text || t('done'));
      setSelected([]);
      reload();
    },
  };

  const run = (action: RunAction, ids: number[]) => {
    const work = async () => {
      setBusy(true);
      try {
        const answer = await action.run(ids);
        if (action.createsTask) {
          void messages.success({ content: t('taskCreated'), duration: TASK_NOTICE_SECONDS });
        } else {
          const fallback = action.doneText ?? t(action.key === 'delete' ? 'deleted' : 'done');
          void messages.success(typeof answer === 'string' && answer ? answer : fallback);
        }
        forget(ids);
      } catch {
        // the api client has shown the server's message
      } finally {
        setBusy(false);
        reload();
      }
    };
    const { confirm } = action;
    if (!confirm) return void work();
    const name = label(action);
    modal.confirm({
      title: confirm.title ?? name,
      content: confirm.content?.(ids.length) ?? t('confirmSelected', { action: name, count: ids.length }),
      okText: confirm.okText ?? name,
      okButtonProps: action.danger ? { danger: true } : {},
      cancelText: t('cancel'),
      onOk: work,
    });
  };

  const shownToolbar = toolbar.filter((action) => can(action.button));
  const onSelection = (action: ToolbarAction<Filters>) =>
    isRunAction(action) || action.needsSelection === true;
  const selecting = shownToolbar.some(onSelection);

  const actionsColumn: FleetColumn<Row> | undefined = rowActions && {
    key: 'actions',
    title: t('actions'),
    fixed: 'right',
    ...(props.actionsWidth ? { width: props.actionsWidth } : {}),
    render: (_: unknown, row: Row) => (
      <Space size={0} wrap>
        {rowActions(row)
          .filter((action) => can(action.button))
          .map((action) => (
            <Button
              key={action.key}
              type="link"
              size="small"
              danger={action.danger}
              data-testid={action.testId}
              onClick={() => (isRunAction(action) ? run(action, [row.id]) : action.onClick(row, list))}
            >
              {label(action)}
            </Button>
          ))}
      </Space>
    ),
  };
  const columns = actionsColumn ? [...props.columns, actionsColumn] : props.columns;

  return (
    <div data-testid={props.testId}>
      {props.liveEvent ? <ReloadOnLiveEvent name={props.liveEvent} reload={reload} /> : null}
      {messageHolder}
      {modalHolder}
      {props.banner}
      {props.title ? (
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {props.title}
        </Typography.Title>
      ) : null}
      {props.intro}
      <FilterBar
        keywords={props.keywords}
        site={props.site}
        siteValue={filters.site}
        onKeywords={(keywords) => setFilters((current) => ({ ...current, keywords }))}
        onSite={(site) => setFilters((current) => ({ ...current, site }))}
      >
        {props.moreFilters?.((patch) => setFilters((current) => ({ ...current, ...patch })))}
      </FilterBar>
      <FleetTable<Row>
        tableId={props.tableId}
        actionRef={table}
        columns={columns}
        request={(query) => {
          lastQuery.current = query;
          return props.request(query, filters);
        }}
        params={filters as Record<string, unknown>}
        {...(props.defaultSort ? { defaultSort: props.defaultSort } : {})}
        rowKey="id"
        rowSelection={
          selecting
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys.map(Number)),
                ...(selectable ? { getCheckboxProps: (row: Row) => ({ disabled: !selectable(row) }) } : {}),
              }
            : undefined
        }
        toolbar={
          <>
            {shownToolbar.map((action) => (
              <Button
                key={action.key}
                type={action.primary ? 'primary' : 'default'}
                danger={action.danger}
                data-testid={action.testId}
                disabled={onSelection(action) && (selected.length === 0 || busy)}
                onClick={() => (isRunAction(action) ? run(action, [...selected]) : action.onClick(list))}
              >
                {label(action)}
              </Button>
            ))}
            {selected.length > 0 ? <span>{t('selected', { count: selected.length })}</span> : null}
          </>
        }
      />
      {typeof props.children === 'function' ? props.children(list) : props.children}
    </div>
  );
}
