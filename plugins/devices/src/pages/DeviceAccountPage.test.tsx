// @vitest-environment happy-dom
import type { DeviceLines } from '@phonefleet/sdk';
import { renderInConsole as renderWithButtons, type StubReply } from '@phonefleet/sdk/testing/ui';
import { act, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderInConsole, settle, stubApi, waitFor } from '../testing/render.js';
import { DeviceAccountAssignPage } from './DeviceAccountAssignPage.js';
import { DeviceAccountPage } from './DeviceAccountPage.js';

const lines: DeviceLines = {
  deviceId: 5,
  macAddress: '00:15:65:00:00:05',
  model: 'H2P',
  maxLines: 3,
  accountStatus: 2,
  lines: [
    {
      line: 2,
      accountId: 21,
      labelName: 'Reception',
      userName: 'alice',
      registerName: '2001',
      serverName: 'PBX',
      status: 2,
      failure: '403 Forbidden',
      reportedAt: '2026-01-01T00:00:00Z',
    },
  ],
};
const bobBoundElsewhere = {
  code: 40900,
  message: 'The account is already bound to another device. Bind it here instead?',
  messageExt: JSON.stringify([{ accountId: 30, userName: 'bob', macAddress: '00:15:65:00:00:09', line: 1 }]),
};

/** A role holding the device list (no buttons) and the SIP account area's assign button. */
const withAssign = (ui: ReactNode, path: string) =>
  renderWithButtons(ui, { buttons: { deviceManagement: [], sipAccount: ['assign'] }, path });

/** Answers in turn, then the last one again. */
const inTurn =
  (...answers: StubReply[]) =>
  () =>
    (answers.length > 1 ? answers.shift() : answers[0]) ?? [];

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const button = (text: string, within: ParentNode = document) =>
  [...within.querySelectorAll<HTMLButtonElement>('button')].find(
    (b) => b.textContent?.replace(/\s/g, '') === text,
  );

async function click(element: Element | null | undefined): Promise<void> {
  if (!element) throw new Error('nothing to click');
  await act(async () => (element as HTMLElement).click());
  await settle(30);
}

/** Opens the select inside `root` and picks the option with this title (options load after a pause). */
async function pick(root: Element | null, title: string): Promise<void> {
  await act(async () => {
    root
      ?.querySelector('.ant-select-selector')
      ?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  let option: Element | undefined;
  await waitFor(() => {
    option = [...document.querySelectorAll('.ant-select-item-option')].find(
      (o) => o.getAttribute('title') === title,
    );
    expect(option).toBeDefined();
  });
  await click(option);
}

const lineCells = () =>
  [...document.querySelectorAll('[data-testid=device-lines] tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].slice(0, 6).map((cell) => cell.textContent),
  );

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

describe('a device’s SIP account lines', () => {
  it('lists every line of the model, read-only without the assign button', async () => {
    stubApi({ '/device/listDeviceAccount': () => [lines] });
    await renderInConsole(<DeviceAccountPage basePath="/device" />, [], '/device/deviceAccount?id=5');
    await waitFor(() => expect(lineCells()).toHaveLength(3));
    expect(lineCells()).toEqual([
      ['1', 'Free', '--', '--', '--', '--'],
      ['2', 'Reception', 'alice', '2001', 'PBX', 'Unregistered'],
      ['3', 'Free', '--', '--', '--', '--'],
    ]);
    expect(document.body.textContent).toContain('403 Forbidden');
    expect(document.body.textContent).toContain('H2P: 3 line(s)');
    expect(byTestId('unbind-line-2')).toBeNull();
    expect(byTestId('bind-line-1')).toBeNull();
  });

  it('unbinds a line after the unbind confirmation', async () => {
    const api = stubApi({ '/device/listDeviceAccount': () => [lines] });
    await withAssign(<DeviceAccountPage basePath="/device" />, '/device/deviceAccount?id=5');
    await waitFor(() => expect(byTestId('unbind-line-2')).not.toBeNull());
    await click(byTestId('unbind-line-2'));
    await waitFor(() =>
      expect(document.body.textContent).toContain('Unbind alice from line 2 of this device?'),
    );
    expect(api.bodies('/device/accountUnassign')).toEqual([]);
    await click(button('Unbind', document.querySelector('.ant-modal-confirm') ?? document));
    await waitFor(() =>
      expect(api.bodies('/device/accountUnassign')).toEqual([{ bindings: [{ deviceId: 5, line: 2 }] }]),
    );
  });

  it('binds a free line, asking first when the account is bound to another device', async () => {
    const api = stubApi({
      '/device/listDeviceAccount': () => [lines],
      '/device/listAccount': () => [
        {
          id: 30,
          labelName: '',
          userName: 'bob',
          serverName: 'PBX',
          siteName: 'Lobby',
          bound: { macAddress: '00:15:65:00:00:09', line: 1 },
        },
      ],
      '/device/accountAssignOne': inTurn(bobBoundElsewhere, []),
    });
    await withAssign(<DeviceAccountPage basePath="/device" />, '/device/deviceAccount?id=5');
    await waitFor(() => expect(byTestId('bind-line-1')).not.toBeNull());
    await click(byTestId('bind-line-1'));
    await pick(byTestId('line-account'), 'bob · PBX · bound to 00:15:65:00:00:09 line 1');
    await click(button('Bind', document.querySelector('.ant-modal') ?? document));
    await waitFor(() =>
      expect(byTestId('binding-conflict')?.textContent).toBe(
        'bob is bound to 00:15:65:00:00:09 line 1.Bind it here instead?',
      ),
    );
    await click(button('OK', document.querySelector('.ant-modal-confirm') ?? document));
    await waitFor(() =>
      expect(api.bodies('/device/accountAssignOne')).toEqual([
        { deviceId: 5, line: 1, accountId: 30 },
        { deviceId: 5, line: 1, accountId: 30, force: true },
      ]),
    );
  });
});

describe('assigning accounts to many devices', () => {
  it('pairs the first account with the first device, and assigns in one call, asking about conflicts', async () => {
    const api = stubApi({
      '/device/search': () => [
        {
          list: [
            { id: 5, macAddress: '00:15:65:00:00:05', deviceName: 'Desk', deviceModel: 'H2P' },
            { id: 6, macAddress: '00:15:65:00:00:06', deviceName: '', deviceModel: 'H2P' },
          ],
          total: 2,
        },
      ],
      '/tb-sip-account/search': () => [
        { list: [{ id: 21, userName: 'alice', labelName: '', serverName: 'PBX' }], total: 1 },
      ],
      '/device/accountAssign': inTurn(bobBoundElsewhere, []),
    });
    await withAssign(<DeviceAccountAssignPage basePath="/device" />, '/device/deviceAccountAssign');
    await pick(byTestId('assign-devices'), '00:15:65:00:00:06 · H2P');
    await pick(byTestId('assign-devices'), '00:15:65:00:00:05 · Desk · H2P');
    await pick(byTestId('assign-account-list'), 'alice · PBX');
    await waitFor(() =>
      expect(document.body.textContent).toContain(
        '2 device(s) and 1 account(s) are chosen: only the first 1 pair(s) will be assigned.',
      ),
    );
    await click(byTestId('assign-accounts'));
    // The question is asked while the form is disabled for saving: its buttons must still work.
    await waitFor(() => expect(byTestId('binding-conflict')).not.toBeNull());
    await click(button('OK', document.querySelector('.ant-modal-confirm') ?? document));
    const assignment = { assignments: [{ deviceId: 6, line: 1, accountId: 21 }] };
    await waitFor(() =>
      expect(api.bodies('/device/accountAssign')).toEqual([assignment, { ...assignment, force: true }]),
    );
  });
});
