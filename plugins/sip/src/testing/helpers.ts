import type { SipAccountRow } from '@phonefleet/sdk';
import { settle, waitFor } from '@phonefleet/sdk/testing/ui';
import { act } from 'react';
import { expect } from 'vitest';

export {
  cleanup,
  renderInConsole,
  type StubReply,
  settle,
  stubApi,
  waitFor,
} from '@phonefleet/sdk/testing/ui';

/** A SIP account as the platform answers it (Reception, 2001 on PBX, Lobby, unbound), with changes. */
export function accountRow(changes: Partial<SipAccountRow> = {}): SipAccountRow {
  return {
    id: 21,
    labelName: 'Reception',
    registerName: '2001',
    displayName: 'Front desk',
    userName: '2001',
    hasPassword: true,
    serverId: 8,
    serverName: 'PBX',
    model: 'H2P',
    siteId: 3,
    siteName: 'Lobby',
    status: 0,
    binding: null,
    createTime: '2026-01-01T00:00:00Z',
    ...changes,
  };
}

export const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`);

export const buttonNamed = (text: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].find(
    (button) => button.textContent?.replace(/\s/g, '') === text.replace(/\s/g, ''),
  );

export async function click(element: Element | null | undefined): Promise<void> {
  if (!element) throw new Error('nothing to click');
  await act(async () => (element as HTMLElement).click());
  await settle(30);
}

/** Types into the field whose id is `field` (antd gives a form field the field name as id). */
export async function type(field: string, text: string): Promise<void> {
  const input = document.getElementById(field) as HTMLInputElement | null;
  if (!input) throw new Error(`no field ${field}`);
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The value an input shows, by its id. */
export const shownValue = (field: string) =>
  (document.getElementById(field) as HTMLInputElement | null)?.value;

/** What an antd Select shows as chosen, for the field whose input has this id. */
export const choiceOf = (field: string) =>
  document
    .getElementById(field)
    ?.closest('.ant-select')
    ?.querySelector('.ant-select-selection-item')
    ?.getAttribute('title');

/** Opens the antd Select or TreeSelect of a field and picks the option with this title. */
export async function choose(field: string, title: string): Promise<void> {
  const select = document.getElementById(field)?.closest('.ant-select');
  if (!select) throw new Error(`no select ${field}`);
  await act(async () => {
    select
      .querySelector('.ant-select-selector')
      ?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  let option: Element | undefined;
  await waitFor(() => {
    option = [
      ...document.querySelectorAll('.ant-select-item-option, .ant-select-tree-node-content-wrapper'),
    ].find((candidate) => candidate.getAttribute('title') === title);
    expect(option).toBeDefined();
  });
  await click(option);
}

/** The validation messages under a field ('' when none), without those fading out. */
export const errorOf = (field: string) =>
  [...document.querySelectorAll(`[id="${field}_help"] .ant-form-item-explain-error`)]
    .filter((node) => !/-leave/.test(node.className))
    .map((node) => node.textContent)
    .join(' | ');
