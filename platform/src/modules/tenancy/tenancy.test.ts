import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { SignedApiClient } from '../../testing/api-credentials.js';
import { type Naming, tenantSnapshot, walkEveryRoute } from '../../testing/route-walk.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';
import { until } from '../../testing/until.js';

/** A walk makes thousands of requests; on a loaded machine it takes longer than the default 30 s. */
const WALK_TIMEOUT_MS = 120_000;

let running: RunningConsole;
let channel: TestTenant;
let acme: TestTenant;
let globex: TestTenant;
let independent: TestTenant;

const ACME_MAC = 'a1a1a1000001';
/** A phone of Acme's that asked before it was added (an unknown device filed under Acme). */
const ACME_UNKNOWN_MAC = 'a1a1a10000ee';
/** An import Acme's owner ran, its failed rows kept for its browser (docs/devices.md "Import progress"). */
const ACME_IMPORT_ID = '6a1c0de0-0000-4000-8000-00000000ac3e';
const IMPORT_MARKER = 'acme-import-marker';
const SECRET_MARKER = 'acme-secret-marker';
/** The caller of Acme's call record (call statistics). */
const CALL_MARKER = 'acme-call-marker';
/** A record of Acme's operation log (its owner's change). */
const SYSLOG_MARKER = 'acme-syslog-marker';
/** Texts only Acme's data holds: its device's MAC in stored and display form, its rows' names, a layer value. */
const acmeDataMarkers = [
  ACME_MAC,
  'a1:a1:a1:00:00:01',
  'Acme Annex',
  'Acme H2',
  'Acme lobby',
  'Acme PBX',
  'acme-ext-4711',
  SECRET_MARKER,
  CALL_MARKER,
  ACME_UNKNOWN_MAC,
  'a1:a1:a1:00:00:ee',
  IMPORT_MARKER,
  SYSLOG_MARKER,
];
let acmeDeviceId = 0;
let acmeSiteId = 0;
let acmeTemplateId = 0;
let acmeGroupId = 0;
let acmeServerId = 0;
let acmeAccountId = 0;
let acmeFirmwareId = 0;
let acmeResourceId = 0;
let acmeAlarmId = 0;
let acmeStrategyId = 0;
let acmeDiagnosticId = 0;
let acmeUnknownId = 0;
const DIAGNOSTIC_MARKER = 'Acme diagnostic capture';

/** Every way a request can name Acme's rows: its ids of each kind, in the query and in the body. */
function victimNamings(): Naming[] {
  return [
    {
      id: acmeDeviceId,
      ids: [acmeDeviceId],
      deviceId: acmeDeviceId,
      deviceIds: [acmeDeviceId],
      relationId: acmeDeviceId,
      relationName: 'device',
      model: 'H2P',
      importId: ACME_IMPORT_ID,
    },
    {
      id: acmeSiteId,
      ids: [acmeSiteId],
      siteId: acmeSiteId,
      site: acmeSiteId,
      parentId: acmeSiteId,
      relationId: acmeSiteId,
      relationName: 'site',
    },
    { id: acmeTemplateId, ids: [acmeTemplateId], relationId: acmeTemplateId, relationName: 'model' },
    {
      id: acmeGroupId,
      ids: [acmeGroupId],
      groupId: acmeGroupId,
      relationId: acmeGroupId,
      relationName: 'group',
    },
    { id: acmeServerId, ids: [acmeServerId], serverId: acmeServerId },
    {
      id: acmeAccountId,
      ids: [acmeAccountId],
      accountId: acmeAccountId,
      deviceId: acmeDeviceId,
      line: 1,
    },
    { id: acmeFirmwareId, ids: [acmeFirmwareId], firmwareId: acmeFirmwareId, deviceIds: [acmeDeviceId] },
    { id: acmeResourceId, ids: [acmeResourceId], resourceId: acmeResourceId, deviceIds: [acmeDeviceId] },
    { id: acmeAlarmId, ids: [acmeAlarmId] },
    // Acme's unknown device, named to be added to the attacker's own site.
    { id: acmeUnknownId, ids: [acmeUnknownId], siteId: globex.siteId },
    { id: acmeStrategyId, ids: [acmeStrategyId], status: 0 },
    {
      id: acmeDiagnosticId,
      sessionId: acmeDiagnosticId,
      deviceId: acmeDeviceId,
      action: 'config',
      host: '10.0.0.1',
    },
  ];
}

/** A multipart form with one file, as the firmware and resource screens send. */
function fileForm(fields: Record<string, string>, name: string): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(Buffer.from(`${name} bytes`))]), name);
  return form;
}
const GLOBEX_MAC = 'b2b2b2000001';

beforeAll(async () => {
  running = await createTestConsole();
  const { db } = running.cradle;
  channel = await createTenant(db, 'channel', 'Reseller One');
  acme = await createTenant(db, 'enterprise', 'Acme Hotels', channel.orgId);
  globex = await createTenant(db, 'enterprise', 'Globex Offices', channel.orgId);
  independent = await createTenant(db, 'enterprise', 'Initech');
  await insertDevices(db, acme, [
    { mac: ACME_MAC, model: 'H2', status: 1 },
    { mac: 'a1a1a1000002', model: 'H2P', status: 2 },
  ]);
  await insertDevices(db, globex, [
    { mac: GLOBEX_MAC, model: 'V64', status: 0 },
    { mac: 'b2b2b2000002', model: 'V64', pushEnabled: false },
    { mac: 'b2b2b2000003', model: 'V67', status: 1 },
  ]);
  await insertDevices(db, independent, [{ mac: 'c3c3c3000001', model: 'V62' }]);
  const unknown = await db.one<{ id: string }>(
    `INSERT INTO unknown_devices (org_id, mac, path, ip, reason, authenticated, model, firmware)
     VALUES ($1, $2, $3, '10.1.1.1', 'MAC not in inventory', true, 'H2P', '2.14.0.9') RETURNING id`,
    [acme.orgId, ACME_UNKNOWN_MAC, `${ACME_UNKNOWN_MAC}.cfg`],
  );
  acmeUnknownId = Number(unknown?.id);
  await db.execute(
    `INSERT INTO device_imports (id, org_id, user_id, state, failed, message)
     SELECT $1, $2, u.id, 'finished', jsonb_build_array(jsonb_build_object('row', 2, 'deviceName', $4::text)), 'Some rows could not be imported'
       FROM users u WHERE u.user_name = $3`,
    [ACME_IMPORT_ID, acme.orgId, acme.userName, IMPORT_MARKER],
  );
  await db.execute(
    `INSERT INTO call_records (org_id, device_id, quality, caller, callee, codec, delay_avg_ms)
     SELECT org_id, id, 2, $2, 'acme-callee', 'PCMU', 600 FROM devices WHERE mac = $1`,
    [ACME_MAC, CALL_MARKER],
  );
  await db.execute(
    `INSERT INTO operation_log (org_id, at, user_name, ip, level, method, path, contents_en, contents_zh)
     VALUES ($1, now(), $2, '10.1.1.9', 'info', 'POST', '/tb-site-template/addSiteTemplate', $3, $3)`,
    [acme.orgId, acme.userName, SYSLOG_MARKER],
  );
});
afterAll(async () => {
  await running.stop();
});

/**
 * What background work writes on its own is written before a snapshot: the alarms delivered (the
 * delivery job changes their rows) and the operation log's pending records (written within a second).
 */
async function settled(): Promise<void> {
  const { db } = running.cradle;
  await until(
    () => db.one<{ pending: boolean | null }>('SELECT bool_or(undelivered) AS pending FROM alarms'),
    (row) => row?.pending !== true,
  );
  await running.cradle.operationLogWriter.flush();
}

async function signedIn(tenant: TestTenant): Promise<ApiClient> {
  const api = new ApiClient(running.url);
  const reply = await api.signIn(tenant.userName, tenant.password);
  expect(reply.code).toBe(0);
  return api;
}

type Totals = {
  totalDevices: number;
  deviceStatus: Record<string, number>;
  models: { model: string }[];
  organizations: { name: string; count: number }[];
};

// Each route walk makes thousands of requests: ~5 s on a quiet machine, 30 s on a loaded one.
describe('tenant isolation', { timeout: 120_000 }, () => {
  it('shows an enterprise only its own devices on the dashboard', async () => {
    const api = await signedIn(acme);
    const totals = (await api.call<Totals>('POST', '/homepage/total', {})).rows[0];
    expect(totals?.totalDevices).toBe(2);
    expect(totals?.deviceStatus).toEqual({ online: 1, offline: 0, abnormal: 1, disabled: 0 });
    expect(totals?.models.map((m) => m.model).sort()).toEqual(['H2', 'H2P']);
  });

  it('shows a channel its enterprises and not the others', async () => {
    const api = await signedIn(channel);
    const totals = (await api.call<Totals>('POST', '/homepage/total', {})).rows[0];
    expect(totals?.totalDevices).toBe(5);
    expect(totals?.organizations).toEqual([
      expect.objectContaining({ name: 'Globex Offices', count: 3 }),
      expect.objectContaining({ name: 'Acme Hotels', count: 2 }),
    ]);
  });

  it('shows the administrator everything', async () => {
    const api = new ApiClient(running.url);
    await api.signIn('admin', TEST_ADMIN_PASSWORD);
    const totals = (await api.call<Totals>('POST', '/homepage/total', {})).rows[0];
    expect(totals?.totalDevices).toBe(6);
    expect(totals?.deviceStatus.disabled).toBe(1);
  });

  it(
    'leaks and changes nothing of another enterprise through any API route, even when named',
    async () => {
      const { db } = running.cradle;
      const [acmeDevice] = await db.query<{ id: string }>('SELECT id FROM devices WHERE mac = $1', [
        ACME_MAC,
      ]);
      acmeDeviceId = Number(acmeDevice?.id);
      // Give the victim data worth stealing (a device layer with a marker value) and one row of every
      // kind a request can name: a site with nothing in it (so a broken scope could delete it), a model
      // template and a group.
      const admin = new ApiClient(running.url);
      await admin.signIn('admin', TEST_ADMIN_PASSWORD);
      const marker = SECRET_MARKER;
      const item = {
        Key: 'TelephonyVmNumber',
        Value: marker,
        DefaultValue: '',
        Push: true,
        ValueTemplate: '',
        label: 'x',
      };
      const seeded = await admin.call('POST', '/tb-config/saveParam', {
        relationId: acmeDeviceId,
        relationName: 'device',
        account: [{ no: 1, codec: '{}', advanced: JSON.stringify({ TelephonyVmNumber: item }) }],
      });
      expect(seeded.code).toBe(0);
      const created = async (path: string, body: Record<string, unknown>): Promise<number> => {
        const reply = await admin.call<{ id: number }>('POST', path, body);
        expect(reply.code, `${path}: ${reply.message}`).toBe(0);
        return Number(reply.rows[0]?.id);
      };
      acmeSiteId = await created('/tb-site-template/addSiteTemplate', {
        siteName: 'Acme Annex',
        parentId: acme.siteId,
      });
      acmeTemplateId = await created('/modeltemplate/add', {
        name: 'Acme H2',
        model: 'H2',
        siteId: acme.siteId,
      });
      acmeGroupId = await created('/tb-group-template/addNewGroup', {
        groupName: 'Acme lobby',
        siteId: acme.siteId,
        deviceIds: [acmeDeviceId],
      });

      acmeServerId = await created('/tb-sip-server/add', {
        serverName: 'Acme PBX',
        server: 'pbx.acme.test',
        siteId: acme.siteId,
      });
      acmeAccountId = await created('/tb-sip-account/add', {
        registerName: 'acme-ext-4711',
        userName: 'acme-ext-4711',
        password: SECRET_MARKER,
        serverId: acmeServerId,
        siteId: acme.siteId,
      });
      const bound = await admin.call('POST', '/device/accountAssignOne', {
        deviceId: acmeDeviceId,
        line: 1,
        accountId: acmeAccountId,
      });
      expect(bound.code, bound.message).toBe(0);

      // Acme's own firmware and resource (customer rows: only Acme's users upload them).
      const acmeApi = await signedIn(acme);
      const uploaded = async (path: string, form: FormData): Promise<number> => {
        const reply = await acmeApi.call<{ id: number }>('POST', path, form);
        expect(reply.code, `${path}: ${reply.message}`).toBe(0);
        return Number(reply.rows[0]?.id);
      };
      acmeFirmwareId = await uploaded(
        '/tb-firmware/addOrEditFirmware',
        fileForm(
          { firmwareName: 'Acme H2 image', firmwareVersion: '9.9.9.9', supportModel: 'H2' },
          'acme.rom',
        ),
      );
      acmeResourceId = await uploaded(
        '/tb-resource/addOrEdit',
        fileForm({ name: 'Acme lobby ring', type: '2', siteId: String(acme.siteId) }, 'acme-lobby.wav'),
      );

      // Acme's alarm (a reboot its phone reported) and alarm strategy.
      await db.execute(`INSERT INTO device_events (org_id, device_id, event) VALUES ($1, $2, 'reboot')`, [
        acme.orgId,
        acmeDeviceId,
      ]);
      acmeAlarmId = Number(
        (await db.one<{ id: string }>('SELECT id FROM alarms WHERE device_id = $1', [acmeDeviceId]))?.id,
      );
      const acmeUser = await db.one<{ id: string }>('SELECT id FROM users WHERE user_name = $1', [
        acme.userName,
      ]);
      const strategy = await acmeApi.call<{ id: number }>('POST', '/alarm-strategy/addOrEdit', {
        name: 'Acme night watch',
        receiverIds: [Number(acmeUser?.id)],
        alarmTypes: [3],
        levels: [3],
        mode: 2,
        frequency: 1,
        deviceScope: 'device',
        deviceIds: [acmeDeviceId],
      });
      expect(strategy.code, strategy.message).toBe(0);
      acmeStrategyId = Number(strategy.rows[0]?.id);
      // Acme's finished diagnostic session, its output in a large object.
      const diagnostic = await db.one<{ id: string }>(
        `INSERT INTO diagnostic_sessions (org_id, device_id, mac, action, state, oid, bytes, ended_at)
       VALUES ($1, $2, $3, 'log', 'done', lo_from_bytea(0, convert_to($4, 'UTF8')), length($4), now()) RETURNING id`,
        [acme.orgId, acmeDeviceId, ACME_MAC, DIAGNOSTIC_MARKER],
      );
      acmeDiagnosticId = Number(diagnostic?.id);
      await settled();
      const before = await tenantSnapshot(db, acme.orgId);
      const api = await signedIn(globex);
      const called = await walkEveryRoute(running.url, api, victimNamings(), [
        ...acmeDataMarkers,
        'Acme night watch',
        DIAGNOSTIC_MARKER,
        'Acme Hotels',
        acme.userName,
        'Initech',
      ]);
      expect(called).toBeGreaterThanOrEqual(200);
      expect(await tenantSnapshot(db, acme.orgId)).toBe(before);
    },
    WALK_TIMEOUT_MS,
  );

  it('treats rows of another tenant as not found', async () => {
    const { db } = running.cradle;
    const [acmeDevice] = await db.query<{ id: string }>('SELECT id FROM devices WHERE mac = $1', [ACME_MAC]);
    const [globexDevice] = await db.query<{ id: string }>('SELECT id FROM devices WHERE mac = $1', [
      GLOBEX_MAC,
    ]);
    const api = await signedIn(globex);
    const session = await running.cradle.accessService.describe(
      Number((await api.call<{ user: { id: number } }>('GET', '/homepage/init')).rows[0]?.user.id),
    );
    await expect(session?.scope.assertOwns(db, 'devices', Number(globexDevice?.id))).resolves.toBeUndefined();
    await expect(session?.scope.assertOwns(db, 'devices', Number(acmeDevice?.id))).rejects.toMatchObject({
      code: 40400,
    });
  });
});

describe('channels, entered enterprises and sub-users', () => {
  it(
    'a channel the enterprise has not authorized sees none of its data and cannot enter it',
    async () => {
      const { db } = running.cradle;
      await db.execute('UPDATE orgs SET channel_authorized = false WHERE id = $1', [acme.orgId]);
      try {
        const api = await signedIn(channel);
        const totals = (await api.call<Totals>('POST', '/homepage/total', {})).rows[0];
        expect(totals?.totalDevices).toBe(3);
        const entered = await api.call('POST', '/enterTheEnterprise', { id: acme.orgId });
        expect([entered.code, entered.message]).toEqual([
          40300,
          'The enterprise has not authorized its channel to manage it',
        ]);
        const before = await tenantSnapshot(db, acme.orgId);
        // The channel may see the enterprise's name and register email in its enterprise list, nothing else.
        const called = await walkEveryRoute(running.url, api, victimNamings(), acmeDataMarkers);
        expect(called).toBeGreaterThanOrEqual(200);
        expect(await tenantSnapshot(db, acme.orgId)).toBe(before);
      } finally {
        await db.execute('UPDATE orgs SET channel_authorized = true WHERE id = $1', [acme.orgId]);
      }
    },
    WALK_TIMEOUT_MS,
  );

  it('a channel enters an enterprise that authorized it: every list is that enterprise’s until it returns', async () => {
    const api = await signedIn(channel);
    const entered = await api.call<{ entered: { id: number; name: string } | null }>(
      'POST',
      '/enterTheEnterprise',
      {
        id: acme.orgId,
      },
    );
    expect(entered.rows[0]?.entered).toEqual({ id: acme.orgId, name: 'Acme Hotels' });
    // Inside the enterprise, the menu is an enterprise's: no channel or enterprise management.
    const inside = await api.call<{ resources: { power: string }[] }>('GET', '/homepage/init');
    const powers = inside.rows[0]?.resources.map((resource) => resource.power) ?? [];
    expect(powers).toContain('deviceManagement');
    expect(powers).not.toContain('enterpriseManagement');
    expect(powers).not.toContain('channelManagement');
    const search = async () =>
      (
        await api.call<{ list: { macAddress: string }[] }>('POST', '/device/search', {
          currentPage: 1,
          pageSize: 50,
        })
      ).rows[0]?.list.map((row) => row.macAddress.replaceAll(':', ''));
    expect((await search())?.sort()).toEqual([ACME_MAC, 'a1a1a1000002']);
    expect((await api.call<{ entered: unknown }>('GET', '/homepage/init')).rows[0]?.entered).toEqual({
      id: acme.orgId,
      name: 'Acme Hotels',
    });
    // Another channel's enterprise, or one that is not an enterprise, cannot be entered.
    expect((await api.call('POST', '/enterTheEnterprise', { id: independent.orgId })).code).toBe(40400);
    expect((await api.call('POST', '/enterTheEnterprise', { id: channel.orgId })).code).toBe(40400);
    const back = await api.call<{ entered: unknown }>('POST', '/enterTheEnterprise', { id: null });
    expect(back.rows[0]?.entered).toBeNull();
    expect(await search()).toHaveLength(5);
    // An enterprise user cannot enter anything.
    expect(
      (await (await signedIn(globex)).call('POST', '/enterTheEnterprise', { id: acme.orgId })).code,
    ).toBe(40400);
  });

  it('a sub-user limited to one site sees and reaches only that site’s devices', async () => {
    const { db } = running.cradle;
    await insertDevices(db, { ...acme, siteId: acmeSiteId }, [{ mac: 'a1a1a1000009', model: 'H2' }]);
    await db.execute(
      `INSERT INTO users (org_id, user_name, email, password_hash, user_type, role_id, site_ids)
       SELECT $1, 'acme-annex-clerk', 'clerk@example.com', u.password_hash, 'enterprise', u.role_id, ARRAY[$2::bigint]
         FROM users u WHERE u.user_name = $3`,
      [acme.orgId, acmeSiteId, acme.userName],
    );
    const api = await signedIn({ ...acme, userName: 'acme-annex-clerk' });
    const list = await api.call<{ list: { macAddress: string }[] }>('POST', '/device/search', {
      currentPage: 1,
      pageSize: 50,
    });
    expect(list.rows[0]?.list.map((row) => row.macAddress.replaceAll(':', ''))).toEqual(['a1a1a1000009']);
    expect((await api.call<Totals>('POST', '/homepage/total', {})).rows[0]?.totalDevices).toBe(1);
    expect((await api.call('GET', `/device/query?id=${acmeDeviceId}`)).code).toBe(40400);
    const tree = await api.call<{ siteName: string }>('POST', '/tb-site/selectSite', {});
    expect(tree.rows.map((site) => site.siteName)).toEqual(['Acme Annex']);
    expect((await api.call('POST', '/enterTheEnterprise', { id: acme.orgId })).code).toBe(40400);

    // The other sites' devices, their layers and memberships stay as they are whatever it sends.
    const otherDevices = async () =>
      JSON.stringify(
        await db.query(
          `SELECT d.*, (SELECT json_agg(l.pushed) FROM config_layers l WHERE l.relation = 'device' AND l.relation_id = d.id) AS layer,
                  (SELECT json_agg(g.group_id) FROM group_devices g WHERE g.device_id = d.id) AS groups
             FROM devices d WHERE d.org_id = $1 AND d.site_id <> $2 ORDER BY d.id`,
          [acme.orgId, acmeSiteId],
        ),
      );
    const before = await otherDevices();
    const [deviceNaming] = victimNamings();
    const diagnosticNaming = victimNamings().find((naming) => naming.sessionId !== undefined);
    const namings = [deviceNaming, diagnosticNaming].filter((naming) => naming !== undefined);
    const called = await walkEveryRoute(running.url, api, namings, [
      // The owner's import is the owner's, not its colleague's.
      IMPORT_MARKER,
      DIAGNOSTIC_MARKER,
      ACME_MAC,
      'a1:a1:a1:00:00:01',
      SECRET_MARKER,
      CALL_MARKER,
      // Its colleagues' operation log records name devices and sites outside its own.
      SYSLOG_MARKER,
    ]);
    expect(called).toBeGreaterThanOrEqual(100);
    const after = await otherDevices();
    expect(after).toBe(before);
  });
});

describe('function permissions', () => {
  it(
    'a user whose role holds the device list without any button changes nothing of its own enterprise',
    async () => {
      const { db } = running.cradle;
      await db.execute(
        `WITH role AS (INSERT INTO roles (org_id, name, user_type) VALUES ($1, 'Viewer', 'enterprise') RETURNING id),
            granted AS (INSERT INTO role_resources (role_id, resource_id, buttons)
                        SELECT role.id, s.id, '{}' FROM role, resources s WHERE s.power = 'deviceManagement')
       INSERT INTO users (org_id, user_name, email, password_hash, user_type, role_id, parent_user_id)
       SELECT $1, 'acme-viewer', 'viewer@example.com', u.password_hash, 'enterprise', role.id, u.id
         FROM role, users u WHERE u.user_name = $2`,
        [acme.orgId, acme.userName],
      );
      const api = await signedIn({ ...acme, userName: 'acme-viewer' });
      expect((await api.call('DELETE', '/device/removeBatch', { ids: [acmeDeviceId] })).code).toBe(40300);
      // Its own sessions, sign-in counters and operation log records move; nothing else of the enterprise may.
      const before = await tenantSnapshot(db, acme.orgId, ['sessions', 'operation_log']);
      const called = await walkEveryRoute(running.url, api, victimNamings(), []);
      expect(called).toBeGreaterThanOrEqual(200);
      expect(await tenantSnapshot(db, acme.orgId, ['sessions', 'operation_log'])).toBe(before);
    },
    WALK_TIMEOUT_MS,
  );

  it('refuses a route whose power the role lacks, server-side', async () => {
    const { db } = running.cradle;
    await db.execute(
      `DELETE FROM role_resources rr USING roles r, resources s
        WHERE rr.role_id = r.id AND rr.resource_id = s.id AND r.user_type = 'enterprise' AND s.power = 'home'`,
    );
    const api = await signedIn(independent);
    const reply = await api.call('POST', '/homepage/total', {});
    expect(reply.code).toBe(40300);
    expect(reply.status).toBe(403);
    const plugins = await api.call<{ id: string }>('GET', '/plugins');
    expect(plugins.rows.map((p) => p.id)).not.toContain('home');
  });
});

describe('backup and restore', () => {
  it('is the platform administrator’s only: every other user is refused every backup route, and nothing starts', async () => {
    const { db } = running.cradle;
    const document = (await (await fetch(`${running.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/backup/'))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => [method, path] as const));
    expect(routes.length).toBeGreaterThanOrEqual(12);
    const admin = new ApiClient(running.url);
    await admin.signIn('admin', TEST_ADMIN_PASSWORD);
    const plan = await admin.call<{ id: number }>('POST', '/backup/config', {
      fileName: 'tenancy',
      content: ['configuration'],
    });
    expect(plan.code, plan.message).toBe(0);
    const planId = Number(plan.rows[0]?.id);
    const clerk = { ...acme, userName: 'acme-annex-clerk' };
    for (const tenant of [channel, acme, globex, independent, clerk]) {
      const api = await signedIn(tenant);
      for (const [method, path] of routes) {
        const concrete = path.replace(/^\/api/, '').replace('{id}', String(planId));
        // A body every backup route accepts, so the refusal is the access check's, not validation's.
        const body = { id: planId, ids: [planId], fileName: 'takeover', content: ['configuration'] };
        const reply = await api.call(method.toUpperCase(), concrete, method === 'get' ? undefined : body);
        if (path === '/api/backup/status') {
          // Every signed-in browser polls it for the blocking dialog; it holds no tenant's data.
          expect([reply.code, reply.rows[0]]).toMatchObject([0, { status: 0 }]);
        } else {
          expect([reply.code, reply.status], `${tenant.userName} ${method} ${path}`).toEqual([40300, 403]);
        }
      }
    }
    expect(await db.one('SELECT count(*)::int AS n FROM backups')).toEqual({ n: 0 });
    expect(await db.one('SELECT count(*)::int AS n FROM backup_plans')).toEqual({ n: 1 });
    expect((await admin.call('GET', `/backup/config/${planId}`)).code).toBe(0);
  });
});

describe('about', () => {
  it('answers every signed-in user the same console facts, no tenant’s data among them', async () => {
    const admin = new ApiClient(running.url);
    await admin.signIn('admin', TEST_ADMIN_PASSWORD);
    const answers = [await admin.call('GET', '/system/about')];
    for (const tenant of [channel, acme, globex, independent])
      answers.push(await (await signedIn(tenant)).call('GET', '/system/about'));
    for (const reply of answers) expect([reply.code, reply.rows.length]).toEqual([0, 1]);
    const texts = answers.map((reply) => JSON.stringify(reply.rows));
    expect(new Set(texts).size).toBe(1);
    for (const marker of acmeDataMarkers) expect(texts[0]).not.toContain(marker);
    expect((await new ApiClient(running.url).call('GET', '/system/about')).code).toBe(80000);
  });
});

describe('upgrade', () => {
  it('is the platform administrator’s only: every other user is refused every upgrade route, and nothing is staged or started', async () => {
    const document = (await (await fetch(`${running.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/upgrade/'))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => [method, path] as const));
    expect(routes.length).toBe(3);
    const clerk = { ...acme, userName: 'acme-annex-clerk' };
    for (const tenant of [channel, acme, globex, independent, clerk]) {
      const api = await signedIn(tenant);
      for (const [method, path] of routes) {
        const concrete = path.replace(/^\/api/, '');
        const reply =
          path === '/api/upgrade/upload'
            ? await api.upload(concrete, 'next.tar.gz', new Uint8Array([0x1f, 0x8b, 8, 0]))
            : await api.call(
                method.toUpperCase(),
                concrete,
                method === 'get' ? undefined : { version: '9.9.9' },
              );
        expect([reply.code, reply.status], `${tenant.userName} ${method} ${path}`).toEqual([40300, 403]);
      }
    }
    const admin = new ApiClient(running.url);
    await admin.signIn('admin', TEST_ADMIN_PASSWORD);
    expect((await admin.call('GET', '/upgrade/info')).rows[0]).toMatchObject({ staged: null });
    expect((await admin.call('GET', '/backup/status')).rows[0]).toMatchObject({ status: 0 });
  });
});

describe('API credentials', () => {
  it(
    'another enterprise’s API credential, signed, leaks and changes nothing of this one through any route',
    async () => {
      const { db } = running.cradle;
      const acmeApi = await signedIn(acme);
      const acmeRoles = await acmeApi.call<{ id: number; builtin: boolean }>('GET', '/apiService/roles');
      const acmeCredential = await acmeApi.call<{ id: number; apiId: string }>('POST', '/apiService/add', {
        name: 'Acme integration',
        roleId: acmeRoles.rows.find((role) => role.builtin)?.id,
      });
      expect(acmeCredential.code, acmeCredential.message).toBe(0);
      const globexApi = await signedIn(globex);
      const globexRoles = await globexApi.call<{ id: number; builtin: boolean }>('GET', '/apiService/roles');
      const issued = await globexApi.call<{ apiId: string; apiKey: string }>('POST', '/apiService/add', {
        name: 'Globex walker',
        roleId: globexRoles.rows.find((role) => role.builtin)?.id,
        // The walk's thousands of requests stay under the limit, so each is answered by its route.
        ratePerMinute: 100_000,
      });
      expect(issued.code, issued.message).toBe(0);
      const { apiId, apiKey } = issued.rows[0] ?? { apiId: '', apiKey: '' };
      await settled();
      const before = await tenantSnapshot(db, acme.orgId);
      const signed = new SignedApiClient(running.url, apiId, apiKey);
      // Signed calls are answered by the routes (not refused at the door): its own devices list.
      const own = await signed.call<{ total: number }>('POST', '/device/search', {});
      expect(own.code, own.message).toBe(0);
      expect(own.rows[0]?.total).toBeGreaterThan(0);
      const credentialId = Number(acmeCredential.rows[0]?.id);
      const called = await walkEveryRoute(
        running.url,
        signed,
        [...victimNamings(), { id: credentialId, ids: [credentialId] }],
        [...acmeDataMarkers, 'Acme integration', String(acmeCredential.rows[0]?.apiId)],
      );
      expect(called).toBeGreaterThanOrEqual(200);
      expect(await tenantSnapshot(db, acme.orgId)).toBe(before);
    },
    WALK_TIMEOUT_MS,
  );
});

/** A sub-user of Acme limited to its default site, for the blocks below that run on their own too. */
async function acmeSubUser(name: string): Promise<TestTenant> {
  await running.cradle.db.execute(
    `INSERT INTO users (org_id, user_name, email, password_hash, user_type, role_id, site_ids)
     SELECT $1, $2::text, $2::text || '@example.com', u.password_hash, 'enterprise', u.role_id, ARRAY[$4::bigint]
       FROM users u WHERE u.user_name = $3
     ON CONFLICT DO NOTHING`,
    [acme.orgId, name, acme.userName, acme.siteId],
  );
  return { ...acme, userName: name };
}

describe('HTTP/HTTPS setting', () => {
  it('is the LAN administrator’s only: every other user finds no such route, and nothing is stored', async () => {
    const clerk = await acmeSubUser('acme-https-clerk');
    for (const tenant of [channel, acme, globex, independent, clerk]) {
      const api = await signedIn(tenant);
      const form = new FormData();
      form.append('httpProtocal', 'http');
      form.append('port', '8081');
      for (const [method, path, body] of [
        ['GET', '/common/httpCA', undefined],
        ['POST', '/common/setHttpCA', form],
      ] as const) {
        const reply = await api.call(method, path, body);
        expect([reply.code, reply.status], `${tenant.userName} ${method} ${path}`).toEqual([40400, 404]);
      }
    }
    expect(await running.cradle.db.one('SELECT count(*)::int AS n FROM http_listener')).toEqual({ n: 0 });
  });
});

describe('feedback', () => {
  it('is read by the platform administrator only; every other user’s own feedback is its organisation’s', async () => {
    const clerk = await acmeSubUser('acme-feedback-clerk');
    const { db } = running.cradle;
    for (const tenant of [channel, acme, globex, independent, clerk]) {
      const api = await signedIn(tenant);
      const list = await api.call('POST', '/feedback/list', {});
      expect([list.code, list.status], `${tenant.userName} list`).toEqual([40400, 404]);
      const sent = await api.call('POST', '/feedback/add', { content: `from ${tenant.userName}` });
      expect(sent.code, tenant.userName).toBe(0);
      const stored = await db.one<{ org: number }>(
        'SELECT f.org_id::int AS org FROM feedback f JOIN users u ON u.id = f.user_id WHERE f.content = $1',
        [`from ${tenant.userName}`],
      );
      expect(stored?.org, tenant.userName).toBe(tenant.orgId);
    }
  });
});

describe('metrics', () => {
  it('are not an API route: no session of any role reads them without the token', async () => {
    for (const tenant of [channel, acme, globex, independent]) {
      const api = await signedIn(tenant);
      const reply = await fetch(`${running.url}/metrics`, { headers: { Cookie: api.cookieHeader } });
      expect(await reply.text(), tenant.userName).not.toContain('phonefleet_http_request_duration_seconds');
    }
  });
});
