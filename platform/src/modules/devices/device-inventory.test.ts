import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';

let running: RunningConsole;
let acme: TestTenant;
let other: TestTenant;
let api: ApiClient;
let intruder: ApiClient;
let annex: number;

interface DeviceRecord {
  id: number;
  macAddress: string;
  serialNumber: string | null;
  deviceName: string;
  deviceModel: string;
  firmwareVersion: string;
  siteId: number;
  siteName: string;
  pushEnabled: boolean;
  boundLines: number;
}

const valid = {
  macAddress: '00:15:65:AA:00:01',
  serialNumber: 'SN-0001',
  deviceName: 'Reception',
  deviceModel: 'h2p',
  firmwareVersion: '2.0.1.5',
};

async function add(body: Record<string, unknown>, client = api) {
  return client.call<{ id: number }>('POST', '/device/add', body);
}

async function addOk(macAddress: string, siteId = acme.siteId): Promise<number> {
  const reply = await add({ ...valid, macAddress, siteId });
  expect(reply.code, reply.message).toBe(0);
  return Number(reply.rows[0]?.id);
}

async function record(id: number): Promise<DeviceRecord | undefined> {
  return (await api.call<DeviceRecord>('GET', `/device/query?id=${id}`)).rows[0];
}

async function logOf(id: number) {
  const reply = await api.call<{
    list: { time: string; userName: string; ip: string | null; content: string }[];
    total: number;
  }>('POST', '/device/operationLog', { id, currentPage: 1, pageSize: 10 });
  expect(reply.code, reply.message).toBe(0);
  return reply.rows[0];
}

async function bindAccount(deviceId: number, tenant: TestTenant): Promise<number> {
  const { db } = running.cradle;
  const [account] = await db.query<{ id: string }>(
    `WITH server AS (INSERT INTO sip_servers (org_id, site_id, name, address)
                     VALUES ($1, $2, 'PBX ' || $3::text, 'pbx.test') RETURNING id),
          account AS (INSERT INTO sip_accounts (org_id, site_id, server_id, register_name, user_name)
                      SELECT $1, $2, id, 'ext-100', 'ext-100' FROM server RETURNING id),
          bound AS (INSERT INTO sip_bindings (device_id, line, account_id) SELECT $3::bigint, 1, id FROM account)
     SELECT id FROM account`,
    [tenant.orgId, tenant.siteId, deviceId],
  );
  return Number(account?.id);
}

beforeAll(async () => {
  running = await createTestConsole();
  const { db } = running.cradle;
  acme = await createTenant(db, 'enterprise', 'Acme');
  other = await createTenant(db, 'enterprise', 'Other');
  const [child] = await db.query<{ id: string }>(
    `INSERT INTO sites (org_id, name, parent_id, path) VALUES ($1, 'Annex', $2, '') RETURNING id`,
    [acme.orgId, acme.siteId],
  );
  annex = Number(child?.id);
  await db.execute(`UPDATE sites SET path = '/' || $2::text || '/' || id || '/' WHERE id = $1`, [
    annex,
    acme.siteId,
  ]);
  api = new ApiClient(running.url);
  await api.signIn(acme.userName, acme.password);
  intruder = new ApiClient(running.url);
  await intruder.signIn(other.userName, other.password);
});
afterAll(async () => {
  await running.stop();
});

describe('adding and editing devices', () => {
  it('adds a device with a normalised MAC and the driver’s model name, in the site’s organization', async () => {
    const id = await addOk('00-15-65-AA-00-01');
    const device = await record(id);
    expect(device).toMatchObject({
      macAddress: '00:15:65:aa:00:01',
      serialNumber: 'SN-0001',
      deviceName: 'Reception',
      deviceModel: 'H2P',
      firmwareVersion: '2.0.1.5',
      siteId: acme.siteId,
      siteName: 'Default',
      pushEnabled: true,
      boundLines: 0,
    });
    const owner = await running.cradle.db.one<{ org_id: string }>(
      'SELECT org_id FROM devices WHERE id = $1',
      [id],
    );
    expect(Number(owner?.org_id)).toBe(acme.orgId);
    const verify = await api.call<{ exists: boolean }>('GET', '/device/verifyMac?macAddress=001565aa0001');
    expect(verify.rows[0]).toEqual({ exists: true });
    const free = await api.call<{ exists: boolean }>('GET', '/device/verifyMac?macAddress=00:15:65:aa:00:99');
    expect(free.rows[0]).toEqual({ exists: false });
    expect((await api.call('GET', '/device/verifyMac?macAddress=00:15:65')).message).toBe(
      'Invalid MAC address',
    );
  });

  it('refuses each invalid field with the spec’s message and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ macAddress: '' }, 'This field cannot be empty!'],
      [{ macAddress: '00:15:65:AA:00' }, 'Invalid MAC address'],
      [{ macAddress: '00:15:65:AA:00:0G' }, 'Invalid MAC address'],
      [{ serialNumber: 'SN 0001' }, 'Invalid S/N: 1-32 letters, digits or hyphens'],
      [{ serialNumber: 'S'.repeat(33) }, 'Invalid S/N: 1-32 letters, digits or hyphens'],
      [{ deviceName: 'x'.repeat(129) }, 'The length cannot exceed 128 characters'],
      [{ deviceModel: '' }, 'This field cannot be empty!'],
      [{ deviceModel: 'ZX9000' }, 'Unknown device model'],
      [{ firmwareVersion: ' ' }, 'This field cannot be empty!'],
      [{ siteId: undefined }, 'This field cannot be empty!'],
    ];
    for (const [change, message] of cases) {
      const reply = await add({ ...valid, macAddress: '00:15:65:AA:00:02', siteId: acme.siteId, ...change });
      expect(reply.code, JSON.stringify(change)).toBe(40000);
      expect(reply.message, JSON.stringify(change)).toBe(message);
    }
    const stored = await running.cradle.db.one('SELECT 1 AS found FROM devices WHERE mac = $1', [
      '001565aa0002',
    ]);
    expect(stored).toBeUndefined();
    expect(
      (await add({ ...valid, deviceName: 'x'.repeat(128), macAddress: '001565aa0002', siteId: annex })).code,
    ).toBe(0);
  });

  it('refuses a MAC registered anywhere, whatever its form, as a duplicate device', async () => {
    const reply = await add({ ...valid, macAddress: '001565AA0001', siteId: acme.siteId });
    expect(reply.code).toBe(40900);
    expect(reply.message).toBe('Duplicate device');
    const elsewhere = await add(
      { ...valid, macAddress: '00:15:65:aa:00:01', siteId: other.siteId },
      intruder,
    );
    expect(elsewhere.message).toBe('Duplicate device');
  });

  it('edits a device, keeps its MAC and logs who did it', async () => {
    const id = await addOk('00:15:65:AA:00:10');
    const reply = await api.call('POST', '/device/update', {
      id,
      macAddress: '00:15:65:aa:00:10',
      deviceName: 'Lobby',
      deviceModel: 'V64',
      firmwareVersion: '3.1',
      serialNumber: '',
      siteId: annex,
    });
    expect(reply.code, reply.message).toBe(0);
    expect(await record(id)).toMatchObject({
      deviceName: 'Lobby',
      deviceModel: 'V64',
      firmwareVersion: '3.1',
      serialNumber: null,
      siteName: 'Annex',
    });
    const macChange = await api.call('POST', '/device/update', {
      ...valid,
      id,
      macAddress: '001565aa0011',
      siteId: annex,
    });
    expect(macChange.message).toBe('The MAC address cannot be changed');
    const badName = await api.call('POST', '/device/update', {
      ...valid,
      id,
      deviceName: 'x'.repeat(129),
      siteId: annex,
    });
    expect(badName.message).toBe('The length cannot exceed 128 characters');
    expect((await record(id))?.deviceName).toBe('Lobby');
    const log = await logOf(id);
    expect(log?.total).toBe(2);
    expect(log?.list.map((entry) => entry.content)).toEqual(['Edited the device', 'Added the device']);
    expect(log?.list[0]?.userName).toBe(acme.userName);
    expect(log?.list[0]?.ip).toMatch(/127\.0\.0\.1|::1/);
  });
});

describe('device numbers', () => {
  it('refuses a device beyond the organisation’s device numbers and adds nothing', async () => {
    const { db } = running.cradle;
    const held = Number(
      (await db.one<{ n: string }>('SELECT count(*) AS n FROM devices WHERE org_id = $1', [acme.orgId]))?.n,
    );
    await db.execute('UPDATE orgs SET device_limit = $2 WHERE id = $1', [acme.orgId, held + 1]);
    try {
      await addOk('00:15:65:aa:0f:01');
      const refused = await add({ ...valid, macAddress: '00:15:65:aa:0f:02', siteId: acme.siteId });
      expect([refused.code, refused.message, refused.messageExt]).toEqual([
        40000,
        'The organisation has reached its device numbers',
        `Acme: ${held + 1}`,
      ]);
      const after = await db.one<{ n: string }>('SELECT count(*) AS n FROM devices WHERE org_id = $1', [
        acme.orgId,
      ]);
      expect(Number(after?.n)).toBe(held + 1);
    } finally {
      await db.execute('UPDATE orgs SET device_limit = NULL WHERE id = $1', [acme.orgId]);
    }
  });
  it('refuses moving devices into an organisation beyond its device numbers, and moves nothing', async () => {
    const { db } = running.cradle;
    const admin = new ApiClient(running.url);
    await admin.signIn('admin', TEST_ADMIN_PASSWORD);
    const id = await addOk('00:15:65:aa:0f:10');
    const held = Number(
      (await db.one<{ n: string }>('SELECT count(*) AS n FROM devices WHERE org_id = $1', [other.orgId]))?.n,
    );
    await db.execute('UPDATE orgs SET device_limit = $2 WHERE id = $1', [other.orgId, held]);
    try {
      const refused = await admin.call('POST', '/device/siteAssign', { ids: [id], siteId: other.siteId });
      expect([refused.code, refused.message]).toEqual([
        40000,
        'The organisation has reached its device numbers',
      ]);
      expect((await record(id))?.siteName).toBe('Default');
    } finally {
      await db.execute('UPDATE orgs SET device_limit = NULL WHERE id = $1', [other.orgId]);
    }
  });
});

describe('moving, push and removal', () => {
  it('transfers devices to a site, unless one has a SIP account: then nothing moves', async () => {
    const first = await addOk('00:15:65:AA:00:20');
    const second = await addOk('00:15:65:AA:00:21');
    const moved = await api.call('POST', '/device/siteAssign', { ids: [first, second], siteId: annex });
    expect(moved.code, moved.message).toBe(0);
    expect((await record(first))?.siteName).toBe('Annex');
    expect((await logOf(first))?.list[0]?.content).toBe('Moved to site: Annex');

    await bindAccount(second, acme);
    const refused = await api.call('POST', '/device/siteAssign', {
      ids: [first, second],
      siteId: acme.siteId,
    });
    expect(refused.code).toBe(40000);
    expect(refused.message).toBe('A device with a SIP account cannot change site until unbound');
    expect((await record(first))?.siteName).toBe('Annex');
    expect((await record(second))?.siteName).toBe('Annex');
    const edit = await api.call('POST', '/device/update', {
      ...valid,
      id: second,
      macAddress: '',
      siteId: acme.siteId,
    });
    expect(edit.message).toBe('A device with a SIP account cannot change site until unbound');
  });

  it('disables and enables configuration push, logging each device', async () => {
    const ids = [await addOk('00:15:65:AA:00:30'), await addOk('00:15:65:AA:00:31')];
    expect((await api.call('POST', '/device/disablePushConfig', { ids })).code).toBe(0);
    expect((await record(ids[0] ?? 0))?.pushEnabled).toBe(false);
    expect((await record(ids[1] ?? 0))?.pushEnabled).toBe(false);
    expect((await api.call('POST', '/device/enablePushConfig', { ids: [ids[1]] })).code).toBe(0);
    expect((await record(ids[1] ?? 0))?.pushEnabled).toBe(true);
    expect((await logOf(ids[1] ?? 0))?.list.map((entry) => entry.content)).toEqual([
      'Enabled configuration push',
      'Disabled configuration push',
      'Added the device',
    ]);
    const zh = new ApiClient(running.url, 'zh-CN');
    await zh.signIn(acme.userName, acme.password);
    const chinese = await zh.call<{ list: { content: string }[] }>('POST', '/device/operationLog', {
      id: ids[1],
    });
    expect(chinese.rows[0]?.list[0]?.content).toBe('启用配置推送');
  });

  it('shows what the phone reported on the details screen', async () => {
    const id = await addOk('00:15:65:AA:00:40');
    await running.cradle.db.execute(
      `UPDATE devices SET hardware_version = 'HW2', last_reboot_at = '2026-03-01T08:00:00Z', status = 1,
              last_fetch_ip = '10.0.0.7', ipv4 = $2::jsonb WHERE id = $1`,
      [
        id,
        JSON.stringify({
          addressType: 'DHCP',
          address: '10.0.0.7',
          subnetMask: '255.255.255.0',
          gateway: '10.0.0.1',
          dns1: '10.0.0.2',
        }),
      ],
    );
    const reply = await api.call('POST', '/device/details', { id });
    expect(reply.rows[0]).toEqual({
      macAddress: '00:15:65:aa:00:40',
      serialNumber: 'SN-0001',
      hardwareVersion: 'HW2',
      softwareVersion: '2.0.1.5',
      lastRebootTime: '2026-03-01T08:00:00.000Z',
      status: 1,
      accountStatus: 0,
      lastFetchTime: null,
      ip: '10.0.0.7',
      ipv4: {
        addressType: 'DHCP',
        address: '10.0.0.7',
        subnetMask: '255.255.255.0',
        gateway: '10.0.0.1',
        dns1: '10.0.0.2',
        dns2: null,
      },
      ipv6: { addressType: null, address: null, subnetMask: null, gateway: null, dns1: null, dns2: null },
    });
  });

  it('removes devices with their SIP account, group memberships and device parameters', async () => {
    const { db } = running.cradle;
    const bound = await addOk('00:15:65:AA:00:50');
    const plain = await addOk('00:15:65:AA:00:51');
    const account = await bindAccount(bound, acme);
    const [group] = await db.query<{ id: string }>(
      `INSERT INTO device_groups (org_id, name) VALUES ($1, 'Floor 1') RETURNING id`,
      [acme.orgId],
    );
    await db.execute('INSERT INTO group_devices (group_id, device_id) VALUES ($1, $2), ($1, $3)', [
      group?.id,
      bound,
      plain,
    ]);
    await db.execute(
      `INSERT INTO config_layers (org_id, relation, relation_id, config) VALUES ($1, 'device', $2, '{}')`,
      [acme.orgId, bound],
    );
    const reply = await api.call('DELETE', '/device/removeBatch', { ids: [bound, plain] });
    expect(reply.rows[0]).toEqual({ deleted: 2 });
    const left = await db.one<{ devices: string; accounts: string; members: string; layers: string }>(
      `SELECT (SELECT count(*) FROM devices WHERE id IN ($1, $2)) AS devices,
              (SELECT count(*) FROM sip_accounts WHERE id = $3) AS accounts,
              (SELECT count(*) FROM group_devices WHERE group_id = $4) AS members,
              (SELECT count(*) FROM config_layers WHERE relation = 'device' AND relation_id = $1) AS layers`,
      [bound, plain, account, group?.id],
    );
    expect(left).toEqual({ devices: '0', accounts: '0', members: '0', layers: '0' });
    expect((await api.call('GET', `/device/query?id=${bound}`)).code).toBe(40400);
  });
});

describe('tenant isolation', () => {
  it('lets another enterprise neither add into, read, change, move nor delete the tenant’s devices', async () => {
    const id = await addOk('00:15:65:AA:00:60');
    const before = await record(id);
    const intoForeignSite = await add(
      { ...valid, macAddress: '00:15:65:BB:00:01', siteId: acme.siteId },
      intruder,
    );
    expect(intoForeignSite.code).toBe(40400);
    const attempts: [string, string, unknown][] = [
      ['GET', `/device/query?id=${id}`, undefined],
      ['POST', '/device/details', { id }],
      ['POST', '/device/operationLog', { id }],
      ['POST', '/device/update', { ...valid, id, deviceName: 'Taken', siteId: other.siteId }],
      ['POST', '/device/update', { ...valid, id, deviceName: 'Taken', siteId: acme.siteId }],
      ['POST', '/device/siteAssign', { ids: [id], siteId: other.siteId }],
      ['POST', '/device/disablePushConfig', { ids: [id] }],
      ['DELETE', '/device/removeBatch', { ids: [id] }],
    ];
    for (const [method, path, body] of attempts) {
      const reply = await intruder.call(method, path, body);
      expect(reply.code, path).toBe(40400);
      expect(JSON.stringify(reply.rows), path).not.toContain('aa:00:60');
    }
    // Own devices and foreign ones in one batch: refused whole.
    const own = await addOkFor(other, '00:15:65:BB:00:02');
    expect((await intruder.call('POST', '/device/disablePushConfig', { ids: [own, id] })).code).toBe(40400);
    expect(await record(id)).toEqual(before);
    const ownPush = await running.cradle.db.one<{ push_enabled: boolean }>(
      'SELECT push_enabled FROM devices WHERE id = $1',
      [own],
    );
    expect(ownPush?.push_enabled).toBe(true);
    expect((await logOf(id))?.total).toBe(1);
  });
});

async function addOkFor(tenant: TestTenant, macAddress: string): Promise<number> {
  const reply = await add({ ...valid, macAddress, siteId: tenant.siteId }, intruder);
  expect(reply.code, reply.message).toBe(0);
  return Number(reply.rows[0]?.id);
}
