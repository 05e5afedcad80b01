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
 * Uploads through `apiUpload` (XMLHttpRequest) are answered the same way, their progress reported
 * at half and at the whole of the body's size.
 */
export function stubApi(replies: Record<string, (body: unknown) => StubReply>): {
  calls: { path: string; body: unknown }[];
  bodies(path: string): unknown[];
} {
  const calls: { path: string; body: unknown }[] = [];
  const answer = (url: string, body: unknown): object => {
    const path = new URL(url, 'http://console.test').pathname.replace(/^\/api/, '');
    calls.push({ path, body });
    const reply = replies[path]?.(body) ?? [];
    if (Array.isArray(reply))
      return { code: 0, message: 'Success', messageExt: null, result: { rows: reply } };
    return { messageExt: null, ...reply, result: { rows: [] } };
  };
  const fetchStub = async (url: string, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    return Response.json(answer(url, body));
  };
  vi.stubGlobal('fetch', fetchStub);
  vi.stubGlobal('XMLHttpRequest', uploadStub(answer));
  return {
    calls,
    bodies: (path) => calls.filter((call) => call.path === path).map((call) => call.body),
  };
}

type ProgressListener = ((event: ProgressEvent) => void) | null;

/** The bytes a multipart body carries: its files' sizes and its text fields' lengths. */
function formSize(form: FormData): number {
  let size = 0;
  for (const [, value] of form.entries()) size += typeof value === 'string' ? value.length : value.size;
  return size;
}

/** An XMLHttpRequest answering a POST from `answer`, with upload progress at 50 % and 100 %. */
function uploadStub(answer: (url: string, body: unknown) => object) {
  return class UploadStub {
    readonly upload: { onprogress: ProgressListener } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    timeout = 0;
    withCredentials = false;
    status = 0;
    responseText = '';
    readonly headers: Record<string, string> = {};
    private url = '';
    open(_method: string, url: string): void {
      this.url = url;
    }
    setRequestHeader(name: string, value: string): void {
      this.headers[name] = value;
    }
    getResponseHeader(): string {
      return 'application/json';
    }
    abort(): void {
      this.onabort?.();
    }
    send(body: FormData): void {
      const total = formSize(body);
      setTimeout(() => {
        for (const loaded of [Math.floor(total / 2), total])
          this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
        this.status = 200;
        this.responseText = JSON.stringify(answer(this.url, body));
        this.onload?.();
      }, 0);
    }
  };
}

export { type LiveServerStub, stubLiveServer } from './live-stub.js';
export * from './ui-actions.js';
