import { SimulatedPhone } from '@phonefleet/sdk/testing';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole } from '../../testing/test-console.js';

let running: RunningConsole;
let acme: TestTenant;
let api: ApiClient;
let serverId = 0;
let wing = 0;
const devices: Record<string, number> = {};
const PASSWORD = 'Ext-Secret-7788';

async function ok<Row = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Row> {
  const reply = await api.call<Row>(method, path, body);
  expect(reply.code, `${path}: ${reply.message}`).toBe(0);
  return reply.rows[0] as Row;
}

async function addAccount(userName: string, extra: Record<string, unknown> = {}): Promise<number> {
  const row = await ok<{ id: number }>('POST', '/tb-sip-account/add', {
    registerName: userName,
    userName,
    password: PASSWORD,
    serverId,
    siteId: acme.siteId,
    ...extra,
  });
  return row.id;
}

function phone(mac: string, model = 'H2P'): SimulatedPhone {
  const found = running.cradle.driverRegistry.model(model);
  if (!found) throw new Error(`no driver for ${model}`);
  return new SimulatedPhone({
    driver: found.driver,
    model,
    mac,
    firmware: '2.14.0.5',
    provisioningUrl: `${running.url}/prov`,
    credentials: { username: 'acme-phones', password: 'Phones#2026' },
  });
}

async function sipTables(): Promise<string> {
  const rows = await running.cradle.db.query(
    `SELECT (SELECT json_agg(v ORDER BY id) FROM sip_servers v) AS servers,
            (SELECT json_agg(a ORDER BY id) FROM sip_accounts a) AS accounts,
            (SELECT json_agg(b ORDER BY device_id, line) FROM sip_bindings b) AS bindings`,
  );
  return JSON.stringify(rows);
}

beforeAll(async () => {
  running = await createTestConsole();
  const { db } = running.cradle;
  acme = await createTenant(db, 'enterprise', 'Acme');
  await insertDevices(db, acme, [
    { mac: '0015650b0001', model: 'H2P' },
    { mac: '0015650b0002', model: 'H2P' },
    { mac: '0015650b0003', model: 'V62' },
  ]);
  for (const row of await db.query<{ id: string; mac: string }>('SELECT id, mac FROM devices'))
    devices[row.mac] = Number(row.id);
  api = new ApiClient(running.url);
  await api.signIn(acme.userName, acme.password);
  expect(
    (
      await api.call('POST', '/tb-provisioning/credentials', {
        username: 'acme-phones',
        password: 'Phones#2026',
      })
    ).code,
  ).toBe(0);
  wing = (
    await ok<{ id: number }>('POST', '/tb-site-template/addSiteTemplate', {
      siteName: 'Wing',
      parentId: acme.siteId,
    })
  ).id;
});
afterAll(async () => {
  await running.stop();
});

describe('SIP servers', () => {
  it('adds a server with the spec’s defaults and refuses bad input without changing anything', async () => {
    serverId = (
      await ok<{ id: number }>('POST', '/tb-sip-server/add', {
        serverName: 'PBX',
        server: 'pbx.acme.test',
        siteId: acme.siteId,
      })
    ).id;
    const server = await ok<Record<string, unknown>>('GET', `/tb-sip-server/query?id=${serverId}`);
    expect(server).toMatchObject({
      serverName: 'PBX',
      port: 5060,
      expires: 3600,
      transport: 0,
      natTraversal: 0,
      secondary: { server: '', port: 5060, expires: 3600, transport: 0 },
      accountNumber: 0,
    });
    const before = await sipTables();
    const refusals: [Record<string, unknown>, string][] = [
      [
        { serverName: 'PBX', server: 'other.test', siteId: acme.siteId },
        'A SIP server with this name already exists',
      ],
      [
        { serverName: 'x'.repeat(129), server: 'a.test', siteId: acme.siteId },
        'The length cannot exceed 128 characters',
      ],
      [
        { serverName: 'B', server: 'a.test', port: 70000, siteId: acme.siteId },
        'Ports are integers from 1 to 65535',
      ],
      [
        { serverName: 'B', server: 'a.test', port: '5060', siteId: acme.siteId },
        'Ports are integers from 1 to 65535',
      ],
      [{ serverName: 'B', server: 'a.test', transport: 4, siteId: acme.siteId }, 'Invalid format!'],
      [
        { serverName: 'B', server: 'a.test', expires: 10, siteId: acme.siteId },
        'The register expiry is 30 to 604800 seconds',
      ],
      [{ serverName: 'B', siteId: acme.siteId }, 'This field cannot be empty!'],
    ];
    for (const [body, message] of refusals) {
      const reply = await api.call('POST', '/tb-sip-server/add', body);
      expect(reply.message, JSON.stringify(body)).toBe(message);
      expect(reply.code).not.toBe(0);
    }
    expect(await sipTables()).toBe(before);
  });
});

describe('SIP accounts and lines', () => {
  it('never answers an account’s password, and keeps it when an edit leaves it empty', async () => {
    const id = await addAccount('1001', { labelName: 'Reception', displayName: 'Front desk' });
    const account = await api.call('GET', `/tb-sip-account/query?id=${id}`);
    const list = await api.call('POST', '/tb-sip-account/search', { keywords: '1001' });
    const exported = await api.call('POST', '/tb-sip-account/export', {});
    for (const reply of [account, list, exported]) expect(JSON.stringify(reply)).not.toContain(PASSWORD);
    expect(account.rows[0]).toMatchObject({
      hasPassword: true,
      status: 0,
      binding: null,
      labelName: 'Reception',
    });
    await ok('POST', '/tb-sip-account/update', {
      id,
      registerName: '1001',
      userName: '1001',
      serverId,
      siteId: acme.siteId,
      labelName: 'Lobby',
      password: '',
    });
    const stored = await running.cradle.db.one<{ password: string; label_name: string }>(
      'SELECT password, label_name FROM sip_accounts WHERE id = $1',
      [id],
    );
    expect(stored).toEqual({ password: PASSWORD, label_name: 'Lobby' });
    const duplicate = await api.call('POST', '/tb-sip-account/add', {
      registerName: 'x',
      userName: '1001',
      serverId,
      siteId: acme.siteId,
    });
    expect(duplicate.message).toBe('This user name already has an account on this SIP server');
  });

  it('binds accounts to lines, provisions them to the authenticated phone only, and refuses bad bindings', async () => {
    const a = await addAccount('1002');
    const b = await addAccount('1003');
    const mac = '0015650b0001';
    await ok('POST', '/device/accountAssignOne', { deviceId: devices[mac], line: 1, accountId: a });
    // Line 1 again with the same account (kept as it is) and line 2: both are bound.
    const bulk = await ok<{ bound: number }>('POST', '/device/accountAssign', {
      assignments: [
        { deviceId: devices[mac], line: 1, accountId: a },
        { deviceId: devices[mac], line: 2, accountId: b },
      ],
    });
    expect(bulk.bound).toBe(2);
    const fetched = await phone(mac).fetchConfig();
    expect(fetched.status).toBe(200);
    expect(fetched.values.get('account.1.register.UserName')).toBe('1002');
    expect(fetched.values.get('account.2.register.UserName')).toBe('1003');
    expect(fetched.values.get('account.1.register.Password')).toBe(PASSWORD);
    expect(fetched.values.get('account.1.register.ServerAddress')).toBe('pbx.acme.test');
    expect(fetched.values.get('account.1.register.ServerPort')).toBe('5060');
    const anonymous = await phone(mac);
    anonymous.options.credentials = undefined;
    expect((await anonymous.fetchConfig()).body).not.toContain(PASSWORD);
    const lines = await ok<{ maxLines: number; lines: { line: number; userName: string; status: number }[] }>(
      'GET',
      `/device/listDeviceAccount?id=${devices[mac]}`,
    );
    expect(lines.maxLines).toBe(20);
    expect(lines.lines.map((l) => [l.line, l.userName, l.status])).toEqual([
      [1, '1002', 2],
      [2, '1003', 2],
    ]);

    const before = await sipTables();
    const c = await addAccount('1004');
    const afterAdd = await sipTables();
    const refused = async (path: string, body: unknown, message: string, code = 40000) => {
      const reply = await api.call(
        path.startsWith('DELETE') ? 'DELETE' : 'POST',
        path.replace('DELETE ', ''),
        body,
      );
      expect(reply.message, JSON.stringify(body)).toBe(message);
      expect(reply.code).toBe(code);
    };
    // The V62 holds 4 lines.
    await refused(
      '/device/accountAssignOne',
      { deviceId: devices['0015650b0003'], line: 5, accountId: c },
      'The line number exceeds the SIP accounts this model supports',
    );
    await refused(
      '/device/accountAssignOne',
      { deviceId: devices[mac], line: 21, accountId: c },
      'The line number exceeds the SIP accounts this model supports',
    );
    await refused(
      '/device/accountAssign',
      {
        assignments: [
          { deviceId: devices[mac], line: 3, accountId: c },
          { deviceId: devices['0015650b0002'], line: 1, accountId: c },
        ],
      },
      'An account can be bound to one line only',
    );
    await refused(
      '/device/accountAssignOne',
      { deviceId: devices['0015650b0002'], line: 1, accountId: a },
      'The account is already bound to another device. Bind it here instead?',
      40900,
    );
    await refused(
      '/device/accountAssignOne',
      { deviceId: devices['0015650b0002'], line: 1, accountId: 999999 },
      'Not found',
      40400,
    );
    expect(await sipTables()).toBe(afterAdd);
    expect(before).not.toBe(afterAdd);

    const conflict = await api.call('POST', '/device/accountAssignOne', {
      deviceId: devices['0015650b0002'],
      line: 1,
      accountId: a,
    });
    expect(JSON.parse(conflict.messageExt ?? '[]')).toEqual([
      { accountId: a, userName: '1002', macAddress: '00:15:65:0b:00:01', line: 1 },
    ]);
    await ok('POST', '/device/accountAssignOne', {
      deviceId: devices['0015650b0002'],
      line: 1,
      accountId: a,
      force: true,
    });
    const moved = await phone(mac).fetchConfig();
    expect(moved.values.has('account.1.register.UserName')).toBe(false);
    expect(moved.values.get('account.2.register.UserName')).toBe('1003');
  });

  it('serves an account’s own parameters on the line it is bound to, above the device layer', async () => {
    const mac = '0015650b0001';
    const tree = await ok<{ tabs: { key: string; sections: { groups: unknown[] }[] }[] }>(
      'POST',
      '/tb-config/dynamicParameterJs',
      { model: 'account' },
    );
    expect(tree.tabs.map((tab) => tab.key)).toEqual(['account']);
    expect(tree.tabs[0]?.sections.map((section) => section.groups.length)).toEqual([1, 1]);
    const item = (Key: string, Value: string) => ({
      Key,
      Value,
      DefaultValue: '',
      Push: true,
      ValueTemplate: '',
      label: Key,
    });
    const lines = await ok<{ lines: { line: number; accountId: number }[] }>(
      'GET',
      `/device/listDeviceAccount?id=${devices[mac]}`,
    );
    const second = lines.lines.find((line) => line.line === 2);
    if (!second) throw new Error('line 2 is not bound');
    await ok('POST', '/tb-config/saveParam', {
      relationId: devices[mac],
      relationName: 'device',
      account: [
        {
          no: 2,
          codec: '{}',
          advanced: JSON.stringify({ TelephonyVmNumber: item('TelephonyVmNumber', '*97') }),
        },
      ],
    });
    await ok('POST', '/tb-config/saveParam', {
      relationId: second.accountId,
      relationName: 'account',
      account: [
        {
          no: 1,
          codec: '{}',
          advanced: JSON.stringify({ TelephonyVmNumber: item('TelephonyVmNumber', '*98') }),
        },
      ],
    });
    const fetched = await phone(mac).fetchConfig();
    expect(fetched.values.get('account.2.advanced.TelephonyVmNumber')).toBe('*98');
    expect(fetched.values.has('account.1.advanced.TelephonyVmNumber')).toBe(false);
  });

  it('shows what the phone reports of each line: registered, or failed with the registrar’s answer', async () => {
    const mac = '0015650b0001';
    const simulated = phone(mac);
    expect(await simulated.reportLine('registered', { line: 2, account: '1003' })).toBe(200);
    // Found by its user name when the phone does not say which line (a real phone's $active_user).
    // 1002 was moved to the second phone above: its report names it.
    const second = phone('0015650b0002');
    second.options.account = '1002';
    expect(await second.report('registrationFailed')).toBe(200);
    await running.cradle.deviceEventService.flush();
    const rows = (
      await ok<{
        list: {
          userName: string;
          status: number;
          binding: { line: number; failure: string | null } | null;
        }[];
      }>('POST', '/tb-sip-account/search', { sortField: 'userName' })
    ).list;
    expect(rows.map((r) => [r.userName, r.status, r.binding?.failure ?? null])).toEqual([
      ['1001', 0, null],
      ['1002', 2, 'registration failed'],
      ['1003', 1, null],
      ['1004', 0, null],
    ]);
    const device = await ok<{ accountStatus: number }>('GET', `/device/getAccoutnStatus?id=${devices[mac]}`);
    expect(device.accountStatus).toBe(1);
    expect(
      await simulated.reportLine('registrationFailed', { line: 2, account: '1003', reason: '403 Forbidden' }),
    ).toBe(200);
    await running.cradle.deviceEventService.flush();
    const lines = await ok<{ accountStatus: number; lines: { status: number; failure: string | null }[] }>(
      'GET',
      `/device/listDeviceAccount?id=${devices[mac]}`,
    );
    expect(lines.accountStatus).toBe(2);
    expect(lines.lines).toEqual([expect.objectContaining({ status: 2, failure: '403 Forbidden' })]);
  });

  it('refuses to move a bound device; a server moved to another site unbinds the lines outside it', async () => {
    const mac = '0015650b0001';
    const transfer = await api.call('POST', '/device/siteAssign', { ids: [devices[mac]], siteId: wing });
    expect(transfer.message).toBe('A device with a SIP account cannot change site until unbound');
    const moved = await ok<{ unbound: number }>('POST', '/tb-sip-server/update', {
      id: serverId,
      serverName: 'PBX',
      server: 'pbx.acme.test',
      siteId: wing,
    });
    // Its accounts stay at the head office, now outside the server's site: every line is unbound.
    expect(moved.unbound).toBe(2);
    expect(
      (
        await ok<{ lines: unknown[]; accountStatus: number }>(
          'GET',
          `/device/listDeviceAccount?id=${devices[mac]}`,
        )
      ).accountStatus,
    ).toBe(0);
    await ok('POST', '/tb-sip-server/update', {
      id: serverId,
      serverName: 'PBX',
      server: 'pbx.acme.test',
      siteId: acme.siteId,
    });
  });

  it('imports accounts from xlsx, refusing duplicates and unknown servers with why', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('SIP accounts');
    sheet.addRow([
      'Label',
      'Register Name',
      'Password',
      'Display Name',
      'User Name',
      'SIP Server',
      'Model',
      'Site',
    ]);
    sheet.addRow(['A', '2001', 'pw1', 'Room 1', '2001', 'PBX', '', 'Default']);
    sheet.addRow(['B', '2002', 'pw2', 'Room 2', '2002', 'pbx', '', 'Wing']);
    sheet.addRow(['C', '2001', 'pw3', 'Again', '2001', 'PBX', '', 'Default']);
    sheet.addRow(['D', '1001', 'pw4', 'Taken', '1001', 'PBX', '', 'Default']);
    sheet.addRow(['E', '2005', 'pw5', 'Nowhere', '2005', 'No such PBX', '', 'Default']);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(await workbook.xlsx.writeBuffer())]), 'accounts.xlsx');
    const reply = await api.call<{ row: number; userName: string; reason: string }>(
      'POST',
      '/tb-sip-account/import',
      form,
    );
    expect(reply.code, `${reply.message} ${reply.messageExt ?? ''}`).toBe(0);
    expect(reply.rows).toEqual([
      { row: 4, userName: '2001', reason: 'Duplicate account' },
      { row: 5, userName: '1001', reason: 'Duplicate account' },
      { row: 6, userName: '2005', reason: 'The SIP server does not exist' },
    ]);
    const imported = await running.cradle.db.query<{ user_name: string; password: string }>(
      `SELECT user_name, password FROM sip_accounts WHERE user_name LIKE '200%' ORDER BY user_name`,
    );
    expect(imported).toEqual([
      { user_name: '2001', password: 'pw1' },
      { user_name: '2002', password: 'pw2' },
    ]);
  });

  it('deletes a server with its accounts, and a device with the accounts on its lines', async () => {
    const { db } = running.cradle;
    const extra = await addAccount('3001');
    await ok('POST', '/device/accountAssignOne', {
      deviceId: devices['0015650b0003'],
      line: 1,
      accountId: extra,
    });
    await ok('DELETE', '/device/removeBatch', { ids: [devices['0015650b0003']] });
    expect(await db.one('SELECT 1 AS found FROM sip_accounts WHERE id = $1', [extra])).toBeUndefined();
    const removed = await ok<{ accounts: number }>('DELETE', '/tb-sip-server/remove', { ids: [serverId] });
    // 1001–1004 and the two imported; 3001 went with its device.
    expect(removed.accounts).toBe(6);
    expect(await db.one<{ n: string }>('SELECT count(*) AS n FROM sip_bindings')).toEqual({ n: '0' });
    expect(await db.one<{ n: string }>('SELECT count(*) AS n FROM sip_accounts')).toEqual({ n: '0' });
    // Their parameter layers went with them.
    expect(
      await db.one<{ n: string }>(`SELECT count(*) AS n FROM config_layers WHERE relation = 'account'`),
    ).toEqual({
      n: '0',
    });
  });
});
