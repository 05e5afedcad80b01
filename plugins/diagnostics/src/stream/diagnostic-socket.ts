import type {
  DiagnosticOutput,
  DiagnosticProgress,
  DiagnosticsClientEvents,
  DiagnosticsServerEvents,
  DiagnosticWatchAnswer,
} from '@phonefleet/sdk';
import { DIAGNOSTICS_NAMESPACE, LIVE_PATH } from '@phonefleet/sdk/ui';
import { io, type Socket } from 'socket.io-client';

/** What the page hears from the diagnostics namespace. */
export interface DiagnosticSocketHandlers {
  /** Connected: the first time, and again after every reconnection (watches must be sent again). */
  connect(): void;
  output(output: DiagnosticOutput): void;
  progress(progress: DiagnosticProgress): void;
}

/** The page's one connection to the diagnostics namespace. */
export interface DiagnosticSocket {
  readonly connected: boolean;
  watch(sessionId: number, answer: (reply: DiagnosticWatchAnswer) => void): void;
  unwatch(sessionId: number): void;
  close(): void;
}

export type OpenDiagnosticSocket = (handlers: DiagnosticSocketHandlers) => DiagnosticSocket;

/**
 * socket.io on `LIVE_PATH`, namespace `/diagnostics`, of the page's origin (`origin` in tests): the
 * console's session cookie authenticates it. WebSocket first, long-polling where WebSockets are
 * blocked.
 */
export function openDiagnosticSocket(handlers: DiagnosticSocketHandlers, origin = ''): DiagnosticSocket {
  const socket: Socket<DiagnosticsServerEvents, DiagnosticsClientEvents> = io(
    `${origin}${DIAGNOSTICS_NAMESPACE}`,
    { path: LIVE_PATH, transports: ['websocket', 'polling'], tryAllTransports: true },
  );
  socket.on('connect', () => handlers.connect());
  socket.on('output', (output) => handlers.output(output));
  socket.on('progress', (progress) => handlers.progress(progress));
  return {
    get connected() {
      return socket.connected;
    },
    watch: (sessionId, answer) => void socket.emit('watch', sessionId, answer),
    unwatch: (sessionId) => void socket.emit('unwatch', sessionId),
    close: () => void socket.disconnect(),
  };
}

/** One watcher of a session: what it is told. */
export interface SessionWatcher {
  /** A `watch` was sent for the session (first, or again after a reconnection). */
  watching(): void;
  answer(reply: DiagnosticWatchAnswer): void;
  output(output: DiagnosticOutput): void;
  progress(progress: DiagnosticProgress): void;
}

/**
 * The page's sessions on its one socket, opened with the first watcher: `watch` once per session
 * when connected (again after each reconnection), `unwatch` when its last watcher leaves.
 */
export class DiagnosticStreams {
  private socket: DiagnosticSocket | undefined;
  private readonly watchers = new Map<number, Set<SessionWatcher>>();

  constructor(private readonly open: OpenDiagnosticSocket = openDiagnosticSocket) {}

  watch(sessionId: number, watcher: SessionWatcher): () => void {
    const watchers = this.watchers.get(sessionId) ?? new Set<SessionWatcher>();
    this.watchers.set(sessionId, watchers);
    watchers.add(watcher);
    if (!this.socket) {
      this.socket = this.open({
        connect: () => {
          for (const id of this.watchers.keys()) this.send(id);
        },
        output: (output) => this.tell(output.sessionId, (each) => each.output(output)),
        progress: (progress) => this.tell(progress.sessionId, (each) => each.progress(progress)),
      });
    } else if (watchers.size === 1 && this.socket.connected) this.send(sessionId);
    else if (this.socket.connected) this.sendTo(sessionId, watcher);
    return () => {
      watchers.delete(watcher);
      if (watchers.size > 0 || this.watchers.get(sessionId) !== watchers) return;
      this.watchers.delete(sessionId);
      if (this.socket?.connected) this.socket.unwatch(sessionId);
    };
  }

  /** The page closes: its sessions are let go of, then the socket. */
  close(): void {
    if (this.socket?.connected) for (const id of this.watchers.keys()) this.socket.unwatch(id);
    this.watchers.clear();
    this.socket?.close();
    this.socket = undefined;
  }

  private send(sessionId: number): void {
    this.tell(sessionId, (each) => each.watching());
    this.socket?.watch(sessionId, (reply) => this.tell(sessionId, (each) => each.answer(reply)));
  }

  /** A second watcher of a session already watched gets its own answer (the backlog it has not seen). */
  private sendTo(sessionId: number, watcher: SessionWatcher): void {
    watcher.watching();
    this.socket?.watch(sessionId, (reply) => watcher.answer(reply));
  }

  private tell(sessionId: number, what: (watcher: SessionWatcher) => void): void {
    for (const watcher of [...(this.watchers.get(sessionId) ?? [])]) what(watcher);
  }
}
