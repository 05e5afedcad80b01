import type { CallSummary } from '@phonefleet/sdk';
import { expect } from 'vitest';
import type { RunningConsole } from '../../app.js';
import type { Database } from '../../db/database.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, type ApiReply, createTestConsole } from '../../testing/test-console.js';

/** Test fixture of the call statistics tests: tenants, sites, phones and calls at fixed times. */

export interface CallFixture {
  running: RunningConsole;
  channel: TestTenant;
  /** Below the channel: sites Default ⊃ Ward A, phones P1 (Default), P2 and P3 (Ward A). */
  clinic: TestTenant & { wardId: number };
  /** Below the channel: phone B1. */
  bank: TestTenant;
  /** Not below the channel: phone O1, whose call carries OTHER_MARKER. */
  other: TestTenant;
}

export const P1 = '0a7300000001';
export const P2 = '0a7300000002';
export const P3 = '0a7300000003';
export const B1 = '0b7300000001';
export const O1 = '0c7300000001';
export const OTHER_MARKER = 'other-corp-secret-caller';
/** The clinic's calls are between these (UTC). */
export const MARCH_10 = '2026-03-10T00:00:00.000Z';
export const MARCH_13 = '2026-03-13T00:00:00.000Z';

export interface Call {
  mac: string;
  at: string;
  quality: 0 | 1 | 2;
  /** Averages; min is half, max twice. */
  delay?: number;
  jitter?: number;
  loss?: number;
  caller?: string;
}

/** Calls straight into `call_records` in one statement, as the device events flush writes them. */
export async function insertCalls(db: Database, calls: Call[]): Promise<void> {
  await db.execute(
    `INSERT INTO call_records (org_id, device_id, quality, ended_at, caller, callee, local_url, remote_url, codec,
                               delay_min_ms, delay_avg_ms, delay_max_ms, jitter_min_ms, jitter_avg_ms, jitter_max_ms,
                               loss_min_percent, loss_avg_percent, loss_max_percent)
     SELECT d.org_id, d.id, t.quality, t.at, t.caller, '2002', 'sip:2001@pbx.test', 'sip:2002@pbx.test', 'PCMU',
            t.delay / 2, t.delay, t.delay * 2, t.jitter / 2, t.jitter, t.jitter * 2, t.loss / 2, t.loss, t.loss * 2
       FROM unnest($1::text[], $2::timestamptz[], $3::smallint[], $4::real[], $5::real[], $6::real[], $7::text[])
            AS t(mac, at, quality, delay, jitter, loss, caller)
       JOIN devices d ON d.mac = t.mac`,
    [
      calls.map((c) => c.mac),
      calls.map((c) => c.at),
      calls.map((c) => c.quality),
      calls.map((c) => c.delay ?? null),
      calls.map((c) => c.jitter ?? null),
      calls.map((c) => c.loss ?? null),
      calls.map((c) => c.caller ?? '2001'),
    ],
  );
}

/** A site below `parentId` in the tenant's tree. */
export async function insertSite(
  db: Database,
  tenant: TestTenant,
  name: string,
  parentId: number,
): Promise<number> {
  const row = await db.one<{ id: string }>(
    `INSERT INTO sites (org_id, name, parent_id, path)
     SELECT $1, $2, p.id, '' FROM sites p WHERE p.id = $3 RETURNING id`,
    [tenant.orgId, name, parentId],
  );
  await db.execute(
    `UPDATE sites s SET path = p.path || s.id || '/' FROM sites p WHERE s.id = $1 AND p.id = s.parent_id`,
    [row?.id],
  );
  return Number(row?.id);
}

const day10 = (time: string) => `2026-03-10T${time}:00.000Z`;

/** The clinic's ten calls (good 4, fair 2, poor 4), the bank's three and the other tenant's one. */
export const FIXTURE_CALLS: Call[] = [
  { mac: P1, at: day10('09:10'), quality: 0, delay: 100, jitter: 5, loss: 0.5 },
  { mac: P1, at: day10('09:20'), quality: 0, delay: 120, jitter: 8, loss: 1 },
  { mac: P1, at: day10('09:40'), quality: 1, delay: 300, jitter: 10, loss: 1 },
  { mac: P1, at: '2026-03-11T10:00:00.000Z', quality: 2, delay: 600, jitter: 10, loss: 1 },
  { mac: P2, at: day10('09:15'), quality: 2, delay: 80, jitter: 40, loss: 0 },
  { mac: P2, at: day10('09:50'), quality: 2, delay: 700, jitter: 20, loss: 12 },
  { mac: P2, at: day10('10:05'), quality: 0, delay: 50, jitter: 2, loss: 0 },
  // 01:30 on March 11 in GMT+08:00.
  { mac: P2, at: day10('17:30'), quality: 1, delay: 250, jitter: 5, loss: 1 },
  { mac: P3, at: '2026-03-11T23:30:00.000Z', quality: 0 },
  { mac: P3, at: '2026-03-12T00:10:00.000Z', quality: 2, delay: 550, jitter: 5, loss: 1 },
  { mac: B1, at: day10('12:00'), quality: 2, delay: 600, jitter: 35, loss: 11 },
  { mac: B1, at: day10('12:10'), quality: 2, delay: 650, jitter: 35, loss: 11 },
  { mac: B1, at: day10('12:30'), quality: 0, delay: 90, jitter: 3, loss: 0 },
  { mac: O1, at: day10('09:00'), quality: 2, delay: 900, jitter: 50, loss: 20, caller: OTHER_MARKER },
];

export async function startCallFixture(): Promise<CallFixture> {
  const running = await createTestConsole();
  const { db } = running.cradle;
  const channel = await createTenant(db, 'channel', 'Lakeside Reseller');
  const clinicTenant = await createTenant(db, 'enterprise', 'Lakeside Clinic', channel.orgId);
  const bank = await createTenant(db, 'enterprise', 'Hillside Bank', channel.orgId);
  const other = await createTenant(db, 'enterprise', 'Other Corp');
  const wardId = await insertSite(db, clinicTenant, 'Ward A', clinicTenant.siteId);
  const clinic = { ...clinicTenant, wardId };
  await insertDevices(db, clinic, [{ mac: P1, model: 'H2P' }]);
  await insertDevices(db, { ...clinic, siteId: wardId }, [
    { mac: P2, model: 'H2P' },
    { mac: P3, model: 'V64' },
  ]);
  await insertDevices(db, bank, [{ mac: B1, model: 'H2P' }]);
  await insertDevices(db, other, [{ mac: O1, model: 'H2P' }]);
  await insertCalls(db, FIXTURE_CALLS);
  return { running, channel, clinic, bank, other };
}

export async function signedIn(
  running: RunningConsole,
  tenant: { userName: string; password: string },
  language = 'en',
): Promise<ApiClient> {
  const api = new ApiClient(running.url, language);
  expect((await api.signIn(tenant.userName, tenant.password)).code).toBe(0);
  return api;
}

/** The summary a client gets; fails the test on a refusal. */
export async function summaryOf(
  api: ApiClient,
  body: object,
  headers: Record<string, string> = {},
): Promise<CallSummary> {
  const reply: ApiReply<CallSummary> = await api.call<CallSummary>(
    'POST',
    '/callStatistics/summary',
    body,
    headers,
  );
  expect(reply.code, reply.message).toBe(0);
  const [summary] = reply.rows;
  if (!summary) throw new Error('no summary');
  return summary;
}

/** The whole fixture range of the clinic. */
export const MARCH = { startTime: MARCH_10, endTime: MARCH_13 };

/** Every row of the rollups, to compare states. */
export async function rollupState(db: Database): Promise<string> {
  const parts: string[] = [];
  for (const table of ['call_site_hours', 'call_device_hours', 'call_device_days']) {
    const [row] = await db.query<{ rows: unknown }>(
      `SELECT json_agg(t ORDER BY t::text) AS rows FROM ${table} t`,
    );
    parts.push(JSON.stringify(row?.rows ?? null));
  }
  return parts.join('\n');
}
