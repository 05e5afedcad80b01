import type { Logger } from 'pino';
import type { ConsoleConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { DeviceReply, DeviceRequest } from '../../http/device-app.js';
import { type DeviceGate, type GateRow, gateColumns } from '../device-gate/device-gate.js';
import type { DriverRegistry } from '../extensions/driver-registry.js';
import { eventQuery, type Figures, isPhoneEvent, type PhoneEventName } from './schemas.js';

/** What listeners get once a batch is stored: one entry per event, `offline` from the sweep. */
export interface RecordedDeviceEvent {
  deviceId: number;
  orgId: number;
  event: PhoneEventName | 'offline';
  at: Date;
}

export type DeviceEventListener = (events: RecordedDeviceEvent[]) => void | Promise<void>;

interface PendingEvent {
  deviceId: number;
  orgId: number;
  event: PhoneEventName;
  at: Date;
  ip: string;
  account: string | null;
  model: string | null;
  firmware: string | null;
  sipPort: number | null;
  detail: Record<string, unknown>;
  call: CallReport | undefined;
}

interface CallReport {
  caller: string | null;
  callee: string | null;
  local: string | null;
  remote: string | null;
  codec: string | null;
  delay: Figures | undefined;
  jitter: Figures | undefined;
  loss: Figures | undefined;
  quality: CallQuality;
}

interface DeviceRow extends GateRow {
  id: string;
  org_id: string;
}

/** Call quality 0 good, 1 fair, 2 poor (spec §4). */
export type CallQuality = 0 | 1 | 2;

/**
 * Spec §9: good if delay ≤200 ms, loss ≤2 % and jitter ≤15 ms; poor if delay >500 ms, loss >10 %
 * or jitter >30 ms; else fair. Measured on the call's averages; a missing figure counts as good.
 */
export function callQuality(delayMs = 0, jitterMs = 0, lossPercent = 0): CallQuality {
  if (delayMs > 500 || lossPercent > 10 || jitterMs > 30) return 2;
  if (delayMs <= 200 && lossPercent <= 2 && jitterMs <= 15) return 0;
  return 1;
}

/** The device and what the gate judges it by. */
const DEVICE_SQL = `
  SELECT d.id, d.org_id, ${gateColumns('d')}
    FROM (SELECT dv.*, (SELECT path FROM orgs WHERE id = dv.org_id) AS org_path
            FROM devices dv WHERE dv.mac = $1) d`;

const FLUSH_MS = 1000;
/** Device ids per NOTIFY payload, well under PostgreSQL's 8000-byte limit. */
const NOTIFY_IDS = 500;
const plain = (status: number, body: string): DeviceReply => ({
  status,
  headers: { 'Content-Type': 'text/plain' },
  body,
});

/**
 * Action URL intake (docs/device-events.md): a phone reports an event with digest credentials;
 * events are buffered and stored once a second in set-based statements (device status and
 * account status, last reboot, `device_events`, `call_records`), then announced to listeners and
 * on the PostgreSQL channel `device_events`. A periodic sweep turns devices not heard from
 * (no fetch, no event) for `deviceOfflineSeconds` offline.
 */
export class DeviceEventService {
  private readonly db: Database;
  private readonly logger: Logger;
  private readonly driverRegistry: DriverRegistry;
  private readonly deviceGate: DeviceGate;
  private readonly offlineSeconds: number;
  private pending: PendingEvent[] = [];
  private readonly listeners = new Set<DeviceEventListener>();
  private readonly flushTimer: NodeJS.Timeout;
  /** How often the offline sweep runs: ten times per threshold, between every 250 ms and every minute. */
  readonly sweepEveryMs: number;
  private flushing: Promise<void> = Promise.resolve();

  constructor(deps: {
    db: Database;
    logger: Logger;
    driverRegistry: DriverRegistry;
    deviceGate: DeviceGate;
    config: ConsoleConfig;
  }) {
    this.db = deps.db;
    this.logger = deps.logger;
    this.driverRegistry = deps.driverRegistry;
    this.deviceGate = deps.deviceGate;
    this.offlineSeconds = deps.config.deviceOfflineSeconds;
    this.flushTimer = setInterval(() => void this.flush(), FLUSH_MS);
    this.flushTimer.unref();
    this.sweepEveryMs = Math.min(60_000, Math.max(250, (this.offlineSeconds * 1000) / 10));
  }

  /** Called with every stored batch (after commit); returns the unsubscribe function. */
  onDeviceEvent(listener: DeviceEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async handle(request: DeviceRequest): Promise<DeviceReply> {
    const event = request.rest;
    if (!isPhoneEvent(event)) return plain(404, 'Unknown event\n');
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.query)) {
      const first = Array.isArray(value) ? value[0] : value;
      if (first !== undefined && first !== '') values[name] = first;
    }
    const parsed = eventQuery.safeParse(values);
    if (!parsed.success) {
      const detail = parsed.error.issues
        .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
        .join('; ');
      return plain(400, `Bad request: ${detail}\n`);
    }
    const query = parsed.data;
    const mac = query.mac ?? this.identifyMac(request.userAgent);
    if (!mac) return plain(400, 'Bad request: no MAC in the query or the User-Agent\n');

    const reportedIp = query.ip ?? request.ip;
    const [device] = await this.db.prepared<DeviceRow>('device-event-device', DEVICE_SQL, [
      mac,
      request.ip || null,
    ]);
    if (!device) return plain(404, 'Not found\n');
    const verdict = await this.deviceGate.judge(device, request, true);
    if (verdict.kind === 'forbidden') return plain(403, 'Forbidden\n');
    if (verdict.kind === 'challenged') return verdict.reply;

    this.pending.push({
      deviceId: Number(device.id),
      orgId: Number(device.org_id),
      event,
      at: new Date(),
      ip: reportedIp,
      account: query.account ?? null,
      model: query.model ?? null,
      firmware: query.firmware ?? null,
      sipPort: query.sipPort ?? null,
      detail: Object.fromEntries(
        Object.entries({
          model: query.model,
          firmware: query.firmware,
          userAgent: request.userAgent || undefined,
        })
          .filter(([, value]) => value !== undefined)
          .map(([key, value]) => [key, String(value).slice(0, 256)]),
      ),
      call:
        event === 'callEnd'
          ? {
              caller: query.caller ?? null,
              callee: query.callee ?? null,
              local: query.local ?? null,
              remote: query.remote ?? null,
              codec: query.codec ?? null,
              delay: query.delay,
              jitter: query.jitter,
              loss: query.loss,
              quality: callQuality(query.delay?.avg, query.jitter?.avg, query.loss?.avg),
            }
          : undefined,
    });
    return plain(200, 'OK\n');
  }

  private identifyMac(userAgent: string): string | undefined {
    for (const { driver } of this.driverRegistry.loaded) {
      const identity = driver.identify(userAgent);
      if (identity) return identity.mac;
    }
    return undefined;
  }

  /** Stores the buffered events; concurrent calls run one after the other. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.store());
    return this.flushing;
  }

  private async store(): Promise<void> {
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    try {
      await this.db.transaction(async (transaction) => {
        await this.db.execute(
          `INSERT INTO device_events (org_id, device_id, event, ip, account, detail, created_at)
           SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::inet[], $5::text[], $6::jsonb[],
                                $7::timestamptz[])`,
          [
            batch.map((e) => e.orgId),
            batch.map((e) => e.deviceId),
            batch.map((e) => e.event),
            batch.map((e) => e.ip),
            batch.map((e) => e.account),
            batch.map((e) => JSON.stringify(e.detail)),
            batch.map((e) => e.at.toISOString()),
          ],
          transaction,
        );
        const devices = summarise(batch);
        await this.db.execute(
          `UPDATE devices d
              SET last_seen_at = greatest(d.last_seen_at, v.seen_at), status = 1,
                  account_status = CASE v.registration
                    WHEN 'registered' THEN 1
                    WHEN 'registrationFailed' THEN 2
                    WHEN 'unregistered' THEN CASE WHEN d.sip_account_id IS NULL THEN 0 ELSE 2 END
                    ELSE d.account_status END,
                  last_reboot_at = coalesce(v.reboot_at, d.last_reboot_at),
                  reported_model = coalesce(v.model, d.reported_model),
                  reported_firmware = coalesce(v.firmware, d.reported_firmware),
                  sip_port = coalesce(v.sip_port, d.sip_port)
             FROM unnest($1::bigint[], $2::timestamptz[], $3::text[], $4::timestamptz[], $5::text[], $6::text[],
                         $7::int[]) AS v(id, seen_at, registration, reboot_at, model, firmware, sip_port)
            WHERE d.id = v.id`,
          [
            devices.map((d) => d.deviceId),
            devices.map((d) => d.seenAt.toISOString()),
            devices.map((d) => d.registration),
            devices.map((d) => d.rebootAt?.toISOString() ?? null),
            devices.map((d) => d.model),
            devices.map((d) => d.firmware),
            devices.map((d) => d.sipPort),
          ],
          transaction,
        );
        const calls = batch.filter((e): e is PendingEvent & { call: CallReport } => e.call !== undefined);
        if (calls.length > 0) {
          const figure = (pick: (c: CallReport) => Figures | undefined, part: keyof Figures) =>
            calls.map((e) => pick(e.call)?.[part] ?? null);
          await this.db.execute(
            `INSERT INTO call_records (org_id, device_id, quality, ended_at, caller, callee, local_url, remote_url,
                                       codec, delay_min_ms, delay_avg_ms, delay_max_ms, jitter_min_ms, jitter_avg_ms,
                                       jitter_max_ms, loss_min_percent, loss_avg_percent, loss_max_percent)
             SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::smallint[], $4::timestamptz[], $5::text[],
                                  $6::text[], $7::text[], $8::text[], $9::text[], $10::real[], $11::real[],
                                  $12::real[], $13::real[], $14::real[], $15::real[], $16::real[], $17::real[],
                                  $18::real[])`,
            [
              calls.map((e) => e.orgId),
              calls.map((e) => e.deviceId),
              calls.map((e) => e.call.quality),
              calls.map((e) => e.at.toISOString()),
              calls.map((e) => e.call.caller),
              calls.map((e) => e.call.callee),
              calls.map((e) => e.call.local),
              calls.map((e) => e.call.remote),
              calls.map((e) => e.call.codec),
              figure((c) => c.delay, 'min'),
              figure((c) => c.delay, 'avg'),
              figure((c) => c.delay, 'max'),
              figure((c) => c.jitter, 'min'),
              figure((c) => c.jitter, 'avg'),
              figure((c) => c.jitter, 'max'),
              figure((c) => c.loss, 'min'),
              figure((c) => c.loss, 'avg'),
              figure((c) => c.loss, 'max'),
            ],
            transaction,
          );
        }
        await this.announce(
          devices.map((d) => d.deviceId),
          transaction,
        );
      });
    } catch (error) {
      this.logger.warn({ err: error, events: batch.length }, 'could not record device events');
      return;
    }
    await this.tell(batch.map(({ deviceId, orgId, event, at }) => ({ deviceId, orgId, event, at })));
  }

  /** Devices not heard from (fetch or event) for the threshold become offline, with an `offline` event. */
  async sweepOffline(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.offlineSeconds * 1000);
    const gone = await this.db.transaction(async (transaction) => {
      const rows = await this.db.query<{ device_id: string; org_id: string }>(
        `WITH gone AS (
           UPDATE devices d SET status = 0
            WHERE d.status <> 0 AND coalesce(greatest(d.last_fetch_at, d.last_seen_at), d.created_at) < $1
           RETURNING d.id, d.org_id)
         INSERT INTO device_events (org_id, device_id, event, created_at)
         SELECT org_id, id, 'offline', $2 FROM gone
         RETURNING device_id, org_id`,
        [cutoff.toISOString(), now.toISOString()],
        transaction,
      );
      await this.announce(
        rows.map((row) => Number(row.device_id)),
        transaction,
      );
      return rows;
    });
    if (gone.length > 0) {
      await this.tell(
        gone.map((row) => ({
          deviceId: Number(row.device_id),
          orgId: Number(row.org_id),
          event: 'offline' as const,
          at: now,
        })),
      );
    }
    return gone.length;
  }

  /** NOTIFY device_events with comma-separated device ids, delivered on commit. */
  private async announce(ids: number[], transaction: Parameters<Database['execute']>[2]): Promise<void> {
    if (ids.length === 0) return;
    const payloads: string[] = [];
    for (let i = 0; i < ids.length; i += NOTIFY_IDS) payloads.push(ids.slice(i, i + NOTIFY_IDS).join(','));
    await this.db.execute(
      `SELECT pg_notify('device_events', p) FROM unnest($1::text[]) AS p`,
      [payloads],
      transaction,
    );
  }

  private async tell(events: RecordedDeviceEvent[]): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(events);
      } catch (error) {
        this.logger.warn({ err: error }, 'device event listener failed');
      }
    }
  }

  async dispose(): Promise<void> {
    clearInterval(this.flushTimer);
    await this.flush();
  }
}

/** One row per device: when it was last heard, its latest registration event, reboot and reported values. */
function summarise(batch: PendingEvent[]) {
  const devices = new Map<
    number,
    {
      deviceId: number;
      seenAt: Date;
      registration: string | null;
      rebootAt: Date | null;
      model: string | null;
      firmware: string | null;
      sipPort: number | null;
    }
  >();
  for (const event of batch) {
    const device = devices.get(event.deviceId) ?? {
      deviceId: event.deviceId,
      seenAt: event.at,
      registration: null,
      rebootAt: null,
      model: null,
      firmware: null,
      sipPort: null,
    };
    device.seenAt = event.at > device.seenAt ? event.at : device.seenAt;
    if (
      event.event === 'registered' ||
      event.event === 'unregistered' ||
      event.event === 'registrationFailed'
    ) {
      device.registration = event.event;
    }
    if (event.event === 'reboot') device.rebootAt = event.at;
    device.model = event.model ?? device.model;
    device.firmware = event.firmware ?? device.firmware;
    device.sipPort = event.sipPort ?? device.sipPort;
    devices.set(event.deviceId, device);
  }
  return [...devices.values()];
}
