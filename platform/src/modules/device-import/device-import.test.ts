import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole } from '../../testing/test-console.js';

let running: RunningConsole;
let acme: TestTenant;
let other: TestTenant;
let api: ApiClient;
let intruder: ApiClient;

const HEADERS = ['MAC Address', 'Device Name', 'Device Model', 'Firmware Version', 'Site', 'S/N'];

interface FailedRow {
  row: number;
  macAddress: string;
  deviceName: string;
  deviceModel: string;
  firmwareVersion: string;
  site: string;
  serialNumber: string;
  message: string;
}

async function workbook(rows: unknown[][], headers = HEADERS): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Devices');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

async function readSheet(bytes: ArrayBuffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes);
  const rows: string[][] = [];
  book.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? '')));
  });
  return rows;
}

async function download(client: ApiClient, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${running.url}/api${path}`, {
    method,
    headers: { Cookie: client.cookieHeader, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function macsOf(tenant: TestTenant): Promise<string[]> {
  const rows = await running.cradle.db.query<{ mac: string }>(
    'SELECT mac FROM devices WHERE org_id = $1 ORDER BY mac',
    [tenant.orgId],
  );
  return rows.map((row) => row.mac);
}

beforeAll(async () => {
  running = await createTestConsole();
  const { db } = running.cradle;
  acme = await createTenant(db, 'enterprise', 'Acme');
  other = await createTenant(db, 'enterprise', 'Other');
  await db.execute(`INSERT INTO sites (org_id, name, parent_id, path) VALUES ($1, 'Annex', $2, '/')`, [
    acme.orgId,
    acme.siteId,
  ]);
  await insertDevices(db, other, [{ mac: '0015650000ff', model: 'H2' }]);
  api = new ApiClient(running.url);
  await api.signIn(acme.userName, acme.password);
  intruder = new ApiClient(running.url);
  await intruder.signIn(other.userName, other.password);
});
afterAll(async () => {
  await running.stop();
});

describe('device import', () => {
  it('refuses a file that would take the organisation past its device numbers, importing nothing', async () => {
    const { db } = running.cradle;
    const count = async () =>
      Number(
        (await db.one<{ n: string }>('SELECT count(*) AS n FROM devices WHERE org_id = $1', [other.orgId]))
          ?.n,
      );
    const held = await count();
    await db.execute('UPDATE orgs SET device_limit = $2 WHERE id = $1', [other.orgId, held + 1]);
    try {
      const file = await workbook([
        ['00:15:65:00:0e:01', 'One', 'H2P', '2.0.1', 'Default', ''],
        ['00:15:65:00:0e:02', 'Two', 'H2P', '2.0.1', 'Default', ''],
      ]);
      const reply = await intruder.upload<FailedRow>('/device/import', 'devices.xlsx', file);
      expect([reply.code, reply.message, reply.messageExt]).toEqual([
        40000,
        'The organisation has reached its device numbers',
        `Other: ${held + 1}`,
      ]);
      expect(await count()).toBe(held);
    } finally {
      await db.execute('UPDATE orgs SET device_limit = NULL WHERE id = $1', [other.orgId]);
    }
  });

  it('imports every row of a good file into the named sites, with the operation log', async () => {
    const file = await workbook([
      ['00:15:65:00:00:01', 'Room 101', 'H2P', '2.0.1', 'Default', 'SN-1'],
      ['00-15-65-00-00-02', '', 'v64', '3.1', 'Annex', 12345],
      [1565000003, 'Digits only', 'H2', '2.0.1', 'Default', ''],
    ]);
    const reply = await api.upload<FailedRow>('/device/import', 'devices.xlsx', file);
    expect(reply.code, reply.message).toBe(0);
    expect(reply.message).toBe('Success');
    expect(reply.rows).toEqual([]);
    // Rows read: every one imported.
    expect(reply.totalRows).toBe(3);
    const stored = await running.cradle.db.query<{
      mac: string;
      site: string;
      model: string;
      serial_number: string;
    }>(
      `SELECT d.mac, s.name AS site, d.model, d.serial_number FROM devices d JOIN sites s ON s.id = d.site_id
        WHERE d.org_id = $1 ORDER BY d.mac`,
      [acme.orgId],
    );
    expect(stored).toEqual([
      { mac: '001565000001', site: 'Default', model: 'H2P', serial_number: 'SN-1' },
      { mac: '001565000002', site: 'Annex', model: 'V64', serial_number: '12345' },
      { mac: '001565000003', site: 'Default', model: 'H2', serial_number: null },
    ]);
    const logs = await running.cradle.db.one<{ count: string; users: string[] }>(
      `SELECT count(*) AS count, array_agg(DISTINCT user_name) AS users FROM device_logs WHERE action = 'import'`,
    );
    expect(logs).toEqual({ count: '3', users: [acme.userName] });
  });

  it('reports each invalid row with its message and still imports the good rows', async () => {
    const file = await workbook([
      ['00:15:65:00:01:01', 'Good one', 'H2', '2.0', 'Default', ''],
      ['00:15:65:00:01', 'Short MAC', 'H2', '2.0', 'Default', ''],
      ['', 'No MAC', 'H2', '2.0', 'Default', ''],
      ['00:15:65:00:01:03', 'Unknown model', 'T46', '2.0', 'Default', ''],
      ['00:15:65:00:01:04', 'No firmware', 'H2', '', 'Default', ''],
      ['00:15:65:00:01:05', 'No such site', 'H2', '2.0', 'Basement', ''],
      ['00:15:65:00:01:06', 'No site', 'H2', '2.0', '', ''],
      ['00:15:65:00:01:07', 'x'.repeat(129), 'H2', '2.0', 'Default', ''],
      ['00:15:65:00:01:08', 'Bad S/N', 'H2', '2.0', 'Default', 'SN 8'],
      ['00:15:65:00:01:01', 'Twice in the file', 'H2', '2.0', 'Default', ''],
      ['00:15:65:00:00:01', 'Already imported', 'H2', '2.0', 'Default', ''],
      ['00:15:65:00:00:ff', 'Another tenant’s', 'H2', '2.0', 'Default', ''],
      ['00:15:65:00:01:09', 'Good two', 'V62', '1.0', 'Annex', 'X-9'],
    ]);
    const reply = await api.upload<FailedRow>('/device/import', 'devices.xlsx', file);
    expect(reply.code).toBe(0);
    expect(reply.message).toBe('Some rows could not be imported');
    // 13 rows read, 11 refused below: 2 imported.
    expect(reply.totalRows).toBe(13);
    expect(reply.rows).toHaveLength(11);
    expect(reply.rows.map((row) => [row.row, row.message])).toEqual([
      [3, 'Invalid MAC address'],
      [4, 'This field cannot be empty!'],
      [5, 'Unknown device model'],
      [6, 'This field cannot be empty!'],
      [7, 'The site does not exist'],
      [8, 'This field cannot be empty!'],
      [9, 'The length cannot exceed 128 characters'],
      [10, 'Invalid S/N: 1-32 letters, digits or hyphens'],
      [11, 'Duplicate device'],
      [12, 'Duplicate device'],
      [13, 'Duplicate device'],
    ]);
    expect(reply.rows[0]).toEqual({
      row: 3,
      macAddress: '00:15:65:00:01',
      deviceName: 'Short MAC',
      deviceModel: 'H2',
      firmwareVersion: '2.0',
      site: 'Default',
      serialNumber: '',
      message: 'Invalid MAC address',
    });
    expect(await macsOf(acme)).toEqual([
      '001565000001',
      '001565000002',
      '001565000003',
      '001565000101',
      '001565000109',
    ]);
    const twice = await running.cradle.db.one<{ device_name: string }>(
      `SELECT device_name FROM devices WHERE mac = '001565000101'`,
    );
    expect(twice?.device_name).toBe('Good one');

    const failed = await download(api, 'POST', '/device/exportFailedData', { rows: reply.rows });
    expect(failed.headers.get('content-type')).toContain('spreadsheetml');
    const sheet = await readSheet(await failed.arrayBuffer());
    expect(sheet[0]).toEqual([...HEADERS, 'Message']);
    expect(sheet).toHaveLength(12);
    expect(sheet[1]).toEqual([
      '00:15:65:00:01',
      'Short MAC',
      'H2',
      '2.0',
      'Default',
      '',
      'Invalid MAC address',
    ]);
  });

  it('finds the named site in any case, as site names are unique in any case', async () => {
    const file = await workbook([['00:15:65:00:03:01', 'Upper case site', 'H2', '2.0', 'ANNEX', '']]);
    const reply = await api.upload<FailedRow>('/device/import', 'devices.xlsx', file);
    expect(reply.message).toBe('Success');
    const stored = await running.cradle.db.one<{ id: string; site: string }>(
      `SELECT d.id, s.name AS site FROM devices d JOIN sites s ON s.id = d.site_id WHERE d.mac = '001565000301'`,
    );
    expect(stored?.site).toBe('Annex');
    expect((await api.call('DELETE', '/device/removeBatch', { ids: [Number(stored?.id)] })).code).toBe(0);
  });

  it('refuses files that are not the import workbook, too large or of another type, importing nothing', async () => {
    const before = await macsOf(acme);
    const corrupt = await api.upload(
      '/device/import',
      'devices.xlsx',
      new TextEncoder().encode('not a workbook'),
    );
    expect(corrupt.code).toBe(40000);
    expect(corrupt.message).toBe('Incorrect format');
    const noHeaders = await api.upload(
      '/device/import',
      'devices.xlsx',
      await workbook([['00:15:65:00:02:01', 'H2', '2.0', 'Default']], ['Mac', 'Model', 'Version', 'Where']),
    );
    expect(noHeaders.message).toBe('Incorrect format');
    const headersOnly = await api.upload('/device/import', 'devices.xlsx', await workbook([]));
    expect(headersOnly.message).toBe('Incorrect format');
    const large = await api.upload('/device/import', 'devices.xlsx', new Uint8Array(3 * 1024 * 1024 + 1));
    expect(large.code).toBe(41300);
    expect(large.message).toBe('The file exceeds the size limit');
    const csv = await api.upload(
      '/device/import',
      'devices.csv',
      await workbook([['00:15:65:00:02:02', '', 'H2', '2.0', 'Default', '']]),
    );
    expect(csv.code).toBe(40000);
    expect(csv.message).toBe('The file type is not supported');
    expect(await macsOf(acme)).toEqual(before);
  });

  it('never imports into another tenant’s site', async () => {
    const reply = await intruder.upload<FailedRow>(
      '/device/import',
      'devices.xlsx',
      await workbook([['00:15:65:00:03:01', '', 'H2', '2.0', 'Annex', '']]),
    );
    expect(reply.rows.map((row) => row.message)).toEqual(['The site does not exist']);
    expect(await macsOf(other)).toEqual(['0015650000ff']);
  });
});

describe('device workbooks', () => {
  it('serves the template: the import headers and an example row that imports as it is', async () => {
    const response = await download(api, 'GET', '/device/deviceExcel');
    expect(response.status).toBe(200);
    const bytes = await response.arrayBuffer();
    const sheet = await readSheet(bytes);
    expect(sheet[0]).toEqual(HEADERS);
    expect(sheet).toHaveLength(2);
    const reply = await api.upload<FailedRow>('/device/import', 'template.xlsx', new Uint8Array(bytes));
    expect(reply.rows).toEqual([]);
    await running.cradle.db.execute(`DELETE FROM devices WHERE mac = '001565123456'`);
  });

  it('exports the list’s devices for its filters and order, and only the caller’s', async () => {
    const response = await download(api, 'POST', '/device/export', {
      sortField: 'macAddress',
      sortOrder: 'desc',
    });
    expect(response.headers.get('content-disposition')).toContain('devices.xlsx');
    const sheet = await readSheet(await response.arrayBuffer());
    expect(sheet[0]?.slice(0, 7)).toEqual([...HEADERS, 'Status']);
    const macs = sheet.slice(1).map((row) => row[0]);
    expect(macs).toEqual([
      '00:15:65:00:01:09',
      '00:15:65:00:01:01',
      '00:15:65:00:00:03',
      '00:15:65:00:00:02',
      '00:15:65:00:00:01',
    ]);
    expect(sheet[1]?.slice(0, 6)).toEqual(['00:15:65:00:01:09', 'Good two', 'V62', '1.0', 'Annex', 'X-9']);
    const filtered = await readSheet(
      await (await download(api, 'POST', '/device/export', { keywords: 'room 101' })).arrayBuffer(),
    );
    expect(filtered.slice(1).map((row) => row[0])).toEqual(['00:15:65:00:00:01']);

    const foreign = await readSheet(
      await (await download(intruder, 'POST', '/device/export', {})).arrayBuffer(),
    );
    expect(foreign.slice(1).map((row) => row[0])).toEqual(['00:15:65:00:00:ff']);
    const foreignSite = await readSheet(
      await (await download(intruder, 'POST', '/device/export', { site: acme.siteId })).arrayBuffer(),
    );
    expect(foreignSite).toHaveLength(1);
  });
});

describe('import progress', () => {
  interface Progress {
    state: string;
    read: number;
    stored: number;
    failed: FailedRow[];
    message: string | null;
  }
  const progressOf = async (client: ApiClient, importId: string) =>
    client.call<Progress>('GET', `/device/importProgress?importId=${importId}`);

  it('keeps rows read and stored in PostgreSQL while a large import runs, then its answer', async () => {
    const rows: unknown[][] = [];
    for (let n = 0; n < 20_000; n += 1) {
      const mac = `0a79${n.toString(16).padStart(8, '0')}`;
      // Every 1,000th row names a site that does not exist.
      rows.push([mac, '', 'H2P', '2.0.1', n % 1_000 === 999 ? 'Nowhere' : 'Default', '']);
    }
    const file = await workbook(rows);
    const importId = crypto.randomUUID();
    const seen: Progress[] = [];
    let done = false;
    const reply = api.upload<FailedRow>('/device/import', 'large.xlsx', file, { importId }).finally(() => {
      done = true;
    });
    while (!done) {
      const progress = await progressOf(api, importId);
      if (progress.code === 0 && progress.rows[0]) seen.push(progress.rows[0]);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const answer = await reply;
    expect(answer.totalRows).toBe(20_000);
    expect(answer.rows).toHaveLength(20);
    // The browser saw the import move: rows read while reading, before the end.
    const reading = seen.filter((p) => p.state === 'reading' && p.read > 0 && p.read < 20_000);
    expect(reading.length).toBeGreaterThan(0);
    const reads = seen.map((p) => p.read);
    expect(reads).toEqual([...reads].sort((a, b) => a - b));
    const final = (await progressOf(api, importId)).rows[0];
    expect(final).toMatchObject({
      state: 'finished',
      read: 20_000,
      stored: 19_980,
      message: 'Some rows could not be imported',
    });
    expect(final?.failed).toEqual(answer.rows);
    // Only its importer reads it.
    expect((await progressOf(intruder, importId)).code).toBe(40400);
    await running.cradle.db.execute(`DELETE FROM devices WHERE mac LIKE '0a79%'`);
  });

  it('keeps a refusal, refuses a taken id, and says an import whose instance stopped was interrupted', async () => {
    const importId = crypto.randomUUID();
    const corrupt = new TextEncoder().encode('not a workbook');
    expect((await api.upload('/device/import', 'devices.xlsx', corrupt, { importId })).message).toBe(
      'Incorrect format',
    );
    expect((await progressOf(api, importId)).rows[0]).toMatchObject({
      state: 'refused',
      message: 'Incorrect format',
    });
    const again = await api.upload('/device/import', 'devices.xlsx', corrupt, { importId });
    expect([again.code, again.messageExt]).toEqual([40000, 'importId']);
    expect((await api.upload('/device/import', 'devices.xlsx', corrupt, { importId: 'x' })).code).toBe(40000);

    const stopped = crypto.randomUUID();
    await running.cradle.db.execute(
      `INSERT INTO device_imports (id, org_id, user_id, state, rows_read, updated_at)
       SELECT $1, $2, u.id, 'reading', 4000, now() - interval '31 seconds' FROM users u WHERE u.user_name = $3`,
      [stopped, acme.orgId, acme.userName],
    );
    expect((await progressOf(api, stopped)).rows[0]).toMatchObject({ state: 'interrupted', read: 4000 });
  });
});
