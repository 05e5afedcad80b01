// @vitest-environment happy-dom
import type { BindingConflict } from '@phonefleet/sdk';
import { message } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  accountRow,
  buttonNamed,
  cleanup,
  click,
  renderInConsole,
  type StubReply,
  stubApi,
  waitFor,
} from '../testing/helpers.js';
import { BindAccountDialog } from './BindAccountDialog.js';

const account = accountRow({ displayName: '', userName: 'alice', model: '', status: 1 });
const device = {
  id: 40,
  macAddress: '00:15:65:00:00:40',
  deviceName: 'Desk',
  deviceModel: 'H2P',
  siteName: 'Lobby',
};
const conflict: BindingConflict[] = [
  { accountId: 21, userName: 'alice', macAddress: '00:15:65:00:00:07', line: 2 },
];
const refusedAsBound: StubReply = {
  code: 40900,
  message: 'The account is already bound to another device. Bind it here instead?',
  messageExt: JSON.stringify(conflict),
};

/** Opens the dialog for the account with the given answers to `/device/accountAssignOne`. */
async function open(assignReplies: StubReply[]) {
  const answers = [...assignReplies];
  const api = stubApi({
    '/tb-site-template/siteSelect': () => [{ id: 3, siteName: 'Lobby', parentId: null }],
    '/device/search': () => [{ list: [device], total: 1 }],
    '/device/accountAssignOne': () => answers.shift() ?? [],
  });
  const onBound = vi.fn();
  await renderInConsole(<BindAccountDialog account={account} onClose={() => undefined} onBound={onBound} />, {
    buttons: { sipAccount: ['assign'] },
    path: '/sipAccount',
  });
  await waitFor(() => expect(document.body.textContent).toContain(device.macAddress));
  await click(document.querySelector('[data-testid=bind-devices] tbody .ant-checkbox-input'));
  const assigns = () => api.bodies('/device/accountAssignOne');
  return { onBound, assigns };
}

const question = () => document.querySelector('[data-testid=binding-conflict]')?.textContent ?? '';

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('binding an account to a device line', () => {
  it('asks the duplicate-binding question when the account is bound elsewhere, then moves it', async () => {
    const { onBound, assigns } = await open([refusedAsBound, []]);
    await click(buttonNamed('Bind'));
    await waitFor(() =>
      expect(question()).toBe('alice is bound to 00:15:65:00:00:07 line 2.Bind it here instead?'),
    );
    expect(assigns()).toEqual([{ deviceId: 40, line: 1, accountId: 21 }]);
    await click(buttonNamed('OK'));
    await waitFor(() => expect(onBound).toHaveBeenCalledTimes(1));
    expect(assigns()).toEqual([
      { deviceId: 40, line: 1, accountId: 21 },
      { deviceId: 40, line: 1, accountId: 21, force: true },
    ]);
  });

  it('leaves the binding as it is when the question is declined', async () => {
    const { onBound, assigns } = await open([refusedAsBound]);
    await click(buttonNamed('Bind'));
    await waitFor(() => expect(question()).toContain('Bind it here instead?'));
    const [cancel] = [...document.querySelectorAll('.ant-modal-confirm .ant-btn')].filter(
      (button) => button.textContent === 'Cancel',
    );
    await click(cancel);
    expect(assigns()).toHaveLength(1);
    expect(onBound).not.toHaveBeenCalled();
    expect(document.querySelector('[data-testid=bind-dialog]')).not.toBeNull();
  });

  it('shows any other refusal as the server says it, without asking', async () => {
    const shown = vi.spyOn(message, 'error').mockImplementation(() => (() => undefined) as never);
    const { onBound, assigns } = await open([
      { code: 40000, message: 'The line number exceeds the SIP accounts this model supports' },
    ]);
    await click(buttonNamed('Bind'));
    await waitFor(() =>
      expect(shown).toHaveBeenCalledWith(
        expect.objectContaining({ content: 'The line number exceeds the SIP accounts this model supports' }),
      ),
    );
    expect(question()).toBe('');
    expect(assigns()).toHaveLength(1);
    expect(onBound).not.toHaveBeenCalled();
  });
});
