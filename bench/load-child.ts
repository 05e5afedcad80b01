/**
 * The load generator of `load()` (bench/load.ts), run in its own process: autocannon through its
 * programmatic API, because its CLI's `--json` (and `--renderLatencyTable`) give fixed percentiles
 * without p95, the figure most goals name. Every 2xx response's time is kept (the 'response' event,
 * the same time autocannon puts in its histogram) and the percentiles are read from those samples
 * (nearest rank), all from one set so that p95 sits consistently between p90 and p97.5. Options
 * come as one JSON argument; prints one JSON line.
 */
import { createRequire } from 'node:module';

interface Options {
  url: string;
  seconds: number;
  connections: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Tracker {
  on(
    event: 'response',
    listener: (client: unknown, statusCode: number, bytes: number, milliseconds: number) => void,
  ): void;
}

interface Result {
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
}

type Autocannon = (options: object, done: (error: Error | null, result: Result) => void) => Tracker;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
const options = JSON.parse(process.argv[2] ?? '{}') as Options;
const times: number[] = [];

const result = await new Promise<Result>((resolve, reject) => {
  const tracker = autocannon(
    {
      url: options.url,
      duration: options.seconds,
      connections: options.connections,
      method: options.method ?? 'GET',
      headers: options.headers ?? {},
      ...(options.body === undefined ? {} : { body: options.body }),
    },
    (error, done) => (error ? reject(error) : resolve(done)),
  );
  tracker.on('response', (_client, statusCode, _bytes, milliseconds) => {
    if (statusCode >= 200 && statusCode < 300) times.push(milliseconds);
  });
});

times.sort((a, b) => a - b);
/** Nearest rank: the smallest sample that at least `fraction` of the samples do not exceed. */
const percentile = (fraction: number): number => {
  if (!times.length) return 0;
  const value = times[Math.min(times.length - 1, Math.ceil(fraction * times.length) - 1)] ?? 0;
  return Math.round(value * 10) / 10;
};

process.stdout.write(
  `${JSON.stringify({
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    samples: times.length,
    p50Ms: percentile(0.5),
    p90Ms: percentile(0.9),
    p95Ms: percentile(0.95),
    p97_5Ms: percentile(0.975),
    p99Ms: percentile(0.99),
    non2xx: result.non2xx,
    errors: result.errors,
  })}\n`,
);
