import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole } from '../../testing/test-console.js';
import { zip } from '../../testing/zip.js';
import { macOfFileName } from './mac-file-service.js';

let running: RunningConsole;
let acme: TestTenant;
let globex: TestTenant;
let api: ApiClient;
let globexApi: ApiClient;

const V64 = '001565000064';
const V67 = '001565000067';
const H2 = '0015650000a2';

function vSeriesFile(values: Record<string, string>): Buffer {
  const driver = running.cradle.driverRegistry.model('V64');
  if (!driver) throw new Error('no V64 driver');
  const file = driver.driver.files[0];
  if (!file) throw new Error('no file');
  return Buffer.from(
    driver.driver.render(new Map(Object.entries(values)), { model: driver.model, mac: V64, file }),
  );
}

async function deviceLayer(mac: string): Promise<Record<string, string> | undefined> {
  const row = await running.cradle.db.one<{ pushed: Record<string, string> }>(
    `SELECT l.pushed FROM config_layers l JOIN devices d ON d.id = l.relation_id
      WHERE l.relation = 'device' AND d.mac = $1`,
    [mac],
  );
  return row?.pushed;
}

async function state(): Promise<string> {
  return JSON.stringify(
    await running.cradle.db.query(
      `SELECT (SELECT json_agg(l ORDER BY relation_id) FROM config_layers l WHERE relation = 'device') AS layers,
              (SELECT json_agg(f ORDER BY id) FROM (SELECT id, device_id, file_name FROM mac_files) f) AS files`,
    ),
  );
}

const MAX_CALL = 'sipFunction.general.SIPMaxCall';

beforeAll(async () => {
  running = await createTestConsole();
  const { db } = running.cradle;
  acme = await createTenant(db, 'enterprise', 'Acme');
  globex = await createTenant(db, 'enterprise', 'Globex');
  await insertDevices(db, acme, [
    { mac: V64, model: 'V64' },
    { mac: V67, model: 'V67' },
    { mac: H2, model: 'H2' },
  ]);
  await insertDevices(db, globex, [{ mac: '001565000099', model: 'V64' }]);
  api = new ApiClient(running.url);
  await api.signIn(acme.userName, acme.password);
  globexApi = new ApiClient(running.url);
  await globexApi.signIn(globex.userName, globex.password);
});
afterAll(async () => {
  await running.stop();
});

describe('MAC file names', () => {
  it('reads the MAC from config.<mac>.xml, cfg<mac>.xml and <mac>.xml, with or without separators', () => {
    for (const name of [
      'config.001565AABBCC.xml',
      'cfg001565aabbcc.xml',
      '00-15-65-aa-bb-cc.XML',
      'config.00:15:65:aa:bb:cc.xml',
    ])
      expect(macOfFileName(name), name).toBe('001565aabbcc');
    for (const name of ['config.xml', 'config.001565aabbcc.cfg', 'x001565aabbcc.xml'])
      expect(macOfFileName(name), name).toBeUndefined();
  });
});

describe('importing MAC configuration files', () => {
  it('imports one device file into the device’s parameters and lists it', async () => {
    const reply = await api.upload(
      '/tb-mac/import',
      `config.${V64.toUpperCase()}.xml`,
      vSeriesFile({ [MAX_CALL]: '4' }),
    );
    expect(reply.code, reply.message).toBe(0);
    expect(reply.message).toBe('Success');
    expect(reply.rows).toEqual([]);
    expect(reply.totalRows).toBe(1);
    expect((await deviceLayer(V64))?.[MAX_CALL]).toBe('4');
    const list = await api.call<{ list: { macAddress: string; fileName: string }[]; total: number }>(
      'POST',
      '/tb-mac/search',
      { currentPage: 1, pageSize: 10 },
    );
    expect(list.rows[0]?.total).toBe(1);
    expect(list.rows[0]?.list[0]).toMatchObject({
      macAddress: '00:15:65:00:00:64',
      fileName: `config.${V64.toUpperCase()}.xml`,
    });
  });

  it('imports the good files of a zip and reports each bad one, which changes nothing', async () => {
    const before = await deviceLayer(V64);
    const archive = zip([
      { name: `cfg${V67}.xml`, data: vSeriesFile({ [MAX_CALL]: '3' }) },
      { name: 'config.0015650000ff.xml', data: vSeriesFile({ [MAX_CALL]: '2' }) },
      { name: 'readme.xml', data: Buffer.from('hello') },
      { name: `config.${H2}.xml`, data: vSeriesFile({ [MAX_CALL]: '2' }) },
      { name: '00-15-65-00-00-67.xml', data: vSeriesFile({ [MAX_CALL]: '5' }) },
      { name: `${V64}.xml`, data: vSeriesFile({ [MAX_CALL]: '9' }) },
    ]);
    const reply = await api.upload<{ fileName: string; macAddress: string; message: string }>(
      '/tb-mac/import',
      'fleet.zip',
      archive,
    );
    expect(reply.code, reply.message).toBe(0);
    // Six files read, five refused: one imported, and the reply does not say Success.
    expect(reply.totalRows).toBe(6);
    expect(reply.rows).toHaveLength(5);
    expect(reply.message).toBe('Some rows could not be imported');
    const failures = Object.fromEntries(reply.rows.map((row) => [row.fileName, row]));
    expect(Object.keys(failures).sort()).toEqual(
      [
        'config.0015650000ff.xml',
        'readme.xml',
        `config.${H2}.xml`,
        '00-15-65-00-00-67.xml',
        `${V64}.xml`,
      ].sort(),
    );
    expect(failures['config.0015650000ff.xml']).toMatchObject({
      macAddress: '00:15:65:00:00:ff',
      message: 'No device has this MAC address',
    });
    expect(failures['readme.xml']?.message).toBe(
      'The file name must carry the MAC address, e.g. config.001565aabbcc.xml',
    );
    expect(failures[`config.${H2}.xml`]?.message).toContain('Incorrect format');
    expect(failures['00-15-65-00-00-67.xml']?.message).toBe('Duplicate device');
    expect(failures[`${V64}.xml`]?.message).toContain('1 and 5');
    expect((await deviceLayer(V67))?.[MAX_CALL]).toBe('3');
    expect(await deviceLayer(V64)).toEqual(before);
    expect(await deviceLayer(H2)).toBeUndefined();
  });

  it('answers failed files in the caller’s language', async () => {
    const chinese = new ApiClient(running.url, 'zh-CN');
    await chinese.signIn(acme.userName, acme.password);
    const reply = await chinese.upload<{ message: string }>(
      '/tb-mac/import',
      'config.0015650000fe.xml',
      vSeriesFile({}),
    );
    expect(reply.rows[0]?.message).toBe('没有该 MAC 地址的设备');
  });
});

describe('refused uploads', () => {
  it('refuses a zip with folders, a zip bomb and too many entries, changing nothing', async () => {
    const before = await state();
    const good = vSeriesFile({ [MAX_CALL]: '1' });
    const withFolder = await api.upload(
      '/tb-mac/import',
      'fleet.zip',
      zip([
        { name: `cfg${V67}.xml`, data: good },
        { name: `site/cfg${V64}.xml`, data: good },
      ]),
    );
    expect(withFolder).toMatchObject({ code: 40000, message: 'Bad Zip Content' });
    const folderEntry = await api.upload(
      '/tb-mac/import',
      'fleet.zip',
      zip([{ name: 'site/', data: Buffer.alloc(0) }]),
    );
    expect(folderEntry.message).toBe('Bad Zip Content');
    // 64 MB of zeros deflate to about 64 KB; the headers claim 100 bytes.
    const lying = await api.upload(
      '/tb-mac/import',
      'bomb.zip',
      zip([{ name: `cfg${V67}.xml`, data: Buffer.alloc(64 * 1024 * 1024), claimedSize: 100 }]),
    );
    expect(lying.message).toBe('Bad Zip Content');
    const honest = await api.upload(
      '/tb-mac/import',
      'bomb.zip',
      zip(
        Array.from({ length: 60 }, (_v, i) => ({ name: `f${i}.xml`, data: Buffer.alloc(2 * 1024 * 1024) })),
      ),
    );
    expect(honest.message).toBe('Bad Zip Content');
    const many = await api.upload(
      '/tb-mac/import',
      'many.zip',
      zip(Array.from({ length: 5001 }, (_v, i) => ({ name: `f${i}.xml`, data: Buffer.from('x') }))),
    );
    expect(many.message).toBe('Bad Zip Content');
    const notZip = await api.upload('/tb-mac/import', 'fleet.zip', Buffer.from('not a zip at all'));
    expect(notZip.message).toBe('Bad Zip Content');
    expect(await state()).toBe(before);
  });

  it('refuses a wrong extension, an oversized file and a call without a file', async () => {
    const before = await state();
    const wrongType = await api.upload('/tb-mac/import', `config.${V64}.txt`, vSeriesFile({}));
    expect(wrongType).toMatchObject({ code: 40000, message: 'The file type is not supported' });
    expect(wrongType.messageExt).toBe('.xml, .zip');
    const oversized = await api.upload('/tb-mac/import', 'fleet.zip', Buffer.alloc(20 * 1024 * 1024 + 1));
    expect(oversized).toMatchObject({ status: 413, message: 'The file exceeds the size limit' });
    const anonymous = await new ApiClient(running.url).upload(
      '/tb-mac/import',
      `config.${V64}.xml`,
      vSeriesFile({}),
    );
    expect(anonymous.code).toBe(80000);
    const json = await api.call('POST', '/tb-mac/import', {});
    expect(json).toMatchObject({ code: 40000, message: 'Please select a file to upload' });
    expect(await state()).toBe(before);
  });
});

describe('MAC file records', () => {
  it('searches by MAC or file name and deletes records, the device keeping its parameters', async () => {
    const byMac = await api.call<{ list: { id: number; macAddress: string }[]; total: number }>(
      'POST',
      '/tb-mac/search',
      { keywords: '00:00:67' },
    );
    expect(byMac.rows[0]?.list.map((f) => f.macAddress)).toEqual(['00:15:65:00:00:67']);
    const id = byMac.rows[0]?.list[0]?.id;
    expect((await api.call('DELETE', '/tb-mac/delete', { ids: [id] })).code).toBe(0);
    const after = await api.call<{ total: number }>('POST', '/tb-mac/search', { keywords: 'cfg' });
    expect(after.rows[0]?.total).toBe(0);
    expect((await deviceLayer(V67))?.[MAX_CALL]).toBe('3');
  });
});

describe('tenant isolation', () => {
  it('lets another enterprise neither import into, list nor delete this one’s files', async () => {
    const before = await state();
    const reply = await globexApi.upload<{ message: string }>(
      '/tb-mac/import',
      `config.${V64}.xml`,
      vSeriesFile({ [MAX_CALL]: '1' }),
    );
    // MACs are unique platform-wide: the answer says the MAC is taken, as adding it would, not by whom.
    expect(reply.rows[0]?.message).toBe('This MAC address is registered to another organization');
    expect(JSON.stringify(reply)).not.toContain('Acme');
    const list = await globexApi.call<{ total: number }>('POST', '/tb-mac/search', {});
    expect(list.rows[0]?.total).toBe(0);
    const [file] = await running.cradle.db.query<{ id: string }>('SELECT id FROM mac_files');
    expect((await globexApi.call('DELETE', '/tb-mac/delete', { ids: [Number(file?.id)] })).code).toBe(40400);
    expect(await state()).toBe(before);
  });
});
