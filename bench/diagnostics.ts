import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import {
  DIAGNOSTICS_NAMESPACE,
  type DiagnosticOutput,
  type DiagnosticProgress,
  type DiagnosticSessionRow,
  type DiagnosticsClientEvents,
  type DiagnosticsServerEvents,
  type DiagnosticWatchAnswer,
  LIVE_PATH,
} from '@phonefleet/sdk';
import { io, type Socket } from 'socket.io-client';
import type { RunningConsole } from '../platform/src/app.js';
import { createTenant, insertDevices } from '../platform/src/testing/tenants.js';
import { sendStampOf } from '../sdk/src/testing/phone-ssh-output.js';
import {
  type ChildConsole,
  cpuSecondsOf,
  databaseUrlOf,
  machineJiffies,
  memoryOf,
  startChildConsole,
} from './child-console.js';
import type {
  DiagnosticPhonesData,
  DiagnosticPhonesMessage,
  DiagnosticPhonesRequest,
} from './diagnostics-phones.js';

/**
 * Issue 17's measure: 50 concurrent log captures at 1 MB/s each, from simulated phones over SSH,
 * to 50 socket.io clients (one per session): end-to-end latency and the platform's memory.
 *
 * - The platform is measured alone: a second console runs as a child process
 *   (`platform/src/main.ts` with tsx, as `npm start` runs it) on the bench console's database; its
 *   RSS is read from /proc (VmRSS sampled, VmHWM the peak) and its CPU time from /proc too.
 * - The phones run on a thread of this process (bench/diagnostics-phones.ts); the socket.io
 *   clients on this thread, which does little else, so arrival times are not late by phone work.
 * - Each line ends with the phone's send time (`stampLogLines`); a packet's latency is its arrival
 *   (`Date.now()`, same machine) minus the stamp of its last line.
 * - Baselines in the same run: the child at rest, and one stream alone with one watcher.
 */

const STREAMS = 50;
const BYTES_PER_SECOND = 1_000_000;
const WARM_UP_MS = 3_000;
const MEASURE_MS = 20_000;
const ALONE_WARM_UP_MS = 2_000;
const ALONE_MEASURE_MS = 8_000;
/** How long every session may take to end after its stop (output stored, `progress` sent). */
const STOP_WAIT_MS = 60_000;
/** Loopback block and MACs no other bench uses. */
const ADDRESS_BASE = '127.117.0.0';
const MAC_BASE = '0d1a60000000';
const MODEL = 'H2P';
const PHONE_ADMIN = { username: 'admin', password: 'Diag#Bench2026' };
const PROVISIONING = { username: 'diag-bench-phones', password: 'Phones#2026' };
const MB = 1_000_000;

type Watcher = Socket<DiagnosticsServerEvents, DiagnosticsClientEvents>;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const round = (value: number, digits = 0) => Number(value.toFixed(digits));

/** A browser of one console instance, signed in. */
class Browser {
  private constructor(
    readonly url: string,
    readonly cookie: string,
  ) {}

  /**
   * Signs in at `url` with a captcha of `captchaFrom`, the bench console whose code is fixed:
   * captchas live in PostgreSQL, so any instance on the database takes its answer.
   */
  static async signIn(
    url: string,
    captchaFrom: RunningConsole,
    userName: string,
    password: string,
  ): Promise<Browser> {
    const captcha = (await (await fetch(`${captchaFrom.url}/api/captcha`)).json()) as {
      result: { rows: { captchaId: string }[] };
    };
    const login = await fetch(`${url}/api/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        userName,
        userPwd: password,
        captchaId: captcha.result.rows[0]?.captchaId,
        verifyCode: '1234',
      }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    if (!cookie) throw new Error(`signing in ${userName} at ${url} failed: ${await login.text()}`);
    return new Browser(url, cookie);
  }

  async call<Row>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<Row[]> {
    const response = await fetch(`${this.url}/api${route}`, {
      method,
      headers: { Cookie: this.cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(120_000),
    });
    const reply = (await response.json()) as { code: number; message: string; result: { rows: Row[] } };
    if (reply.code !== 0) throw new Error(`${method} ${route}: ${reply.code} ${reply.message}`);
    return reply.result.rows;
  }

  async watcher(): Promise<Watcher> {
    const socket: Watcher = io(`${this.url}${DIAGNOSTICS_NAMESPACE}`, {
      path: LIVE_PATH,
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      extraHeaders: { Cookie: this.cookie },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }
}

/** The phone thread, asked and answered by messages. */
class PhoneThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<string, (message: DiagnosticPhonesMessage) => void>();
  readonly ready: Promise<{ macs: string[]; sshPorts: number[] }>;

  constructor(data: DiagnosticPhonesData) {
    // TypeScript too: the thread registers tsx's loader before importing its module.
    this.worker = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(
        new URL('./diagnostics-phones.ts', import.meta.url).href,
      )}); });`,
      { eval: true, workerData: data },
    );
    this.ready = new Promise((resolve, reject) => {
      this.worker.once('error', reject);
      this.waiting.set('ready', (message) => {
        if (message.type === 'ready') resolve(message);
      });
    });
    this.worker.on('message', (message: DiagnosticPhonesMessage) => {
      const answer = this.waiting.get(message.type);
      this.waiting.delete(message.type);
      answer?.(message);
    });
  }

  private ask(request: DiagnosticPhonesRequest & { type: 'boot' | 'openConnections' }) {
    return new Promise<DiagnosticPhonesMessage>((resolve) => {
      this.waiting.set(request.type === 'boot' ? 'booted' : request.type, resolve);
      this.worker.postMessage(request);
    });
  }

  async boot(): Promise<string[]> {
    const answer = await this.ask({ type: 'boot' });
    return answer.type === 'booted' ? answer.failures : ['no answer'];
  }

  /** SSH connections open at the phones once they have had up to 10 s to reach 0. */
  async openConnectionsSettled(): Promise<number> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const answer = await this.ask({ type: 'openConnections' });
      const count = answer.type === 'openConnections' ? answer.count : -1;
      if (count === 0 || Date.now() > deadline) return count;
      await sleep(100);
    }
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    this.worker.postMessage({ type: 'close' } satisfies DiagnosticPhonesRequest);
    const timer = setTimeout(() => void this.worker.terminate(), 15_000);
    await exited;
    clearTimeout(timer);
  }
}

/** What the watchers heard while `measuring` is on, and which sessions they saw end. */
class Tally {
  measuring = false;
  readonly latencies: number[] = [];
  bytes = 0;
  packets = 0;
  skipped = 0;
  readonly ended = new Set<number>();

  /** Follows one session on `socket`: offsets show skipped output, the last line's stamp the latency. */
  follow(socket: Watcher, sessionId: number, from: number): void {
    let expected = from;
    socket.on('output', (output: DiagnosticOutput) => {
      if (output.sessionId !== sessionId) return;
      const arrived = Date.now();
      const { text } = output;
      const length = Buffer.byteLength(text);
      if (this.measuring) {
        const end = text.endsWith('\n') ? text.length - 1 : text.length;
        const stamp = sendStampOf(text.slice(text.lastIndexOf('\n', end - 1) + 1, end));
        if (stamp !== undefined) this.latencies.push(arrived - stamp);
        this.bytes += length;
        this.packets += 1;
        if (output.offset > expected) this.skipped += output.offset - expected;
      }
      expected = Math.max(expected, output.offset + length);
    });
    socket.on('progress', (progress: DiagnosticProgress) => {
      if (progress.sessionId === sessionId && !['connecting', 'running'].includes(progress.state))
        this.ended.add(sessionId);
    });
  }

  percentile(fraction: number): number {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
  }
}

interface Phase {
  tally: Tally;
  seconds: number;
  /** What the sessions' `bytes` (the stored count `GET /diagnostics/session` answers) grew by in the window. */
  storedBytes: number;
  rss: number;
  peakRss: number;
  platformCpuPercent: number;
  benchCpuPercent: number;
  machineBusyPercent: number;
  clientLoopDelayP99Ms: number;
  /** From asking every session to stop until the last one ended; undefined when some did not in time. */
  stopAllMs: number | undefined;
  notEnded: number;
}

/**
 * Starts a log capture at debug on each device with one watcher each, warms up, measures for
 * `measureMs`, then stops every session and waits (a while) until each has ended.
 */
async function streamPhase(
  child: ChildConsole,
  browser: Browser,
  running: RunningConsole,
  deviceIds: number[],
  warmUpMs: number,
  measureMs: number,
): Promise<Phase> {
  const { db } = running.cradle;
  const tally = new Tally();
  const watchers = await Promise.all(deviceIds.map(() => browser.watcher()));
  const sessions: number[] = [];
  const storedBytes = async () =>
    Number(
      (
        await db.one<{ bytes: string }>(
          'SELECT coalesce(sum(bytes), 0) AS bytes FROM diagnostic_sessions WHERE id = ANY($1::bigint[])',
          [sessions],
        )
      )?.bytes ?? 0,
    );
  try {
    const started = await Promise.all(
      deviceIds.map((deviceId) =>
        browser.call<DiagnosticSessionRow>('POST', '/diagnostics/start', {
          deviceId,
          action: 'log',
          level: 'debug',
        }),
      ),
    );
    for (const rows of started) sessions.push(rows[0]?.id ?? 0);
    await Promise.all(
      sessions.map(async (sessionId, index) => {
        const socket = watchers[index] as Watcher;
        const answer = await new Promise<DiagnosticWatchAnswer>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no answer to watch ${sessionId}`)), 60_000);
          socket.emit('watch', sessionId, (reply) => {
            clearTimeout(timer);
            resolve(reply);
          });
        });
        if (!answer.ok) throw new Error(`watching session ${sessionId}: ${answer.message}`);
        tally.follow(socket, sessionId, answer.backlogEnd);
      }),
    );
    await sleep(warmUpMs);

    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    const storedBefore = await storedBytes();
    const platformCpuBefore = cpuSecondsOf(child.pid);
    const benchCpuBefore = process.cpuUsage();
    const machineBefore = machineJiffies();
    const windowStart = performance.now();
    tally.measuring = true;
    loopDelay.enable();
    let rss = 0;
    const sampler = setInterval(() => {
      if (!child.gone()) rss = Math.max(rss, memoryOf(child.pid).rss);
    }, 250);
    await sleep(measureMs);
    tally.measuring = false;
    loopDelay.disable();
    clearInterval(sampler);
    const gone = child.gone();
    if (gone) throw new Error(`the child console ${gone}`);
    const seconds = (performance.now() - windowStart) / 1000;
    const benchCpu = process.cpuUsage(benchCpuBefore);
    const machineAfter = machineJiffies();
    const platformCpu = cpuSecondsOf(child.pid) - platformCpuBefore;
    const storedAfter = await storedBytes();
    const memory = memoryOf(child.pid);

    const stopped = await stopAll(browser, tally, sessions, STOP_WAIT_MS);
    sessions.length = 0;
    return {
      tally,
      seconds,
      storedBytes: storedAfter - storedBefore,
      rss: Math.max(rss, memory.rss),
      // VmHWM is updated lazily: never below a sample.
      peakRss: Math.max(memory.peak, rss, memory.rss),
      platformCpuPercent: (platformCpu / seconds) * 100,
      benchCpuPercent: ((benchCpu.user + benchCpu.system) / 1e6 / seconds) * 100,
      machineBusyPercent:
        ((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) * 100,
      clientLoopDelayP99Ms: loopDelay.percentile(99) / 1e6,
      ...stopped,
    };
  } finally {
    // Sessions are left here only when the phase failed: stopped, not waited for.
    if (sessions.length > 0) await stopAll(browser, tally, sessions, 0);
    for (const socket of watchers) socket.disconnect();
  }
}

/** Stops every session, then waits up to `waitMs` until each has ended. */
async function stopAll(
  browser: Browser,
  tally: Tally,
  sessions: number[],
  waitMs: number,
): Promise<{ stopAllMs: number | undefined; notEnded: number }> {
  const started = performance.now();
  await Promise.all(
    sessions.map((sessionId) =>
      browser.call('POST', '/diagnostics/stop', { sessionId }).catch(() => undefined),
    ),
  );
  const notEnded = () => sessions.filter((sessionId) => !tally.ended.has(sessionId)).length;
  while (notEnded() > 0 && performance.now() - started < waitMs) await sleep(50);
  return {
    stopAllMs: notEnded() === 0 ? Math.round(performance.now() - started) : undefined,
    notEnded: notEnded(),
  };
}

export async function benchDiagnostics(running: RunningConsole): Promise<Record<string, number | string>> {
  const { db } = running.cradle;
  const tenant = await createTenant(db, 'enterprise', 'Diagnostics bench');
  const child = await startChildConsole(databaseUrlOf(running));
  let phones: PhoneThread | undefined;
  try {
    const browser = await Browser.signIn(child.url, running, tenant.userName, tenant.password);
    // The phones' administrator password (what SSH signs in with) and their provisioning credentials.
    await browser.call('POST', '/tb-config/saveParam', {
      relationId: tenant.siteId,
      relationName: 'site',
      maintenance: {
        changePassword: { AdminPassword: { Key: 'AdminPassword', Value: PHONE_ADMIN.password, Push: true } },
      },
    });
    await browser.call('POST', '/tb-provisioning/credentials', PROVISIONING);
    phones = new PhoneThread({
      consoleUrl: child.url,
      count: STREAMS,
      addressBase: ADDRESS_BASE,
      macBase: MAC_BASE,
      provisioning: PROVISIONING,
      admin: PHONE_ADMIN,
      logBytesPerSecond: BYTES_PER_SECOND,
    });
    const { macs, sshPorts } = await phones.ready;
    await insertDevices(
      db,
      tenant,
      macs.map((mac) => ({ mac, model: MODEL })),
    );
    const rows = await db.query<{ id: string; mac: string }>(
      'SELECT id, mac FROM devices WHERE mac = ANY($1::text[])',
      [macs],
    );
    const ids = new Map(rows.map((row) => [row.mac, Number(row.id)]));
    const deviceIds = macs.map((mac) => ids.get(mac) ?? 0);
    // Booted: each fetches its file from the child, which records its address (once a second).
    const failures = await phones.boot();
    if (failures.length > 0) throw new Error(`phones failed to boot: ${failures[0]}`);
    const deadline = Date.now() + 15_000;
    for (;;) {
      const known = await db.one<{ n: string }>(
        'SELECT count(*) AS n FROM devices WHERE id = ANY($1::bigint[]) AND last_fetch_ip IS NOT NULL',
        [deviceIds],
      );
      if (Number(known?.n) === STREAMS) break;
      if (Date.now() > deadline) throw new Error('the phones’ addresses were not recorded within 15 s');
      await sleep(200);
    }
    for (const [index, deviceId] of deviceIds.entries()) {
      await browser.call('POST', '/diagnostics/credentials', { deviceId, port: sshPorts[index] });
    }

    const idle = memoryOf(child.pid);
    const alone = await streamPhase(
      child,
      browser,
      running,
      deviceIds.slice(0, 1),
      ALONE_WARM_UP_MS,
      ALONE_MEASURE_MS,
    );
    const aloneOpen = await phones.openConnectionsSettled();
    const all = await streamPhase(child, browser, running, deviceIds, WARM_UP_MS, MEASURE_MS);
    const open = await phones.openConnectionsSettled();
    const { tally } = all;
    return {
      diagPlatformIdleRssMB: round(idle.rss),
      diag1StreamLatencyP50Ms: alone.tally.percentile(0.5),
      diag1StreamLatencyP95Ms: alone.tally.percentile(0.95),
      diag1StreamDeliveredMBps: round(alone.tally.bytes / MB / alone.seconds, 2),
      diag1StreamPlatformCpuPercent: round(alone.platformCpuPercent),
      diag1StreamPlatformRssMB: round(alone.rss),
      diag50LatencyP50Ms: tally.percentile(0.5),
      diag50LatencyP95Ms: tally.percentile(0.95),
      diag50LatencyP99Ms: tally.percentile(0.99),
      diag50LatencyMaxMs: tally.percentile(1),
      diag50DeliveredMBps: round(tally.bytes / MB / all.seconds, 2),
      diag50StoredMBps: round(all.storedBytes / MB / all.seconds, 2),
      diag50SkippedMB: round(tally.skipped / MB, 1),
      diag50Packets: tally.packets,
      diag50PlatformRssMB: round(all.rss),
      diag50PlatformPeakRssMB: round(all.peakRss),
      diag50PlatformCpuPercent: round(all.platformCpuPercent),
      diag50BenchCpuPercent: round(all.benchCpuPercent),
      diag50MachineBusyPercent: round(all.machineBusyPercent),
      diag50ClientLoopDelayP99Ms: round(all.clientLoopDelayP99Ms),
      diag50StopAllMs: all.stopAllMs ?? `> ${STOP_WAIT_MS} (${all.notEnded} not ended)`,
      diagOpenSshAfterStop: aloneOpen + open,
    };
  } finally {
    await phones?.close();
    await child.stop();
  }
}
