import { createHash, randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { DriverManifest } from '../driver.js';
import { SipUdpEndpoint } from '../sip/endpoint.js';
import { headerParameter, type SipRequest, type SipResponseInit } from '../sip/message.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** The Authorization header a phone sends in answer to a digest challenge (RFC 7616, MD5, qop=auth). */
export function answerDigestChallenge(
  wwwAuthenticate: string,
  credentials: { username: string; password: string },
  method: string,
  uri: string,
  nc = 1,
): string {
  const field = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(wwwAuthenticate)?.[1] ?? '';
  const realm = field('realm');
  const nonce = field('nonce');
  const cnonce = randomBytes(8).toString('hex');
  const count = nc.toString(16).padStart(8, '0');
  const ha1 = md5(`${credentials.username}:${realm}:${credentials.password}`);
  const ha2 = md5(`${method}:${uri}`);
  const response = md5(`${ha1}:${nonce}:${count}:${cnonce}:auth:${ha2}`);
  return `Digest username="${credentials.username}", realm="${realm}", nonce="${nonce}", uri="${uri}", qop=auth, nc=${count}, cnonce="${cnonce}", response="${response}", algorithm=MD5`;
}

/** Action URL events a phone reports to the console (docs/device-events.md). */
export type PhoneEvent =
  | 'setupCompleted'
  | 'registered'
  | 'unregistered'
  | 'registrationFailed'
  | 'reboot'
  | 'callEnd';

/** Voice quality of a finished call as the phone measured it. */
export interface CallQuality {
  delayMs: number;
  jitterMs: number;
  lossPercent: number;
}

export interface SimulatedPhoneOptions {
  driver: DriverManifest;
  model: string;
  mac: string;
  firmware: string;
  /** Provisioning base URL, e.g. `http://127.0.0.1:8080/prov`. */
  provisioningUrl: string;
  credentials?: { username: string; password: string };
  /** The User-Agent the phone sends; by default the driver's first sample with this phone's values. */
  userAgent?: string;
  /** Console base URL its action URLs call (`<consoleUrl>/events/...`); by default the provisioning origin. */
  consoleUrl?: string;
  /**
   * The phone's own address: its HTTP requests leave from it, `start()` binds SIP and the web UI
   * on it. Any 127.x.y.z works on Linux (all of 127/8 is routed to lo).
   */
  address?: string;
  /** SIP port `start()` binds, 5060 by default; 0 picks a free one. */
  sipPort?: number;
  /** Web UI port `start()` binds, 80 by default; 0 picks a free one; `false` serves none. */
  httpPort?: number | false;
  /** Its SIP user (`$active_user` in action URLs); a phone without one reports an empty account. */
  account?: string;
  /** Wait between answering a NOTIFY and acting on it. */
  reactionDelayMs?: number;
  /**
   * Runs its NOTIFY reactions; a fleet shares one so that thousands of phones reacting to one push
   * do not open thousands of connections at once on its single event loop. Default: at once.
   */
  reactionQueue?: WorkQueue;
}

/** Runs at most `size` jobs at a time; the others wait in the order they came. */
export class WorkQueue {
  private running = 0;
  private waiting: ((() => void) | undefined)[] = [];
  private head = 0;

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`invalid work queue size ${size}`);
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await job();
    } finally {
      const next = this.waiting[this.head];
      if (next) {
        // The slot passes straight to the next job; the queue is compacted once half of it is spent.
        this.waiting[this.head] = undefined;
        this.head += 1;
        if (this.head > 1024 && this.head * 2 > this.waiting.length) {
          this.waiting = this.waiting.slice(this.head);
          this.head = 0;
        }
        next();
      } else {
        this.running -= 1;
      }
    }
  }
}

export interface FetchResult {
  status: number;
  body: string;
  etag: string | undefined;
  values: Map<string, string>;
  /** Requests it took (2 when a digest challenge was answered). */
  requests: number;
}

interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Simulated misbehaviour: `slow` delays every answer, the others replace it. */
type Fault = { kind: 'offline' } | { kind: 'mute' } | { kind: 'ignoreNotify' } | { kind: 'faulty' };

const REQUEST_TIMEOUT_MS = 15_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const normaliseEvent = (event: string) => event.replace(/\s+/g, '').toLowerCase();

/** One GET over a fresh connection leaving from `localAddress`. */
function httpGet(
  url: URL,
  headers: Record<string, string>,
  localAddress: string | undefined,
): Promise<HttpAnswer> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      { headers, localAddress, agent: false, timeout: REQUEST_TIMEOUT_MS },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on('error', reject);
  });
}

/**
 * A phone speaking real protocols: HTTP provisioning (its driver's device file, digest
 * credentials, ETags), action URL callbacks to the console, SIP over UDP (answers OPTIONS with its
 * User-Agent and NOTIFY check-sync by re-fetching) and a web UI whose `Server` header is its
 * User-Agent. Faults make it slow, offline, mute, deaf to pushes or broken.
 */
export class SimulatedPhone {
  private etag: string | undefined;
  private nc = 0;
  private delayMs = 0;
  private fault: Fault | undefined;
  private sip: SipUdpEndpoint | undefined;
  private web: http.Server | undefined;
  private sipPortInUse: number | undefined;
  /** NOTIFY transactions received (a retransmission of one counts once). */
  notifies = 0;
  /** Configuration fetches answered 200 or 304. */
  fetches = 0;
  /** Action URL reports the console accepted (200). */
  reports = 0;
  /** Events of the NOTIFYs received, in order. */
  readonly notifyEvents: string[] = [];
  /** When the last NOTIFY transaction arrived (epoch ms). */
  lastNotifyAt: number | undefined;
  /** Branches of NOTIFYs left unanswered while mute: their retransmissions are not new transactions. */
  private readonly unanswered = new Set<string>();
  private readonly reactions = new Set<Promise<unknown>>();
  /** Built once per options object: fleets ask for it on every SIP answer. */
  private userAgentOf: { options: SimulatedPhoneOptions; userAgent: string } | undefined;

  constructor(readonly options: SimulatedPhoneOptions) {}

  get userAgent(): string {
    if (this.userAgentOf?.options !== this.options) {
      this.userAgentOf = { options: this.options, userAgent: this.composeUserAgent() };
    }
    return this.userAgentOf.userAgent;
  }

  private composeUserAgent(): string {
    if (this.options.userAgent) return this.options.userAgent;
    const sample = this.options.driver.sampleUserAgents.find((s) => s.identity.mac);
    if (!sample?.identity.mac)
      throw new Error(`driver ${this.options.driver.id} has no sample User-Agent with a MAC`);
    const withColons = (mac: string) => mac.match(/.{2}/g)?.join(':') ?? mac;
    return sample.userAgent
      .replace(sample.identity.model, this.options.model)
      .replace(sample.identity.firmware ?? '', this.options.firmware)
      .replace(
        new RegExp(`${sample.identity.mac}|${withColons(sample.identity.mac)}`, 'i'),
        this.options.mac,
      );
  }

  get fileName(): string {
    const file = this.options.driver.files.find((f) => f.name.includes('{mac}'));
    if (!file) throw new Error(`driver ${this.options.driver.id} has no device file`);
    return file.name.replace('{mac}', this.options.mac);
  }

  get address(): string {
    return this.options.address ?? '127.0.0.1';
  }

  /** The SIP port it answers on: the bound one after `start()`, else the configured one. */
  get sipPort(): number {
    return this.sipPortInUse ?? this.options.sipPort ?? 5060;
  }

  /** Port of its own web UI after `start()`. */
  get httpPort(): number | undefined {
    return (this.web?.address() as AddressInfo | null)?.port;
  }

  /** Used by a fleet that answers SIP for many phones on one socket. */
  set sharedSipPort(port: number) {
    this.sipPortInUse = port;
  }

  /** GET with the phone's User-Agent, answering one digest challenge with its credentials. */
  private async authorizedGet(
    url: URL,
    extra: Record<string, string> = {},
  ): Promise<HttpAnswer & { requests: number }> {
    if (this.fault?.kind === 'offline') throw new Error(`phone ${this.options.mac} is offline`);
    if (this.delayMs) await sleep(this.delayMs);
    const headers: Record<string, string> = { 'User-Agent': this.userAgent, ...extra };
    const local = this.options.address;
    let answer = await httpGet(url, headers, local);
    const challenge = answer.headers['www-authenticate'];
    if (answer.status === 401 && typeof challenge === 'string' && this.options.credentials) {
      this.nc += 1;
      headers.Authorization = answerDigestChallenge(
        challenge,
        this.options.credentials,
        'GET',
        `${url.pathname}${url.search}`,
        this.nc,
      );
      answer = await httpGet(url, headers, local);
      return { ...answer, requests: 2 };
    }
    return { ...answer, requests: 1 };
  }

  async fetchConfig(options: { conditional?: boolean } = {}): Promise<FetchResult> {
    const url = new URL(`${this.options.provisioningUrl.replace(/\/$/, '')}/${this.fileName}`);
    const headers: Record<string, string> = {};
    if (options.conditional && this.etag) headers['If-None-Match'] = this.etag;
    const answer = await this.authorizedGet(url, headers);
    const etag = typeof answer.headers.etag === 'string' ? answer.headers.etag : undefined;
    if (answer.status === 200) this.etag = etag;
    if (answer.status === 200 || answer.status === 304) this.fetches += 1;
    return {
      status: answer.status,
      body: answer.body,
      etag,
      values: answer.status === 200 ? this.options.driver.parse(answer.body) : new Map(),
      requests: answer.requests,
    };
  }

  /** Calls the console's action URL for an event, as a phone configured with them does; answers the status. */
  async report(event: PhoneEvent, call?: CallQuality): Promise<number> {
    const base = this.options.consoleUrl ?? new URL(this.options.provisioningUrl).origin;
    const url = new URL(`${base.replace(/\/$/, '')}/events/${event}`);
    const params: Record<string, string> = {
      mac: this.options.mac,
      ip: this.address,
      model: this.options.model,
      firmware: this.options.firmware,
      account: this.options.account ?? '',
      sipPort: String(this.sipPort),
    };
    if (call) {
      params.delay = String(call.delayMs);
      params.jitter = String(call.jitterMs);
      params.loss = String(call.lossPercent);
    }
    url.search = new URLSearchParams(params).toString();
    const { status } = await this.authorizedGet(url);
    if (status === 200) this.reports += 1;
    return status;
  }

  /** Power-on: fetch the configuration, report setup completed and, with an account, its registration. */
  async boot(): Promise<void> {
    await this.fetchConfig({ conditional: true });
    await this.report('setupCompleted');
    if (this.options.account) await this.report('registered');
  }

  /** Answers slowly: SIP, web UI and its own requests wait `ms` first. */
  slow(ms: number): this {
    this.delayMs = ms;
    return this;
  }

  /** Answers nothing at all (SIP or HTTP) and makes no requests. */
  offline(): this {
    this.fault = { kind: 'offline' };
    return this;
  }

  /** Receives SIP requests but never answers them (NOTIFYs are still counted); HTTP works. */
  mute(): this {
    this.fault = { kind: 'mute' };
    return this;
  }

  /** Answers NOTIFY 200 but never fetches. */
  ignoreNotify(): this {
    this.fault = { kind: 'ignoreNotify' };
    return this;
  }

  /** Answers SIP with 500 and its web UI with bytes that are not HTTP. */
  faulty(): this {
    this.fault = { kind: 'faulty' };
    return this;
  }

  /** Back to normal behaviour, no delay. */
  healthy(): this {
    this.fault = undefined;
    this.delayMs = 0;
    return this;
  }

  /** Its answer to a SIP request; undefined sends nothing. */
  async answerSip(request: SipRequest): Promise<SipResponseInit | undefined> {
    if (this.fault?.kind === 'offline') return undefined;
    if (this.delayMs) await sleep(this.delayMs);
    if (this.fault?.kind === 'faulty') return { status: 500 };
    const headers = { 'User-Agent': this.userAgent, Allow: 'INVITE, ACK, CANCEL, BYE, NOTIFY, OPTIONS' };
    if (request.method !== 'NOTIFY') {
      if (this.fault?.kind === 'mute') return undefined;
      if (request.method === 'OPTIONS')
        return { status: 200, headers: { ...headers, Accept: 'application/sdp' } };
      return { status: 501, headers };
    }

    const event = normaliseEvent(request.headers.get('Event') ?? '');
    const { pushEvents } = this.options.driver;
    const action =
      event === normaliseEvent(pushEvents.checkSync)
        ? 'resync'
        : event === normaliseEvent(pushEvents.reboot)
          ? 'reboot'
          : pushEvents.factoryReset && event === normaliseEvent(pushEvents.factoryReset)
            ? 'factoryReset'
            : undefined;
    if (this.fault?.kind === 'mute') {
      // Unanswered, the endpoint hands each retransmission over again: count the transaction once.
      const branch = headerParameter(request.headers.get('Via') ?? '', 'branch') ?? '';
      if (action && !this.unanswered.has(branch)) this.countNotify(request);
      this.unanswered.add(branch);
      return undefined;
    }
    if (!action) return { status: 489, headers: { ...headers, 'Allow-Events': pushEvents.checkSync } };
    this.countNotify(request);
    if (this.fault?.kind !== 'ignoreNotify') this.react(action);
    return { status: 200, headers };
  }

  private countNotify(request: SipRequest): void {
    this.notifies += 1;
    this.notifyEvents.push(request.headers.get('Event') ?? '');
    this.lastNotifyAt = Date.now();
  }

  /** Acts on a NOTIFY after its answer went out. */
  private react(action: 'resync' | 'reboot' | 'factoryReset'): void {
    const act = async () => {
      if (action === 'factoryReset') this.etag = undefined;
      if (action === 'resync') {
        await this.fetchConfig({ conditional: true });
        return;
      }
      await this.report('reboot');
      await this.boot();
    };
    const queue = this.options.reactionQueue;
    const reaction = sleep(this.options.reactionDelayMs ?? 0)
      .then(() => (queue ? queue.run(act) : act()))
      .catch(() => undefined)
      .finally(() => this.reactions.delete(reaction));
    this.reactions.add(reaction);
  }

  /** Resolves when every NOTIFY reaction started so far has finished. */
  async settled(): Promise<void> {
    while (this.reactions.size > 0) await Promise.all([...this.reactions]);
  }

  /** Its web UI: a small page whose `Server` header is the User-Agent (what a scanner reads). */
  serveWebUi(req: IncomingMessage, res: ServerResponse): void {
    if (this.fault?.kind === 'offline') {
      req.socket.destroy();
      return;
    }
    void (async () => {
      if (this.delayMs) await sleep(this.delayMs);
      if (this.fault?.kind === 'faulty') {
        res.socket?.end(Buffer.from([0x00, 0xff, 0x13, 0x37, 0x0a]));
        return;
      }
      const page = `<!doctype html><html><head><title>${this.options.model}</title></head><body><h1>${this.options.model}</h1><p>Firmware ${this.options.firmware}</p><p>MAC ${this.options.mac}</p></body></html>`;
      res.writeHead(200, { Server: this.userAgent, 'Content-Type': 'text/html; charset=utf-8' });
      res.end(page);
    })();
  }

  /** Binds its SIP endpoint and web UI on its own address. */
  async start(): Promise<void> {
    const sip = await SipUdpEndpoint.bind({ address: this.address, port: this.options.sipPort ?? 5060 });
    sip.onRequest((request) => this.answerSip(request));
    this.sip = sip;
    this.sipPortInUse = sip.address.port;
    const httpPort = this.options.httpPort ?? 80;
    if (httpPort === false) return;
    const web = http.createServer((req, res) => this.serveWebUi(req, res));
    this.web = web;
    try {
      await new Promise<void>((resolve, reject) => {
        web.once('error', reject);
        web.listen(httpPort, this.address, () => resolve());
      });
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  async stop(): Promise<void> {
    const web = this.web;
    this.web = undefined;
    if (web) {
      await new Promise<void>((resolve) => {
        web.close(() => resolve());
        web.closeAllConnections();
      });
    }
    await this.sip?.close();
    this.sip = undefined;
  }
}
