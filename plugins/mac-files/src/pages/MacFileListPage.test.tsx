// @vitest-environment happy-dom
import { loginWith, settle } from '@phonefleet/sdk/testing/ui';
import { SessionProvider } from '@phonefleet/sdk/ui';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MacFileListPage } from './MacFileListPage.js';

const row = {
  id: 41,
  macAddress: '00:15:65:aa:bb:cc',
  fileName: 'config.001565aabbcc.xml',
  deviceId: 9,
  deviceName: 'Lobby phone',
  deviceModel: 'V64',
  importTime: '2026-03-01T23:30:00Z',
};

const calls: { method: string; url: string; body: unknown }[] = [];

function stubApi(): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      const rows = url.startsWith('/api/tb-mac/search') ? [{ list: [row], total: 1 }] : [];
      return Response.json({ code: 0, message: 'Success', messageExt: null, result: { rows } });
    }),
  );
}

const roots: Root[] = [];

async function render(buttons: string[]): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  roots.push(root);
  await act(async () => {
    root.render(
      <SessionProvider login={loginWith({ MAC: buttons })} language="en-US" zoneOffset="+08:00">
        <MacFileListPage />
      </SessionProvider>,
    );
  });
  for (let i = 0; i < 50 && !container.textContent?.includes(row.fileName); i++) await settle();
  return container;
}

const buttonNames = (container: HTMLElement) =>
  [...container.querySelectorAll('button')].map((button) => button.textContent?.trim() ?? '');

afterEach(async () => {
  for (const root of roots.splice(0)) await act(async () => root.unmount());
  vi.unstubAllGlobals();
  calls.length = 0;
  document.body.innerHTML = '';
});

describe('MAC configuration files', () => {
  it('lists the imported files newest first, with the import time in the user’s zone', async () => {
    stubApi();
    const container = await render(['import', 'push', 'delete']);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/tb-mac/search',
      body: { currentPage: 1, pageSize: 10, keywords: '', sortField: 'importTime', sortOrder: 'desc' },
    });
    expect(container.textContent).toContain('00:15:65:aa:bb:cc');
    expect(container.textContent).toContain('2026/03/02 07:30');
    expect(buttonNames(container)).toEqual(expect.arrayContaining(['Import', 'Push', 'Delete']));
  });

  it('shows only the buttons the role grants', async () => {
    stubApi();
    const container = await render(['push']);
    const names = buttonNames(container);
    expect(names).toContain('Push');
    expect(names).not.toContain('Import');
    expect(names).not.toContain('Delete');
    expect(container.querySelectorAll('.ant-checkbox-input').length).toBeGreaterThan(0);

    const none = await render([]);
    expect(buttonNames(none)).not.toContain('Push');
    expect(none.querySelectorAll('.ant-checkbox-input').length).toBe(0);
  });

  it('pushes the selected files after confirmation, naming them in the query', async () => {
    stubApi();
    const container = await render(['push']);
    const checkbox = container.querySelector<HTMLInputElement>('tbody .ant-checkbox-input');
    await act(async () => checkbox?.click());
    const toolbarPush = [...container.querySelectorAll('button')].find(
      (button) => button.textContent?.trim() === 'Push' && !button.closest('tbody'),
    );
    expect(toolbarPush?.disabled).toBe(false);
    await act(async () => toolbarPush?.click());
    await settle(50);
    expect(document.body.textContent).toContain('Push the configuration of 1 device(s)?');
    const ok = [...document.querySelectorAll('.ant-modal-confirm button')].find(
      (button) => button.textContent?.trim() === 'Push',
    );
    await act(async () => (ok as HTMLButtonElement | undefined)?.click());
    await settle(50);
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/tb-mac/push?ids=41')).toBe(true);
  });
});
