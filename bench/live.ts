import { LIVE_PATH, type LiveEventName, type LiveServerEvents } from '@phonefleet/sdk';
import { io, type Socket } from 'socket.io-client';
import type { RunningConsole } from '../platform/src/app.js';
import { createTenant, type TestTenant } from '../platform/src/testing/tenants.js';
import { signIn, signInAdmin } from './sign-in.js';

/**
 * Issue 16's measure: 10,000 phones going offline together — time until every connected browser
 * knows. Here the live part (docs/live.md): the offline sweep → the `devices` event at every
 * browser. `offlineBurst` sets the scene so the alarm part can measure on the same burst (alarms
 * stored, each browser's `notice` and its count) without building it again.
 */

const PHONES = 10_000;
const ENTERPRISES = 10;
/** Tabs per enterprise user; the channel above them and the administrator get as many. */
const BROWSERS_EACH = 10;

/** One browser tab's live connection and when it heard each event. */
export interface LiveBrowser {
  who: string;
  cookie: string;
  socket: Socket<LiveServerEvents>;
  heard: { name: LiveEventName; at: number }[];
}

export interface OfflineBurst {
  channel: TestTenant;
  enterprises: TestTenant[];
  browsers: LiveBrowser[];
  /** Makes every phone of the burst stale and runs the sweep; `sweptAt` is `performance.now()` at its start. */
  goOffline(): Promise<{ sweptAt: number; sweepMs: number; gone: number }>;
  close(): void;
}

function openBrowser(running: RunningConsole, who: string, cookie: string): Promise<LiveBrowser> {
  const socket: Socket<LiveServerEvents> = io(running.url, {
    path: LIVE_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: { Cookie: cookie },
  });
  const browser: LiveBrowser = { who, cookie, socket, heard: [] };
  socket.onAny((name: LiveEventName) => browser.heard.push({ name, at: performance.now() }));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(browser));
    socket.once('connect_error', reject);
  });
}

/**
 * A channel with `ENTERPRISES` enterprises sharing `PHONES` online phones, and `BROWSERS_EACH` tabs
 * for each enterprise's user, for the channel's and for the administrator, all connected.
 */
export async function offlineBurst(
  running: RunningConsole,
  adminPassword: string,
  /** Names the burst's organisations and sets its MACs apart, so one console can hold several. */
  scene = { label: 'Burst', macBase: 0x0b0000000000 },
): Promise<OfflineBurst> {
  const { db } = running.cradle;
  const channel = await createTenant(db, 'channel', `${scene.label} channel`);
  const enterprises: TestTenant[] = [];
  for (let i = 0; i < ENTERPRISES; i++)
    enterprises.push(
      await createTenant(db, 'enterprise', `${scene.label} enterprise ${i + 1}`, channel.orgId),
    );
  await db.execute(
    `INSERT INTO devices (org_id, site_id, mac, model, status, device_name)
     SELECT (o.ids)[i % $4 + 1], (o.sites)[i % $4 + 1], lpad(to_hex($1::bigint + i), 12, '0'), 'H2P', 1, 'Burst ' || i
       FROM generate_series(0, $5 - 1) i, (SELECT $2::bigint[] AS ids, $3::bigint[] AS sites) o`,
    [
      scene.macBase,
      enterprises.map((tenant) => tenant.orgId),
      enterprises.map((tenant) => tenant.siteId),
      ENTERPRISES,
      PHONES,
    ],
  );
  const users = [
    ...enterprises.map((tenant) => ({
      who: tenant.userName,
      cookie: signIn(running, tenant.userName, tenant.password),
    })),
    { who: channel.userName, cookie: signIn(running, channel.userName, channel.password) },
    { who: 'admin', cookie: signInAdmin(running, adminPassword) },
  ];
  const browsers: LiveBrowser[] = [];
  for (const user of users) {
    const cookie = await user.cookie;
    for (let tab = 0; tab < BROWSERS_EACH; tab++) browsers.push(await openBrowser(running, user.who, cookie));
  }
  const orgIds = enterprises.map((tenant) => tenant.orgId);
  return {
    channel,
    enterprises,
    browsers,
    goOffline: async () => {
      // Last heard from just over the threshold ago: the next sweep, this one, takes them all.
      await db.execute(
        `UPDATE devices SET last_seen_at = now() - make_interval(secs => $2 + 60) WHERE org_id = ANY($1::bigint[])`,
        [orgIds, running.config.deviceOfflineSeconds],
      );
      const sweptAt = performance.now();
      const gone = await running.cradle.deviceEventService.sweepOffline();
      return { sweptAt, sweepMs: performance.now() - sweptAt, gone };
    },
    close: () => {
      for (const browser of browsers) browser.socket.disconnect();
    },
  };
}

const firstHeard = (browser: LiveBrowser, name: LiveEventName) =>
  browser.heard.find((event) => event.name === name)?.at;

/** The live part of the measure: sweep → `devices` at every browser (goal within the 5 s). */
export async function benchLiveOffline(
  running: RunningConsole,
  adminPassword: string,
): Promise<Record<string, number>> {
  const burst = await offlineBurst(running, adminPassword);
  try {
    const { sweptAt, sweepMs, gone } = await burst.goOffline();
    if (gone !== PHONES) throw new Error(`the sweep turned ${gone} phones offline, not ${PHONES}`);
    const deadline = performance.now() + 30_000;
    while (burst.browsers.some((browser) => firstHeard(browser, 'devices') === undefined)) {
      if (performance.now() > deadline) throw new Error('not every browser heard `devices` within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const lastHeard = Math.max(...burst.browsers.map((browser) => firstHeard(browser, 'devices') ?? 0));
    // Whatever else the burst sends comes within a few coalescing windows.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const eventsEach = burst.browsers.map(
      (browser) => browser.heard.filter((event) => event.name === 'devices').length,
    );
    return {
      liveOffline10kBrowsers: burst.browsers.length,
      liveOffline10kSweepMs: Math.round(sweepMs),
      liveOffline10kEveryBrowserMs: Math.round(lastHeard - sweptAt),
      liveOffline10kEventsPerBrowserMax: Math.max(...eventsEach),
    };
  } finally {
    burst.close();
  }
}
