// @vitest-environment happy-dom
import type { UserRow } from '@phonefleet/sdk';
import { cleanup, renderInConsole, stubApi, waitFor } from '@phonefleet/sdk/testing/ui';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserForm } from './UserFormDialog.js';

const roles = [
  { id: 7, name: 'Enterprise administrator', description: '', builtin: true, userCount: 1, createTime: '' },
  { id: 9, name: 'Operators', description: '', builtin: false, userCount: 0, createTime: '' },
];
const sites = [
  { id: 3, siteName: 'Lobby', parentId: null },
  { id: 4, siteName: 'Floor 2', parentId: 3 },
];

function user(patch: Partial<UserRow> = {}): UserRow {
  return {
    id: 12,
    userName: 'sam',
    email: 'sam@example.com',
    roleId: 9,
    roleName: 'Operators',
    status: 'activated',
    sites: [{ id: 4, siteName: 'Floor 2' }],
    primary: false,
    createTime: '2026-01-01T00:00:00Z',
    ...patch,
  };
}

async function type(selector: string, text: string): Promise<void> {
  const input = document.querySelector<HTMLInputElement>(selector) as HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    setter?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const save = () =>
  act(async () => document.querySelector<HTMLButtonElement>('[data-testid=user-save]')?.click());

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

describe('the user form', () => {
  it('checks the fields before calling the server', async () => {
    const api = stubApi({ '/role/list': () => roles, '/tb-site-template/siteSelect': () => sites });
    await renderInConsole(<UserForm user="new" onClose={() => undefined} onSaved={() => undefined} />, {
      buttons: { user: ['add'] },
      path: '/user',
    });
    await save();
    await waitFor(() =>
      expect(errors()).toEqual([
        'This field cannot be empty!',
        'This field cannot be empty!',
        'This field cannot be empty!',
      ]),
    );
    await type('#userName', 'x'.repeat(129));
    await type('#email', 'not-an-address');
    await save();
    await waitFor(() => expect(errors()).toContain('Please fill in the email address correctly!'));
    expect(errors().some((text) => text?.includes('128'))).toBe(true);
    expect(api.calls.some((call) => call.path === '/user/addUser')).toBe(false);
  });

  it('saves chosen sites as the data permission, and every site as null', async () => {
    const api = stubApi({ '/role/list': () => roles, '/tb-site-template/siteSelect': () => sites });
    const saved = vi.fn();
    await renderInConsole(<UserForm user={user()} onClose={() => undefined} onSaved={saved} />, {
      buttons: { user: ['edit'] },
      path: '/user',
    });
    await waitFor(() => expect(document.querySelector('[data-testid=user-sites]')).not.toBeNull());
    await save();
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(api.calls.find((call) => call.path === '/user/updateUser')?.body).toEqual({
      id: 12,
      userName: 'sam',
      email: 'sam@example.com',
      roleId: 9,
      siteIds: [4],
    });

    await cleanup();
    const again = stubApi({ '/role/list': () => roles, '/tb-site-template/siteSelect': () => sites });
    await renderInConsole(
      <UserForm user={user({ sites: null })} onClose={() => undefined} onSaved={() => undefined} />,
      { buttons: { user: ['edit'] }, path: '/user' },
    );
    expect(document.querySelector('[data-testid=user-sites]')).toBeNull();
    await type('#email', ' new@example.com ');
    await save();
    await waitFor(() =>
      expect(again.calls.find((call) => call.path === '/user/updateUser')?.body).toEqual({
        id: 12,
        userName: 'sam',
        email: 'new@example.com',
        roleId: 9,
        siteIds: null,
      }),
    );
  });
});
