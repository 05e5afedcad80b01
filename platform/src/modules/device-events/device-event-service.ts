import { DeviceStatus } from '@phonefleet/sdk';
import type { Logger } from 'pino';
import type { ConsoleConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { DeviceReply, DeviceRequest } from '../../http/device-app.js';
import { type DeviceGate, type GateRow, gateColumns } from '../device-gate/device-gate.js';
import type { DriverRegistry } from '../extensions/driver-registry.js';
import { UnknownDevices } from '../provisioning/unknown-devices.js';
import { callQuality, type PendingEvent, storeEvents } from './event-batch.js';
import { eventQuery, isPhoneEvent, type PhoneEventName } from './schemas.js';

/** What listeners get once a batch is stored: one entry per event, `offline` from the sweep. */
export interface RecordedDeviceEvent {
  deviceId: number;
  orgId: number;
  event: PhoneEventName | 'offline';
  at: Date;
}

export type DeviceEventListener = (events: RecordedDeviceEvent[]) => void | Promise<void>;

interface DeviceRow extends GateRow {
  id: string;
  org_id: string;
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
  private readonly unknownDevices: UnknownDevices;
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
    this.unknownDevices = new UnknownDevices(deps.db);
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
    const verdict = await this.deviceGate.judge(mac, device, request, true);
    // A tenant's phone not added yet: its record keeps the SIP port the device will be pushed on.
    if (!device && verdict.kind === 'challenged' && verdict.stranger) {
      await this.unknownDevices.recordStranger(request, mac, verdict, {
        model: query.model,
        firmware: query.firmware,
        sipPort: query.sipPort,
      });
    }
    if (verdict.kind === 'forbidden' || verdict.kind === 'frozen') return plain(403, 'Forbidden\n');
    if (verdict.kind !== 'admitted') return verdict.reply;
    // The gate admits no unknown MAC; this only narrows the type.
    if (!device) return plain(404, 'Not found\n');

    this.pending.push({
      deviceId: Number(device.id),
      orgId: Number(device.org_id),
      event,
      at: new Date(),
      ip: reportedIp,
      account: query.account ?? null,
      line: query.line ?? null,
      reason: query.reason ?? null,
      model: query.model ?? null,
      firmware: query.firmware ?? null,
      sipPort: query.sipPort ?? null,
      detail: Object.fromEntries(
        Object.entries({
          model: query.model,
          firmware: query.firmware,
          line: query.line,
          reason: query.reason,
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
    return this.driverRegistry.identify(userAgent)?.identity.mac;
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
        const deviceIds = await storeEvents(this.db, batch, transaction);
        await this.announce(deviceIds, transaction);
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
           UPDATE devices d SET status = ${DeviceStatus.offline}
            WHERE d.status IN (${DeviceStatus.online}, ${DeviceStatus.abnormal}) AND coalesce(greatest(d.last_fetch_at, d.last_seen_at), d.created_at) < $1
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
