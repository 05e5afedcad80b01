import http from 'node:http';
import { SimulatedPhone } from '@phonefleet/sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';

let running: RunningConsole;
let acme: TestTenant;
let acmeApi: ApiClient;
let deviceId: number;

const MAC = '001565aa0001';
const item = (Key: string, Value: string) => ({
  Key,
  Value,
  DefaultValue: '',
  Push: true,
  ValueTemplate: '',
  label: Key,
});

function phone(options: Partial<ConstructorParameters<typeof SimulatedPhone>[0]> = {}): SimulatedPhone {
  const h2 = running.cradle.driverRegistry.model('H2P');
  if (!h2) throw new Error('H2 driver missing');
  return new SimulatedPhone({
    driver: h2.driver,
    model: 'H2P',
    mac: MAC,
    firmware: '2.14.0.5',
    provisioningUrl: `${running.url}/prov`,
    ...options,
  });
}

async function unknownReasons(): Promise<string[]> {
  const rows = await running.cradle.db.query<{ reason: string }>(
    'SELECT reason FROM unknown_devices ORDER BY id',
  );
  return rows.map((row) => row.reason);
}

beforeAll(async () => {
  running = await createTestConsole();
  acme = await createTenant(running.cradle.db, 'enterprise', 'Acme');
  await insertDevices(running.cradle.db, acme, [{ mac: MAC, model: 'H2P' }]);
  deviceId = Number(
    (await running.cradle.db.one<{ id: string }>('SELECT id FROM devices WHERE mac = $1', [MAC]))?.id,
  );
  acmeApi = new ApiClient(running.url);
  await acmeApi.signIn(acme.userName, acme.password);
  const admin = new ApiClient(running.url);
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
  await admin.call('POST', '/tb-config/saveParam', {
    relationId: 1,
    relationName: 'global',
    sipFunction: {
      general: { SIPMaxCall: item('SIPMaxCall', '3'), ReleaseTimeout: item('ReleaseTimeout', '7') },
    },
  });
  const site = await acmeApi.call('POST', '/tb-config/saveParam', {
    relationId: acme.siteId,
    relationName: 'site',
    provision: { autoProvision: { ProvisionPassword: item('ProvisionPassword', 's3cret-Value') } },
  });
  expect(site.code).toBe(0);
  const device = await acmeApi.call('POST', '/tb-config/saveParam', {
    relationId: deviceId,
    relationName: 'device',
    sipFunction: { general: { SIPMaxCall: item('SIPMaxCall', '5') } },
  });
  expect(device.code).toBe(0);
});
afterAll(async () => {
  await running.stop();
});

describe('provisioning without credentials configured', () => {
  it('serves the merged layers in the driver’s format but withholds secrets', async () => {
    const result = await phone().fetchConfig();
    expect(result.status).toBe(200);
    expect(result.body).toContain('sipFunction.general.SIPMaxCall = 5');
    expect(Object.fromEntries(result.values)).toEqual({
      'sipFunction.general.SIPMaxCall': '5',
      'sipFunction.general.ReleaseTimeout': '7',
    });
    expect(result.body).not.toContain('s3cret');
  });

  it('answers 304 to a conditional fetch of an unchanged file', async () => {
    const simulated = phone();
    const first = await simulated.fetchConfig();
    const second = await simulated.fetchConfig({ conditional: true });
    expect(second.status).toBe(304);
    expect(second.etag).toBe(first.etag);
  });

  it('records fetch time, address, model and firmware', async () => {
    await phone({ firmware: '2.14.9.1' }).fetchConfig();
    await running.cradle.provisioningService.flush();
    const row = await running.cradle.db.one<{
      reported_firmware: string;
      last_fetch_ip: string;
      status: number;
    }>('SELECT reported_firmware, host(last_fetch_ip) AS last_fetch_ip, status FROM devices WHERE id = $1', [
      deviceId,
    ]);
    expect(row).toEqual({ reported_firmware: '2.14.9.1', last_fetch_ip: '127.0.0.1', status: 1 });
  });

  it('serves phones fetching at the same moment each its own file, a stranger among them none', async () => {
    // Lookups that arrive together share one statement (device-lookups.ts): no phone may get another's.
    const macs = Array.from({ length: 30 }, (_v, i) => `001565bb${i.toString(16).padStart(4, '0')}`);
    await insertDevices(
      running.cradle.db,
      acme,
      macs.map((mac) => ({ mac, model: 'H2P' })),
    );
    await running.cradle.db.execute(
      `INSERT INTO config_layers (org_id, relation, relation_id, config, pushed)
       SELECT org_id, 'device', id, '{}', jsonb_build_object('account.1.advanced.TelephonyVmNumber', '*97' || mac)
         FROM devices WHERE mac = ANY ($1)`,
      [macs],
    );
    const stranger = '001565bbffff';
    const results = await Promise.all([...macs, stranger].map((mac) => phone({ mac }).fetchConfig()));
    for (const [index, mac] of macs.entries()) {
      expect(results[index]?.status).toBe(200);
      const numbers = results[index]?.body.match(/\*97001565bb[0-9a-f]{4}/g);
      expect(numbers).toEqual([`*97${mac}`]);
    }
    // The stranger is answered as when it asks alone (challenged like a known MAC), never with a file.
    const alone = await phone({ mac: stranger }).fetchConfig();
    expect(alone.status).not.toBe(200);
    expect(results[macs.length]?.status).toBe(alone.status);
  });

  it('writes fetch records as HOT updates: no index of devices reads what a fetch or an event writes', async () => {
    const indexes = await running.cradle.db.query<{ name: string }>(
      `SELECT indexrelid::regclass::text AS name FROM pg_index
        WHERE indrelid = 'devices'::regclass
          AND pg_get_indexdef(indexrelid) ~ '(last_fetch_at|last_fetch_ip|reported_model|reported_firmware|last_seen_at)'`,
    );
    expect(indexes).toEqual([]);
    const table = await running.cradle.db.one<{ reloptions: string[] }>(
      `SELECT reloptions FROM pg_class WHERE oid = 'devices'::regclass`,
    );
    // Room on each page for the next version of its rows.
    expect(table?.reloptions).toContain('fillfactor=85');
  });
});

describe('a frozen organisation', () => {
  it('gets no file for its phones, records why under its own name, and gets them again when unfrozen', async () => {
    const { db } = running.cradle;
    // Frozen as the organisations module does it, straight in the table: the cached lookup must notice.
    expect((await phone().fetchConfig()).status).toBe(200);
    await db.execute(`UPDATE orgs SET status = 'frozen' WHERE id = $1`, [acme.orgId]);
    try {
      await expect.poll(async () => (await phone().fetchConfig()).status).toBe(403);
      const recorded = await db.one<{ org_id: string }>(
        `SELECT org_id FROM unknown_devices WHERE reason = 'organization frozen' AND mac = $1`,
        [MAC],
      );
      expect(Number(recorded?.org_id)).toBe(acme.orgId);
    } finally {
      await db.execute(`UPDATE orgs SET status = 'normal' WHERE id = $1`, [acme.orgId]);
    }
    await expect.poll(async () => (await phone().fetchConfig()).status).toBe(200);
  });
});

describe('device lookup cache', () => {
  it('serves a change made by any writer on the next fetch', async () => {
    const before = await phone().fetchConfig();
    expect(before.values.get('sipFunction.general.SIPMaxCall')).toBe('5');
    // A change outside the API, as another instance or psql would make it.
    await running.cradle.db.execute(
      `UPDATE config_layers SET pushed = pushed || '{"sipFunction.general.SIPMaxCall": "4"}' WHERE relation = 'device'`,
    );
    let after = await phone().fetchConfig();
    for (
      let tries = 0;
      tries < 50 && after.values.get('sipFunction.general.SIPMaxCall') !== '4';
      tries += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await phone().fetchConfig();
    }
    expect(after.values.get('sipFunction.general.SIPMaxCall')).toBe('4');
    await running.cradle.db.execute(
      `UPDATE config_layers SET pushed = pushed || '{"sipFunction.general.SIPMaxCall": "5"}' WHERE relation = 'device'`,
    );
  });
});

describe('unknown and malformed requests', () => {
  it('challenges a MAC not in the inventory like a known one, records it and counts it on the dashboard', async () => {
    const stranger = await phone({ mac: '001565ffffff' }).fetchConfig();
    expect(stranger.status).toBe(401);
    expect(await unknownReasons()).toContain('MAC not in inventory');
    const admin = new ApiClient(running.url);
    await admin.signIn('admin', TEST_ADMIN_PASSWORD);
    const totals = await admin.call<{ unknownDevices: number }>('POST', '/homepage/total', {});
    expect(totals.rows[0]?.unknownDevices).toBeGreaterThanOrEqual(1);
  });

  it('handles path tricks and MAC spellings', async () => {
    const ua = phone().userAgent;
    // node:http sends the path as written; fetch would normalise dot segments away.
    const get = (path: string) =>
      new Promise<{ status: number }>((resolve, reject) => {
        http
          .get(
            {
              host: '127.0.0.1',
              port: new URL(running.url).port,
              path: `/prov/${path}`,
              headers: { 'User-Agent': ua },
            },
            (response) => {
              response.resume();
              resolve({ status: response.statusCode ?? 0 });
            },
          )
          .on('error', reject);
      });
    expect((await get('..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await get('%2e%2e/secret.cfg')).status).toBe(404);
    expect((await get('00-15-65-aa-00-01.cfg')).status).toBe(404);
    expect((await get(`${MAC.toUpperCase()}.cfg`)).status).toBe(200);
    expect(await unknownReasons()).toContain('malformed path');
  });

  it('serves cfg<mac>.xml, a name two drivers use, in the format of the device’s own model when the User-Agent names none', async () => {
    const vSeries = '001565aa0067';
    const grandstream = '000b82aa0067';
    await insertDevices(running.cradle.db, acme, [
      { mac: vSeries, model: 'V67' },
      { mac: grandstream, model: 'GXP2170' },
    ]);
    const get = async (mac: string) => {
      const response = await fetch(`${running.url}/prov/cfg${mac}.xml`, {
        headers: { 'User-Agent': 'curl/8.5.0' },
      });
      return { status: response.status, body: await response.text() };
    };
    const gxp = await get(grandstream);
    expect(gxp.status).toBe(200);
    expect(gxp.body).toContain(`<gs_provision version="1">\n  <mac>${grandstream}</mac>`);
    const v67 = await get(vSeries);
    expect(v67.status).toBe(200);
    expect(v67.body).toContain('<?xml');
    expect(v67.body).not.toContain('gs_provision');
  });

  it('refuses a User-Agent whose MAC differs from the path', async () => {
    const mismatch = await phone({ userAgent: 'Generic H2P 2.14.0.5 00:15:65:aa:00:99' }).fetchConfig();
    expect(mismatch.status).toBe(404);
    expect(await unknownReasons()).toContain('MAC in path differs from User-Agent');
  });
});

describe('provisioning with digest credentials', () => {
  it('challenges an anonymous phone, serves secrets to an authenticated one, refuses a wrong password', async () => {
    const set = await acmeApi.call('POST', '/tb-provisioning/credentials', {
      username: 'acme-phones',
      password: 'Phones#2026',
    });
    expect(set.code).toBe(0);

    const anonymous = await phone().fetchConfig();
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).not.toContain('SIPMaxCall');

    const authenticated = await phone({
      credentials: { username: 'acme-phones', password: 'Phones#2026' },
    }).fetchConfig();
    expect(authenticated.status).toBe(200);
    expect(authenticated.requests).toBe(2);
    expect(authenticated.values.get('provision.autoProvision.ProvisionPassword')).toBe('s3cret-Value');

    const wrong = await phone({
      credentials: { username: 'acme-phones', password: 'Wrong#2026' },
    }).fetchConfig();
    expect(wrong.status).toBe(401);
    expect(await unknownReasons()).toContain('authentication failed');
  });

  it('accepts per-device credentials with the MAC as user name', async () => {
    expect(
      (
        await acmeApi.call('POST', '/tb-provisioning/deviceCredentials', {
          deviceId,
          password: 'Device#2026',
        })
      ).code,
    ).toBe(0);
    const result = await phone({ credentials: { username: MAC, password: 'Device#2026' } }).fetchConfig();
    expect(result.status).toBe(200);
  });

  it('refuses an address outside the allow-list', async () => {
    await acmeApi.call('POST', '/tb-provisioning/credentials', {
      username: 'acme-phones',
      password: 'Phones#2026',
      allowCidrs: ['10.0.0.0/8'],
    });
    // Cached lookups learn of the change through PostgreSQL NOTIFY, a moment after the commit.
    const fetchStatus = async () =>
      (await phone({ credentials: { username: 'acme-phones', password: 'Phones#2026' } }).fetchConfig())
        .status;
    await expect.poll(fetchStatus, { timeout: 5000 }).toBe(403);
    expect(await unknownReasons()).toContain('address not allowed');
  });
});
