import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { ConsoleConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { ServerAttachment } from '../../module.js';
import type { TaskEngine } from '../tasks/task-engine.js';
import { RequestMetrics } from './request-metrics.js';

/** The spec's task device results (tasks module `Result`). */
const RESULT_NAMES = [
  'scheduled',
  'ongoing',
  'success',
  'failed',
  'cancelled',
  'paused',
  'timeout',
  'finished',
];

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /metrics` in the Prometheus text format (docs/metrics.md), behind a bearer token. Each console
 * has its own registry (several run in one test process). Request figures are this instance's;
 * queue depth and task results are read from PostgreSQL when scraped, so every instance reports the
 * cluster's.
 */
export class MetricsService {
  private readonly registry = new Registry();
  private readonly requests: RequestMetrics;
  private readonly token: string | undefined;

  constructor({ config, db, taskEngine }: { config: ConsoleConfig; db: Database; taskEngine: TaskEngine }) {
    this.token = config.metricsToken;
    this.requests = new RequestMetrics(this.registry);
    collectDefaultMetrics({ register: this.registry, prefix: 'phonefleet_' });
    const sent = { answered: 0, refused: 0, unanswered: 0 };
    new Counter({
      name: 'phonefleet_sip_notifies_total',
      help: 'SIP NOTIFYs this instance sent to phones, by how they ended',
      labelNames: ['outcome'],
      registers: [this.registry],
      collect() {
        for (const outcome of ['answered', 'refused', 'unanswered'] as const) {
          this.inc({ outcome }, taskEngine.notifies[outcome] - sent[outcome]);
          sent[outcome] = taskEngine.notifies[outcome];
        }
      },
    });
    new Gauge({
      name: 'phonefleet_task_devices',
      help: 'Task deliveries (one per task, run and device) by result',
      labelNames: ['result'],
      registers: [this.registry],
      async collect() {
        const rows = await db.query<{ result: number; count: number }>(
          'SELECT result, count(*)::int AS count FROM task_devices GROUP BY result',
        );
        this.reset();
        for (const row of rows)
          this.set({ result: RESULT_NAMES[row.result] ?? String(row.result) }, row.count);
      },
    });
    new Gauge({
      name: 'phonefleet_queue_depth',
      help: 'Work waiting: deliveries due to be notified, notified ones awaiting the phone, emails not yet sent',
      labelNames: ['queue'],
      registers: [this.registry],
      async collect() {
        const row = await db.one<{ due: number; awaiting: number; mail: number }>(
          `SELECT (SELECT count(*)::int FROM task_devices WHERE result = 0) AS due,
                  (SELECT count(*)::int FROM task_devices WHERE result = 1) AS awaiting,
                  (SELECT count(*)::int FROM mail_outbox WHERE sent_at IS NULL) AS mail`,
        );
        this.set({ queue: 'push_due' }, row?.due ?? 0);
        this.set({ queue: 'push_awaiting_phone' }, row?.awaiting ?? 0);
        this.set({ queue: 'mail_outbox' }, row?.mail ?? 0);
      },
    });
    new Gauge({
      name: 'phonefleet_db_pool_connections',
      help: "This instance's database connections by pool and state (open, in_use, waiting callers)",
      labelNames: ['pool', 'state'],
      registers: [this.registry],
      collect() {
        for (const pool of db.poolStats()) {
          this.set({ pool: pool.pool, state: 'open' }, pool.open);
          this.set({ pool: pool.pool, state: 'in_use' }, pool.inUse);
          this.set({ pool: pool.pool, state: 'waiting' }, pool.waiting);
        }
      },
    });
  }

  attachment(): ServerAttachment {
    return {
      attach: (server: Server) =>
        this.requests.attach(server, (request, response) => this.serve(request, response)),
      close: async () => undefined,
    };
  }

  /** Answers `/metrics` (true) before the application sees it; anything else goes on (false). */
  private serve(request: IncomingMessage, response: ServerResponse): boolean {
    const path = request.url?.split('?')[0];
    if (path !== '/metrics' || !this.token) return false;
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (request.method !== 'GET' || !sameToken(given, this.token)) {
      response.writeHead(request.method === 'GET' ? 401 : 405, {
        'Content-Type': 'text/plain',
        'WWW-Authenticate': 'Bearer realm="metrics"',
      });
      response.end('Unauthorized\n');
      return true;
    }
    this.registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'Content-Type': this.registry.contentType, 'Cache-Control': 'no-store' });
        response.end(text);
      },
      (error: Error) => {
        response.writeHead(500, { 'Content-Type': 'text/plain' });
        response.end(`${error.message}\n`);
      },
    );
    return true;
  }
}
