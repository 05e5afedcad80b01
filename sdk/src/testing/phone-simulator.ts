import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DriverManifest } from '../driver.js';
import { readLines } from '../lines.js';
import { type SipTarget, SipUdpEndpoint } from '../sip/endpoint.js';
import { headerParameter, type SipRequest, type SipResponseInit } from '../sip/message.js';
import { type ActionUrlValues, actionUrl, type CallQuality, type PhoneEvent } from './action-urls.js';
import { NotifyAuthenticator, type NotifyAuthOptions } from './notify-auth.js';
import {
  commonFileRequests,
  deviceFileName,
  type NotifyAction,
  notifyAction,
  sampleUserAgent,
} from './phone-driver.js';
import { type PhoneDownload, PhoneFiles, type UpgradeFault } from './phone-files.js';
import { getWithDigest, type HttpAnswer } from './phone-http.js';
import { type LineStatus, PhoneLines } from './phone-lines.js';
import { PlugAndPlayDiscovery } from './phone-plug-and-play.js';
import { PhoneSsh, type PhoneSshOptions } from './phone-ssh.js';
import type { WorkQueue } from './work-queue.js';

export type { CallQuality, PhoneEvent } from './action-urls.js';
export type { NotifyAuthenticator, NotifyAuthOptions } from './notify-auth.js';
export { type PhoneDownload, simulatedFirmwareImage, type UpgradeFault } from './phone-files.js';
export { answerDigestChallenge, httpGet } from './phone-http.js';
export type { LineStatus } from './phone-lines.js';
export type { PhoneSsh, PhoneSshOptions } from './phone-ssh.js';
export { WorkQueue } from './work-queue.js';

export interface SimulatedPhoneOptions {
  driver: DriverManifest;
  model: string;
  mac: string;
  firmware: string;
  /**
   * Provisioning base URL, e.g. `http://127.0.0.1:8080/prov`. Without it the phone knows nothing
   * until `bootZeroTouch()` learns one by SIP plug-and-play.
   */
  provisioningUrl?: string;
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
  /** An SSH server for diagnostics on its address (`phone-ssh.ts`); off unless given. */
  ssh?: PhoneSshOptions;
  /** Challenge every NOTIFY (401 digest) and act only on a correctly signed retry (`notify-auth.ts`). */
  notifyAuth?: NotifyAuthOptions;
}

export interface FetchResult {
  status: number;
  body: string;
  etag: string | undefined;
  values: Map<string, string>;
  /** Requests it took (2 when a digest challenge was answered). */
  requests: number;
}

/** Simulated misbehaviour: `slow` delays every answer, the others replace it. */
type Fault = { kind: 'offline' } | { kind: 'mute' } | { kind: 'ignoreNotify' } | { kind: 'faulty' };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
  /** NOTIFY transactions received (a retransmission of one counts once); not those it challenged. */
  notifies = 0;
  /** Its NOTIFY authentication when `options.notifyAuth` asks for one. */
  readonly notifyAuth: NotifyAuthenticator | undefined;
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
  /** Registers the lines of its file (`phone-lines.ts`). */
  private readonly phoneLines = new PhoneLines({
    address: () => this.address,
    sipPort: () => this.sipPort,
    endpoint: () => this.sip,
    report: (event, line) => this.reportLine(event, line),
  });
  /** The last configuration answered 200: a reboot answered 304 registers its lines again. */
  private config: Map<string, string> | undefined;
  /** Built once per options object and firmware: fleets ask for it on every SIP answer. */
  private userAgentOf: { options: SimulatedPhoneOptions; firmware: string; userAgent: string } | undefined;
  /** The firmware it runs: `options.firmware` until an upgrade installs another. */
  private firmwareInUse: string;
  /** Firmware and resources its file points at (`phone-files.ts`). */
  private readonly phoneFiles: PhoneFiles;
  /** Its SSH server when `options.ssh` asks for one; listening between `start()` and `stop()`. */
  readonly ssh: PhoneSsh | undefined;
  private configText = '';
  /** Its SIP plug-and-play at boot, and the URL it learned that way. */
  readonly plugAndPlay = new PlugAndPlayDiscovery();
  private discoveredUrl: string | undefined;

  constructor(readonly options: SimulatedPhoneOptions) {
    this.firmwareInUse = options.firmware;
    if (options.notifyAuth) this.notifyAuth = new NotifyAuthenticator(options.notifyAuth, () => this.config);
    if (options.ssh) {
      const phone = { driver: options.driver, model: options.model, configText: () => this.configText };
      this.ssh = new PhoneSsh({ ...phone, address: this.address }, options.ssh);
    }
    this.phoneFiles = new PhoneFiles(options.driver, (url, headers) => this.authorizedGet(url, headers));
  }

  get firmware(): string {
    return this.firmwareInUse;
  }

  get userAgent(): string {
    const { options, firmwareInUse: firmware } = this;
    if (this.userAgentOf?.options !== options || this.userAgentOf.firmware !== firmware) {
      const userAgent = options.userAgent || sampleUserAgent({ ...options, firmware });
      this.userAgentOf = { options, firmware, userAgent };
    }
    return this.userAgentOf.userAgent;
  }

  /** Files it downloaded whole and checked (firmware images, resources), in order. */
  get downloads(): readonly PhoneDownload[] {
    return this.phoneFiles.downloaded;
  }

  /** The URL it provisions from: the one it was given, else the one plug-and-play told it. */
  get provisioningUrl(): string {
    const url = this.options.provisioningUrl ?? this.discoveredUrl;
    if (!url) throw new Error(`phone ${this.options.mac} knows no provisioning URL: bootZeroTouch() first`);
    return url;
  }

  get fileName(): string {
    return deviceFileName(this.options);
  }

  /**
   * The files it fetched before its own (name → text), for drivers that declare common files: the
   * common files, or the own file a fallback-only one stands in for when that one was there.
   */
  readonly commonFiles = new Map<string, string>();

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
    return getWithDigest(
      url,
      { 'User-Agent': this.userAgent, ...extra },
      {
        localAddress: this.options.address,
        credentials: this.options.credentials,
        nextNonceCount: () => ++this.nc,
      },
    );
  }

  async fetchConfig(options: { conditional?: boolean } = {}): Promise<FetchResult> {
    const base = this.provisioningUrl.replace(/\/$/, '');
    // Common files first, as such phones do (a fallback-only one when its stand-in is missing);
    // what the phone keeps is its own file.
    for (const names of commonFileRequests(this.options)) {
      for (const name of names) {
        const common = await this.authorizedGet(new URL(`${base}/${name}`));
        if (common.status === 200) this.commonFiles.set(name, common.body);
        if (common.status !== 404) break;
      }
    }
    const url = new URL(`${base}/${this.fileName}`);
    const headers: Record<string, string> = {};
    if (options.conditional && this.etag) headers['If-None-Match'] = this.etag;
    const answer = await this.authorizedGet(url, headers);
    const etag = typeof answer.headers.etag === 'string' ? answer.headers.etag : undefined;
    const values = answer.status === 200 ? this.options.driver.parse(answer.body) : new Map<string, string>();
    if (answer.status === 200) {
      this.etag = etag;
      this.config = values;
      this.configText = answer.body;
      const sshEnable = values.get('maintenance.security.SSHEnable');
      if (this.ssh && sshEnable !== undefined) this.ssh.enabled = sshEnable === 'true';
    }
    if (answer.status === 200 || answer.status === 304) this.fetches += 1;
    return { status: answer.status, body: answer.body, etag, values, requests: answer.requests };
  }

  /** Calls the console's action URL for an event, as a phone configured with them does; answers the status. */
  async report(event: PhoneEvent, call?: CallQuality): Promise<number> {
    return this.callActionUrl(event, { account: this.options.account ?? '' }, call);
  }

  /** Reports a line's registration event with `account=<its UserName>`, `line` and (failures) `reason`. */
  reportLine(
    event: 'registered' | 'unregistered' | 'registrationFailed',
    line: { line: number; account: string; reason?: string },
  ): Promise<number> {
    return this.callActionUrl(event, line);
  }

  private async callActionUrl(
    event: PhoneEvent,
    extra: Pick<ActionUrlValues, 'account' | 'line' | 'reason'>,
    call?: CallQuality,
  ): Promise<number> {
    const base = this.options.consoleUrl ?? new URL(this.provisioningUrl).origin;
    const values: ActionUrlValues = {
      mac: this.options.mac,
      ip: this.address,
      model: this.options.model,
      firmware: this.firmware,
      sipPort: this.sipPort,
      ...extra,
    };
    const { status } = await this.authorizedGet(actionUrl(base, event, values, call));
    if (status === 200) this.reports += 1;
    return status;
  }

  /**
   * Power-on: fetch the configuration, report setup completed, then register every line of the file
   * (the last one fetched when it is unchanged). A file without lines keeps the older behaviour:
   * `registered` for the phone's `account` when it has one.
   */
  async boot(): Promise<void> {
    const fetched = await this.fetchConfig({ conditional: true });
    await this.report('setupCompleted');
    const lines = readLines(fetched.status === 200 ? fetched.values : (this.config ?? new Map()));
    await this.phoneLines.reconcile(lines, { rebooted: true });
    if (lines.length === 0 && this.options.account) await this.report('registered');
    if (fetched.status === 200) await this.applyFiles(fetched.values);
  }

  /**
   * Power-on knowing no URL (docs/zero-touch.md): the ua-profile SUBSCRIBE with its driver's vendor,
   * its model, firmware and MAC to `target` (the multicast group 224.0.1.75:5060 by default) from its
   * SIP socket (`start()` first), then, when a NOTIFY brings a URL within `timeoutMs`, a normal boot
   * from it. Answers the URL, or undefined when nobody answered (it stays unprovisioned).
   */
  async bootZeroTouch(options: { target?: SipTarget; timeoutMs?: number } = {}): Promise<string | undefined> {
    if (!this.sip) throw new Error(`phone ${this.options.mac}: start() before bootZeroTouch()`);
    const phone = {
      mac: this.options.mac,
      vendor: this.options.driver.vendor,
      model: this.options.model,
      version: this.firmware,
      userAgent: this.userAgent,
    };
    const url = await this.plugAndPlay.discover(this.sip, phone, options.target, options.timeoutMs ?? 5000);
    if (url === undefined) return undefined;
    this.discoveredUrl = url;
    await this.boot();
    return url;
  }

  /**
   * Downloads the files its configuration newly points at; a firmware image of another version is
   * installed: it restarts on it (reports the reboot, boots: its next fetch carries the version).
   */
  private async applyFiles(values: ReadonlyMap<string, string>): Promise<void> {
    const install = await this.phoneFiles.apply(values, this.firmware);
    if (install === undefined) return;
    this.firmwareInUse = install;
    await this.report('reboot');
    await this.boot();
  }

  /** An upgrade goes wrong: `download` stops after 1 KiB; `oldVersion` restarts on the old firmware. */
  upgradeFault(fault: UpgradeFault | undefined): this {
    this.phoneFiles.fault = fault;
    return this;
  }

  /** Its lines by number: what the last registration or unregistration of each gave. */
  get lines(): ReadonlyMap<number, Readonly<LineStatus>> {
    return this.phoneLines.status;
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
    const plugAndPlay = await this.plugAndPlay.receive(request);
    if (plugAndPlay) return { ...plugAndPlay, headers };
    if (request.method !== 'NOTIFY') {
      if (this.fault?.kind === 'mute') return undefined;
      if (request.method === 'OPTIONS')
        return { status: 200, headers: { ...headers, Accept: 'application/sdp' } };
      return { status: 501, headers };
    }

    const action = notifyAction(this.options.driver, request.headers.get('Event') ?? '');
    if (this.fault?.kind === 'mute') {
      // Unanswered, the endpoint hands each retransmission over again: count the transaction once.
      const branch = headerParameter(request.headers.get('Via') ?? '', 'branch') ?? '';
      if (action && !this.unanswered.has(branch)) this.countNotify(request);
      this.unanswered.add(branch);
      return undefined;
    }
    const challenge = this.notifyAuth?.check(request, headers);
    if (challenge) return challenge;
    if (!action) {
      return {
        status: 489,
        headers: { ...headers, 'Allow-Events': this.options.driver.pushEvents.checkSync },
      };
    }
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
  private react(action: NotifyAction): void {
    const act = async () => {
      if (action === 'factoryReset') this.etag = undefined;
      if (action === 'resync') {
        const fetched = await this.fetchConfig({ conditional: true });
        if (fetched.status === 200) {
          await this.phoneLines.reconcile(readLines(fetched.values), { rebooted: false });
          await this.applyFiles(fetched.values);
        }
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
    await this.phoneLines.settled();
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
      const page = `<!doctype html><html><head><title>${this.options.model}</title></head><body><h1>${this.options.model}</h1><p>Firmware ${this.firmware}</p><p>MAC ${this.options.mac}</p></body></html>`;
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
    await this.ssh?.start().catch(async (error: unknown) => {
      await this.stop();
      throw error;
    });
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
    this.phoneLines.stopping = true;
    await this.phoneLines.closeTemporaryEndpoints();
    const web = this.web;
    this.web = undefined;
    if (web) {
      await new Promise<void>((resolve) => {
        web.close(() => resolve());
        web.closeAllConnections();
      });
    }
    await this.ssh?.stop();
    await this.sip?.close();
    this.sip = undefined;
    // Registrations in flight were ended by the closed endpoints; their reports are skipped.
    await this.phoneLines.settled();
    this.phoneLines.stopping = false;
  }
}
