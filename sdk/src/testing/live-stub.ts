import { vi } from 'vitest';
import type { LiveEventName } from '../live.js';

/**
 * The platform's side of the live connection (socket.io's packets on a WebSocket, docs/live.md) for
 * component tests, as `stubApi` is its HTTP side: it accepts every connection and emits what the
 * test tells it to.
 */
export interface LiveServerStub {
  /** URLs of the connections opened so far. */
  readonly opened: string[];
  /** Open connections now. */
  connections(): number;
  /** Sends `name` on every open connection. */
  emit(name: LiveEventName): void;
}

export function stubLiveServer(): LiveServerStub {
  const opened: string[] = [];
  const open = new Set<StubSocket>();

  class StubSocket {
    onmessage: ((event: { data: string }) => void) | null = null;
    onclose: (() => void) | null = null;
    onerror: (() => void) | null = null;

    constructor(url: string) {
      opened.push(url);
      open.add(this);
      setTimeout(() => this.receive('0{"sid":"e","upgrades":[],"pingInterval":25000,"pingTimeout":20000}'));
    }

    send(packet: string): void {
      if (packet === '40') setTimeout(() => this.receive('40{"sid":"s"}'));
    }

    close(): void {
      if (open.delete(this)) this.onclose?.();
    }

    receive(frame: string): void {
      this.onmessage?.({ data: frame });
    }
  }

  vi.stubGlobal('WebSocket', StubSocket);
  return {
    opened,
    connections: () => open.size,
    emit: (name) => {
      for (const socket of open) socket.receive(`42${JSON.stringify([name])}`);
    },
  };
}
