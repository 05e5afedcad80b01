// `@phonefleet/sdk/testing/ui`: renders a plugin's screens in happy-dom as the host mounts them (a
// session and a data router) and answers their API calls, for component tests.
import '@ant-design/v5-patch-for-react-19';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { LoginInfo } from '../session.js';
import { SessionProvider } from '../ui/session.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** An administrator's session holding the given permission buttons per power. */
export function loginWith(buttons: Record<string, string[]>): LoginInfo {
  return {
    entered: null,
    user: {
      id: 1,
      userName: 'admin',
      email: '',
      role: 'admin',
      userType: 'admin',
      enterpriseType: 'others',
      channelId: null,
      enterpriseId: null,
      zoneId: null,
      timezone: null,
      zoneOffset: null,
    },
    resources: [],
    buttons,
  };
}

const roots: Root[] = [];

/** Renders inside a session and a data router (at `path`), as the host mounts the plugin. */
export async function renderInConsole(
  ui: ReactNode,
  { buttons, path }: { buttons: Record<string, string[]>; path: string },
): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  roots.push(root);
  await act(async () => {
    root.render(
      <SessionProvider login={loginWith(buttons)} language="en-US" zoneOffset="+00:00">
        <RouterProvider
          router={createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] })}
        />
      </SessionProvider>,
    );
  });
  return container;
}

export async function cleanup(): Promise<void> {
  for (const root of roots.splice(0)) await act(async () => root.unmount());
  document.body.innerHTML = '';
}

export async function settle(ms = 20): Promise<void> {
  await act(async () => new Promise((resolve) => setTimeout(resolve, ms)));
}

export async function waitFor(check: () => void, timeoutMs = 4000): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
      await settle();
    }
  }
}

/** A refusal of the platform: its envelope code, message and `messageExt` (a conflict's list). */
export interface StubRefusal {
  code: number;
  message: string;
  messageExt?: string;
}

/** A path's answer: its rows, or a refusal. */
export type StubReply = unknown[] | StubRefusal;

/**
 * Replies to the api calls by path (`/api/device/search` → rows, or a refusal); other paths answer
 * no rows. Records each call's path and body; `bodies(path)` lists the bodies sent to one path.
 */
export function stubApi(replies: Record<string, (body: unknown) => StubReply>): {
  calls: { path: string; body: unknown }[];
  bodies(path: string): unknown[];
} {
  const calls: { path: string; body: unknown }[] = [];
  const fetchStub = async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://console.test').pathname.replace(/^\/api/, '');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    calls.push({ path, body });
    const reply = replies[path]?.(body) ?? [];
    if (Array.isArray(reply))
      return Response.json({ code: 0, message: 'Success', messageExt: null, result: { rows: reply } });
    return Response.json({ messageExt: null, ...reply, result: { rows: [] } });
  };
  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    bodies: (path) => calls.filter((call) => call.path === path).map((call) => call.body),
  };
}
