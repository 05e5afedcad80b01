import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DriverManifest } from '../driver.js';
import { SipUdpEndpoint } from '../sip/endpoint.js';
import { parseSipUri } from '../sip/message.js';
import type { NotifyAuthOptions } from './notify-auth.js';
import { sampleFirmware } from './phone-driver.js';
import { SimulatedPhone } from './phone-simulator.js';
import type { PhoneSshOptions } from './phone-ssh.js';
import { WorkQueue } from './work-queue.js';

export interface FleetModel {
  driver: DriverManifest;
  model: string;
  /** Firmware the phones report; by default the driver's sample firmware. */
  firmware?: string;
  /** These phones challenge NOTIFY (a mixed fleet's MPP phones); by default the fleet's `notifyAuth`. */
  notifyAuth?: NotifyAuthOptions;
}

export interface SimulatedFleetOptions {
  /** Console base URL: provisioning at `<consoleUrl>/prov`, action URLs at `<consoleUrl>/events`. */
  consoleUrl: string;
  count: number;
  /** Models handed out in turn: phone i is `models[i % models.length]`. */
  models: FleetModel[];
  credentials?: { username: string; password: string };
  /**
   * First address of the fleet: phone i lives at base + i + 1, skipping host parts 0 and 255.
   * Default 127.1.0.0. Concurrent fleets (tests running side by side) need their own bases.
   */
  addressBase?: string;
  /** First MAC (12 hex digits); phone i has base + i. Default: a random locally administered one. */
  macBase?: string;
  /**
   * `sockets` (default): every phone binds its own UDP SIP socket and web UI on its address, the
   * way a real phone does; `shared`: one UDP socket and one HTTP server on the wildcard address
   * serve every phone, found by the Request-URI host (SIP) and the connection's local address
   * (HTTP). Use shared beyond a few thousand phones.
   */
  mode?: 'sockets' | 'shared';
  /** SIP port: 5060 in sockets mode; in shared mode 0 (a free one), which the phones report. */
  sipPort?: number;
  /** Web UI port: 80 in sockets mode, 0 in shared mode; `false` for none. */
  httpPort?: number | false;
  /** SIP users: phone i gets `accountBase + i` (default 100000 + i); `false` for phones without one. */
  accountBase?: number | false;
  reactionDelayMs?: number;
  /**
   * At most this many phones act on a NOTIFY (fetch, reboot reports) at the same time; the others
   * wait their turn. Default: no limit. Set it for pushes to thousands of phones, whose fetches
   * would otherwise all open a connection at once on the fleet's one event loop.
   */
  reactionConcurrency?: number;
  /**
   * Every phone runs an SSH server for diagnostics on its address with these options (sockets mode
   * only: shared mode starts no per-phone listener). Off by default.
   */
  ssh?: PhoneSshOptions;
  /** Every phone challenges NOTIFY and acts only on a signed retry (`notify-auth.ts`). */
  notifyAuth?: NotifyAuthOptions;
}

export interface FleetCounters {
  phones: number;
  notifies: number;
  fetches: number;
  reports: number;
  /** When the last NOTIFY transaction reached any phone (epoch ms). */
  lastNotifyAt: number | undefined;
}

const START_BATCH = 256;

/** IPv4 arithmetic on 127/8 that skips host parts 0 and 255 (never a network or broadcast look-alike). */
export function fleetAddress(base: string, index: number): string {
  const octets = base.split('.').map(Number);
  if (octets.length !== 4 || octets.some((o) => !Number.isInteger(o) || o < 0 || o > 255)) {
    throw new Error(`invalid address base ${base}`);
  }
  const base24 = (((octets[0] ?? 0) << 24) >>> 0) + ((octets[1] ?? 0) << 16) + ((octets[2] ?? 0) << 8);
  const firstLast = Math.max((octets[3] ?? 0) + 1, 1);
  const firstBlock = Math.max(0, 254 - firstLast + 1);
  const rest = index - firstBlock;
  const value =
    rest < 0 ? base24 + firstLast + index : base24 + (Math.floor(rest / 254) + 1) * 256 + 1 + (rest % 254);
  const address = [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff].join('.');
  if (!address.startsWith('127.')) throw new Error(`fleet address ${address} leaves 127.0.0.0/8`);
  return address;
}

function defaultFirmware(model: FleetModel): string {
  return model.firmware ?? sampleFirmware(model) ?? '1.0.0.0';
}

/**
 * Many simulated phones on one event loop, each on its own 127.x.y.z address (docs/phone-simulator.md).
 */
export class SimulatedFleet {
  private readonly byAddress = new Map<string, SimulatedPhone>();
  private sharedSip: SipUdpEndpoint | undefined;
  private sharedWeb: http.Server | undefined;

  private constructor(
    readonly phones: SimulatedPhone[],
    readonly mode: 'sockets' | 'shared',
  ) {
    for (const phone of phones) this.byAddress.set(phone.address, phone);
  }

  static async start(options: SimulatedFleetOptions): Promise<SimulatedFleet> {
    if (options.models.length === 0) throw new Error('a fleet needs at least one model');
    const mode = options.mode ?? 'sockets';
    const base = options.addressBase ?? '127.1.0.0';
    const macBase = BigInt(`0x${options.macBase ?? `02${randomBytes(2).toString('hex')}000000`}`);
    const consoleUrl = options.consoleUrl.replace(/\/$/, '');
    const reactionQueue = options.reactionConcurrency
      ? new WorkQueue(options.reactionConcurrency)
      : undefined;
    const phones = Array.from({ length: options.count }, (_, index) => {
      const model = options.models[index % options.models.length] as FleetModel;
      return new SimulatedPhone({
        driver: model.driver,
        model: model.model,
        firmware: defaultFirmware(model),
        mac: (macBase + BigInt(index)).toString(16).padStart(12, '0'),
        provisioningUrl: `${consoleUrl}/prov`,
        consoleUrl,
        credentials: options.credentials,
        address: fleetAddress(base, index),
        sipPort: options.sipPort ?? (mode === 'sockets' ? 5060 : 0),
        httpPort: options.httpPort ?? (mode === 'sockets' ? 80 : 0),
        account: options.accountBase === false ? undefined : String((options.accountBase ?? 100000) + index),
        reactionDelayMs: options.reactionDelayMs,
        reactionQueue,
        ssh: mode === 'sockets' ? options.ssh : undefined,
        notifyAuth: model.notifyAuth ?? options.notifyAuth,
      });
    });
    const fleet = new SimulatedFleet(phones, mode);
    try {
      if (mode === 'sockets') {
        for (let i = 0; i < phones.length; i += START_BATCH) {
          await Promise.all(phones.slice(i, i + START_BATCH).map((phone) => phone.start()));
        }
      } else {
        await fleet.startShared(options.sipPort ?? 0, options.httpPort ?? 0);
      }
    } catch (error) {
      await fleet.stop();
      throw error;
    }
    return fleet;
  }

  private async startShared(sipPort: number, httpPort: number | false): Promise<void> {
    const sip = await SipUdpEndpoint.bind({ address: '0.0.0.0', port: sipPort });
    this.sharedSip = sip;
    sip.onRequest((request) => {
      const host = parseSipUri(request.uri)?.host;
      const phone = host ? this.byAddress.get(host) : undefined;
      return phone ? phone.answerSip(request) : { status: 404 };
    });
    for (const phone of this.phones) phone.sharedSipPort = sip.address.port;
    if (httpPort === false) return;
    const web = http.createServer((req, res) => {
      const phone = this.byAddress.get((req.socket.localAddress ?? '').replace(/^::ffff:/, ''));
      if (phone) phone.serveWebUi(req, res);
      else res.writeHead(404).end();
    });
    this.sharedWeb = web;
    await new Promise<void>((resolve, reject) => {
      web.once('error', reject);
      web.listen(httpPort, '0.0.0.0', () => resolve());
    });
  }

  /** In shared mode, the one SIP port and web UI port every phone answers on. */
  get sharedPorts(): { sip: number; http: number | undefined } | undefined {
    if (!this.sharedSip) return undefined;
    return {
      sip: this.sharedSip.address.port,
      http: (this.sharedWeb?.address() as AddressInfo | null)?.port,
    };
  }

  phoneAt(address: string): SimulatedPhone | undefined {
    return this.byAddress.get(address);
  }

  get counters(): FleetCounters {
    let notifies = 0;
    let fetches = 0;
    let reports = 0;
    let lastNotifyAt: number | undefined;
    for (const phone of this.phones) {
      notifies += phone.notifies;
      fetches += phone.fetches;
      reports += phone.reports;
      if (
        phone.lastNotifyAt !== undefined &&
        (lastNotifyAt === undefined || phone.lastNotifyAt > lastNotifyAt)
      )
        lastNotifyAt = phone.lastNotifyAt;
    }
    return { phones: this.phones.length, notifies, fetches, reports, lastNotifyAt };
  }

  /** Runs `work` for every phone, at most `concurrency` at a time; resolves with the failures. */
  async each(work: (phone: SimulatedPhone) => Promise<unknown>, concurrency = 64): Promise<Error[]> {
    const failures: Error[] = [];
    let next = 0;
    const worker = async () => {
      while (next < this.phones.length) {
        const phone = this.phones[next] as SimulatedPhone;
        next += 1;
        await work(phone).catch((error: unknown) => {
          failures.push(error instanceof Error ? error : new Error(String(error)));
        });
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, this.phones.length) }, worker));
    return failures;
  }

  /** Waits until every phone finished acting on the NOTIFYs it received. */
  async settled(): Promise<void> {
    await Promise.all(this.phones.map((phone) => phone.settled()));
  }

  async stop(): Promise<void> {
    await this.settled();
    for (let i = 0; i < this.phones.length; i += START_BATCH) {
      await Promise.all(this.phones.slice(i, i + START_BATCH).map((phone) => phone.stop()));
    }
    const web = this.sharedWeb;
    if (web) {
      await new Promise<void>((resolve) => {
        web.close(() => resolve());
        web.closeAllConnections();
      });
    }
    await this.sharedSip?.close();
  }
}
