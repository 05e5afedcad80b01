/**
 * The load generator of the API service bench (bench/api-service.ts), in its own process: autocannon
 * as bench/load-child.ts runs it, but each request built by `setupRequest` so a signed request gets
 * its own timestamp, nonce and signature (what a real client does; a fixed header would be a replay).
 * A cookie run goes through the same hook, so both are measured alike. Prints one JSON line.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

interface Options {
  url: string;
  path: string;
  body: string;
  seconds: number;
  connections: number;
  cookie?: string;
  credential?: { apiId: string; apiKey: string };
}

interface Result {
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
}

interface Request {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

type Autocannon = (options: object, done: (error: Error | null, result: Result) => void) => unknown;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
const options = JSON.parse(process.argv[2] ?? '{}') as Options;
const bodyHash = createHash('sha256').update(options.body).digest('hex');
const signingKey = options.credential
  ? createHash('sha256').update(options.credential.apiKey).digest()
  : undefined;

function headersFor(): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.credential && signingKey) {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const text = ['POST', options.path, timestamp, nonce, bodyHash].join('\n');
    const signature = createHmac('sha256', signingKey).update(text).digest('hex');
    headers.Authorization = `PF-HMAC-SHA256 Credential=${options.credential.apiId}, Signature=${signature}`;
    headers['X-PF-Timestamp'] = timestamp;
    headers['X-PF-Nonce'] = nonce;
  }
  return headers;
}

const result = await new Promise<Result>((resolve, reject) => {
  autocannon(
    {
      url: `${options.url}${options.path}`,
      duration: options.seconds,
      connections: options.connections,
      requests: [
        {
          method: 'POST',
          setupRequest: (request: Request) => ({ ...request, headers: headersFor(), body: options.body }),
        },
      ],
    },
    (error, done) => (error ? reject(error) : resolve(done)),
  );
});

process.stdout.write(
  `${JSON.stringify({ requestsPerSecond: result.requests.average, total: result.requests.total, non2xx: result.non2xx, errors: result.errors })}\n`,
);
