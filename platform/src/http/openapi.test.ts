import { normaliseMac } from '@phonefleet/sdk';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../app.js';
import { createTenant, insertDevices, type TestTenant } from '../testing/tenants.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../testing/test-console.js';

interface JsonSchema {
  type?: string;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
}
interface Operation {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  parameters?: { name: string; in: string; required: boolean; schema: JsonSchema }[];
}

let running: RunningConsole;
let admin: ApiClient;
let tenant: TestTenant;
let deviceId: number;
let paths: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  running = await createTestConsole();
  tenant = await createTenant(running.cradle.db, 'enterprise', 'Document Co');
  await insertDevices(running.cradle.db, tenant, [{ mac: '001565d0c001', model: 'H2' }]);
  const [device] = await running.cradle.db.query<{ id: string }>('SELECT id FROM devices');
  deviceId = Number(device?.id);
  admin = new ApiClient(running.url);
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
  paths = ((await (await fetch(`${running.url}/api/openapi.json`)).json()) as { paths: typeof paths }).paths;
});
afterAll(() => running?.stop());

function body(path: string, method = 'post'): JsonSchema {
  const schema = paths[`/api${path}`]?.[method]?.requestBody?.content['application/json']?.schema;
  if (!schema) throw new Error(`no body for ${method} ${path}`);
  return schema;
}
function field(path: string, name: string): JsonSchema {
  const schema = body(path).properties?.[name];
  if (!schema) throw new Error(`no field ${name} in ${path}`);
  return schema;
}
function queryParameter(path: string, name: string, method = 'get'): JsonSchema {
  const parameter = paths[`/api${path}`]?.[method]?.parameters?.find((p) => p.name === name);
  if (!parameter) throw new Error(`no parameter ${name} in ${path}`);
  return parameter.schema;
}

const TOO_LONG = 'The length cannot exceed 128 characters';

describe('the OpenAPI document states the rule the server enforces', () => {
  it('task names: at most 128 characters, refused above with the spec’s message', async () => {
    const limit = field('/task/add', 'taskName').maxLength ?? 0;
    expect(limit).toBe(128);
    expect(field('/tb-site-template/push', 'taskParam').properties?.name?.maxLength).toBe(limit);
    const task = (taskName: string) =>
      admin.call('POST', '/task/add', {
        taskName,
        type: 1,
        timeType: 2,
        beginTime: Date.now() + 3_600_000,
        deviceIds: [deviceId],
      });
    expect((await task('x'.repeat(limit))).code).toBe(0);
    expect((await task('x'.repeat(limit + 1))).message).toBe(TOO_LONG);
    const push = await admin.call('POST', '/tb-site-template/push', {
      type: 1,
      taskParam: { relationId: tenant.siteId, name: 'x'.repeat(limit + 1) },
    });
    expect(push.message).toBe(TOO_LONG);
  });

  it('device fields: the limits and formats of the add screen, with their messages', async () => {
    const add = body('/device/add');
    expect(add.required).toEqual(
      expect.arrayContaining(['macAddress', 'deviceModel', 'firmwareVersion', 'siteId']),
    );
    const name = add.properties?.deviceName?.maxLength ?? 0;
    const firmware = add.properties?.firmwareVersion?.maxLength ?? 0;
    expect([name, firmware]).toEqual([128, 128]);
    let mac = 0x001565d0c100;
    const device = (fields: Record<string, string>) =>
      admin.call('POST', '/device/add', {
        macAddress: (mac++).toString(16).padStart(12, '0'),
        deviceModel: 'H2',
        firmwareVersion: '1.0',
        siteId: tenant.siteId,
        ...fields,
      });
    expect((await device({ deviceName: 'n'.repeat(name), firmwareVersion: 'f'.repeat(firmware) })).code).toBe(
      0,
    );
    expect((await device({ deviceName: 'n'.repeat(name + 1) })).message).toBe(TOO_LONG);
    expect((await device({ firmwareVersion: 'f'.repeat(firmware + 1) })).message).toBe(TOO_LONG);

    const serial = new RegExp(add.properties?.serialNumber?.pattern ?? '');
    for (const [value, ok] of [
      ['A-1', true],
      ['S'.repeat(32), true],
      ['S'.repeat(33), false],
      ['a b', false],
    ] as const) {
      expect(serial.test(value), value).toBe(ok);
      const reply = await device({ serialNumber: value });
      expect(reply.message, value).toBe(ok ? 'Success' : 'Invalid S/N: 1-32 letters, digits or hyphens');
    }
  });

  it('MAC addresses: the document’s pattern accepts exactly what the server reads', async () => {
    const pattern = new RegExp(field('/device/add', 'macAddress').pattern ?? '');
    expect(queryParameter('/device/verifyMac', 'macAddress').pattern).toBe(pattern.source);
    const byte = fc.integer({ min: 0, max: 255 }).map((n) => n.toString(16).padStart(2, '0'));
    const formed = fc
      .tuple(fc.array(byte, { minLength: 5, maxLength: 7 }), fc.constantFrom('', ':', '-', '.', ' '))
      .map(([bytes, separator]) => bytes.join(separator));
    const macLike = fc.oneof(formed, fc.stringMatching(/^[0-9a-fA-FgG:.\- ]{0,18}$/));
    fc.assert(
      fc.property(
        macLike,
        (text) => pattern.test(text) === (normaliseMac(text) !== undefined && text === text.trim()),
      ),
      { numRuns: 2000 },
    );
    for (const text of ['00:15:65:aa:bb:cc', '00-15-65-AA-BB-CC', '0015.65aa.bbcc', '001565aabbcc'])
      expect(pattern.test(text), text).toBe(true);
    const refused = await admin.call('GET', '/device/verifyMac?macAddress=00:15:65');
    expect(refused.message).toBe('Invalid MAC address');
  });

  it('page sizes: the list of spec §9 on every paged list', async () => {
    for (const path of [
      '/device/search',
      '/task/search',
      '/tb-site-template/searchSiteTemplate',
      '/tb-group-template/selectGroup',
      '/modeltemplate/search',
      '/tb-mac/search',
    ]) {
      expect(field(path, 'pageSize').enum, path).toEqual([10, 20, 50, 100, 150, 200, 250]);
      expect((await admin.call('POST', path, { pageSize: 11 })).message, path).toBe('Invalid format!');
      expect((await admin.call('POST', path, { pageSize: 250 })).code, path).toBe(0);
    }
  });

  it('ids: JSON integers in bodies (not "16" nor [16]), decimal digits in query strings', async () => {
    for (const path of ['/modeltemplate/search', '/tb-group-template/selectGroup', '/device/search']) {
      expect(field(path, 'site').type, path).toBe('integer');
      expect((await admin.call('POST', path, { site: tenant.siteId })).code, path).toBe(0);
      for (const site of [String(tenant.siteId), [tenant.siteId], true]) {
        const reply = await admin.call('POST', path, { site });
        expect(reply.code, `${path} ${JSON.stringify(site)}`).toBe(40000);
      }
    }
    expect(field('/tb-site-template/addSiteTemplate', 'parentId').type).toBe('integer');
    const added = await admin.call('POST', '/tb-site-template/addSiteTemplate', {
      siteName: 'By string',
      parentId: String(tenant.siteId),
    });
    expect(added.code).toBe(40000);

    const id = new RegExp(queryParameter('/tb-site-template/searchSiteTemplateById', 'id').pattern ?? '');
    expect(id.test(String(tenant.siteId))).toBe(true);
    const byId = (text: string) => admin.call('GET', `/tb-site-template/searchSiteTemplateById?id=${text}`);
    expect((await byId(String(tenant.siteId))).code).toBe(0);
    for (const text of [
      `0x${tenant.siteId.toString(16)}`,
      `${tenant.siteId}.0`,
      `+${tenant.siteId}`,
      `0${tenant.siteId}`,
    ]) {
      expect(id.test(text), text).toBe(false);
      expect((await byId(encodeURIComponent(text))).message, text).toBe('Invalid format!');
    }
    expect((await byId(`${tenant.siteId}&id=${tenant.siteId}`)).message).toBe('Invalid format!');
  });

  it('declares the path parameters of a route', () => {
    const download = paths['/api/cfg/type/{relation}/{relationId}/{modelType}/{templateName}']?.get;
    expect(download?.parameters?.filter((p) => p.in === 'path').map((p) => p.name)).toEqual([
      'relation',
      'relationId',
      'modelType',
      'templateName',
    ]);
  });
});
