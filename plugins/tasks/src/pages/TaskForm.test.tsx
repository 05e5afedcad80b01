// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderInConsole, stubApi, waitFor } from '../testing/render.js';
import { TaskForm } from './TaskForm.js';

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

describe('the task form', () => {
  it('offers the types a person schedules, not firmware upgrades or resource pushes', async () => {
    stubApi({});
    await renderInConsole(<TaskForm basePath="/task" mode="add" />, ['add'], '/task/addTask');
    const select = document.querySelector('[data-testid="task-type"]')?.closest('.ant-select');
    await act(async () => {
      select
        ?.querySelector('.ant-select-selector')
        ?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    let offered: (string | null)[] = [];
    await waitFor(() => {
      offered = [...document.querySelectorAll('.ant-select-item-option')].map((option) =>
        option.getAttribute('title'),
      );
      expect(offered.length).toBeGreaterThan(0);
    });
    expect(offered).toEqual([
      'Reboot',
      'Factory reset',
      'Model configuration',
      'Group configuration',
      'Site configuration',
      'Global configuration',
      'Device configuration',
    ]);
  });
});
