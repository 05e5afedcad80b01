// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TaskRow } from '../api.js';
import { cleanup, renderInConsole, stubApi, waitFor } from '../testing/render.js';
import { TaskList } from './TaskList.js';

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const task = (id: number, state: TaskRow['state'], extra: Partial<TaskRow> = {}): TaskRow => ({
  id,
  taskName: `Task ${id}`,
  type: 1,
  timeType: 2,
  beginTime: Date.UTC(2026, 0, 2, 3, 4),
  endTime: Date.UTC(2026, 0, 3, 3, 3, 59),
  state,
  createTime: '2026-01-01T00:00:00.000Z',
  total: 3,
  success: 1,
  failed: 1,
  ongoing: 1,
  ...extra,
});

const rows = (container: HTMLElement) => [...container.querySelectorAll('tbody tr.ant-table-row')];
const buttons = (row: Element | undefined) =>
  [...(row?.querySelectorAll('button') ?? [])].map((b) => b.textContent);

describe('TaskList', () => {
  it('shows type, mode, times, state and progress, with the actions each state and button allow', async () => {
    const { calls } = stubApi({
      '/task/search': () => [
        { list: [task(1, 0), task(2, 1, { type: 4, timeType: 1 }), task(3, 7)], total: 3 },
      ],
    });
    const container = await renderInConsole(<TaskList basePath="/task" />, ['start', 'pause', 'runAgain']);
    await waitFor(() => expect(rows(container)).toHaveLength(3));
    expect(calls.find((call) => call.path === '/task/search')?.body).toEqual({
      currentPage: 1,
      pageSize: 10,
    });
    const first = rows(container)[0]?.textContent ?? '';
    for (const text of [
      'Reboot',
      'Scheduled',
      '2026/01/02 03:04',
      '2026/01/03 03:03',
      '1 success · 1 failed · 1 ongoing / 3',
    ])
      expect(first).toContain(text);
    expect(rows(container)[1]?.textContent).toContain('Model configuration');
    expect(rows(container)[1]?.textContent).toContain('Immediate');
    // no edit or delete button in the session: not offered
    expect(buttons(rows(container)[0])).toEqual(['Results', 'Start', 'Pause', 'Cancel task']);
    expect(buttons(rows(container)[1])).toEqual(['Results', 'Pause', 'Cancel task']);
    expect(buttons(rows(container)[2])).toEqual(['Results', 'Run again']);
    expect(container.textContent).not.toContain('Add');
  });

  it('starts a scheduled task and reloads the list', async () => {
    let state: TaskRow['state'] = 0;
    const { calls } = stubApi({
      '/task/search': () => [{ list: [task(7, state)], total: 1 }],
      '/task/start': () => {
        state = 1;
        return [];
      },
    });
    const container = await renderInConsole(<TaskList basePath="/task" />, ['start', 'edit', 'delete']);
    await waitFor(() => expect(rows(container)).toHaveLength(1));
    expect(buttons(rows(container)[0])).toEqual(['Results', 'Start', 'Edit', 'Delete']);
    const start = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Start');
    await act(async () => start?.click());
    await waitFor(() => expect(calls.find((call) => call.path === '/task/start')?.body).toEqual({ id: 7 }));
    await waitFor(() => expect(rows(container)[0]?.textContent).toContain('Ongoing'));
  });
});

describe('tasks made elsewhere', () => {
  it('names firmware upgrades and resource pushes, made from the firmware and resource lists', async () => {
    stubApi({
      '/task/search': () => [
        { list: [task(1, 7, { type: 3, timeType: 1 }), task(2, 7, { type: 9, timeType: 1 })], total: 2 },
      ],
    });
    const container = await renderInConsole(<TaskList basePath="/task" />, []);
    await waitFor(() => expect(rows(container)).toHaveLength(2));
    expect(rows(container)[0]?.textContent).toContain('Firmware upgrade');
    expect(rows(container)[1]?.textContent).toContain('Ringtone push');
  });
});
