import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningConsole } from '../app.js';
import {
  type Attempt,
  exampleOf,
  HOSTILE_TEXT,
  type JsonSchema,
  mutations,
  type Operation,
  uploadAttempts,
} from '../testing/fuzz-inputs.js';
import { createTenant, insertDevices, type TestTenant } from '../testing/tenants.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD, TEST_CAPTCHA } from '../testing/test-console.js';

/**
 * Every route of the OpenAPI document, as the administrator, as an enterprise user and signed out:
 * a valid request derived from the schema (ids of rows made here), then one input broken at a time.
 * No answer may be a 5xx, and no refused request may change a tenant table.
 */

interface Route {
  method: string;
  template: string;
  operation: Operation;
}
interface Identity {
  name: 'admin' | 'enterprise' | 'signed out';
  cookie: string;
  signIn?: () => Promise<string>;
}

let running: RunningConsole;
let tenant: TestTenant;
/** A session of the enterprise's user: tasks and scans belong to the organization of whoever made them. */
let owner: string;
const ids: Record<string, number> = {};
const LATER = Date.now() + 86_400_000;
const FUZZ_MAC = '001565f00001';
/** Stands for a fresh captcha id in sign-in bodies (each is single use). */
const CAPTCHA = '00000000-0000-4000-8000-00000000c0de';

const item = (Key: string, Value: string) => ({
  Key,
  Value,
  DefaultValue: '',
  Push: true,
  ValueTemplate: '',
  label: Key,
});

async function signedIn(userName: string, password: string): Promise<string> {
  // The fuzz's wrong current passwords (updatePassword, updateEmail) count as failed sign-ins and
  // lock the name here; the throttle is users.test's subject, not this one's.
  await running.cradle.db.execute(`DELETE FROM rate_limits WHERE key LIKE 'login-%'`);
  const api = new ApiClient(running.url);
  expect((await api.signIn(userName, password)).code).toBe(0);
  return api.cookieHeader;
}

async function created(cookie: string, path: string, body: Record<string, unknown>): Promise<number> {
  const response = await fetch(`${running.url}/api${path}`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as {
    code: number;
    message: string;
    result: { rows: { id: number }[] };
  };
  expect(envelope.code, `${path}: ${envelope.message}`).toBe(0);
  return Number(envelope.result.rows[0]?.id);
}

/** Rows a destructive route may take away: made again before each one. */
async function makeVictims(admin: string, n: number): Promise<void> {
  const { db } = running.cradle;
  const mac = `001565f1${String(n).padStart(4, '0')}`;
  await insertDevices(db, tenant, [{ mac, model: 'H2' }]);
  ids.victimDevice = Number(
    (await db.one<{ id: string }>('SELECT id FROM devices WHERE mac = $1', [mac]))?.id,
  );
  ids.victimSite = await created(admin, '/tb-site-template/addSiteTemplate', {
    siteName: `Victim ${n}`,
    parentId: tenant.siteId,
  });
  const templateSite = await created(admin, '/tb-site-template/addSiteTemplate', {
    siteName: `Victim models ${n}`,
    parentId: tenant.siteId,
  });
  ids.victimTemplate = await created(admin, '/modeltemplate/add', {
    name: `Victim ${n}`,
    model: 'H2P',
    siteId: templateSite,
  });
  ids.victimGroup = await created(admin, '/tb-group-template/addNewGroup', {
    groupName: `Victim ${n}`,
    siteId: tenant.siteId,
    deviceIds: [ids.victimDevice],
  });
  ids.victimTask = await created(owner, '/task/add', {
    taskName: 'Victim',
    type: 1,
    timeType: 2,
    beginTime: LATER,
    deviceIds: [ids.victimDevice],
  });
  const [file] = await db.query<{ id: string }>(
    `INSERT INTO mac_files (org_id, device_id, file_name) VALUES ($1, $2, 'victim.xml') RETURNING id`,
    [tenant.orgId, ids.victimDevice],
  );
  ids.victimMacFile = Number(file?.id);
}

/** The id a route's `id`/`ids` names: its area's row, a victim on destructive routes. */
function rowOf(path: string, destructive: boolean): number {
  const pick = (kept: string, victim: string) => ids[destructive ? victim : kept] ?? 0;
  if (path.startsWith('/tb-site')) return pick('childSite', 'victimSite');
  if (path.startsWith('/modeltemplate/')) return pick('template', 'victimTemplate');
  if (path.startsWith('/tb-group-template/')) return pick('group', 'victimGroup');
  if (path.startsWith('/task/')) return pick('task', 'victimTask');
  if (path.startsWith('/tb-mac/')) return pick('macFile', 'victimMacFile');
  return pick('device', 'victimDevice');
}

/** A valid value for a field, by its name where the schema cannot know (ids of rows made here). */
function named(name: string, path: string, destructive: boolean): unknown {
  const row = rowOf(path, destructive);
  const byName: Record<string, unknown> = {
    id: row,
    ids: [row],
    siteId: path === '/modeltemplate/add' ? ids.childSite : tenant.siteId,
    parentId: tenant.siteId,
    site: tenant.siteId,
    groupId: ids.group,
    deviceId: ids.device,
    deviceIds: [ids.device],
    modelTemplateId: ids.template,
    scanId: ids.scan,
    relationId: tenant.siteId,
    relationName: 'site',
    macAddress: path === '/device/update' ? FUZZ_MAC : '00:15:65:fe:00:01',
    deviceModel: path === '/device/update' ? 'V64' : 'H2',
    firmwareVersion: '1.0',
    model: path === '/modeltemplate/add' ? 'V62' : 'V64',
    startIp: '127.0.0.1',
    endIp: '127.0.0.1',
    password: 'Fuzz#2026pw',
    confirmPassword: 'Fuzz#2026pw',
    username: 'fuzz',
    token: 'x'.repeat(32),
    name: path === '/user/forgetPassword' ? 'nobody' : 'Fuzz name',
    siteName: path.includes('update') ? 'Fuzz floor' : 'Fuzz site',
    groupName: path.includes('update') ? 'Fuzz lobby' : 'Fuzz group',
    taskName: 'Fuzz task',
    timeType: 2,
    beginTime: LATER,
    type: path.startsWith('/task/') ? 1 : 2,
    text: '',
    payload: {},
    userName: 'fuzz-login-admin',
    userPwd: 'Tenant@2026',
    captchaId: CAPTCHA,
    verifyCode: TEST_CAPTCHA,
  };
  return byName[name];
}

const specialBodies: Record<string, (path: string) => Record<string, unknown>> = {
  '/tb-config/saveParam': () => ({
    sipFunction: { general: { SIPMaxCall: item('SIPMaxCall', '2') } },
    account: [
      { no: 1, codec: '{}', advanced: JSON.stringify({ TelephonyVmNumber: item('TelephonyVmNumber', '1') }) },
    ],
  }),
  push: (path) => ({
    type: 2,
    taskParam: { relationId: rowOf(path, false) || tenant.siteId, beginTime: LATER },
  }),
};

function validBody(route: Route, schema: JsonSchema, destructive: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const value = named(name, route.template, destructive);
    if (value !== undefined) body[name] = value;
    else if (schema.required?.includes(name)) body[name] = exampleOf(property);
  }
  const special =
    route.template.endsWith('/push') || route.template.endsWith('/scheduleUpdate') ? 'push' : route.template;
  return { ...body, ...specialBodies[special]?.(route.template) };
}

/** The valid request and its one-input-broken variants. */
function attempts(route: Route, destructive: boolean): Attempt[] {
  const params = route.operation.parameters ?? [];
  const path = Object.fromEntries(
    params
      .filter((p) => p.in === 'path')
      .map((p) => [
        p.name,
        { relation: 'site', relationId: String(tenant.siteId), modelType: 'V64' }[p.name] ?? 'fuzz',
      ]),
  );
  const queryParams = params.filter((p) => p.in === 'query');
  const query: [string, string][] = queryParams.flatMap((p): [string, string][] => {
    const value =
      route.template === '/tb-mac/push' && p.name === 'ids'
        ? [ids.device]
        : named(p.name, route.template, destructive);
    if (value === undefined && !p.required) return [];
    return [
      [
        p.name,
        encodeURIComponent(String(Array.isArray(value) ? value.join(',') : (value ?? exampleOf(p.schema)))),
      ],
    ];
  });
  const content = route.operation.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const base = jsonSchema ? validBody(route, jsonSchema, destructive) : undefined;
  const valid: Attempt = { label: 'valid', path, query, ...(base ? { body: { json: base } } : {}) };
  if (!content['multipart/form-data']) return [valid, ...mutations(valid, route.operation)];
  const isImport = route.template === '/device/import';
  return uploadAttempts(valid, {
    name: isImport ? 'devices.xlsx' : `config.${FUZZ_MAC}.xml`,
    bytes: isImport ? importWorkbook : Buffer.from('<?xml version="1.0"?><settings/>'),
    maxBytes: (isImport ? 3 : 20) * 1024 * 1024,
    zip: importWorkbook,
  });
}

let importWorkbook: Buffer;

async function send(
  route: Route,
  attempt: Attempt,
  identity: Identity,
): Promise<{ status: number; text: string }> {
  let path = route.template;
  for (const [name, value] of Object.entries(attempt.path)) path = path.replace(`{${name}}`, value);
  const query = attempt.query.length ? `?${attempt.query.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
  const body = attempt.body;
  const headers: Record<string, string> = identity.cookie ? { Cookie: identity.cookie } : {};
  if (body && !('form' in body)) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${running.url}/api${path}${query}`, {
    method: route.method.toUpperCase(),
    headers,
    body: !body
      ? undefined
      : 'form' in body
        ? body.form()
        : 'raw' in body
          ? body.raw
          : JSON.stringify(body.json),
    signal: AbortSignal.timeout(20_000),
  });
  return { status: response.status, text: (await response.text()).slice(0, 300) };
}

beforeAll(async () => {
  // No background writes during the run: the task engine does one pass at boot, devices never age.
  running = await createTestConsole({ push: { tickMs: 3_600_000 }, deviceOfflineSeconds: 100_000_000 });
  running.cradle.scanService.probe = { sipPort: 9, httpPort: 9, concurrency: 4, timeoutMs: 30 };
  const { db } = running.cradle;
  tenant = await createTenant(db, 'enterprise', 'Fuzz Co');
  await createTenant(db, 'enterprise', 'Fuzz Login');
  await insertDevices(db, tenant, [{ mac: FUZZ_MAC, model: 'V64' }]);
  ids.device = Number(
    (await db.one<{ id: string }>('SELECT id FROM devices WHERE mac = $1', [FUZZ_MAC]))?.id,
  );
  const admin = await signedIn('admin', TEST_ADMIN_PASSWORD);
  owner = await signedIn(tenant.userName, tenant.password);
  ids.childSite = await created(admin, '/tb-site-template/addSiteTemplate', {
    siteName: 'Fuzz floor',
    parentId: tenant.siteId,
  });
  ids.template = await created(admin, '/modeltemplate/add', {
    name: 'Fuzz V64',
    model: 'V64',
    siteId: tenant.siteId,
  });
  ids.group = await created(admin, '/tb-group-template/addNewGroup', {
    groupName: 'Fuzz lobby',
    siteId: tenant.siteId,
    deviceIds: [ids.device],
  });
  ids.task = await created(owner, '/task/add', {
    taskName: 'Fuzz',
    type: 1,
    timeType: 2,
    beginTime: LATER,
    deviceIds: [ids.device],
  });
  const scan = await fetch(`${running.url}/api/device/scanDevice`, {
    method: 'POST',
    headers: { Cookie: owner, 'Content-Type': 'application/json' },
    body: JSON.stringify({ startIp: '127.0.0.1', endIp: '127.0.0.1', siteId: tenant.siteId }),
  });
  ids.scan = Number(
    ((await scan.json()) as { result: { rows: { scanId: number }[] } }).result.rows[0]?.scanId,
  );
  const [file] = await db.query<{ id: string }>(
    `INSERT INTO mac_files (org_id, device_id, file_name) VALUES ($1, $2, 'fuzz.xml') RETURNING id`,
    [tenant.orgId, ids.device],
  );
  ids.macFile = Number(file?.id);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Devices');
  sheet.addRow(['MAC Address', 'Device Name', 'Device Model', 'Firmware Version', 'Site', 'S/N']);
  sheet.addRow(['00:15:65:fe:10:01', 'Fuzz', 'H2', '1.0', 'Fuzz floor', '']);
  for (const text of HOSTILE_TEXT) sheet.addRow([text, text, text, text, text, text]);
  importWorkbook = Buffer.from(await book.xlsx.writeBuffer());
});
afterAll(() => running?.stop());

it('answers every broken input of every route without a 5xx and without a partial write', async () => {
  const started = Date.now();
  const { db } = running.cradle;
  const document = (await (await fetch(`${running.url}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  const routes: Route[] = Object.entries(document.paths).flatMap(([template, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method,
      template: template.replace(/^\/api/, ''),
      operation,
    })),
  );
  // Destructive routes take victims, after the others; signing out ends the session, so last.
  const order = (route: Route) => (route.template === '/user/logout' ? 2 : route.method === 'delete' ? 1 : 0);
  routes.sort((a, b) => order(a) - order(b));

  const tables = await db.query<{ table_name: string }>(
    `SELECT DISTINCT table_name FROM information_schema.columns
      WHERE table_schema = 'public' AND (column_name IN ('org_id', 'device_id') OR table_name = 'orgs')
        AND table_name <> 'operation_log'
      ORDER BY table_name`,
  );
  // The operation log is left out: it records refused sign-ins by design, and an accepted call's
  // record lands up to a second after its answer (docs/operation-log.md).
  // A refused sign-in counts the failure on the account by design, and the outbox job records its
  // tries on queued mail by itself; nothing else may change.
  const checksumSql = `SELECT concat_ws(',', ${tables
    .map(
      ({ table_name: t }) =>
        `(SELECT md5(coalesce(string_agg((to_jsonb(x) - 'failed_logins' - 'locked_until' - 'attempts' - 'next_attempt_at' - 'last_error')::text, '|' ORDER BY x::text), '')) FROM ${t} x)`,
    )
    .join(', ')}) AS sum`;
  let seen = { lsn: '', sum: '' };
  const state = async (): Promise<string> => {
    const lsn = (await db.one<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn'))?.lsn ?? '';
    if (lsn !== seen.lsn) seen = { lsn, sum: (await db.one<{ sum: string }>(checksumSql))?.sum ?? '' };
    return seen.sum;
  };

  /** The tables whose rows differ between two checksums, to say what a request changed. */
  const changedTables = (a: string, b: string) => {
    const [left, right] = [a.split(','), b.split(',')];
    return tables.filter((_, i) => left[i] !== right[i]).map(({ table_name: t }) => t);
  };
  // Jobs settle what a fresh console seeded (a sweep, a flush) on their first runs: start once the
  // tenant tables have been still for a few reads.
  let quiet = await state();
  const settling = new Set<string>();
  for (let still = 0, reads = 0; still < 4 && reads < 60; reads += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await state();
    for (const table of changedTables(quiet, now)) settling.add(table);
    still = now === quiet ? still + 1 : 0;
    quiet = now;
  }
  if (settling.size) console.log(`fuzz: waited for jobs settling ${[...settling].join(', ')}`);
  // The detector must see a change: a write to any tenant table moves the checksum.
  const original = await db.one<{ description: string | null }>(
    'SELECT description FROM sites WHERE id = $1',
    [ids.childSite],
  );
  await db.execute(`UPDATE sites SET description = 'probe' WHERE id = $1`, [ids.childSite]);
  expect(await state()).not.toBe(quiet);
  await db.execute('UPDATE sites SET description = $2 WHERE id = $1', [
    ids.childSite,
    original?.description ?? null,
  ]);
  expect(changedTables(quiet, await state())).toEqual([]);

  const adminCookie = await signedIn('admin', TEST_ADMIN_PASSWORD);
  const identities: Identity[] = [
    { name: 'admin', cookie: adminCookie, signIn: () => signedIn('admin', TEST_ADMIN_PASSWORD) },
    { name: 'enterprise', cookie: '', signIn: () => signedIn(tenant.userName, tenant.password) },
    { name: 'signed out', cookie: '' },
  ];
  const failures: string[] = [];
  const byStatus: Record<string, number> = {};
  let requests = 0;
  let victims = 0;
  for (const identity of identities) {
    identity.cookie = (await identity.signIn?.()) ?? '';
    for (const route of routes) {
      if (route.method === 'delete' && identity.signIn) {
        victims += 1;
        await makeVictims(adminCookie, victims);
      }
      for (const attempt of attempts(route, route.method === 'delete')) {
        if (route.template === '/user/login' && attempt.body && 'json' in attempt.body) {
          // Sign-in failures are throttled per address; this run makes more than a person would.
          await db.execute('DELETE FROM rate_limits');
          const captcha = (await (await fetch(`${running.url}/api/captcha`)).json()) as {
            result: { rows: { captchaId: string }[] };
          };
          attempt.body = {
            raw: JSON.stringify(attempt.body.json).replace(CAPTCHA, captcha.result.rows[0]?.captchaId ?? ''),
          };
        }
        const before = await state();
        const { status, text } = await send(route, attempt, identity);
        requests += 1;
        const where = `${identity.name} ${route.method.toUpperCase()} ${route.template} [${attempt.label}]`;
        byStatus[status] = (byStatus[status] ?? 0) + 1;
        if (status >= 500) failures.push(`${where}: ${status} ${text}`);
        if (status >= 400) {
          const after = await state();
          if (after !== before)
            failures.push(
              `${where}: refused with ${status} but changed ${changedTables(before, after).join(', ')}`,
            );
        } else {
          if (route.template === '/device/scanDevice')
            await expect
              .poll(
                async () =>
                  (await db.one<{ n: string }>(`SELECT count(*) AS n FROM scans WHERE state = 'running'`))?.n,
              )
              .toBe('0');
          if (route.template === '/user/logout' && identity.signIn) identity.cookie = await identity.signIn();
        }
      }
    }
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const refused = Object.entries(byStatus).filter(([status]) => Number(status) >= 400);
  console.log(
    `fuzz: ${routes.length} routes × ${identities.length} identities, ${requests} requests in ${seconds} s; ` +
      `accepted ${byStatus[200] ?? 0}, refused ${refused.reduce((sum, [, n]) => sum + n, 0)} by status ${JSON.stringify(Object.fromEntries(refused))}; ` +
      `${failures.length} failures (5xx or a refused request that changed a tenant table)`,
  );
  expect(failures).toEqual([]);
}, 900_000);
