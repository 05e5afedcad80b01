import {
  type FleetColumn,
  FleetTable,
  type FleetTableActions,
  type FleetTableQuery,
  formatDateTime,
  useSession,
} from '@phonefleet/sdk/ui';
import { Button, Input, Modal, message, Select, Space, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type RowAction, rowActions } from '../actions.js';
import {
  removeTasks,
  searchTasks,
  type TaskAction,
  type TaskFilters,
  type TaskRow,
  type TaskState,
  taskAction,
} from '../api.js';
import { StateTag } from '../components/tags.js';
import { type TaskTextKey, taskText, typeText } from '../texts.js';

export const POWER = 'task';
const STATES: TaskState[] = [0, 1, 5, 4, 7];
const TYPES = [1, 2, 4, 5, 6, 7];

/** What the form hands to the list after saving (shown once). */
export interface ListNotice {
  notice: 'created' | 'saved';
}

/**
 * The task list (/task): search by name, state and type; the current run's progress; per row the
 * actions its state allows and the session's buttons grant; the server's messages shown as they come.
 */
export function TaskList({ basePath }: { basePath: string }) {
  const { language, zoneOffset, hasButton } = useSession();
  const t = useCallback(
    (key: TaskTextKey, values?: Record<string, string | number>) => taskText(key, language, values),
    [language],
  );
  const navigate = useNavigate();
  const location = useLocation();
  const [messages, messageHolder] = message.useMessage();
  const [modal, modalHolder] = Modal.useModal();
  const table = useRef<FleetTableActions>(null);
  const [filters, setFilters] = useState<TaskFilters>({});
  const [selected, setSelected] = useState<number[]>([]);

  // Spec §9: the task-created message stays 6 s.
  const notice = (location.state as ListNotice | null)?.notice;
  useEffect(() => {
    if (!notice) return;
    void messages.success({
      content: t(notice === 'created' ? 'taskCreated' : 'taskSaved'),
      duration: 6,
      key: 'pf-task-notice',
    });
    navigate('.', { replace: true, state: null });
  }, [notice, messages, t, navigate]);

  const request = useCallback((query: FleetTableQuery) => searchTasks(query, filters), [filters]);

  const run = useCallback(
    async (work: () => Promise<string>) => {
      try {
        void messages.success(await work());
      } catch {
        // the api client has shown the server's message
      }
      table.current?.reload();
    },
    [messages],
  );

  const confirmDelete = useCallback(
    (ids: number[]) =>
      modal.confirm({
        title: t('deleteTitle'),
        content: t('deleteContent', { count: ids.length }),
        okText: t('delete'),
        okButtonProps: { danger: true },
        cancelText: t('cancel'),
        onOk: () =>
          run(async () => {
            const text = await removeTasks(ids);
            setSelected((keys) => keys.filter((key) => !ids.includes(key)));
            return text;
          }),
      }),
    [modal, t, run],
  );

  const onAction = useCallback(
    (action: RowAction, row: TaskRow) => {
      if (action === 'edit') return navigate(`${basePath}/editTask?id=${row.id}`);
      if (action === 'runAgain') return navigate(`${basePath}/runAgainTask?id=${row.id}`);
      if (action === 'delete') return confirmDelete([row.id]);
      if (action === 'cancel') {
        return modal.confirm({
          title: t('cancelTitle'),
          content: t('cancelContent', { name: row.taskName }),
          okText: t('ok'),
          cancelText: t('cancel'),
          onOk: () => run(() => taskAction('cancel', row.id)),
        });
      }
      const call: TaskAction = action === 'resume' ? 'start' : action;
      return run(() => taskAction(call, row.id));
    },
    [navigate, basePath, confirmDelete, modal, t, run],
  );

  const columns = useMemo<FleetColumn<TaskRow>[]>(
    () => [
      {
        key: 'taskName',
        title: t('taskName'),
        dataIndex: 'taskName',
        render: (value: string, row: TaskRow) => (
          <Typography.Link onClick={() => navigate(`${basePath}/taskResult?id=${row.id}`)}>
            {value}
          </Typography.Link>
        ),
      },
      {
        key: 'type',
        title: t('type'),
        dataIndex: 'type',
        render: (value: number) => typeText(value, language),
      },
      {
        key: 'timeType',
        title: t('timeType'),
        dataIndex: 'timeType',
        render: (value: 1 | 2 | 3) => t(value === 1 ? 'immediate' : value === 2 ? 'scheduled' : 'repeating'),
      },
      {
        key: 'beginTime',
        title: t('beginTime'),
        dataIndex: 'beginTime',
        render: (value: number) => formatDateTime(value, zoneOffset),
      },
      {
        key: 'endTime',
        title: t('endTime'),
        dataIndex: 'endTime',
        render: (value: number | null) => formatDateTime(value, zoneOffset),
      },
      {
        key: 'state',
        title: t('state'),
        dataIndex: 'state',
        render: (value: TaskState) => <StateTag state={value} language={language} />,
      },
      {
        key: 'progress',
        title: t('progress'),
        render: (_: unknown, row: TaskRow) => (
          <span data-testid="task-progress">
            {t('progressText', {
              success: row.success,
              failed: row.failed,
              ongoing: row.ongoing,
              total: row.total,
            })}
          </span>
        ),
      },
      {
        key: 'createTime',
        title: t('created'),
        dataIndex: 'createTime',
        render: (value: string) => formatDateTime(value, zoneOffset),
      },
      {
        key: 'actions',
        title: t('actions'),
        fixed: 'right',
        render: (_: unknown, row: TaskRow) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => navigate(`${basePath}/taskResult?id=${row.id}`)}>
              {t('results')}
            </Button>
            {rowActions(row.state, (button) => hasButton(POWER, button)).map((action) => (
              <Button
                key={action}
                type="link"
                size="small"
                danger={action === 'delete' || action === 'cancel'}
                onClick={() => onAction(action, row)}
              >
                {t(action === 'cancel' ? 'cancelTask' : action)}
              </Button>
            ))}
          </Space>
        ),
      },
    ],
    [t, language, zoneOffset, hasButton, navigate, basePath, onAction],
  );

  return (
    <div data-testid="task-list">
      {messageHolder}
      {modalHolder}
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('keywords')}
          style={{ width: 240 }}
          onSearch={(value) => setFilters((f) => ({ ...f, keywords: value.trim() || undefined }))}
          data-testid="task-keywords"
        />
        <Select<TaskState>
          allowClear
          placeholder={t('allStates')}
          style={{ width: 160 }}
          options={STATES.map((state) => ({ value: state, label: t(`state${state}` as TaskTextKey) }))}
          onChange={(state) => setFilters((f) => ({ ...f, state }))}
          data-testid="task-state-filter"
        />
        <Select<number>
          allowClear
          placeholder={t('allTypes')}
          style={{ width: 200 }}
          options={TYPES.map((type) => ({ value: type, label: typeText(type, language) }))}
          onChange={(type) => setFilters((f) => ({ ...f, type }))}
          data-testid="task-type-filter"
        />
      </Space>
      <FleetTable<TaskRow>
        tableId="tasks"
        actionRef={table}
        columns={columns}
        request={request}
        params={{ ...filters }}
        rowKey="id"
        rowSelection={
          hasButton(POWER, 'delete')
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys.map(Number)),
                getCheckboxProps: (row: TaskRow) => ({ disabled: row.state === 1 }),
              }
            : undefined
        }
        toolbar={
          <>
            {hasButton(POWER, 'add') ? (
              <Button type="primary" onClick={() => navigate(`${basePath}/addTask`)} data-testid="task-add">
                {t('add')}
              </Button>
            ) : null}
            {hasButton(POWER, 'delete') ? (
              <Button danger disabled={selected.length === 0} onClick={() => confirmDelete(selected)}>
                {t('delete')}
              </Button>
            ) : null}
          </>
        }
      />
    </div>
  );
}
