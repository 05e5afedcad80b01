import { useEffect, useRef } from 'react';
import { LIVE_PATH, type LiveEventName } from '../live.js';
import { LiveConnection, type LiveSocket, type LiveSocketHandlers } from './live-connection.js';

/**
 * The browser's one live connection (docs/live.md): opened when the first `useLiveEvent` mounts,
 * closed shortly after the last unmounts (sign-out), so a new sign-in connects with the new
 * session cookie.
 */

/** A browser WebSocket reporting to `on`. */
export function browserSocket(url: string, on: LiveSocketHandlers): LiveSocket {
  const socket = new WebSocket(url);
  socket.onmessage = (event) => on.message(event.data);
  socket.onerror = () => socket.close();
  socket.onclose = () => on.closed();
  return socket;
}

/** The live URL of the page's own origin; none where there is no page origin or no WebSocket (tests). */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'> | undefined): string | undefined {
  if (!location?.host || typeof WebSocket === 'undefined') return undefined;
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${LIVE_PATH}/?EIO=4&transport=websocket`;
}

type Listener = () => void;
const listeners = new Map<LiveEventName, Set<Listener>>();
let connection: LiveConnection | undefined;
let closing: ReturnType<typeof setTimeout> | undefined;

function everyListener(): Listener[] {
  return [...listeners.values()].flatMap((set) => [...set]);
}

function call(listener: Listener): void {
  try {
    listener();
  } catch (error) {
    console.error(error);
  }
}

function subscribe(name: LiveEventName, listener: Listener): () => void {
  const named = listeners.get(name) ?? new Set<Listener>();
  listeners.set(name, named);
  named.add(listener);
  clearTimeout(closing);
  const url = liveUrl(globalThis.location);
  if (!connection && url) {
    connection = new LiveConnection({
      url,
      createSocket: browserSocket,
      onEvent: (event) => {
        for (const each of [...(listeners.get(event) ?? [])]) call(each);
      },
      onReconnect: () => {
        for (const each of everyListener()) call(each);
      },
    });
  }
  return () => {
    named.delete(listener);
    // Later, so a screen replacing another in the same render keeps the connection.
    clearTimeout(closing);
    closing = setTimeout(() => {
      if (everyListener().length > 0) return;
      connection?.stop();
      connection = undefined;
    }, 0);
  };
}

/**
 * Calls `handler` whenever the platform says `name` changed for the signed-in user, and after a
 * reconnection (something may have changed meanwhile). The handler should fetch what it shows
 * again; a burst arrives as one event. Opens the shared connection on first use.
 */
export function useLiveEvent(name: LiveEventName, handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribe(name, () => latest.current()), [name]);
}
