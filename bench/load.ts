import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const autocannon = path.resolve('node_modules/.bin/autocannon');

export interface LoadResult {
  requestsPerSecond: number;
  /** CPU this process (the server under test) spent per request, in microseconds. */
  serverCpuMicrosPerRequest: number;
  p50Ms: number;
  /** autocannon reports no p95: it lies between p90 and p97.5. */
  p90Ms: number;
  p97_5Ms: number;
  p99Ms: number;
  non2xx: number;
}

/**
 * Load from a second process (autocannon) so the generator does not share the event loop of the
 * server it measures; both targets of a comparison are measured the same way in the same run.
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
  const args = ['--json', '-d', String(options.seconds ?? 5), '-c', String(options.connections ?? 32)];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`);
  if (options.method) args.push('-m', options.method);
  if (options.body) args.push('-b', options.body);
  const cpuBefore = process.cpuUsage();
  const { stdout } = await run(autocannon, [...args, url], { maxBuffer: 16 * 1024 * 1024 });
  const cpu = process.cpuUsage(cpuBefore);
  const result = JSON.parse(stdout) as {
    requests: { average: number; total: number };
    latency: { p50: number; p90: number; p97_5: number; p99: number };
    non2xx: number;
  };
  return {
    requestsPerSecond: result.requests.average,
    serverCpuMicrosPerRequest: Math.round((cpu.user + cpu.system) / Math.max(1, result.requests.total)),
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p97_5Ms: result.latency.p97_5,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}
