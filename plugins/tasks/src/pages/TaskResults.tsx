import {
  EMPTY_CELL,
  formatDateTime,
  kitText,
  PAGE_SIZES,
  taskResultName,
  taskTypeName,
  useSession,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Badge, Button, Card, Descriptions, Radio, Result, Space, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { keepsPolling, runIsOpen } from '../actions.js';
import {
  fetchResults,
  fetchTask,
  type ResultRow,
  type TaskResults as Results,
  type TaskDetail,
} from '../api.js';
import { ResultTag, StateTag } from '../components/tags.js';
import { taskText } from '../texts.js';

/** Spec-less choice (docs/tasks-ui.md): the results refresh every 2 s while the task can still change. */
export const POLL_MS = 2000;
const RESULTS = [2, 3, 6, 1, 0, 5, 4, 7];

const cell = (value: ReactNode) =>
  value === '' || value === null || value === undefined ? EMPTY_CELL : value;

/**
 * A task's details and the per-device results of its current run (/task/taskResult?id=), filtered
 * by result, polled every 2 s until the task is cancelled or finished or the page is left.
 */
export function TaskResults({ basePath }: { basePath: string }) {
  const { language, zoneOffset } = useSession();
  const t = useTexts(taskText);
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const id = Number(query.get('id')) || 0;
  const [task, setTask] = useState<TaskDetail | null | undefined>();
  const [results, setResults] = useState<Results | null>(null);
  const [filter, setFilter] = useState<number | undefined>();
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const [polling, setPolling] = useState(true);

  useEffect(() => {
    let current = true;
    fetchTask(id, true)
      .then((found) => {
        if (current) setTask(found);
      })
      .catch(() => {
        if (current) setTask(null);
      });
    return () => {
      current = false;
    };
  }, [id]);

  const ready = Boolean(task);
  useEffect(() => {
    if (!ready) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async (first: boolean) => {
      let again = true;
      try {
        const body = {
          id,
          currentPage: page.current,
          pageSize: page.pageSize,
          ...(filter === undefined ? {} : { result: filter }),
        };
        // Polls are silent: one that fails is simply tried again.
        const answer = await fetchResults(body, !first);
        if (stopped) return;
        if (answer.list.length === 0 && page.current > 1) {
          // The page emptied (spec §4): back to page 1, which restarts the loop.
          setPage((p) => ({ ...p, current: 1 }));
          return;
        }
        setResults(answer);
        if (!runIsOpen(answer.summary)) {
          // Every device of the run has ended: is the task over, or on to its next run?
          const latest = await fetchTask(id, true);
          if (stopped) return;
          setTask(latest);
          again = keepsPolling(latest.state);
        }
      } catch {
        // tried again at the next tick
      }
      if (stopped) return;
      setPolling(again);
      if (again) timer = setTimeout(() => void tick(false), POLL_MS);
    };
    void tick(true);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id, page, filter, ready]);

  const columns = useMemo<ColumnsType<ResultRow>>(
    () => [
      { key: 'macAddress', title: t('macAddress'), dataIndex: 'macAddress' },
      { key: 'deviceName', title: t('deviceName'), dataIndex: 'deviceName', render: cell },
      {
        key: 'result',
        title: t('result'),
        dataIndex: 'result',
        render: (value: number) => <ResultTag result={value} language={language} />,
      },
      { key: 'message', title: t('message'), dataIndex: 'message', render: cell },
      {
        key: 'finishedTime',
        title: t('finishedTime'),
        dataIndex: 'finishedTime',
        render: (value: string | null) => cell(formatDateTime(value, zoneOffset)),
      },
    ],
    [t, language, zoneOffset],
  );

  if (task === undefined) return <Spin style={{ display: 'block', padding: 64 }} />;
  const back = <Button onClick={() => navigate(basePath)}>{t('back')}</Button>;
  if (task === null) return <Result status="warning" title={t('notFound')} extra={back} />;

  const summary = results?.summary ?? {};
  const all = Object.values(summary).reduce((sum, count) => sum + count, 0);
  const timeType = task.timeType === 1 ? 'immediate' : task.timeType === 2 ? 'scheduled' : 'repeating';
  return (
    <div data-testid="task-results" data-polling={polling ? 'yes' : 'no'}>
      <Card style={{ marginBottom: 16 }}>
        <Space style={{ marginBottom: 12 }} wrap>
          {back}
          <Typography.Title level={4} style={{ margin: 0 }}>
            {task.taskName || taskTypeName(task.type, language)}
          </Typography.Title>
          <StateTag state={task.state} language={language} />
          {polling ? <Badge status="processing" text={t('live')} /> : null}
        </Space>
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t('type')}>{taskTypeName(task.type, language)}</Descriptions.Item>
          <Descriptions.Item label={t('timeType')}>{t(timeType)}</Descriptions.Item>
          <Descriptions.Item label={t('results')}>
            {t('run', { run: results?.run ?? task.run })}
          </Descriptions.Item>
          <Descriptions.Item label={t('beginTime')}>
            {cell(formatDateTime(task.beginTime, zoneOffset))}
          </Descriptions.Item>
          <Descriptions.Item label={t('endTime')}>
            {cell(formatDateTime(task.endTime, zoneOffset))}
          </Descriptions.Item>
          <Descriptions.Item label={t('nextRun')}>
            {cell(formatDateTime(task.nextRunTime, zoneOffset))}
          </Descriptions.Item>
          <Descriptions.Item label={t('created')}>
            {cell(formatDateTime(task.createTime, zoneOffset))}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card>
        <Radio.Group
          optionType="button"
          value={filter ?? 'all'}
          onChange={(event) => {
            const value = event.target.value as number | 'all';
            setFilter(value === 'all' ? undefined : value);
            setPage((p) => ({ ...p, current: 1 }));
          }}
          style={{ marginBottom: 12 }}
          data-testid="result-filter"
        >
          <Radio.Button value="all">
            <span data-testid="result-count-all">
              {t('allResults')} {all}
            </span>
          </Radio.Button>
          {RESULTS.map((result) => (
            <Radio.Button key={result} value={result}>
              <span data-testid={`result-count-${result}`}>
                {taskResultName(result, language)} {summary[String(result)] ?? 0}
              </span>
            </Radio.Button>
          ))}
        </Radio.Group>
        <Table<ResultRow>
          rowKey="deviceId"
          columns={columns}
          dataSource={results?.list ?? []}
          loading={results === null}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page.current,
            pageSize: page.pageSize,
            total: results?.total ?? 0,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            showQuickJumper: true,
            showTotal: (count) => kitText('total', language, { total: count }),
            onChange: (current, pageSize) =>
              setPage((p) => ({ current: pageSize !== p.pageSize ? 1 : current, pageSize })),
          }}
        />
      </Card>
    </div>
  );
}
