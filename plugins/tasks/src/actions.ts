import type { TaskState } from './api.js';

/** A row action of the task list and the permission button that grants it (cancel goes with pause). */
export type RowAction = 'start' | 'resume' | 'pause' | 'cancel' | 'runAgain' | 'edit' | 'delete';

export const actionButton: Record<RowAction, string> = {
  start: 'start',
  resume: 'start',
  pause: 'pause',
  cancel: 'pause',
  runAgain: 'runAgain',
  edit: 'edit',
  delete: 'delete',
};

/** What each state allows (docs/tasks.md transitions); an ongoing task is paused or cancelled before deleting. */
const byState: Record<TaskState, RowAction[]> = {
  0: ['start', 'pause', 'cancel', 'edit', 'delete'],
  1: ['pause', 'cancel'],
  5: ['resume', 'cancel', 'edit', 'delete'],
  4: ['runAgain', 'delete'],
  7: ['runAgain', 'delete'],
};

/** The actions shown on a row: allowed in its state and granted by the session's buttons. */
export function rowActions(state: TaskState, granted: (button: string) => boolean): RowAction[] {
  return (byState[state] ?? []).filter((action) => granted(actionButton[action]));
}

/** Device results that can still change: scheduled, ongoing, paused. */
const OPEN_RESULTS = ['0', '1', '5'];

/**
 * Whether the results view keeps polling: while the task is not cancelled or finished. A run whose
 * devices all ended is checked against the task once more (a repeating task goes on to its next run).
 */
export function keepsPolling(state: TaskState): boolean {
  return state !== 4 && state !== 7;
}

export function runIsOpen(summary: Record<string, number>): boolean {
  return OPEN_RESULTS.some((result) => (summary[result] ?? 0) > 0);
}
