import type { FleetTablePage, FleetTableQuery } from '@phonefleet/sdk/ui';
import { Progress } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { searchTasks, type TaskFilters, type TaskRow } from '../api.js';

/** How often the list asks again while a shown task is ongoing (until a live channel exists). */
export const TASK_POLL_MS = 2000;

function ongoing(rows: readonly TaskRow[]): boolean {
  return rows.some((row) => row.state === 1);
}

export interface LiveTasks {
  /** The table's request: remembers the query and whether an ongoing task is shown. */
  request(query: FleetTableQuery, filters: TaskFilters): Promise<FleetTablePage<TaskRow>>;
  /** A row as last polled (its state and counts), else as the table loaded it. */
  current(row: TaskRow): TaskRow;
  polling: boolean;
  /** Reloads the whole table once no shown task is ongoing any more (row actions, selection). */
  onSettled: { current: (() => void) | null };
}

/**
 * Task counts that move while a task runs: while any shown task is ongoing, the same page is asked
 * again every 2 s, quietly (no spinner, no error toast), and its rows' states and counts replace
 * the shown ones; once none is ongoing the polling stops and the table reloads once.
 */
export function useLiveTasks(): LiveTasks {
  const [live, setLive] = useState<ReadonlyMap<number, TaskRow>>(new Map());
  const [polling, setPolling] = useState(false);
  const last = useRef<{ query: FleetTableQuery; filters: TaskFilters } | null>(null);
  const onSettled = useRef<(() => void) | null>(null);

  const request = useCallback(async (query: FleetTableQuery, filters: TaskFilters) => {
    last.current = { query, filters };
    const page = await searchTasks(query, filters);
    setLive(new Map());
    setPolling(ongoing(page.rows));
    return page;
  }, []);

  useEffect(() => {
    if (!polling) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      const asked = last.current;
      if (asked) {
        try {
          const page = await searchTasks(asked.query, asked.filters, true);
          if (stopped) return;
          setLive(new Map(page.rows.map((row) => [row.id, row])));
          if (!ongoing(page.rows)) {
            setPolling(false);
            onSettled.current?.();
            return;
          }
        } catch {
          // a failed poll is tried again at the next tick
        }
      }
      if (!stopped) timer = setTimeout(poll, TASK_POLL_MS);
    };
    timer = setTimeout(poll, TASK_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [polling]);

  const current = useCallback((row: TaskRow) => live.get(row.id) ?? row, [live]);
  return { request, current, polling, onSettled };
}

/** The run's progress: a bar (green success, red failed, the rest still open) and the counts. */
export function TaskProgress({ row, text }: { row: TaskRow; text: string }) {
  const share = (count: number) => (row.total ? Math.round((count / row.total) * 100) : 0);
  return (
    <div style={{ minWidth: 150 }} data-testid="task-progress-cell" data-success={row.success}>
      <Progress
        percent={share(row.success + row.failed)}
        success={{ percent: share(row.success) }}
        status={row.failed > 0 ? 'exception' : row.state === 1 ? 'active' : 'normal'}
        showInfo={false}
        size="small"
        aria-label={text}
      />
      <span data-testid="task-progress" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {text}
      </span>
    </div>
  );
}
