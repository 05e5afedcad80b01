import { fileURLToPath } from 'node:url';
import { runTypeScript } from './run-ts.js';

const child = fileURLToPath(new URL('./load-child.ts', import.meta.url));

export interface LoadResult {
  requestsPerSecond: number;
  /** CPU this process (the server under test) spent per request, in microseconds. */
  serverCpuMicrosPerRequest: number;
  p50Ms: number;
  p90Ms: number;
  p95Ms: number;
  p97_5Ms: number;
  p99Ms: number;
  non2xx: number;
}

/**
 * Load from a second process (autocannon, bench/load-child.ts) so the generator does not share the
 * event loop of the server it measures; both targets of a comparison are measured the same way in
 * the same run. Percentiles are of the 2xx responses' times.
 */
export async function load(
  url: string,
  options: {
    seconds?: number;
    connections?: number;
    headers?: Record<string, string>;
    method?: 'GET' | 'POST';
    body?: string;
  } = {},
): Promise<LoadResult> {
  const settings = {
    url,
    seconds: options.seconds ?? 5,
    connections: options.connections ?? 32,
    method: options.method,
    headers: options.headers,
    body: options.body,
  };
  const cpuBefore = process.cpuUsage();
  const stdout = await runTypeScript(child, [JSON.stringify(settings)]);
  const cpu = process.cpuUsage(cpuBefore);
  const result = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Omit<
    LoadResult,
    'serverCpuMicrosPerRequest'
  > & { total: number };
  return {
    requestsPerSecond: result.requestsPerSecond,
    serverCpuMicrosPerRequest: Math.round((cpu.user + cpu.system) / Math.max(1, result.total)),
    p50Ms: result.p50Ms,
    p90Ms: result.p90Ms,
    p95Ms: result.p95Ms,
    p97_5Ms: result.p97_5Ms,
    p99Ms: result.p99Ms,
    non2xx: result.non2xx,
  };
}
