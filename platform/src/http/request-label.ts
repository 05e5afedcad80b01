import type { IncomingMessage } from 'node:http';

const labels = new WeakMap<IncomingMessage, string>();

/**
 * Names the route a request was dispatched to (its pattern, `/device/search`, `/backup/recover/:id`,
 * `/prov/`), never its raw path: what the request metrics count by (docs/metrics.md).
 */
export function labelRequest(request: IncomingMessage, route: string): void {
  labels.set(request, route);
}

export function requestLabel(request: IncomingMessage): string | undefined {
  return labels.get(request);
}
