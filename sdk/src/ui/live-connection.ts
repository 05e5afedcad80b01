import { isLiveEventName, type LiveEventName } from '../live.js';

/**
 * One live connection (docs/live.md) with reconnection; `live.ts` keeps the browser's one.
 *
 * It speaks the socket.io protocol (v5 over engine.io v4) on a WebSocket itself instead of loading
 * socket.io-client: the browser only receives argument-less events on one namespace, and the
 * library (~13 KiB gzip) would have to load on the first page, which has no room for it
 * (bench/bundle-size.ts). What it does not do: HTTP long-polling when WebSockets are blocked — the
 * pages' own polls (the bell's 60 s) are the fallback.
 */

/** The part of a WebSocket the connection uses (the browser's, or a Node implementation in tests). */
export interface LiveSocket {
  send(data: string): void;
  close(): void;
}

/** What a socket reports: each frame received, and its end (after an error too). */
export interface LiveSocketHandlers {
  message(data: unknown): void;
  closed(): void;
}

export interface LiveConnectionOptions {
  /** `ws(s)://host/api/live/?EIO=4&transport=websocket` */
  url: string;
  /** Opens a WebSocket to `url` reporting to `on` (`browserSocket` in a page). */
  createSocket(url: string, on: LiveSocketHandlers): LiveSocket;
  /** A live event arrived. */
  onEvent(name: LiveEventName): void;
  /** Connected again after a break: events may have been missed meanwhile. */
  onReconnect(): void;
}

/** Waits between attempts: doubling, with jitter, so a restarted server is not rushed by every tab at once. */
const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;

// engine.io packet types (first character of a frame) and socket.io packet types (next character of a message).
const ENGINE_OPEN = '0';
const ENGINE_CLOSE = '1';
const ENGINE_PING = '2';
const ENGINE_PONG = '3';
const ENGINE_MESSAGE = '4';
const SOCKET_CONNECT = '0';
const SOCKET_DISCONNECT = '1';
const SOCKET_EVENT = '2';
const SOCKET_CONNECT_ERROR = '4';

export class LiveConnection {
  private socket: LiveSocket | undefined;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Closes a connection whose pings stopped (the server's interval plus its timeout). */
  private silenceTimer: ReturnType<typeof setTimeout> | undefined;
  private silenceMs = 0;
  private connectedBefore = false;
  private stopped = false;
  private accepted = false;

  constructor(private readonly options: LiveConnectionOptions) {
    this.open();
  }

  /** True between the server's acceptance (a session) and the socket's end. */
  get connected(): boolean {
    return this.accepted;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.drop();
  }

  private open(): void {
    if (this.stopped) return;
    let socket: LiveSocket | undefined;
    try {
      socket = this.options.createSocket(this.options.url, {
        message: (data) => {
          if (socket && this.socket === socket && typeof data === 'string') this.receive(data);
        },
        closed: () => {
          if (socket && this.socket === socket) this.lost();
        },
      });
    } catch {
      this.retry(LAST_RETRY_MS);
      return;
    }
    this.socket = socket;
  }

  private receive(frame: string): void {
    this.expectPing();
    const type = frame[0];
    if (type === ENGINE_PING) this.socket?.send(ENGINE_PONG);
    else if (type === ENGINE_OPEN) this.opened(frame.slice(1));
    else if (type === ENGINE_CLOSE) this.lost();
    else if (type === ENGINE_MESSAGE) this.message(frame.slice(1));
  }

  private opened(handshake: string): void {
    try {
      const { pingInterval, pingTimeout } = JSON.parse(handshake) as {
        pingInterval: number;
        pingTimeout: number;
      };
      this.silenceMs = pingInterval + pingTimeout;
    } catch {
      this.silenceMs = 0;
    }
    this.expectPing();
    this.socket?.send(`${ENGINE_MESSAGE}${SOCKET_CONNECT}`);
  }

  private message(packet: string): void {
    const type = packet[0];
    if (type === SOCKET_CONNECT) {
      this.accepted = true;
      this.retryMs = FIRST_RETRY_MS;
      if (this.connectedBefore) this.options.onReconnect();
      this.connectedBefore = true;
    } else if (type === SOCKET_EVENT) {
      const name = this.eventName(packet.slice(1));
      if (name) this.options.onEvent(name);
    } else if (type === SOCKET_CONNECT_ERROR || type === SOCKET_DISCONNECT) {
      // Refused (no session) or put out by the server: ask again only after the longest wait.
      this.retryMs = LAST_RETRY_MS;
      this.lost();
    }
  }

  /** `["devices"]`, possibly after an ack id; anything else is not ours. */
  private eventName(body: string): LiveEventName | undefined {
    try {
      const [name] = JSON.parse(body.slice(body.indexOf('['))) as unknown[];
      return isLiveEventName(name) ? name : undefined;
    } catch {
      return undefined;
    }
  }

  private expectPing(): void {
    clearTimeout(this.silenceTimer);
    if (this.silenceMs > 0) this.silenceTimer = setTimeout(() => this.lost(), this.silenceMs);
  }

  /** The socket ended or is given up on (silent, closed by the server, refused): try again later. */
  private lost(): void {
    this.drop();
    this.retry(this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
  }

  private drop(): void {
    clearTimeout(this.silenceTimer);
    this.accepted = false;
    const socket = this.socket;
    this.socket = undefined;
    socket?.close();
  }

  private retry(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.open(), delayMs * (0.5 + Math.random() / 2));
  }
}
