import http from 'node:http';
import type { ScanProgress, ScanState } from '@phonefleet/sdk';
import {
  type DeviceIdentity,
  type Language,
  type MessageKey,
  macWithColons,
  translate,
} from '@phonefleet/sdk';
import { SipUdpEndpoint } from '@phonefleet/sdk/sip';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { DriverRegistry } from '../extensions/driver-registry.js';
import type { TenantScope } from '../tenancy/scope.js';

/** Where and how hard a scan probes (docs/device-events.md#scan). */
export interface ScanProbeSettings {
  sipPort: number;
  httpPort: number;
  /** Addresses probed at the same time per scan. */
  concurrency: number;
  /** Longest wait for an answer per address and protocol. */
  timeoutMs: number;
}

export const MAX_SCAN_ADDRESSES = 1024;
const DEFAULT_PROBE: ScanProbeSettings = { sipPort: 5060, httpPort: 80, concurrency: 64, timeoutMs: 2000 };
const PROGRESS_MS = 500;
/** A running scan whose instance has not written progress for this long has died with it. */
const STALE_SECONDS = 30;

interface LogEntry {
  time: string;
  key: MessageKey;
  params: Record<string, string | number>;
}

interface FoundEntry {
  ip: string;
  mac: string | null;
  deviceModel: string;
  firmwareVersion: string | null;
  via: 'sip' | 'http';
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function ipToNumber(ip: string): number | undefined {
  if (!IPV4.test(ip)) return undefined;
  return ip.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);
}

function numberToIp(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

/** Every address from start to end, or the spec's error with the range as typed. */
export function addressRange(startIp: string, endIp: string): string[] {
  const start = ipToNumber(startIp);
  const end = ipToNumber(endIp);
  if (start === undefined || end === undefined || start > end || end - start + 1 > MAX_SCAN_ADDRESSES) {
    throw AppError.invalid('invalidIpRange', `${startIp} - ${endIp}`);
  }
  return Array.from({ length: end - start + 1 }, (_, index) => numberToIp(start + index));
}

function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/** The `Server` header of `GET /` on the address, if anything answers HTTP there in time. */
function httpServerHeader(
  ip: string,
  port: number,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    const request = http.get(
      { host: ip, port, path: '/', agent: false, timeout: timeoutMs, signal },
      (res) => {
        const server = res.headers.server;
        res.destroy();
        resolve(typeof server === 'string' ? server : undefined);
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(undefined));
  });
}

/**
 * Scans an IPv4 range for phones: SIP OPTIONS to 5060 (User-Agent) and HTTP GET / (Server header)
 * per address, identified through the drivers. The scan row in PostgreSQL holds state, progress,
 * log and findings, so any instance answers its progress and can stop it.
 */
export class ScanService {
  private readonly db: Database;
  private readonly logger: Logger;
  private readonly driverRegistry: DriverRegistry;
  private readonly running = new Map<number, AbortController>();
  private readonly finished = new Set<Promise<void>>();
  /** Tests point probes at other ports or shorten the wait. */
  probe: ScanProbeSettings = { ...DEFAULT_PROBE };

  constructor(deps: { db: Database; logger: Logger; driverRegistry: DriverRegistry }) {
    this.db = deps.db;
    this.logger = deps.logger;
    this.driverRegistry = deps.driverRegistry;
  }

  async start(
    scope: TenantScope,
    body: { startIp: string; endIp: string; siteId?: number },
  ): Promise<{ scanId: number }> {
    const addresses = addressRange(body.startIp, body.endIp);
    if (body.siteId !== undefined) await scope.assertOwns(this.db, 'sites', body.siteId);
    const started: LogEntry = {
      time: new Date().toISOString(),
      key: 'scanStarted',
      params: { start: body.startIp, end: body.endIp, total: addresses.length },
    };
    const row = await this.db.one<{ id: string }>(
      `INSERT INTO scans (org_id, site_id, start_ip, end_ip, total, log)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING id`,
      [
        scope.orgId,
        body.siteId ?? null,
        body.startIp,
        body.endIp,
        addresses.length,
        JSON.stringify([started]),
      ],
    );
    const scanId = Number(row?.id);
    const abort = new AbortController();
    this.running.set(scanId, abort);
    const done = this.run(scanId, addresses, abort)
      .catch((error: unknown) => this.logger.warn({ err: error, scanId }, 'scan failed'))
      .finally(() => {
        this.running.delete(scanId);
        this.finished.delete(done);
      });
    this.finished.add(done);
    return { scanId };
  }

  async stop(scope: TenantScope, scanId: number): Promise<void> {
    await scope.assertOwns(this.db, 'scans', scanId);
    const stopped: LogEntry = { time: new Date().toISOString(), key: 'scanStopped', params: {} };
    await this.db.execute(
      `UPDATE scans SET state = 'stopped', finished_at = now(), log = log || $2::jsonb
        WHERE id = $1 AND state = 'running'`,
      [scanId, JSON.stringify([stopped])],
    );
    // The instance running it sees the state on its next progress write; this one stops at once.
    this.running.get(scanId)?.abort();
  }

  async progress(scope: TenantScope, scanId: number, language: Language): Promise<ScanProgress> {
    const interrupted: LogEntry = { time: new Date().toISOString(), key: 'scanInterrupted', params: {} };
    await this.db.execute(
      `UPDATE scans SET state = 'stopped', finished_at = now(), log = log || $2::jsonb
        WHERE id = $1 AND state = 'running' AND heartbeat_at < now() - make_interval(secs => $3)`,
      [scanId, JSON.stringify([interrupted]), STALE_SECONDS],
    );
    const [row] = await scope.query<{
      state: ScanState;
      probed: number;
      total: number;
      log: LogEntry[];
      found: (FoundEntry & { known: boolean })[];
    }>(
      this.db,
      `SELECT s.state, s.probed, s.total, s.log,
              (SELECT coalesce(jsonb_agg(f.value || jsonb_build_object('known',
                        EXISTS (SELECT 1 FROM devices d WHERE d.mac = f.value->>'mac')) ORDER BY f.ordinality), '[]')
                 FROM jsonb_array_elements(s.found) WITH ORDINALITY AS f) AS found
         FROM scans s WHERE s.id = $1 AND {scope:s.org_id}`,
      [scanId],
    );
    if (!row) throw AppError.notFound();
    return {
      state: row.state,
      probed: row.probed,
      total: row.total,
      log: row.log.map((entry) => ({
        time: entry.time,
        text: fill(translate(entry.key, language), entry.params),
      })),
      found: row.found.map((entry) => ({
        ip: entry.ip,
        macAddress: entry.mac ? macWithColons(entry.mac) : null,
        deviceModel: entry.deviceModel,
        firmwareVersion: entry.firmwareVersion,
        via: entry.via,
        known: entry.known,
      })),
    };
  }

  private async run(scanId: number, addresses: string[], abort: AbortController): Promise<void> {
    const { timeoutMs, concurrency } = this.probe;
    // Timer F (64*T1) is the probe's timeout: a silent address costs timeoutMs, not 32 s.
    const endpoint = await SipUdpEndpoint.bind(
      { address: '0.0.0.0', port: 0 },
      { t1Ms: Math.max(1, Math.floor(timeoutMs / 64)), t2Ms: Math.max(1, Math.floor(timeoutMs / 4)) },
    );
    let probed = 0;
    let log: LogEntry[] = [];
    let found: FoundEntry[] = [];
    let foundTotal = 0;
    const write = async (extra: string = '') => {
      const batch = { log, found };
      log = [];
      found = [];
      const row = await this.db.one<{ state: ScanState }>(
        `UPDATE scans SET probed = $2, log = log || $3::jsonb, found = found || $4::jsonb, heartbeat_at = now()${extra}
          WHERE id = $1 RETURNING state`,
        [scanId, probed, JSON.stringify(batch.log), JSON.stringify(batch.found)],
      );
      if (row?.state !== 'running') abort.abort();
    };
    const timer = setInterval(() => void write().catch(() => undefined), PROGRESS_MS);

    let next = 0;
    const worker = async () => {
      while (next < addresses.length && !abort.signal.aborted) {
        const ip = addresses[next] as string;
        next += 1;
        const result = await this.probeAddress(endpoint, ip, abort.signal);
        if (abort.signal.aborted) return;
        probed += 1;
        const time = new Date().toISOString();
        if (result.found) {
          found.push(result.found);
          foundTotal += 1;
          const { deviceModel: model, firmwareVersion, mac, via } = result.found;
          log.push({
            time,
            key: 'scanFound',
            params: {
              ip,
              model,
              firmware: firmwareVersion ?? '-',
              mac: mac ? macWithColons(mac) : '-',
              via: via.toUpperCase(),
            },
          });
        } else if (result.agent) {
          log.push({ time, key: 'scanUnidentified', params: { ip, agent: result.agent.slice(0, 200) } });
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(concurrency, addresses.length) }, worker));
    } finally {
      clearInterval(timer);
      await endpoint.close();
    }
    if (abort.signal.aborted) {
      // Keep what was found before the stop; the state is already 'stopped'.
      await write();
      return;
    }
    log.push({ time: new Date().toISOString(), key: 'scanFinished', params: { found: foundTotal } });
    await write(`, state = CASE WHEN state = 'running' THEN 'finished' ELSE state END,
                  finished_at = coalesce(finished_at, now())`);
  }

  private async probeAddress(
    endpoint: SipUdpEndpoint,
    ip: string,
    signal: AbortSignal,
  ): Promise<{ found?: FoundEntry; agent?: string }> {
    const { sipPort, httpPort, timeoutMs } = this.probe;
    const [sipAgent, httpAgent] = await Promise.all([
      endpoint
        .sendRequest(
          { host: ip, port: sipPort },
          { method: 'OPTIONS', uri: `sip:${ip}:${sipPort}`, headers: { Accept: 'application/sdp' } },
        )
        .then((response) => response.headers.get('User-Agent') ?? response.headers.get('Server'))
        .catch(() => undefined),
      httpServerHeader(ip, httpPort, timeoutMs, signal),
    ]);
    const sip = sipAgent ? this.identify(sipAgent) : undefined;
    const web = httpAgent ? this.identify(httpAgent) : undefined;
    // SIP first; the web UI only when it tells the MAC and SIP does not.
    const [identity, via] = sip && (sip.mac || !web?.mac) ? [sip, 'sip' as const] : [web, 'http' as const];
    if (!identity) return { agent: sipAgent ?? httpAgent };
    return {
      found: {
        ip,
        mac: identity.mac ?? null,
        deviceModel: identity.model,
        firmwareVersion: identity.firmware ?? null,
        via,
      },
    };
  }

  private identify(agent: string): DeviceIdentity | undefined {
    return this.driverRegistry.identify(agent)?.identity;
  }

  /** Stops this instance's scans (marked stopped, with what they found so far). */
  async dispose(): Promise<void> {
    await Promise.all(
      [...this.running.keys()].map((scanId) =>
        this.db
          .execute(
            `UPDATE scans SET state = 'stopped', finished_at = now(), log = log || $2::jsonb
              WHERE id = $1 AND state = 'running'`,
            [scanId, JSON.stringify([{ time: new Date().toISOString(), key: 'scanStopped', params: {} }])],
          )
          .catch(() => undefined),
      ),
    );
    for (const abort of this.running.values()) abort.abort();
    await Promise.all([...this.finished]);
  }
}
