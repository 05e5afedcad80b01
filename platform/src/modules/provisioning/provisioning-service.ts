import { createHash } from 'node:crypto';
import {
  type ConfigFile,
  type DeviceIdentity,
  DeviceStatus,
  type DriverManifest,
  type DriverModel,
  downloadKindOfTask,
  fileParameter,
  matchConfigFile,
  normaliseFirmwareVersion,
  renderConfig,
  TaskType,
} from '@phonefleet/sdk';
import type { Logger } from 'pino';
import type { ConsoleConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { DeviceReply, DeviceRequest } from '../../http/device-app.js';
import { ConfigurationService, type Layer } from '../configuration/configuration-service.js';
import { downloadPath } from '../device-downloads/download-service.js';
import { confirmUpgradesSql, type PendingDownload } from '../device-downloads/download-sql.js';
import type { DeviceGate } from '../device-gate/device-gate.js';
import type { DriverRegistry } from '../extensions/driver-registry.js';
import { type BoundLine, lineValues } from '../sip/line-values.js';
import { confirmDeliveriesSql, unservedFetchesSql } from '../tasks/deliveries.js';
import { ROOT_ORG_ID } from '../tenancy/root-organization.js';
import { DeviceLookups, type DeviceRow } from './device-lookups.js';
import { type RenderedFile, RenderedFiles } from './rendered-files.js';
import { treePaths } from './tree-paths.js';
import { UnknownDevices } from './unknown-devices.js';

interface FetchRecord {
  at: Date;
  ip: string;
  model: string;
  firmware: string | null;
}

const FLUSH_MS = 1000;
/** Fetches the console failed to serve (database down), kept until it answers again. */
const UNSERVED_LIMIT = 100_000;
/** Device lookups kept per instance; a phone fleet of this size fits in a few hundred MB. */
const CACHE_LIMIT = 200_000;
/** Bodies of rendered files kept per instance (a file is a few KiB: tens of thousands of phones). */
const RENDERED_BYTES = 64 * 1024 * 1024;
const notFound: DeviceReply = {
  status: 404,
  headers: { 'Content-Type': 'text/plain' },
  body: 'Not found\n',
};

/**
 * The device-facing side: a phone asks for a driver-named file; the driver identifies it, the
 * platform resolves the device by MAC, checks its credentials and address, merges its layers and
 * the driver renders them. Requests that match nothing are recorded as unknown devices with why.
 */
export class ProvisioningService {
  private readonly db: Database;
  private readonly logger: Logger;
  private readonly driverRegistry: DriverRegistry;
  private readonly deviceGate: DeviceGate;
  private readonly unknownDevices: UnknownDevices;
  private readonly deviceLookups: DeviceLookups;
  private pending = new Map<number, FetchRecord>();
  /** The flush running now: flushes go one after another, never two batches at once. */
  private flushing: Promise<void> | undefined;
  /** By MAC: fetches that failed on the console's side, for the pushes waiting on them. */
  private unserved = new Map<string, { ip: string; at: Date }>();
  private readonly confirmTimeoutMs: number;
  /** The last flush failed (database unreachable): logged once until one works again. */
  private flushFailing = false;
  /**
   * Device lookups by MAC and address, valid until PostgreSQL announces a change that can alter a
   * file (see migration 0003). Off whenever the LISTEN connection is down.
   */
  private readonly lookups = new Map<string, DeviceRow>();
  private readonly rendered = new RenderedFiles(RENDERED_BYTES);
  private cacheOn = false;
  private generation = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(deps: {
    db: Database;
    logger: Logger;
    driverRegistry: DriverRegistry;
    deviceGate: DeviceGate;
    config: ConsoleConfig;
  }) {
    this.db = deps.db;
    this.confirmTimeoutMs = deps.config.push.confirmTimeoutMs;
    this.logger = deps.logger;
    this.driverRegistry = deps.driverRegistry;
    this.deviceGate = deps.deviceGate;
    this.unknownDevices = new UnknownDevices(deps.db);
    this.deviceLookups = new DeviceLookups(deps.db);
    // A flush slower than the period (a loaded database) is not joined by another one.
    this.timer = setInterval(() => {
      if (!this.flushing) void this.flush();
    }, FLUSH_MS);
    this.timer.unref();
    this.db.listen(
      'phonefleet_config',
      () => this.changed(),
      (listening) => {
        this.changed();
        this.cacheOn = listening;
      },
    );
  }

  /** Everything kept or being asked for may predate an announced change. */
  private changed(): void {
    this.generation += 1;
    this.lookups.clear();
    this.rendered.clear();
    this.deviceLookups.changed();
  }

  private async lookup(mac: string, ip: string): Promise<DeviceRow | undefined> {
    const key = `${mac}|${ip}`;
    const cached = this.lookups.get(key);
    if (cached) return cached;
    const generation = this.generation;
    const device = await this.deviceLookups.find(mac, ip);
    // Kept only if no change was announced while the query ran: the answer could predate it.
    if (device && !device.downloads && this.cacheOn && generation === this.generation) {
      if (this.lookups.size >= CACHE_LIMIT) this.lookups.delete(this.lookups.keys().next().value ?? '');
      this.lookups.set(key, device);
    }
    return device;
  }

  async handle(request: DeviceRequest): Promise<DeviceReply> {
    let fileName: string;
    try {
      fileName = decodeURIComponent(request.rest);
    } catch {
      return this.unknown(request, undefined, 'malformed path');
    }
    if (!/^[A-Za-z0-9_.-]{1,128}$/.test(fileName) || fileName.includes('..')) {
      return this.unknown(request, undefined, 'malformed path');
    }
    const identified = this.identify(request.userAgent);
    const served = this.serving(fileName, identified?.driver);
    if (!served) return this.unknown(request, identified?.identity.mac, 'no driver serves this file');
    let { driver, match } = served;
    if (identified && identified.driver.id !== driver.id) {
      return this.unknown(
        request,
        match.mac ?? identified.identity.mac,
        `User-Agent is a ${identified.driver.id} phone, file belongs to ${driver.id}`,
      );
    }
    const mac = match.mac ?? identified?.identity.mac;
    if (!mac) return this.unknown(request, undefined, 'no MAC in path or User-Agent');
    if (match.mac && identified?.identity.mac && match.mac !== identified.identity.mac) {
      return this.unknown(request, mac, 'MAC in path differs from User-Agent');
    }

    let device: DeviceRow | undefined;
    // A file rendered from this lookup is kept only if no change was announced since it began.
    const generation = this.generation;
    let verdict: Awaited<ReturnType<DeviceGate['judge']>>;
    try {
      device = await this.lookup(mac, request.ip);
      // An unknown MAC is challenged like a known one: the answer says nothing of the inventory.
      verdict = await this.deviceGate.judge(mac, device, request, false);
    } catch (error) {
      // The console failed this phone, not the other way round: a push waiting on it must say so.
      if (this.unserved.size < UNSERVED_LIMIT) this.unserved.set(mac, { ip: request.ip, at: new Date() });
      throw error;
    }
    if (!device) {
      await this.unknownDevices.recordStranger(request, mac, verdict, {
        model: identified?.identity.model,
        firmware: identified?.identity.firmware,
      });
      return verdict.kind === 'waiting' || verdict.kind === 'challenged' ? verdict.reply : notFound;
    }
    if (verdict.kind === 'waiting') return verdict.reply;
    // What an unauthenticated client did is not the tenant's phones' doing: filed under the platform.
    if (verdict.kind === 'forbidden')
      return this.unknown(request, mac, 'address not allowed', ROOT_ORG_ID, 403);
    if (verdict.kind === 'challenged') {
      if (verdict.offered) await this.recordUnknown(request, mac, 'authentication failed', ROOT_ORG_ID);
      return verdict.reply;
    }
    // Its own phone, refused because its organization is frozen: the tenant sees why.
    if (verdict.kind === 'frozen')
      return this.unknown(request, mac, 'organization frozen', Number(device.org_id), 403);

    const found = this.driverRegistry.model(device.model);
    // A name several drivers serve (`cfg<mac>.xml`: V-series and Grandstream) is the device's own
    // driver's file when the User-Agent names no driver.
    const own = !identified && found ? matchConfigFile(found.driver, fileName) : undefined;
    if (found && own) ({ driver, match } = { driver: found.driver, match: own });
    if (!found || found.driver.id !== driver.id) {
      return this.unknown(
        request,
        mac,
        `inventory model ${device.model} is not served by ${driver.id}`,
        Number(device.org_id),
      );
    }
    const file = this.renderedFile(
      device,
      found,
      match.file,
      mac,
      request.origin,
      verdict.authenticated,
      generation,
    );
    this.pending.set(Number(device.id), {
      at: new Date(),
      ip: request.ip,
      model: identified?.identity.model ?? device.model,
      firmware: identified?.identity.firmware ?? null,
    });
    const { body, etag } = file;
    const headers = {
      ETag: etag,
      'Cache-Control': 'private, no-cache',
      'Content-Type': match.file.contentType,
    };
    if (request.ifNoneMatch === etag) return { status: 304, headers };
    return { status: 200, headers, body };
  }

  /** The phone's file, rendered or as kept since the last announced change (`RenderedFiles`). */
  private renderedFile(
    device: DeviceRow,
    found: { driver: DriverManifest; model: DriverModel },
    file: ConfigFile,
    mac: string,
    origin: string,
    authenticated: boolean,
    generation: number,
  ): RenderedFile {
    // Files offering downloads are never kept: their URLs follow the request and the push ends.
    const key = device.downloads ? undefined : `${device.id}|${file.name}|${authenticated ? 1 : 0}`;
    const kept = key === undefined ? undefined : this.rendered.get(key);
    if (kept) return kept;
    const layers = (device.layers ?? []).map((layer) => ({
      relation: layer.relation,
      relationId: Number(layer.relationId),
      pushed: layer.pushed,
    }));
    const downloads = this.downloadValues(found.driver, device.downloads ?? [], mac, origin, authenticated);
    const values = this.values(
      layers,
      device.lines ?? [],
      downloads,
      found.model.capabilities,
      authenticated,
    );
    const body = renderConfig(found.driver, values, { model: found.model, mac, file });
    const rendered = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    if (key !== undefined && this.cacheOn && generation === this.generation) this.rendered.set(key, rendered);
    return rendered;
  }

  /**
   * The URLs of the files pushed to the phone, at its driver's parameters (docs/firmware.md
   * "Upgrade"), pointing back at the console the way the phone reached it. A client certificate
   * (it holds a private key) only for an authenticated phone.
   */
  private downloadValues(
    driver: DriverManifest,
    downloads: PendingDownload[],
    mac: string,
    origin: string,
    authenticated: boolean,
  ): Map<string, string> {
    const values = new Map<string, string>();
    for (const download of downloads) {
      const kind = downloadKindOfTask(download.type);
      if (!kind || (download.type === TaskType.clientCertificatePush && !authenticated)) continue;
      values.set(
        fileParameter(driver, kind),
        `${origin}${downloadPath(mac, Number(download.fileId), download.name)}`,
      );
    }
    return values;
  }

  /**
   * Merged values in file order, the bound lines and pushed files above every layer (docs/sip.md,
   * docs/firmware.md); password values (a line's included) only for an authenticated phone.
   */
  private values(
    layers: Layer[],
    lines: BoundLine[],
    downloads: Map<string, string>,
    capabilities: Parameters<typeof treePaths>[0],
    authenticated: boolean,
  ): Map<string, string> {
    const { order, secrets } = treePaths(capabilities);
    const merged = new Map<string, string>();
    for (const [path, value] of ConfigurationService.merge(layers)) merged.set(path, value.value);
    for (const [path, value] of lineValues(lines)) merged.set(path, value);
    for (const [path, value] of downloads) merged.set(path, value);
    // Each value's place looked up once, not at every comparison of the sort.
    const placed: [number, string, string][] = [];
    for (const [path, value] of merged) {
      const place = order.get(path);
      if (place !== undefined && (authenticated || !secrets.has(path))) placed.push([place, path, value]);
    }
    placed.sort((a, b) => a[0] - b[0]);
    return new Map(placed.map(([, path, value]) => [path, value]));
  }

  private identify(userAgent: string): { driver: DriverManifest; identity: DeviceIdentity } | undefined {
    return this.driverRegistry.identify(userAgent);
  }

  /** The driver serving a file name; the identified phone's own driver first. */
  private serving(fileName: string, preferred: DriverManifest | undefined) {
    const drivers = [
      ...(preferred ? [preferred] : []),
      ...this.driverRegistry.loaded.map((entry) => entry.driver),
    ];
    for (const driver of drivers) {
      const match = matchConfigFile(driver, fileName);
      if (match) return { driver, match };
    }
    return undefined;
  }

  private async unknown(
    request: DeviceRequest,
    mac: string | undefined,
    reason: string,
    orgId: number = ROOT_ORG_ID,
    status = 404,
  ): Promise<DeviceReply> {
    await this.recordUnknown(request, mac, reason, orgId);
    return status === 404
      ? notFound
      : { status, headers: { 'Content-Type': 'text/plain' }, body: 'Forbidden\n' };
  }

  private recordUnknown(request: DeviceRequest, mac: string | undefined, reason: string, orgId: number) {
    return this.unknownDevices.record(request, mac, reason, orgId);
  }

  /**
   * Last fetch time, address, model and firmware, written in one set-based statement per second.
   * Losing up to a second of these on a crash is acceptable: the next fetch writes them again.
   * The same statement ends the pushes waiting for these devices: a fetch after a NOTIFY was sent
   * is the proof that the change arrived (task result → 2 success, whether or not the NOTIFY's
   * 200 has been recorded yet; docs/tasks.md), and a firmware upgrade ends when the version the
   * phone reports is its target (docs/firmware.md). A batch the database refused (restarting,
   * unreachable) is kept for the next flush: those phones did get their file.
   */
  flush(): Promise<void> {
    // Two batches updating the same devices at once, in different orders, could deadlock.
    const run = (this.flushing ?? Promise.resolve())
      .catch(() => undefined)
      .then(async () => {
        await this.flushFetches();
        await this.flushUnserved();
      });
    const current = run.finally(() => {
      if (this.flushing === current) this.flushing = undefined;
    });
    this.flushing = current;
    return current;
  }

  private async flushFetches(): Promise<void> {
    if (this.pending.size === 0) return;
    // In id order, as every batch locks its devices' rows.
    const batch = [...this.pending].sort(([a], [b]) => a - b);
    this.pending = new Map();
    try {
      await this.db.execute(
        `WITH fetched AS (
           UPDATE devices d SET last_fetch_at = v.at, last_fetch_ip = v.ip::inet, reported_model = v.model,
                  reported_firmware = coalesce(v.firmware, d.reported_firmware), status = ${DeviceStatus.online}
             FROM unnest($1::bigint[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[])
                  AS v(id, at, ip, model, firmware, version)
            WHERE d.id = v.id
           RETURNING d.id, v.at, v.version),
         delivered AS (${confirmDeliveriesSql('fetched')})
         ${confirmUpgradesSql('fetched')}`,
        [
          batch.map(([id]) => id),
          batch.map(([, r]) => r.at.toISOString()),
          batch.map(([, r]) => r.ip || null),
          batch.map(([, r]) => r.model),
          batch.map(([, r]) => r.firmware),
          batch.map(([, r]) => (r.firmware ? normaliseFirmwareVersion(r.firmware) : null)),
        ],
      );
      if (this.flushFailing) this.logger.info('provisioning fetches are recorded again');
      this.flushFailing = false;
    } catch (error) {
      // A newer fetch of the same device, made meanwhile, wins.
      for (const [id, record] of batch) if (!this.pending.has(id)) this.pending.set(id, record);
      if (!this.flushFailing)
        this.logger.warn({ err: error }, 'could not record provisioning fetches; retrying');
      this.flushFailing = true;
    }
  }

  /**
   * Once the database answers again: the pushes waiting on phones whose fetch failed on the
   * console's side are sent again or given their window anew (tasks' `unservedFetchesSql`). Only a
   * device's own last address counts, so a stranger's request during an outage changes nothing.
   * Written after the fetch records, so a phone that fetched again meanwhile is success already.
   */
  private async flushUnserved(): Promise<void> {
    if (this.unserved.size === 0) return;
    const batch = [...this.unserved];
    this.unserved = new Map();
    try {
      await this.db.execute(
        `WITH unserved AS (
           SELECT d.id, v.at FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS v(mac, ip, at)
             JOIN devices d ON d.mac = v.mac AND d.last_fetch_ip = v.ip::inet)
         ${unservedFetchesSql('unserved', this.confirmTimeoutMs)}`,
        [batch.map(([mac]) => mac), batch.map(([, r]) => r.ip), batch.map(([, r]) => r.at.toISOString())],
      );
    } catch {
      for (const [mac, record] of batch) if (!this.unserved.has(mac)) this.unserved.set(mac, record);
    }
  }

  async dispose(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
