import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LIVE_PATH, LiveEventName, type LiveServerEvents } from '@phonefleet/sdk';
import pino from 'pino';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { type EmbeddedServer, startEmbeddedPostgres } from '../../db/embedded.js';
import { createTenant, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole } from '../../testing/test-console.js';
import { until } from '../../testing/until.js';

/**
 * PostgreSQL restarts under two instances: the adapter's LISTEN connection is dropped, and events
 * must flow between the instances again by themselves; stopping the consoles afterwards must not
 * wait on the dropped connection. The server is this file's own, restarted on its data folder.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonefleet-live-restart-'));
const silent = pino({ level: 'silent' });
let postgres: EmbeddedServer;
let first: RunningConsole;
let second: RunningConsole;
let acme: TestTenant;
let socket: Socket<LiveServerEvents>;
const heard: string[] = [];

/** Publishes on the first instance until the second one's browser hears it. */
async function heardAcrossInstances(): Promise<number> {
  const before = heard.length;
  const tries = await until(
    async () => {
      first.cradle.liveService.publish({ orgIds: [acme.orgId] }, { name: LiveEventName.devices });
      await new Promise((resolve) => setTimeout(resolve, 500));
      return heard.length - before;
    },
    (count) => count > 0,
    20_000,
  );
  return tries;
}

beforeAll(async () => {
  postgres = await startEmbeddedPostgres(dataDir, silent);
  first = await createTestConsole({ databaseUrl: postgres.url });
  second = await createTestConsole({ databaseUrl: postgres.url });
  acme = await createTenant(first.cradle.db, 'enterprise', 'Acme');
  const api = new ApiClient(second.url);
  await api.signIn(acme.userName, acme.password);
  socket = io(second.url, {
    path: LIVE_PATH,
    transports: ['websocket'],
    forceNew: true,
    extraHeaders: { Cookie: api.cookieHeader },
  });
  socket.onAny((name: string) => heard.push(name));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
}, 120_000);

afterAll(async () => {
  socket?.disconnect();
  await second?.stop();
  await first?.stop();
  await postgres?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('live updates when PostgreSQL restarts', () => {
  it('carry events between instances again once PostgreSQL is back, and let the consoles stop at once', async () => {
    expect(await heardAcrossInstances()).toBeGreaterThan(0);
    await postgres.stop();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    postgres = await startEmbeddedPostgres(dataDir, silent, { port: postgres.port });
    // The browser stays connected to its instance; the instances find each other again.
    expect(socket.connected).toBe(true);
    expect(await heardAcrossInstances()).toBeGreaterThan(0);

    const stopping = Date.now();
    await second.stop();
    await first.stop();
    expect(Date.now() - stopping).toBeLessThan(5000);
  }, 60_000);
});
