// @vitest-environment happy-dom
import { buildAccountTree, defaultConfig, toPayload } from '@phonefleet/sdk/catalogue';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  accountRow,
  buttonNamed,
  cleanup,
  click,
  renderInConsole,
  stubApi,
  waitFor,
} from '../testing/helpers.js';
import { AccountParamPage } from './AccountParamPage.js';

const tree = buildAccountTree();
const bound = accountRow({
  binding: {
    deviceId: 40,
    macAddress: '00:15:65:00:00:40',
    deviceName: 'Desk',
    line: 2,
    status: 1,
    failure: null,
    reportedAt: null,
  },
});

/**
 * Opens `/sipAccount/setParam?id=21` for the account, as a role holding the sipAccount edit button
 * and (unless `canPush` is false) the device list's setParam button.
 */
async function open(account = bound, canPush = true) {
  const api = stubApi({
    '/tb-sip-account/query': () => [account],
    '/tb-config/dynamicParameterJs': () => [tree],
    '/tb-config/getParam': () => [
      toPayload(defaultConfig(tree), { relationId: account.id, relationName: 'account' }),
    ],
    '/tb-config/configPushRecord': () => [{ configPush: false }],
    '/device/deviceConfigUpdate': () => [{ taskId: 7 }],
  });
  await renderInConsole(<AccountParamPage />, {
    buttons: { sipAccount: ['edit'], ...(canPush ? { deviceManagement: ['setParam'] } : {}) },
    path: `/sipAccount/setParam?id=${account.id}`,
  });
  await waitFor(() => expect(document.querySelector('[data-testid^="param-account."]')).not.toBeNull());
  // A save needs something to push ("No data" otherwise).
  await click(buttonNamed('Select all'));
  await waitFor(() =>
    expect(document.querySelector('[data-testid=parameter-editor]')?.getAttribute('data-dirty')).toBe('true'),
  );
  return api;
}

const tabs = () =>
  [...document.querySelectorAll('[data-testid^="tab-"]')].map((tab) => tab.getAttribute('data-testid'));

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

describe('a SIP account’s own parameters', () => {
  it('shows only the Account tab and saves it as relation account', async () => {
    const api = await open();
    expect(tabs()).toEqual(['tab-account']);
    expect(document.body.textContent).toContain('Parameters of SIP account Reception');
    expect(api.bodies('/tb-config/dynamicParameterJs')).toEqual([{ model: 'account' }]);
    await click(buttonNamed('Save only'));
    await waitFor(() => expect(api.bodies('/tb-config/saveParam')).toHaveLength(1));
    expect(api.bodies('/tb-config/saveParam')[0]).toMatchObject({ relationId: 21, relationName: 'account' });
    expect(api.bodies('/device/deviceConfigUpdate')).toEqual([]);
  });

  it('Save and update pushes the device the account is bound to', async () => {
    const api = await open();
    expect(document.querySelector('[data-testid=account-param-binding]')?.textContent).toContain(
      'Bound to 00:15:65:00:00:40 line 2',
    );
    await click(buttonNamed('Save and update'));
    await waitFor(() => expect(api.calls.map((call) => call.path)).toContain('/device/deviceConfigUpdate'));
    const order = api.calls.map((call) => call.path).filter((path) => !path.startsWith('/tb-config/get'));
    expect(order.slice(-2)).toEqual(['/tb-config/saveParam', '/device/deviceConfigUpdate']);
  });

  it('Save and update only saves an account bound to no device', async () => {
    const api = await open(accountRow({ id: 22 }));
    await click(buttonNamed('Save and update'));
    await waitFor(() => expect(api.bodies('/tb-config/saveParam')).toHaveLength(1));
    expect(api.bodies('/tb-config/saveParam')[0]).toMatchObject({ relationId: 22, relationName: 'account' });
    expect(api.bodies('/device/deviceConfigUpdate')).toEqual([]);
  });

  it('offers no Save and update to a role that cannot push devices, and says why', async () => {
    const api = await open(bound, false);
    expect(document.querySelector('[data-testid=account-param-binding]')?.textContent).toContain(
      'your role cannot push devices’ parameters',
    );
    expect(buttonNamed('Save and update')?.hasAttribute('disabled')).toBe(true);
    await click(buttonNamed('Save only'));
    await waitFor(() => expect(api.bodies('/tb-config/saveParam')).toHaveLength(1));
    expect(api.bodies('/device/deviceConfigUpdate')).toEqual([]);
  });
});
