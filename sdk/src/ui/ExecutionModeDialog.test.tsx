// @vitest-environment happy-dom
import { byTestId, cleanup, click, renderInConsole } from '@phonefleet/sdk/testing/ui';
import { type ExecutionMode, ExecutionModeDialog, executionPayload } from '@phonefleet/sdk/ui';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(async () => {
  await cleanup();
});

const WINDOW = 86_399_000;

describe('the execution-mode dialog', () => {
  it('answers immediate with a one-day window, and asks for a scheduled time (model, group, site pushes)', async () => {
    const onOk = vi.fn<(mode: ExecutionMode) => void>();
    await renderInConsole(
      <ExecutionModeDialog open language="en-US" onOk={onOk} onCancel={() => undefined} />,
      {
        buttons: {},
        path: '/',
      },
    );
    expect(document.body.textContent).toContain('Task execution mode');
    expect(document.getElementById('execution-task-name')).toBeNull();
    await click(byTestId('execution-ok'));
    const mode = onOk.mock.calls[0]?.[0];
    expect(mode?.type).toBe(1);
    expect((mode?.endTime ?? 0) - (mode?.beginTime ?? 0)).toBe(WINDOW);

    await click(document.querySelector('[data-testid="execution-type"] input[value="2"]'));
    expect(byTestId('execution-time')?.querySelector('input')?.value).toBe('');
    await click(byTestId('execution-ok'));
    expect(byTestId('execution-time-error')?.textContent).toBe('Please select the task time');
    expect(onOk).toHaveBeenCalledTimes(1);
  });

  it('sends no times for an immediate task, the window for a scheduled one', () => {
    expect(executionPayload({ type: 1, beginTime: 5, endTime: 5 + WINDOW })).toEqual({ type: 1 });
    expect(executionPayload({ type: 2, beginTime: 5, endTime: 5 + WINDOW, name: 'Night' })).toEqual({
      type: 2,
      name: 'Night',
      beginTime: 5,
      endTime: 5 + WINDOW,
    });
  });
});
