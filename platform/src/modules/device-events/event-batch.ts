import { AccountStatus, CallQuality, DeviceAccountStatus, DeviceStatus } from '@phonefleet/sdk';
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
  /** The line a registration event names (else found by the account's user name). */
  line: number | null;
  reason: string | null;
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
  const lines = latestRegistrations(batch);
  if (lines.length > 0) {
    await db.execute(
      `WITH v AS (SELECT * FROM unnest($1::bigint[], $2::smallint[], $3::text[], $4::text[], $5::text[],
                                       $6::timestamptz[]) AS v(device_id, line, account, event, reason, at))
       UPDATE sip_bindings b
          SET status = CASE v.event WHEN 'registered' THEN ${AccountStatus.registered} ELSE ${AccountStatus.unregistered} END,
              failure = CASE v.event WHEN 'registrationFailed' THEN left(coalesce(v.reason, 'registration failed'), 128) END,
              reported_at = v.at
         FROM v, sip_accounts a
        WHERE b.device_id = v.device_id AND a.id = b.account_id
          AND (b.line = v.line OR (v.line IS NULL AND lower(a.user_name) = lower(v.account)))
          AND (b.reported_at IS NULL OR b.reported_at <= v.at)`,
      [
        lines.map((e) => e.deviceId),
        lines.map((e) => e.line),
        lines.map((e) => e.account),
        lines.map((e) => e.event),
        lines.map((e) => e.reason),
        lines.map((e) => e.at.toISOString()),
      ],
      transaction,
    );
  }
  await db.execute(
    `UPDATE devices d
          SET last_seen_at = greatest(d.last_seen_at, v.seen_at), status = ${DeviceStatus.online},
              account_status = CASE WHEN v.registration IS NULL THEN d.account_status
                WHEN EXISTS (SELECT 1 FROM sip_bindings b WHERE b.device_id = d.id) THEN
                  CASE WHEN EXISTS (SELECT 1 FROM sip_bindings b WHERE b.device_id = d.id
                                       AND b.status <> ${AccountStatus.registered})
                       THEN ${DeviceAccountStatus.abnormal} ELSE ${DeviceAccountStatus.normal} END
                WHEN v.registration = 'registered' THEN ${DeviceAccountStatus.normal}
                WHEN v.registration = 'registrationFailed' THEN ${DeviceAccountStatus.abnormal}
                ELSE ${DeviceAccountStatus.none} END,
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

/**
 * The latest registration event of each line a batch names (by line number, else by the account
 * user name): one update per bound line.
 */
function latestRegistrations(batch: PendingEvent[]): PendingEvent[] {
  const latest = new Map<string, PendingEvent>();
  for (const event of batch) {
    if (
      event.event !== 'registered' &&
      event.event !== 'unregistered' &&
      event.event !== 'registrationFailed'
    )
      continue;
    if (event.line === null && !event.account) continue;
    const key = `${event.deviceId}|${event.line ?? `@${(event.account ?? '').toLowerCase()}`}`;
    const seen = latest.get(key);
    if (!seen || seen.at <= event.at) latest.set(key, event);
  }
  return [...latest.values()];
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
