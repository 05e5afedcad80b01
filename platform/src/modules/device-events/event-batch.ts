import { CallQuality, DeviceAccountStatus, DeviceStatus } from '@phonefleet/sdk';
import type { Transaction } from 'sequelize';
import type { Database } from '../../db/database.js';
import { confirmRestartsSql } from '../tasks/deliveries.js';
import type { Figures, PhoneEventName } from './schemas.js';

/** One accepted report, buffered until the next flush. */
export interface PendingEvent {
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

export interface CallReport {
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

/**
 * Spec §9: good if delay ≤200 ms, loss ≤2 % and jitter ≤15 ms; poor if delay >500 ms, loss >10 %
 * or jitter >30 ms; else fair. Measured on the call's averages; a missing figure counts as good.
 */
export function callQuality(delayMs = 0, jitterMs = 0, lossPercent = 0): CallQuality {
  if (delayMs > 500 || lossPercent > 10 || jitterMs > 30) return CallQuality.poor;
  if (delayMs <= 200 && lossPercent <= 2 && jitterMs <= 15) return CallQuality.good;
  return CallQuality.fair;
}

/**
 * Stores a batch in set-based statements: the events, each device's presence, registration,
 * reboot and reported values, and the call records. Returns the devices it touched.
 */
export async function storeEvents(
  db: Database,
  batch: PendingEvent[],
  transaction: Transaction,
): Promise<number[]> {
  await db.execute(
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
  await db.execute(
    `UPDATE devices d
          SET last_seen_at = greatest(d.last_seen_at, v.seen_at), status = ${DeviceStatus.online},
              account_status = CASE v.registration
                WHEN 'registered' THEN ${DeviceAccountStatus.normal}
                WHEN 'registrationFailed' THEN ${DeviceAccountStatus.abnormal}
                WHEN 'unregistered' THEN CASE WHEN d.sip_account_id IS NULL THEN ${DeviceAccountStatus.none}
                                              ELSE ${DeviceAccountStatus.abnormal} END
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
  const restarted = devices.filter((d) => d.rebootAt !== null);
  if (restarted.length > 0) {
    await db.execute(
      `WITH restarted AS (SELECT * FROM unnest($1::bigint[], $2::timestamptz[]) AS r(id, at))
       ${confirmRestartsSql('restarted')}`,
      [restarted.map((d) => d.deviceId), restarted.map((d) => d.rebootAt?.toISOString() ?? null)],
      transaction,
    );
  }
  const calls = batch.filter((e): e is PendingEvent & { call: CallReport } => e.call !== undefined);
  if (calls.length > 0) {
    const figure = (pick: (c: CallReport) => Figures | undefined, part: keyof Figures) =>
      calls.map((e) => pick(e.call)?.[part] ?? null);
    await db.execute(
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
  return devices.map((d) => d.deviceId);
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
