import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';

let running: RunningConsole;
let channel: TestTenant;
let acme: TestTenant;
let globex: TestTenant;
let independent: TestTenant;

const ACME_MAC = 'a1a1a1000001';
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
});
afterAll(async () => {
  await running.stop();
});

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

describe('tenant isolation', () => {
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

  it('leaks and changes nothing of another enterprise through any API route, even when named', async () => {
    const { db } = running.cradle;
    const [acmeDevice] = await db.query<{ id: string }>('SELECT id FROM devices WHERE mac = $1', [ACME_MAC]);
    const acmeDeviceId = Number(acmeDevice?.id);
    // Give the victim data worth stealing (a device layer with a marker value) and one row of every
    // kind a request can name: a site with nothing in it (so a broken scope could delete it), a model
    // template and a group.
    const admin = new ApiClient(running.url);
    await admin.signIn('admin', TEST_ADMIN_PASSWORD);
    const marker = 'acme-secret-marker';
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
    const acmeSiteId = await created('/tb-site-template/addSiteTemplate', {
      siteName: 'Acme Annex',
      parentId: acme.siteId,
    });
    const acmeTemplateId = await created('/modeltemplate/add', {
      name: 'Acme H2',
      model: 'H2',
      siteId: acme.siteId,
    });
    const acmeGroupId = await created('/tb-group-template/addNewGroup', {
      groupName: 'Acme lobby',
      siteId: acme.siteId,
      deviceIds: [acmeDeviceId],
    });

    // Everything of the victim: rows of every table with an org_id, and rows of every table with a
    // device_id that point at the victim's devices (memberships, results, logs).
    const tables = await db.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name IN ('org_id', 'device_id')
        ORDER BY table_name, column_name`,
    );
    const snapshot = async () => {
      const parts: string[] = [];
      for (const { table_name: table, column_name: column } of tables) {
        const condition =
          column === 'org_id' ? 't.org_id = $1' : 't.device_id IN (SELECT id FROM devices WHERE org_id = $1)';
        const [row] = await db.query<{ rows: unknown }>(
          `SELECT json_agg(t ORDER BY t::text) AS rows FROM ${table} t WHERE ${condition}`,
          [acme.orgId],
        );
        parts.push(`${table}.${column}: ${JSON.stringify(row?.rows ?? null)}`);
      }
      const [orgs] = await db.query<{ rows: unknown }>(
        `SELECT json_agg(o ORDER BY id) AS rows FROM (SELECT id, prov_ha1, prov_allow_cidrs FROM orgs) o`,
      );
      parts.push(JSON.stringify(orgs?.rows));
      return parts.join('\n');
    };
    const before = await snapshot();

    const api = await signedIn(globex);
    const document = (await (await fetch(`${running.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    // MACs in stored and in display (colon) form.
    const foreignMarkers = [
      ACME_MAC,
      'a1:a1:a1:00:00:01',
      'Acme Hotels',
      'Acme Annex',
      'Acme H2',
      'Acme lobby',
      acme.userName,
      'Initech',
      marker,
    ];
    // Every way a request can name a row: the victim's ids of each kind, in the query and in the body.
    const namings: Record<string, string | number | number[]>[] = [
      {
        id: acmeDeviceId,
        ids: [acmeDeviceId],
        deviceId: acmeDeviceId,
        deviceIds: [acmeDeviceId],
        relationId: acmeDeviceId,
        relationName: 'device',
        model: 'H2P',
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
    ];
    let called = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations)) {
        if (path === '/api/user/logout') continue;
        for (const naming of namings) {
          const query = `?${new URLSearchParams(Object.entries(naming).map(([k, v]) => [k, String(v)]))}`;
          const concrete = path
            .replace(/^\/api/, '')
            .replace('{relation}', String(naming.relationName))
            .replace('{relationId}', String(naming.relationId))
            .replace(/\{[A-Za-z]+\}/g, 'H2P');
          for (const body of method === 'get'
            ? [undefined]
            : [{}, { ...naming, password: 'Takeover#2026' }]) {
            const reply = await api.call(method.toUpperCase(), `${concrete}${query}`, body);
            const text = JSON.stringify(reply);
            for (const foreign of foreignMarkers) {
              expect(text, `${method} ${path} ${JSON.stringify(naming)}`).not.toContain(foreign);
            }
            called += 1;
          }
        }
      }
    }
    expect(called).toBeGreaterThanOrEqual(200);
    expect(await snapshot()).toBe(before);
  });

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

describe('function permissions', () => {
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
