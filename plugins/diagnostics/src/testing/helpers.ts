import type {
  DiagnosticDeviceRow,
  DiagnosticDeviceSettings,
  DiagnosticProgress,
  DiagnosticSessionRow,
  DiagnosticWatchAnswer,
} from '@phonefleet/sdk';
import { act } from 'react';
import type { DiagnosticSocketHandlers, OpenDiagnosticSocket } from '../stream/diagnostic-socket.js';

export * from '@phonefleet/sdk/testing/ui';

/** The diagnostics power has no permission buttons. */
export const BUTTONS = { diagnostics: [] };

/** A paged reply (`rows[0] = {list, total}`). */
export const page = (rows: unknown[]) => [{ list: rows, total: rows.length }];

/** A device of `POST /diagnostics/devices`, with changes. */
export function deviceRow(changes: Partial<DiagnosticDeviceRow> = {}): DiagnosticDeviceRow {
  return {
    deviceId: 21,
    deviceName: 'Front desk',
    macAddress: '00:15:65:00:00:21',
    model: 'H2',
    ip: '10.0.0.21',
    status: 1,
    siteName: 'Lobby',
    supported: true,
    reason: '',
    ...changes,
  };
}

/** `GET /diagnostics/device` of the front desk phone, with changes. */
export function deviceSettings(changes: Partial<DiagnosticDeviceSettings> = {}): DiagnosticDeviceSettings {
  return {
    ...deviceRow(),
    port: 22,
    username: 'admin',
    credentials: 'configuration',
    hostKey: null,
    ...changes,
  };
}

/** A session of the front desk phone, with changes. */
export function sessionRow(changes: Partial<DiagnosticSessionRow> = {}): DiagnosticSessionRow {
  return {
    id: 500,
    deviceId: 21,
    deviceName: 'Front desk',
    macAddress: '00:15:65:00:00:21',
    model: 'H2',
    action: 'log',
    detail: 'Level: info',
    state: 'connecting',
    message: '',
    bytes: 0,
    userName: 'admin',
    startTime: '2026-03-10T09:00:00.000Z',
    endTime: null,
    fileName: '',
    result: null,
    ...changes,
  };
}

/**
 * The platform's side of the diagnostics namespace for component tests: connects at once, answers
 * each `watch` with what `answers` holds (by default the session with no backlog) and sends what
 * the test tells it to.
 */
export function fakeDiagnosticServer() {
  let handlers: DiagnosticSocketHandlers | undefined;
  let connected = false;
  const watched: number[] = [];
  const unwatched: number[] = [];
  const answers = new Map<number, DiagnosticWatchAnswer>();
  let opened = 0;
  let closed = 0;

  const open: OpenDiagnosticSocket = (given) => {
    handlers = given;
    opened += 1;
    setTimeout(() =>
      act(() => {
        connected = true;
        given.connect();
      }),
    );
    return {
      get connected() {
        return connected;
      },
      watch: (sessionId, answer) => {
        watched.push(sessionId);
        const reply = answers.get(sessionId) ?? {
          ok: true,
          session: sessionRow({ id: sessionId }),
          backlog: '',
          backlogEnd: 0,
        };
        setTimeout(() => act(() => answer(reply)));
      },
      unwatch: (sessionId) => void unwatched.push(sessionId),
      close: () => {
        connected = false;
        closed += 1;
      },
    };
  };

  const send = async (what: (to: DiagnosticSocketHandlers) => void) => {
    if (!handlers) throw new Error('no socket was opened');
    const to = handlers;
    await act(async () => what(to));
  };

  return {
    open,
    watched,
    unwatched,
    answers,
    /** `watch` of this session answers it, with the backlog given. */
    knows: (session: DiagnosticSessionRow, backlog = '', backlogEnd = backlog.length) =>
      void answers.set(session.id, { ok: true, session, backlog, backlogEnd }),
    opened: () => opened,
    closed: () => closed,
    output: (sessionId: number, offset: number, text: string) =>
      send((to) => to.output({ sessionId, offset, text })),
    progress: (progress: Partial<DiagnosticProgress> & { sessionId: number }) =>
      send((to) => to.progress({ state: 'running', bytes: 0, message: '', result: null, ...progress })),
    /** The connection dropped and came back: socket.io's `connect` again. */
    reconnect: () => send((to) => to.connect()),
  };
}

/** The rows of an output view in the page (only those rendered). */
export const outputRows = (testId: string) =>
  [...document.querySelectorAll(`[data-testid="${testId}"] [data-line]`)].map((row) => row.textContent ?? '');

/** The buttons of one action's region, by name. */
export function buttonIn(action: string, name: string): HTMLButtonElement | undefined {
  const region = document.querySelector(`[data-testid="action-${action}"]`);
  return [...(region?.querySelectorAll<HTMLButtonElement>('button') ?? [])].find(
    (button) => button.textContent?.replace(/\s/g, '') === name.replace(/\s/g, ''),
  );
}
