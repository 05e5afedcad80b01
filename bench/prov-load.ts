/**
 * Load generator for the provisioning benchmark, run in its own process. Each worker loop fetches a
 * random phone's file with digest authentication (a nonce of its own, obtained once and reused with a
 * rising nc as a phone does; a fresh one when the console says it is stale) over keep-alive
 * connections, for a fixed time. Prints one JSON line.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';

const [
  baseUrl = '',
  seconds = '5',
  concurrency = '32',
  macCount = '1000',
  username = '',
  password = '',
  mode = 'cold',
] = process.argv.slice(2);
const target = new URL(baseUrl);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(concurrency) });
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const macs = Array.from({ length: Number(macCount) }, (_v, i) => (i + 1).toString(16).padStart(12, '0'));
const etags = new Map<string, string>();

function request(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: target.hostname, port: target.port, path, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

const userAgent = (mac: string) => `Generic H2P 2.14.0.5 ${mac}`;
const ha1 = md5(`${username}:phonefleet:${password}`);
const nonceOf = (headers: http.IncomingHttpHeaders) =>
  /nonce="([^"]+)"/.exec(String(headers['www-authenticate'] ?? ''))?.[1];

async function freshNonce(): Promise<string> {
  const challenge = await request(`${target.pathname}/${macs[0]}.cfg`, {
    'User-Agent': userAgent(macs[0] ?? ''),
  });
  return nonceOf(challenge.headers) ?? '';
}

const latencies: number[] = [];
const statuses: Record<string, number> = {};
const deadline = Date.now() + Number(seconds) * 1000;

async function worker(): Promise<void> {
  let nonce = await freshNonce();
  let nc = 0;
  while (Date.now() < deadline) {
    const mac = macs[Math.floor(Math.random() * macs.length)] ?? '';
    const path = `${target.pathname}/${mac}.cfg`;
    nc += 1;
    const count = nc.toString(16).padStart(8, '0');
    const response = md5(`${ha1}:${nonce}:${count}:bench:auth:${md5(`GET:${path}`)}`);
    const headers: Record<string, string> = {
      'User-Agent': userAgent(mac),
      Authorization: `Digest username="${username}", realm="phonefleet", nonce="${nonce}", uri="${path}", qop=auth, nc=${count}, cnonce="bench", response="${response}"`,
    };
    const known = etags.get(mac);
    if (mode === 'warm' && known) headers['If-None-Match'] = known;
    const started = performance.now();
    const reply = await request(path, headers);
    latencies.push(performance.now() - started);
    statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
    if (reply.headers.etag) etags.set(mac, String(reply.headers.etag));
    if (reply.status === 401) {
      nonce = nonceOf(reply.headers) ?? (await freshNonce());
      nc = 0;
    }
  }
}

const started = Date.now();
await Promise.all(Array.from({ length: Number(concurrency) }, worker));
const elapsed = (Date.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (q: number) => Number((latencies[Math.floor(q * (latencies.length - 1))] ?? 0).toFixed(2));
process.stdout.write(
  `${JSON.stringify({ requestsPerSecond: Math.round(latencies.length / elapsed), p50Ms: at(0.5), p99Ms: at(0.99), statuses })}\n`,
);
agent.destroy();
