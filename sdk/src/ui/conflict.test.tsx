// @vitest-environment happy-dom
import type { BindingConflict } from '@phonefleet/sdk';
import { cleanup, renderInConsole, type StubReply, stubApi, waitFor } from '@phonefleet/sdk/testing/ui';
import {
  ApiError,
  apiRequest,
  conflictsOf,
  duplicateBindingQuestion,
  ErrorCode,
  useConflictRetry,
  useLanguage,
} from '@phonefleet/sdk/ui';
import { message } from 'antd';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const conflicts: BindingConflict[] = Array.from({ length: 12 }, (_, index) => ({
  accountId: index + 1,
  userName: `user${index + 1}`,
  macAddress: '00:15:65:00:00:07',
  line: index + 1,
}));
const refusedAsBound: StubReply = {
  code: ErrorCode.conflict,
  message: 'The account is already bound to another device. Bind it here instead?',
  messageExt: JSON.stringify(conflicts),
};

/** A throwaway screen: one button that binds through the kit's conflict flow. */
function BindButton({ onDone }: { onDone(done: boolean): void }) {
  const conflictRetry = useConflictRetry(duplicateBindingQuestion(useLanguage()));
  const bind = (force: boolean) =>
    apiRequest('POST', '/thing/bind', { body: force ? { force } : {}, silent: true });
  return (
    <>
      {conflictRetry.holder}
      <button type="button" onClick={() => void conflictRetry.run(bind).then(onDone)}>
        Bind
      </button>
    </>
  );
}

async function bindWith(answers: StubReply[]) {
  const api = stubApi({ '/thing/bind': () => answers.shift() ?? [] });
  const onDone = vi.fn();
  await renderInConsole(<BindButton onDone={onDone} />, { buttons: {}, path: '/' });
  await act(async () => document.querySelector('button')?.click());
  return { onDone, sent: () => api.bodies('/thing/bind') };
}

const okButton = () =>
  [...document.querySelectorAll<HTMLButtonElement>('.ant-modal-confirm button')].find(
    (button) => button.textContent === 'OK',
  );

describe('a call refused because of conflicts', () => {
  afterEach(async () => {
    await cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('names the first ten, counts the rest, and on OK sends the call again with force', async () => {
    const { onDone, sent } = await bindWith([refusedAsBound, []]);
    await waitFor(() => expect(okButton()).toBeDefined());
    const lines = [...document.querySelectorAll('[data-testid=binding-conflict] p')].map(
      (p) => p.textContent,
    );
    expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('Duplicate account binding');
    expect(lines).toHaveLength(12);
    expect(lines[0]).toBe('user1 is bound to 00:15:65:00:00:07 line 1.');
    expect(lines.slice(10)).toEqual(['… and 2 more.', 'Bind it here instead?']);
    await act(async () => okButton()?.click());
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(sent()).toEqual([{}, { force: true }]);
  });

  it('shows any other refusal as the server words it, without asking', async () => {
    const shown = vi.spyOn(message, 'error').mockImplementation(() => (() => undefined) as never);
    const { onDone, sent } = await bindWith([{ code: ErrorCode.invalidInput, message: 'Line out of range' }]);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(false));
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ content: 'Line out of range' }));
    expect(document.querySelector('[data-testid=binding-conflict]')).toBeNull();
    expect(sent()).toHaveLength(1);
  });

  it('reads conflicts only from a conflict refusal carrying a JSON list', () => {
    expect(conflictsOf(new ApiError(ErrorCode.conflict, 'x', '[{"line":1}]'))).toEqual([{ line: 1 }]);
    expect(conflictsOf(new ApiError(ErrorCode.conflict, 'x', 'not json'))).toBeNull();
    expect(conflictsOf(new ApiError(ErrorCode.invalidInput, 'x', '[]'))).toBeNull();
    expect(conflictsOf(new Error('x'))).toBeNull();
  });
});
