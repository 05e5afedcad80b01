import {
  type FleetModel,
  SimulatedFleet,
  type SippRegistrar,
  startSippRegistrar,
} from '@phonefleet/sdk/testing';
import { afterAll, beforeAll } from 'vitest';
import type { RunningConsole } from '../app.js';
import type { PushSettings } from '../config.js';
import { createTenant, insertDevices, type TestTenant } from './tenants.js';
import { ApiClient, createTestConsole } from './test-console.js';
import { until } from './until.js';

const push: Partial<PushSettings> = { concurrency: 10, tickMs: 100, sipT1Ms: 50, confirmTimeoutMs: 20_000 };

/** A parameter as the editor saves it. */
export const paramItem = (Key: string, Value: string) => ({
  Key,
  Value,
  DefaultValue: '',
  Push: true,
  ValueTemplate: '',
  label: Key,
});

export interface VendorFleet {
  running: RunningConsole;
  acme: TestTenant;
  /** Signed in as Acme's administrator. */
  api: ApiClient;
  fleet: SimulatedFleet;
  /** Acme's devices, by MAC. */
  ids: number[];
  stop(): Promise<void>;
}

/**
 * A console with enterprise Acme, its phone credentials, and one simulated phone per entry of
 * `models` (each speaking its own model's driver, so several vendors may share the fleet) added as
 * its devices, with `siteParameters` saved on Acme's default site: the setup of each vendor's phones
 * test and of the mixed fleet's.
 */
export interface VendorFleetOptions {
  /** One phone per model, in this order (MAC order too: phone i has `macBase + i`). */
  models: string[];
  username: string;
  addressBase: string;
  macBase: string;
  siteParameters: object;
  /**
   * Phones that authenticate NOTIFY (MPP phones do): each challenges every NOTIFY and acts on the
   * retry signed with its line 1, an account bound to it (`<lineBase + i>`, every device gets one)
   * that it registers with a sipp registrar on `registrar`:5060 (a port not every driver's file
   * carries). `drivers` names the drivers whose phones challenge; by default every phone does.
   */
  notifyAuth?: { lineBase: number; registrar: string; drivers?: string[] };
}

const LINE_PASSWORD = 'Line1#2026';

function fleetModel(
  running: RunningConsole,
  model: string,
  notifyAuth: VendorFleetOptions['notifyAuth'],
): FleetModel {
  const driver = running.cradle.driverRegistry.model(model)?.driver;
  if (!driver) throw new Error(`no driver has the model ${model}`);
  const challenges = notifyAuth && (notifyAuth.drivers?.includes(driver.id) ?? true);
  return { driver, model, notifyAuth: challenges ? {} : undefined };
}

export async function startVendorFleet(options: VendorFleetOptions): Promise<VendorFleet> {
  const credentials = { username: options.username, password: 'Phones#2026' };
  const running = await createTestConsole({ push });
  const acme = await createTenant(running.cradle.db, 'enterprise', 'Acme');
  const api = new ApiClient(running.url);
  await api.signIn(acme.userName, acme.password);
  const set = await api.call('POST', '/tb-provisioning/credentials', credentials);
  if (set.code !== 0) throw new Error(`phone credentials refused: ${set.message}`);
  const fleet = await SimulatedFleet.start({
    consoleUrl: running.url,
    count: options.models.length,
    models: options.models.map((model) => fleetModel(running, model, options.notifyAuth)),
    credentials,
    addressBase: options.addressBase,
    macBase: options.macBase,
    sipPort: 0,
    httpPort: false,
    accountBase: false,
  });
  const { db } = running.cradle;
  await insertDevices(
    db,
    acme,
    fleet.phones.map((phone) => ({ mac: phone.options.mac, model: phone.options.model })),
  );
  const rows = await db.query<{ id: string }>('SELECT id FROM devices WHERE org_id = $1 ORDER BY mac', [
    acme.orgId,
  ]);
  const saved = await api.call('POST', '/tb-config/saveParam', {
    relationId: acme.siteId,
    relationName: 'site',
    ...options.siteParameters,
  });
  if (saved.code !== 0) throw new Error(`site parameters refused: ${saved.message}`);
  const ids = rows.map((row) => Number(row.id));
  const registrar = options.notifyAuth
    ? await bindLineAccounts(api, acme, ids, options.notifyAuth)
    : undefined;
  return {
    running,
    acme,
    api,
    fleet,
    ids,
    stop: async () => {
      await fleet.stop();
      await registrar?.stop();
      await running.stop();
    },
  };
}

/** A sipp registrar as a SIP server of Acme and one account of it bound to line 1 of each device. */
async function bindLineAccounts(
  api: ApiClient,
  acme: TestTenant,
  ids: number[],
  { lineBase, registrar: address }: { lineBase: number; registrar: string },
): Promise<SippRegistrar> {
  const registrar = await startSippRegistrar({ password: LINE_PASSWORD, address, port: 5060 });
  const server = await api.call<{ id: number }>('POST', '/tb-sip-server/add', {
    serverName: 'sipp',
    server: registrar.host,
    port: registrar.port,
    siteId: acme.siteId,
  });
  if (server.code !== 0) throw new Error(`SIP server refused: ${server.message}`);
  const assignments = [];
  for (const [index, deviceId] of ids.entries()) {
    const userName = String(lineBase + index);
    const added = await api.call<{ id: number }>('POST', '/tb-sip-account/add', {
      registerName: userName,
      userName,
      password: LINE_PASSWORD,
      serverId: server.rows[0]?.id,
      siteId: acme.siteId,
    });
    if (added.code !== 0) throw new Error(`SIP account refused: ${added.message}`);
    assignments.push({ deviceId, line: 1, accountId: added.rows[0]?.id });
  }
  const assigned = await api.call('POST', '/device/accountAssign', { assignments });
  if (assigned.code !== 0) throw new Error(`line assignment refused: ${assigned.message}`);
  return registrar;
}

/** Waits until every device of the task has a result and each one is a success (2). */
export function everyResultSucceeds(running: RunningConsole, taskId: number, devices: number) {
  return until(
    () =>
      running.cradle.db.query<{ result: number }>('SELECT result FROM task_devices WHERE task_id = $1', [
        taskId,
      ]),
    (rows) => rows.length === devices && rows.every((row) => row.result === 2),
    30_000,
  );
}

/** Starts the vendor fleet before the file's tests and stops it after them; tests call the getter. */
export function useVendorFleet(options: VendorFleetOptions): () => VendorFleet {
  let vendor: VendorFleet | undefined;
  beforeAll(async () => {
    vendor = await startVendorFleet(options);
  }, 60_000);
  afterAll(async () => {
    await vendor?.stop();
  });
  return () => {
    if (!vendor) throw new Error('the vendor fleet did not start');
    return vendor;
  };
}

/** Model and firmware each device reported (by MAC order), once the provisioning records are written. */
export async function reportedModels({ running, acme }: VendorFleet): Promise<[string, string][]> {
  await running.cradle.provisioningService.flush();
  const rows = await running.cradle.db.query<{ model: string; firmware: string }>(
    'SELECT model, reported_firmware AS firmware FROM devices WHERE org_id = $1 ORDER BY mac',
    [acme.orgId],
  );
  return rows.map((row) => [row.model, row.firmware]);
}

/** A configuration push, then a reboot, of every device, each task awaited until every result succeeds. */
export async function pushThenReboot({ running, api, ids }: VendorFleet): Promise<void> {
  for (const route of ['/device/configPush', '/device/deviceReboot']) {
    const task = await api.call<{ id: number }>('POST', route, { ids });
    await everyResultSucceeds(running, task.rows[0]?.id ?? 0, ids.length);
  }
}
