import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Counter, Histogram, type Registry } from 'prom-client';
import { requestLabel } from '../../http/request-label.js';

type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** A request no route claimed, named by where it went, never by its path. */
function fallbackLabel(url: string): string {
  if (url.startsWith('/api/')) return 'api-unmatched';
  if (url.startsWith('/plugins/')) return 'plugins';
  return 'host';
}

/**
 * Per-request cost: one clock read at the start, and at the end one histogram observation (and, for
 * a phone's provisioning fetch, one counter). Labels are the route's pattern, the method and the
 * status class: a bounded set whatever the URLs.
 */
export class RequestMetrics {
  private readonly duration: Histogram<'method' | 'route' | 'status'>;
  private readonly provisioning: Counter<'outcome'>;
  /** Bounded like the labels: routes × methods × status classes. */
  private readonly series = new Map<string, ReturnType<Histogram<'method' | 'route' | 'status'>['labels']>>();

  constructor(registry: Registry) {
    this.duration = new Histogram({
      name: 'phonefleet_http_request_duration_seconds',
      help: 'HTTP requests by route pattern, method and status class, and how long they took',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers: [registry],
    });
    this.provisioning = new Counter({
      name: 'phonefleet_provisioning_files_total',
      help: 'Configuration files asked for by phones (/prov/): served (200), unchanged (304) or refused',
      labelNames: ['outcome'],
      registers: [registry],
    });
  }

  /** Wraps the server's request listeners; `intercept` answers a request itself (the metrics page). */
  attach(server: Server, intercept: (request: IncomingMessage, response: ServerResponse) => boolean): void {
    const handlers = server.listeners('request') as RequestHandler[];
    server.removeAllListeners('request');
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      if (intercept(request, response)) return;
      const started = process.hrtime.bigint();
      response.once('finish', () => this.observe(request, response.statusCode, started));
      for (const handler of handlers) handler.call(server, request, response);
    });
  }

  private observe(request: IncomingMessage, status: number, started: bigint): void {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const route = requestLabel(request) ?? fallbackLabel(request.url ?? '/');
    const method = request.method ?? 'GET';
    const statusClass = Math.floor(status / 100);
    // One child per label set, kept: prom-client hashes and checks a labels object at every observe.
    const key = `${method} ${statusClass} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      series = this.duration.labels({ method, route, status: `${statusClass}xx` });
      this.series.set(key, series);
    }
    series.observe(seconds);
    if (route === '/prov/')
      this.provisioning.inc({
        outcome: status === 200 ? 'served' : status === 304 ? 'unchanged' : 'refused',
      });
  }
}
