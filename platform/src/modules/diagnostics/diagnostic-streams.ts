import type {
  DiagnosticOutput,
  DiagnosticProgress,
  DiagnosticsClientEvents,
  DiagnosticsServerEvents,
  DiagnosticWatchAnswer,
} from '@phonefleet/sdk';
import type { Logger } from 'pino';
import type { Namespace, Socket } from 'socket.io';
import type { LiveSocketData } from '../live/live-server.js';

/** What instances tell each other about streams (through the PostgreSQL adapter). */
interface StreamServerEvents {
  /** "Browsers here watch this session": the instance holding it forwards its output for a while. */
  watching: (sessionId: number) => void;
  output: (output: DiagnosticOutput) => void;
  progress: (progress: DiagnosticProgress) => void;
}

export type DiagnosticsNamespace = Namespace<
  DiagnosticsClientEvents,
  DiagnosticsServerEvents,
  StreamServerEvents,
  LiveSocketData
>;
type WatcherSocket = Socket<
  DiagnosticsClientEvents,
  DiagnosticsServerEvents,
  StreamServerEvents,
  LiveSocketData
>;

/** Output gathers this long before it goes out: fewer, larger packets, well inside the 250 ms goal. */
const GATHER_MS = 40;
/** Packets queued for one browser beyond which its output is skipped until it catches up. */
const MAX_QUEUED_PACKETS = 8;
/** How long one "watching" keeps the holder forwarding; watchers repeat it well before. */
const INTEREST_MS = 15_000;
const ANNOUNCE_MS = 5_000;
/** What a late watcher gets of what it missed. */
export const BACKLOG_BYTES = 64 * 1024;

export const sessionRoom = (sessionId: number) => `diagnostic:${sessionId}`;

/** engine.io's queue of packets not yet handed to the transport (no public accessor exists). */
function queuedPackets(socket: WatcherSocket): number {
  return (socket.conn as unknown as { writeBuffer?: unknown[] }).writeBuffer?.length ?? 0;
}

/** A session held here: its last output (at least `BACKLOG_BYTES` of it), its end, who elsewhere watches. */
interface HeldSession {
  tail: string[];
  tailLength: number;
  end: number;
  remoteUntil: number;
}

interface Gathered {
  offset: number;
  parts: string[];
  timer: NodeJS.Timeout;
}

/**
 * Live output of diagnostic sessions to the browsers watching them (docs/diagnostics.md
 * "Streaming"). The instance holding a session sends its output to the watchers connected to it
 * and, while another instance has announced watchers, to that instance too, which sends it to
 * its own. A browser whose connection is not keeping up is skipped rather than queued for: the
 * offsets in the next packet it gets show the gap, and the download holds everything.
 */
export class DiagnosticStreams {
  private namespace: DiagnosticsNamespace | undefined;
  private readonly gathering = new Map<number, Gathered>();
  /** Sessions held here: the last output kept for late watchers, and until when others want it. */
  private readonly held = new Map<number, HeldSession>();
  private readonly announcer: NodeJS.Timeout;

  constructor(
    private readonly logger: Logger,
    private readonly answerWatch: (
      socket: WatcherSocket,
      sessionId: number,
    ) => Promise<DiagnosticWatchAnswer>,
  ) {
    this.announcer = setInterval(() => this.announceWatching(), ANNOUNCE_MS);
    this.announcer.unref();
  }

  attach(namespace: DiagnosticsNamespace): void {
    this.namespace = namespace;
    namespace.on('connection', (socket) => {
      socket.on('watch', (sessionId, answer) => {
        if (typeof answer !== 'function' || !Number.isSafeInteger(sessionId)) return;
        this.answerWatch(socket, sessionId).then(
          (reply) => {
            if (reply.ok) {
              void socket.join(sessionRoom(sessionId));
              if (!this.held.has(sessionId)) namespace.serverSideEmit('watching', sessionId);
            }
            answer(reply);
          },
          (error: unknown) => {
            this.logger.warn({ err: error, sessionId }, 'diagnostics: watch failed');
            answer({ ok: false, message: 'error' });
          },
        );
      });
      socket.on('unwatch', (sessionId) => {
        if (Number.isSafeInteger(sessionId)) void socket.leave(sessionRoom(sessionId));
      });
    });
    namespace.on('watching', (sessionId) => {
      const held = this.held.get(sessionId);
      if (held) held.remoteUntil = Date.now() + INTEREST_MS;
    });
    namespace.on('output', (output) => this.deliver('output', output));
    namespace.on('progress', (progress) => this.deliver('progress', progress));
  }

  /** A session starts on this instance. */
  hold(sessionId: number): void {
    this.held.set(sessionId, { tail: [], tailLength: 0, end: 0, remoteUntil: 0 });
  }

  /** The session ended here: what is gathered goes out first. */
  release(sessionId: number): void {
    this.send(sessionId);
    this.held.delete(sessionId);
  }

  /** The recent output of a session held here, for a late watcher; undefined when held elsewhere. */
  tailOf(sessionId: number): { text: string; end: number } | undefined {
    this.send(sessionId);
    const held = this.held.get(sessionId);
    return held ? { text: held.tail.join('').slice(-BACKLOG_BYTES), end: held.end } : undefined;
  }

  /** Text output of a held session: `offset` is the byte position of its first byte. */
  output(sessionId: number, offset: number, text: string): void {
    const held = this.held.get(sessionId);
    if (held) {
      // Pieces kept, joined only when a watcher asks: a chunk costs no copy of the whole tail.
      held.tail.push(text);
      held.tailLength += text.length;
      while (held.tailLength - (held.tail[0]?.length ?? 0) >= BACKLOG_BYTES) {
        held.tailLength -= held.tail.shift()?.length ?? 0;
      }
      held.end = offset + Buffer.byteLength(text);
    }
    const gathered = this.gathering.get(sessionId);
    if (gathered) {
      gathered.parts.push(text);
      return;
    }
    this.gathering.set(sessionId, {
      offset,
      parts: [text],
      timer: setTimeout(() => this.send(sessionId), GATHER_MS),
    });
  }

  progress(progress: DiagnosticProgress): void {
    this.send(progress.sessionId);
    this.publish('progress', progress);
  }

  close(): void {
    clearInterval(this.announcer);
    for (const sessionId of [...this.gathering.keys()]) this.send(sessionId);
  }

  private send(sessionId: number): void {
    const gathered = this.gathering.get(sessionId);
    if (!gathered) return;
    clearTimeout(gathered.timer);
    this.gathering.delete(sessionId);
    this.publish('output', { sessionId, offset: gathered.offset, text: gathered.parts.join('') });
  }

  private publish<Name extends 'output' | 'progress'>(
    name: Name,
    payload: Parameters<DiagnosticsServerEvents[Name]>[0],
  ): void {
    this.deliver(name, payload);
    const held = this.held.get(payload.sessionId);
    if (held && held.remoteUntil > Date.now()) {
      (this.namespace?.serverSideEmit as (event: string, payload: unknown) => boolean)(name, payload);
    }
  }

  /** To the watchers connected here; a browser that is not keeping up misses output, never progress. */
  private deliver<Name extends 'output' | 'progress'>(
    name: Name,
    payload: Parameters<DiagnosticsServerEvents[Name]>[0],
  ): void {
    const namespace = this.namespace;
    const ids = namespace?.adapter.rooms.get(sessionRoom(payload.sessionId));
    if (!namespace || !ids) return;
    for (const id of ids) {
      const socket = namespace.sockets.get(id);
      if (!socket) continue;
      if (name === 'output' && queuedPackets(socket) >= MAX_QUEUED_PACKETS) continue;
      (socket.emit as (event: string, payload: unknown) => boolean)(name, payload);
    }
  }

  /** Repeats "watching" for the sessions held elsewhere that browsers here still watch. */
  private announceWatching(): void {
    const namespace = this.namespace;
    if (!namespace) return;
    for (const [room, ids] of namespace.adapter.rooms) {
      if (!room.startsWith('diagnostic:') || ids.size === 0) continue;
      const sessionId = Number(room.slice('diagnostic:'.length));
      if (!this.held.has(sessionId)) namespace.serverSideEmit('watching', sessionId);
    }
  }
}
