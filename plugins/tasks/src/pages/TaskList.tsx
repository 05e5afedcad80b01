import {
  deleteAction,
  type FleetColumn,
  formatDateTime,
  ListPage,
  type RowAction,
  TASK_NOTICE_SECONDS,
  taskTypeName,
  useSession,
  useTexts,
} from '@phonefleet/sdk/ui';
import { message, Select, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { actionButton, rowActions } from '../actions.js';
import { removeTasks, type TaskFilters, type TaskRow, type TaskState, taskAction } from '../api.js';
import { TaskProgress, useLiveTasks } from '../components/live-progress.js';
import { StateTag } from '../components/tags.js';
import { type TaskTextKey, taskText } from '../texts.js';

export const POWER = 'task';
const STATES: TaskState[] = [0, 1, 5, 4, 7];
/** Every type a task may have: 3 and 8–13 come from the firmware and resource lists. */
const TYPES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14];

/** What the form hands to the list after saving (shown once). */
export interface ListNotice {
  notice: 'created' | 'saved';
}

/**
 * The task list (/task): search by name, state and type; the current run's progress; per row the
 * actions its state allows and the session's buttons grant; the server's messages shown as they come.
 */
export function TaskList({ basePath }: { basePath: string }) {
  const { language, zoneOffset } = useSession();
  const t = useTexts(taskText);
  const navigate = useNavigate();
  const location = useLocation();
  const [messages, messageHolder] = message.useMessage();

  // Spec §9: the task-created message stays 6 s.
  const notice = (location.state as ListNotice | null)?.notice;
  useEffect(() => {
    if (!notice) return;
    void messages.success({
      content: t(notice === 'created' ? 'taskCreated' : 'taskSaved'),
      duration: TASK_NOTICE_SECONDS,
      key: 'pf-task-notice',
    });
    navigate('.', { replace: true, state: null });
  }, [notice, messages, t, navigate]);

  const live = useLiveTasks();
  const openResults = (row: TaskRow) => navigate(`${basePath}/taskResult?id=${row.id}`);
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
      // State and progress come right after the name: seen at 1366 px without scrolling.
      {
        key: 'state',
        title: t('state'),
        dataIndex: 'state',
        render: (_: unknown, row: TaskRow) => (
          <StateTag state={live.current(row).state} language={language} />
        ),
      },
      {
        key: 'progress',
        title: t('progress'),
        render: (_: unknown, shown: TaskRow) => {
          const row = live.current(shown);
          const text = t('progressText', {
            success: row.success,
            failed: row.failed,
            ongoing: row.ongoing,
            total: row.total,
          });
          return <TaskProgress row={row} text={text} />;
        },
      },
      {
        key: 'type',
        title: t('type'),
        dataIndex: 'type',
        render: (value: number) => taskTypeName(value, language),
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
        key: 'createTime',
        title: t('created'),
        dataIndex: 'createTime',
        render: (value: string) => formatDateTime(value, zoneOffset),
      },
    ],
    [t, language, zoneOffset, navigate, basePath, live.current],
  );

  const remove = deleteAction({
    run: removeTasks,
    confirm: { title: t('deleteTitle'), content: (count) => t('deleteContent', { count }) },
  });
  const actionsOf = (shown: TaskRow): RowAction<TaskRow, TaskFilters>[] => {
    const row = live.current(shown);
    return [
      { key: 'results', label: t('results'), onClick: openResults },
      // The kit checks the buttons: every action the state allows is offered to it.
      ...rowActions(row.state, () => true).map((action): RowAction<TaskRow, TaskFilters> => {
        const button = actionButton[action];
        if (action === 'delete') return remove;
        if (action === 'edit')
          return { key: action, button, onClick: () => navigate(`${basePath}/editTask?id=${row.id}`) };
        if (action === 'runAgain')
          return {
            key: action,
            label: t('runAgain'),
            button,
            onClick: () => navigate(`${basePath}/runAgainTask?id=${row.id}`),
          };
        if (action === 'cancel')
          return {
            key: action,
            label: t('cancelTask'),
            button,
            danger: true,
            confirm: {
              title: t('cancelTitle'),
              content: () => t('cancelContent', { name: row.taskName }),
              okText: t('ok'),
            },
            run: () => taskAction('cancel', row.id),
          };
        return {
          key: action,
          label: t(action),
          button,
          run: () => taskAction(action === 'resume' ? 'start' : action, row.id),
        };
      }),
    ];
  };

  return (
    <div data-testid="task-live" data-polling={live.polling ? 'yes' : 'no'}>
      <ListPage<TaskRow, TaskFilters>
        power={POWER}
        tableId="tasks"
        testId="task-list"
        title={t('title')}
        columns={columns}
        request={live.request}
        keywords={{ placeholder: t('keywords'), testId: 'task-keywords' }}
        moreFilters={(set) => (
          <>
            <Select<TaskState>
              allowClear
              placeholder={t('allStates')}
              style={{ width: 160 }}
              options={STATES.map((state) => ({ value: state, label: t(`state${state}` as TaskTextKey) }))}
              onChange={(state) => set({ state })}
              data-testid="task-state-filter"
            />
            <Select<number>
              allowClear
              placeholder={t('allTypes')}
              style={{ width: 200 }}
              options={TYPES.map((type) => ({ value: type, label: taskTypeName(type, language) }))}
              onChange={(type) => set({ type })}
              data-testid="task-type-filter"
            />
          </>
        )}
        toolbar={[
          {
            key: 'add',
            button: 'add',
            primary: true,
            testId: 'task-add',
            onClick: () => navigate(`${basePath}/addTask`),
          },
          remove,
        ]}
        rowActions={actionsOf}
        selectable={(row) => live.current(row).state !== 1}
      >
        {(list) => {
          live.onSettled.current = list.reload;
          return messageHolder;
        }}
      </ListPage>
    </div>
  );
}
