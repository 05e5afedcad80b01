import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SimulatedFleet } from '@phonefleet/sdk/testing';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import type { PushSettings } from '../../config.js';
import { type EmbeddedServer, startEmbeddedPostgres } from '../../db/embedded.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole } from '../../testing/test-console.js';
import { until } from '../../testing/until.js';

/**
 * PostgreSQL restarts while a push is fanning out: the console must come back by itself and the
 * task end as if nothing happened. The server is this file's own (not the run's shared one): it is
 * stopped and started again on the same data folder and port, as a database restart in production.
 */

const PHONES = 20;
/** Four NOTIFYs in flight; a NOTIFY times out after 64·200 ms, so slow phones still answer it. */
const push: Partial<PushSettings> = {
  concurrency: 4,
  tickMs: 100,
  sipT1Ms: 200,
  attempts: 3,
  retryDelayMs: 200,
  confirmTimeoutMs: 30_000,
};
/** Phones answer a NOTIFY after this long… */
const ANSWER_MS = 1000;
/** …and fetch their file this long after answering, so fetches of phones answered before the outage come after it. */
const REACTION_MS = 8000;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonefleet-restart-'));
const silent = pino({ level: 'silent' });
const credentials = { username: 'acme-phones', password: 'Phones#2026' };

interface LogLine {
  level: number;
  msg: string;
  module?: string;
}
const logs: LogLine[] = [];
const WARN = 40;

let postgres: EmbeddedServer;
let running: RunningConsole;
let fleet: SimulatedFleet;
let acme: TestTenant;
let api: ApiClient;

/** Results of the task's devices, counted by result, read straight from the database. */
async function resultCounts(taskId: number): Promise<Record<string, number>> {
  const rows = await running.cradle.db.query<{ result: number; n: string }>(
    'SELECT result, count(*) AS n FROM task_devices WHERE task_id = $1 GROUP BY result',
    [taskId],
  );
  return Object.fromEntries(rows.map((row) => [String(row.result), Number(row.n)]));
}

beforeAll(async () => {
  postgres = await startEmbeddedPostgres(dataDir, silent);
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) },
  );
  running = await createTestConsole({ databaseUrl: postgres.url, push }, logger);
  acme = await createTenant(running.cradle.db, 'enterprise', 'Acme');
  api = new ApiClient(running.url);
  await api.signIn(acme.userName, acme.password);
  expect((await api.call('POST', '/tb-provisioning/credentials', credentials)).code).toBe(0);
  const model = running.cradle.driverRegistry.model('H2P');
  if (!model) throw new Error('driver for H2P missing');
  fleet = await SimulatedFleet.start({
    consoleUrl: running.url,
    count: PHONES,
    models: [{ driver: model.driver, model: 'H2P' }],
    credentials,
    addressBase: '127.65.0.0',
    sipPort: 0,
    httpPort: false,
    accountBase: false,
    reactionDelayMs: REACTION_MS,
  });
  await insertDevices(
    running.cradle.db,
    acme,
    fleet.phones.map((phone) => ({ mac: phone.options.mac, model: 'H2P' })),
  );
  // Booted once, the console knows each phone's address and SIP port.
  expect(await fleet.each((phone) => phone.boot())).toEqual([]);
  await running.cradle.provisioningService.flush();
  await running.cradle.deviceEventService.flush();
}, 120_000);

afterAll(async () => {
  await fleet?.stop();
  await running?.stop();
  await postgres?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the database restarts mid-push', () => {
  it('the task ends with every result final, no phone notified beyond the retries, the console whole', async () => {
    const devices = await running.cradle.db.query<{ id: string }>(
      'SELECT id FROM devices WHERE org_id = $1 ORDER BY id',
      [acme.orgId],
    );
    expect(devices).toHaveLength(PHONES);
    for (const phone of fleet.phones) phone.slow(ANSWER_MS);
    const added = await api.call<{ id: number; devices: number }>(
      'POST',
      `/tb-mac/push?ids=${devices.map((device) => device.id).join(',')}`,
    );
    expect(added.rows[0]?.devices).toBe(PHONES);
    const taskId = added.rows[0]?.id ?? 0;

    // The first phones have answered (ongoing until they fetch), the next NOTIFYs are in flight,
    // most devices are still waiting their turn.
    const before = await until(
      () => resultCounts(taskId),
      (counts) => (counts['1'] ?? 0) > 0,
    );
    expect(before['1']).toBeGreaterThan(0);
    expect(before['0']).toBeGreaterThan(PHONES / 2);
    const outageStart = logs.length;
    await postgres.stop();
    // Down long enough for every pass, claim and write to fail more than once.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    postgres = await startEmbeddedPostgres(dataDir, silent, { port: postgres.port });

    const done = await until(
      async () =>
        (await api.call<{ state: number }>('GET', `/task/query?id=${taskId}`).catch(() => undefined))?.rows[0]
          ?.state,
      (state) => state === 7,
      60_000,
    );
    expect(done).toBe(7);
    const results = await api.call<{ list: { result: number; message: string }[] }>('POST', '/task/results', {
      id: taskId,
      currentPage: 1,
      pageSize: 100,
    });
    expect(results.rows[0]?.list.map((row) => [row.result, row.message])).toEqual(
      fleet.phones.map(() => [2, '']),
    );
    for (const phone of fleet.phones) {
      expect(phone.notifies).toBeGreaterThanOrEqual(1);
      expect(phone.notifies).toBeLessThanOrEqual(push.attempts ?? 0);
      // Booted, then fetched after the NOTIFY.
      expect(phone.fetches).toBeGreaterThanOrEqual(2);
    }

    // The outage was reported once, and the recovery once, not a line per pass.
    const engine = logs.slice(outageStart).filter((line) => line.module === 'tasks');
    expect(engine.filter((line) => line.level >= WARN)).toHaveLength(1);
    expect(engine.filter((line) => line.msg === 'task engine passes work again')).toHaveLength(1);

    const health = await api.call<{ status: string; database: { ok: boolean } }>('GET', '/health');
    expect(health.rows[0]).toMatchObject({ status: 'ok', database: { ok: true } });
  }, 120_000);

  it('provisioning serves files again and its cache follows changes (LISTEN is back)', async () => {
    for (const phone of fleet.phones) phone.healthy();
    const phone = fleet.phones[0];
    if (!phone) throw new Error('no phone');
    const listening = await until(
      async () =>
        Number(
          (
            await running.cradle.db.one<{ n: string }>(
              `SELECT count(*) AS n FROM pg_stat_activity WHERE query = 'LISTEN phonefleet_config'`,
            )
          )?.n,
        ),
      (n) => n > 0,
    );
    expect(listening).toBeGreaterThan(0);
    const before = await phone.fetchConfig();
    expect(before.status).toBe(200);
    // The lookup is cached now; a change by any writer must still reach the next fetch.
    const changed = before.values.get('sipFunction.general.SIPMaxCall') === '3' ? '2' : '3';
    const device = await running.cradle.db.one<{ id: string }>('SELECT id FROM devices WHERE mac = $1', [
      phone.options.mac,
    ]);
    await running.cradle.db.execute(
      `INSERT INTO config_layers (org_id, relation, relation_id, config, pushed)
       VALUES ($1, 'device', $2, '{}', jsonb_build_object('sipFunction.general.SIPMaxCall', $3::text))
       ON CONFLICT (relation, relation_id) DO UPDATE SET pushed = EXCLUDED.pushed`,
      [acme.orgId, device?.id, changed],
    );
    const after = await until(
      () => phone.fetchConfig(),
      (fetched) => fetched.values.get('sipFunction.general.SIPMaxCall') === changed,
      2_000,
    );
    expect(after.status).toBe(200);
    expect(after.values.get('sipFunction.general.SIPMaxCall')).toBe(changed);
  }, 60_000);
  it('a fetch the console could not serve during an outage is not blamed on the phone: the push goes again', async () => {
    for (const phone of fleet.phones) phone.healthy();
    const chosen = fleet.phones.slice(0, 5);
    const devices = await running.cradle.db.query<{ id: string }>(
      'SELECT id FROM devices WHERE mac = ANY($1::text[]) ORDER BY id',
      [chosen.map((phone) => phone.options.mac)],
    );
    const notifiedBefore = chosen.map((phone) => phone.notifies);
    const added = await api.call<{ id: number }>(
      'POST',
      `/tb-mac/push?ids=${devices.map((device) => device.id).join(',')}`,
    );
    const taskId = added.rows[0]?.id ?? 0;
    // Every phone answered; each fetches its file REACTION_MS later, while the database is down.
    const answered = await until(
      () => resultCounts(taskId),
      (counts) => counts['1'] === chosen.length,
    );
    expect(answered['1']).toBe(chosen.length);
    await postgres.stop();
    await new Promise((resolve) => setTimeout(resolve, REACTION_MS + 1500));
    postgres = await startEmbeddedPostgres(dataDir, silent, { port: postgres.port });

    // Without the record of the failed fetch the rows would wait out the window and read
    // 'The device answered but did not fetch its configuration in time'.
    const done = await until(
      () => resultCounts(taskId).catch(() => ({}) as Record<string, number>),
      (counts) => counts['2'] === chosen.length,
      push.confirmTimeoutMs,
    );
    expect(done).toEqual({ '2': chosen.length });
    expect(chosen.map((phone, i) => phone.notifies - (notifiedBefore[i] ?? 0))).toEqual(chosen.map(() => 2));
  }, 120_000);
});
