/**
 * Load generator for the provisioning benchmark, run in its own process. Each worker loop fetches a
 * phone's file (cold: the next of a shuffled list; warm: a random one) with digest authentication
 * (a nonce of its own, obtained once and reused with a rising nc as a phone does; a fresh one when
 * the console says it is stale) over keep-alive connections, for a fixed time. Prints one JSON line.
 *
 * Phones are H2P phones asking for `<mac>.cfg` (MACs 1, 2, …) unless the last argument describes a
 * fleet (`PhoneTemplates`, bench/prov-mixed.ts): then phone i has MAC `firstMac + i` and asks for
 * template `(firstMac + i) % n`'s file with its User-Agent, `{mac}` filled in.
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
  fleetJson = '',
] = process.argv.slice(2);
const target = new URL(baseUrl);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(concurrency) });
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** What a phone of one model asks for, `{mac}` standing for its MAC (bench/prov-mixed.ts). */
export interface PhoneTemplates {
  firstMac: number;
  templates: { file: string; userAgent: string }[];
}
/** H2P phones from MAC 1 unless the argument names a fleet, or only where the H2P phones' MACs start. */
const fleet: PhoneTemplates = {
  firstMac: 1,
  templates: [{ file: '{mac}.cfg', userAgent: 'Generic H2P 2.14.0.5 {mac}' }],
  ...(fleetJson ? (JSON.parse(fleetJson) as Partial<PhoneTemplates>) : {}),
};
interface Phone {
  mac: string;
  path: string;
  userAgent: string;
}
const phones = Array.from({ length: Number(macCount) }, (_v, i): Phone => {
  const number = fleet.firstMac + i;
  const mac = number.toString(16).padStart(12, '0');
  const template = fleet.templates[number % fleet.templates.length] ?? { file: '', userAgent: '' };
  return {
    mac,
    path: `${target.pathname}/${template.file.replace('{mac}', mac)}`,
    userAgent: template.userAgent.replace('{mac}', mac),
  };
});
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

const ha1 = md5(`${username}:phonefleet:${password}`);
const nonceOf = (headers: http.IncomingHttpHeaders) =>
  /nonce="([^"]+)"/.exec(String(headers['www-authenticate'] ?? ''))?.[1];

async function freshNonce(): Promise<string> {
  const first = phones[0];
  const challenge = await request(first?.path ?? '', { 'User-Agent': first?.userAgent ?? '' });
  return nonceOf(challenge.headers) ?? '';
}

const latencies: number[] = [];
const statuses: Record<string, number> = {};
const deadline = Date.now() + Number(seconds) * 1000;

/**
 * Cold: every phone at most once per run, in a random order (a phone asking twice would find its
 * file kept from its first fetch); warm: the same phones again and again.
 */
const order = phones.map((_phone, index) => index);
for (let i = order.length - 1; i > 0; i--) {
  const j = Math.floor(Math.random() * (i + 1));
  [order[i], order[j]] = [order[j] as number, order[i] as number];
}
let next = 0;
const nextPhone = (): Phone =>
  phones[
    mode === 'cold' ? (order[next++ % order.length] as number) : Math.floor(Math.random() * phones.length)
  ] as Phone;

async function worker(): Promise<void> {
  let nonce = await freshNonce();
  let nc = 0;
  while (Date.now() < deadline) {
    const { mac, path, userAgent } = nextPhone();
    nc += 1;
    const count = nc.toString(16).padStart(8, '0');
    const response = md5(`${ha1}:${nonce}:${count}:bench:auth:${md5(`GET:${path}`)}`);
    const headers: Record<string, string> = {
      'User-Agent': userAgent,
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
