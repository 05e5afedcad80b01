import type { IncomingMessage } from 'node:http';

/** A property of the request itself: a WeakMap entry per request cost more (measured on /api/health). */
const ROUTE = Symbol('phonefleet.route');
type Labelled = IncomingMessage & { [ROUTE]?: string };

/**
 * Names the route a request was dispatched to (its pattern, `/device/search`, `/backup/recover/:id`,
 * `/prov/`), never its raw path: what the request metrics count by (docs/metrics.md).
 */
export function labelRequest(request: IncomingMessage, route: string): void {
  (request as Labelled)[ROUTE] = route;
}

export function requestLabel(request: IncomingMessage): string | undefined {
  return (request as Labelled)[ROUTE];
}
