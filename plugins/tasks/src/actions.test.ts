import { describe, expect, it } from 'vitest';
import { keepsPolling, rowActions, runIsOpen } from './actions.js';

const all = () => true;

describe('rowActions', () => {
  it('offers what each state allows (docs/tasks.md)', () => {
    expect(rowActions(0, all)).toEqual(['start', 'pause', 'cancel', 'edit', 'delete']);
    expect(rowActions(1, all)).toEqual(['pause', 'cancel']);
    expect(rowActions(5, all)).toEqual(['resume', 'cancel', 'edit', 'delete']);
    expect(rowActions(4, all)).toEqual(['runAgain', 'delete']);
    expect(rowActions(7, all)).toEqual(['runAgain', 'delete']);
  });

  it('hides actions whose button the session lacks; cancel goes with pause', () => {
    expect(rowActions(0, (button) => button === 'pause')).toEqual(['pause', 'cancel']);
    expect(rowActions(5, (button) => button === 'start')).toEqual(['resume']);
    expect(rowActions(7, () => false)).toEqual([]);
  });
});

describe('polling', () => {
  it('goes on while devices can change or the task is not over', () => {
    expect(runIsOpen({ '0': 0, '1': 1, '2': 2 })).toBe(true);
    expect(runIsOpen({ '2': 2, '3': 1, '6': 1 })).toBe(false);
    expect(runIsOpen({ '5': 3 })).toBe(true);
    expect(keepsPolling(1)).toBe(true);
    expect(keepsPolling(0)).toBe(true);
    expect(keepsPolling(7)).toBe(false);
    expect(keepsPolling(4)).toBe(false);
  });
});
