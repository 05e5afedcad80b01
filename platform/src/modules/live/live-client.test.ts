import { LIVE_PATH, LiveEventName } from '@phonefleet/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LiveConnection, type LiveSocketHandlers } from '../../../../sdk/src/ui/live-connection.js';
import type { RunningConsole } from '../../app.js';
import { createTenant, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole } from '../../testing/test-console.js';
import { until } from '../../testing/until.js';

// The UI kit's own socket.io client (sdk/src/ui/live-connection.ts) against the real server, as a
// page would use it: Node's WebSocket stands in for the browser's, carrying the session cookie.
let running: RunningConsole;
let acme: TestTenant;
let cookie: string;
const connections: LiveConnection[] = [];

interface Client {
  connection: LiveConnection;
  events: string[];
  reconnects: number;
  attempts: number;
}

function open(url: string, withCookie: string | undefined): Client {
  const heard = { events: [] as string[], reconnects: 0, attempts: 0 };
  const connection = new LiveConnection({
    url: `${url.replace(/^http/, 'ws')}${LIVE_PATH}/?EIO=4&transport=websocket`,
    createSocket: (to: string, on: LiveSocketHandlers) => {
      heard.attempts++;
      const socket = new WebSocket(to, { headers: withCookie ? { Cookie: withCookie } : {} });
      socket.onmessage = (event) => on.message(event.data);
      socket.onerror = () => socket.close();
      socket.onclose = () => on.closed();
      return socket;
    },
    onEvent: (name) => heard.events.push(name),
    onReconnect: () => heard.reconnects++,
  });
  connections.push(connection);
  return Object.assign(heard, { connection });
}

beforeAll(async () => {
  running = await createTestConsole();
  acme = await createTenant(running.cradle.db, 'enterprise', 'Acme');
  const api = new ApiClient(running.url);
  await api.signIn(acme.userName, acme.password);
  cookie = api.cookieHeader;
});

afterEach(() => {
  for (const connection of connections.splice(0)) connection.stop();
});

afterAll(async () => {
  await running?.stop();
});

describe('the UI kit’s live connection', () => {
  it('connects with the session cookie and hears its organisation’s events', async () => {
    const client = open(running.url, cookie);
    await until(
      () => client.connection.connected,
      (connected) => connected,
      5000,
    );
    running.cradle.liveService.publish({ orgIds: [acme.orgId] }, { name: LiveEventName.devices });
    running.cradle.liveService.publish({ userIds: [999_999] }, { name: LiveEventName.notice });
    await until(
      () => client.events,
      (events) => events.length > 0,
      5000,
    );
    expect(client.events).toEqual(['devices']);
  });

  it('does nothing harmful when refused: no connection, no retry storm', async () => {
    const client = open(running.url, undefined);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(client.connection.connected).toBe(false);
    // A refusal waits the longest delay (15–30 s) before asking again.
    expect(client.attempts).toBe(1);
  });

  it('reconnects when its instance comes back, and says so (events may have been missed)', async () => {
    const port = Number(new URL(running.url).port);
    const client = open(running.url, cookie);
    await until(
      () => client.connection.connected,
      (connected) => connected,
      5000,
    );
    await running.stop();
    await until(
      () => client.connection.connected,
      (connected) => !connected,
      5000,
    );
    running = await createTestConsole({ databaseUrl: running.config.databaseUrl, port });
    await until(
      () => client.reconnects,
      (reconnects) => reconnects === 1,
      15_000,
    );
    running.cradle.liveService.publish({ orgIds: [acme.orgId] }, { name: LiveEventName.alarms });
    await until(
      () => client.events,
      (events) => events.includes('alarms'),
      5000,
    );
  });
});
