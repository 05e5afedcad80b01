import { createHash } from 'node:crypto';
import http from 'node:http';
import {
  answerDigestChallenge,
  SimulatedFleet,
  type SimulatedPhone,
  simulatedFirmwareImage,
} from '@phonefleet/sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole } from '../../testing/test-console.js';
import { until } from '../../testing/until.js';

let running: RunningConsole;
let acme: TestTenant;
let api: ApiClient;
let siteId: number;
const fleets: SimulatedFleet[] = [];
const credentials = { username: 'acme-phones', password: 'Phones#2026' };

interface Device {
  id: number;
  phone: SimulatedPhone;
}

interface Results {
  list: { deviceId: number; result: number; message: string }[];
}

/** Simulated phones of Acme, booted once so the console knows where they are. */
async function fleet(count: number, model: string): Promise<Device[]> {
  const found = running.cradle.driverRegistry.model(model);
  if (!found) throw new Error(`no driver for ${model}`);
  const started = await SimulatedFleet.start({
    consoleUrl: running.url,
    count,
    models: [{ driver: found.driver, model }],
    credentials,
    addressBase: `127.65.${fleets.length}.0`,
    sipPort: 0,
    httpPort: false,
    accountBase: false,
  });
  fleets.push(started);
  const { db, provisioningService, deviceEventService } = running.cradle;
  await insertDevices(
    db,
    acme,
    started.phones.map((phone) => ({ mac: phone.options.mac, model })),
  );
  expect(await started.each((phone) => phone.boot())).toEqual([]);
  await provisioningService.flush();
  await deviceEventService.flush();
  const rows = await db.query<{ id: string; mac: string }>(
    'SELECT id, mac FROM devices WHERE mac = ANY($1::text[])',
    [started.phones.map((phone) => phone.options.mac)],
  );
  const ids = new Map(rows.map((row) => [row.mac, Number(row.id)]));
  return started.phones.map((phone) => ({ id: ids.get(phone.options.mac) ?? 0, phone }));
}

function form(fields: Record<string, string>, file: { bytes: Buffer; name: string }): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  return body;
}

async function finished(id: number, timeoutMs = 20_000): Promise<Results> {
  await until(
    async () => (await api.call<{ state: number }>('GET', `/task/query?id=${id}`)).rows[0]?.state,
    (state) => state === 7,
    timeoutMs,
  );
  const reply = await api.call<Results>('POST', '/task/results', { id, currentPage: 1, pageSize: 50 });
  return reply.rows[0] as Results;
}

/** A GET as the phone would send it: from its address, answering the digest challenge. */
function phoneGet(
  phone: SimulatedPhone,
  url: string,
  headers: Record<string, string> = {},
  auth = credentials,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }> {
  const once = (extra: Record<string, string>) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
      http
        .get(url, { headers: { ...headers, ...extra }, localAddress: phone.address, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    });
  return once({}).then((first) => {
    const challenge = first.headers['www-authenticate'];
    if (first.status !== 401 || typeof challenge !== 'string') return first;
    const target = new URL(url);
    return once({ Authorization: answerDigestChallenge(challenge, auth, 'GET', target.pathname, 1) });
  });
}

beforeAll(async () => {
  running = await createTestConsole({
    push: {
      tickMs: 100,
      sipT1Ms: 20,
      attempts: 2,
      retryDelayMs: 100,
      // Wide enough for a loaded CI machine: only the stopped download below waits the window out.
      confirmTimeoutMs: 15_000,
      upgradeConfirmMs: 8000,
    },
  });
  acme = await createTenant(running.cradle.db, 'enterprise', 'Acme');
  api = new ApiClient(running.url);
  await api.signIn(acme.userName, acme.password);
  expect((await api.call('POST', '/tb-provisioning/credentials', credentials)).code).toBe(0);
  siteId = acme.siteId;
}, 60_000);

afterAll(async () => {
  await Promise.all(fleets.map((started) => started.stop()));
  await running.stop();
});

describe('firmware upgrade (type 3)', () => {
  it('succeeds when a phone reports the new version; a phone back on the old one fails, a stopped download times out', async () => {
    const image = simulatedFirmwareImage('2.15.0.1', 300 * 1024);
    const uploaded = await api.call<{ id: number }>(
      'POST',
      '/tb-firmware/addOrEditFirmware',
      form(
        { firmwareName: 'H2P', firmwareVersion: '2.15.0.1', supportModel: 'H2P' },
        { bytes: image, name: 'h2p.rom' },
      ),
    );
    expect(uploaded.code, uploaded.message).toBe(0);
    const devices = await fleet(4, 'H2P');
    const [healthy, alsoHealthy, oldVersion, stopped] = devices;
    oldVersion?.phone.upgradeFault('oldVersion');
    stopped?.phone.upgradeFault('download');
    const task = await api.call<{ id: number; devices: number }>('POST', '/tb-firmware/firmwareUpgrade', {
      firmwareId: uploaded.rows[0]?.id,
      deviceIds: devices.map((device) => device.id),
    });
    expect(task.code, task.message).toBe(0);
    expect(task.rows[0]?.devices).toBe(4);
    // In use by a task that has not finished: neither deleted nor given another image.
    const refused = await api.call('DELETE', '/tb-firmware/deleteFirmware', { ids: [uploaded.rows[0]?.id] });
    expect(refused.message).toBe('The firmware is used by a task that has not finished');

    const results = await finished(task.rows[0]?.id ?? 0);
    const byDevice = new Map(results.list.map((row) => [row.deviceId, row]));
    expect([healthy, alsoHealthy].map((device) => byDevice.get(device?.id ?? 0)?.result)).toEqual([2, 2]);
    expect(byDevice.get(oldVersion?.id ?? 0)).toMatchObject({
      result: 3,
      message: 'The device downloaded the firmware but still reports version (2.14.0.5)',
    });
    expect(byDevice.get(stopped?.id ?? 0)).toMatchObject({
      result: 6,
      message: 'The device did not download the firmware in time',
    });
    expect([healthy, alsoHealthy, oldVersion, stopped].map((device) => device?.phone.firmware)).toEqual([
      '2.15.0.1',
      '2.15.0.1',
      '2.14.0.5',
      '2.14.0.5',
    ]);
    const sha256 = createHash('sha256').update(image).digest('hex');
    expect(healthy?.phone.downloads).toEqual([
      expect.objectContaining({ kind: 'firmware', size: image.length, sha256 }),
    ]);
    const counted = await running.cradle.db.query<{
      device_id: string;
      completed: number;
      bytes_sent: string;
    }>('SELECT device_id, completed, bytes_sent FROM file_downloads ORDER BY device_id');
    expect(counted.map((row) => [Number(row.device_id), row.completed, Number(row.bytes_sent)])).toEqual([
      [healthy?.id, 1, image.length],
      [alsoHealthy?.id, 1, image.length],
      [oldVersion?.id, 1, image.length],
      [stopped?.id, 0, 1024],
    ]);
    // The task is over: its image is no longer in the phones' files nor served.
    const fetched = await healthy?.phone.fetchConfig();
    expect(fetched?.values.has('maintenance.binaryUpdate.FirmwareUrl')).toBe(false);
  }, 60_000);

  it('refuses a firmware for other models and a firmware of another tenant, creating nothing', async () => {
    const globex = await createTenant(running.cradle.db, 'enterprise', 'Globex');
    const globexApi = new ApiClient(running.url);
    await globexApi.signIn(globex.userName, globex.password);
    const theirs = await globexApi.call<{ id: number }>(
      'POST',
      '/tb-firmware/addOrEditFirmware',
      form(
        { firmwareName: 'V', firmwareVersion: '1.0.0.1', supportModel: 'H2P' },
        { bytes: simulatedFirmwareImage('1.0.0.1'), name: 'v.rom' },
      ),
    );
    const ours = await api.call<{ id: number }>(
      'POST',
      '/tb-firmware/addOrEditFirmware',
      form(
        { firmwareName: 'V65', firmwareVersion: '3.0.0.1', supportModel: 'V65' },
        { bytes: simulatedFirmwareImage('3.0.0.1'), name: 'v65.rom' },
      ),
    );
    const [device] = await fleet(1, 'H2P');
    const before = await running.cradle.db.one<{ count: string }>('SELECT count(*) AS count FROM tasks');
    const wrongModel = await api.call('POST', '/device/firmwareUpgrade', {
      firmwareId: ours.rows[0]?.id,
      deviceIds: [device?.id],
    });
    expect([wrongModel.message, wrongModel.messageExt]).toEqual([
      'The firmware does not support the model of these devices',
      'H2P',
    ]);
    const foreign = await api.call('POST', '/device/firmwareUpgrade', {
      firmwareId: theirs.rows[0]?.id,
      deviceIds: [device?.id],
    });
    expect(foreign.code).toBe(40400);
    const after = await running.cradle.db.one<{ count: string }>('SELECT count(*) AS count FROM tasks');
    expect(after?.count).toBe(before?.count);
  }, 30_000);
});

describe('resources (types 8–13)', () => {
  async function addResource(type: number, file: { bytes: Buffer; name: string }, name = file.name) {
    return api.call<{ id: number }>(
      'POST',
      '/tb-resource/addOrEdit',
      form({ name, type: String(type), siteId: String(siteId), description: '' }, file),
    );
  }

  it('refuses a file of the wrong type or size for its type, keeping nothing', async () => {
    const count = () =>
      running.cradle.db.one<{ files: string; objects: string }>(
        'SELECT (SELECT count(*) FROM stored_files) AS files, (SELECT count(*) FROM pg_largeobject_metadata) AS objects',
      );
    const before = await count();
    const tooBig = await addResource(2, { bytes: Buffer.alloc(201 * 1024), name: 'ring.wav' });
    expect(tooBig.message).toBe('The file exceeds the size limit');
    const wrongType = await addResource(2, { bytes: Buffer.alloc(1024), name: 'ring.png' });
    expect([wrongType.message, wrongType.messageExt]).toEqual(['The file type is not supported', '.wav']);
    const vpnTooBig = await addResource(6, { bytes: Buffer.alloc(5_242_881), name: 'vpn.tar' });
    expect(vpnTooBig.message).toBe('The file exceeds the size limit');
    expect(await count()).toEqual(before);
    const vpn = await addResource(6, { bytes: Buffer.alloc(5_242_880), name: 'vpn.tar' });
    expect(vpn.code, vpn.message).toBe(0);
  });

  it('pushes a ringtone: success when each phone downloaded it whole; a wallpaper is refused for a phone without a colour screen', async () => {
    const bytes = Buffer.from(`RIFF${'x'.repeat(2000)}`);
    const added = await addResource(2, { bytes, name: 'lobby.wav' }, 'Lobby ring');
    expect(added.code, added.message).toBe(0);
    const devices = await fleet(2, 'H2P');
    const pushed = await api.call<{ id: number }>('POST', '/tb-resource/push', {
      resourceId: added.rows[0]?.id,
      deviceIds: devices.map((device) => device.id),
    });
    expect(pushed.code, pushed.message).toBe(0);
    const results = await finished(pushed.rows[0]?.id ?? 0);
    expect(results.list.map((row) => row.result)).toEqual([2, 2]);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    for (const device of devices)
      expect(device.phone.downloads).toEqual([expect.objectContaining({ kind: 'ringtone', sha256 })]);

    const wallpaper = await addResource(3, { bytes: Buffer.alloc(2048), name: 'lobby.png' });
    const refused = await api.call('POST', '/tb-resource/push', {
      resourceId: wallpaper.rows[0]?.id,
      deviceIds: [devices[0]?.id],
    });
    expect([refused.message, refused.messageExt]).toEqual([
      'The device model does not support this resource:',
      'H2P',
    ]);
  }, 30_000);

  it('serves a download only to the phone it is pushed to, with its credentials, ETag and Range', async () => {
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    const added = await addResource(1, { bytes, name: 'contacts.xml' });
    const [target, bystander] = await fleet(2, 'H2P');
    target?.phone.ignoreNotify();
    const pushed = await api.call<{ id: number }>('POST', '/tb-resource/push', {
      resourceId: added.rows[0]?.id,
      deviceIds: [target?.id],
    });
    expect(pushed.code, pushed.message).toBe(0);
    const { db } = running.cradle;
    await until(
      () =>
        db.one<{ result: number }>('SELECT result FROM task_devices WHERE task_id = $1', [
          pushed.rows[0]?.id,
        ]),
      (row) => row?.result === 1,
      10_000,
    );
    if (!target || !bystander) throw new Error('no phones');
    const file = await target.phone.fetchConfig();
    const url = file.values.get('directoryHistory.localDirectory.LocalDirectoryUrl') ?? '';
    expect(url).toMatch(/\/dl\/[0-9a-f]{12}\/\d+\/contacts\.xml$/);
    expect(
      (await bystander.phone.fetchConfig()).values.has('directoryHistory.localDirectory.LocalDirectoryUrl'),
    ).toBe(false);

    const anonymous = await new Promise<number>((resolve) =>
      http.get(url, { localAddress: target.phone.address, agent: false }, (res) =>
        resolve(res.statusCode ?? 0),
      ),
    );
    expect(anonymous).toBe(401);
    const wrong = await phoneGet(target.phone, url, {}, { username: credentials.username, password: 'nope' });
    expect(wrong.status).toBe(401);
    const etag = `"${createHash('sha256').update(bytes).digest('hex')}"`;
    const part = await phoneGet(target.phone, url, { Range: 'bytes=1000-1999' });
    expect([
      part.status,
      part.headers['content-range'],
      part.bytes.equals(bytes.subarray(1000, 2000)),
    ]).toEqual([206, 'bytes 1000-1999/5000', true]);
    expect((await phoneGet(target.phone, url, { Range: 'bytes=9000-' })).status).toBe(416);
    expect((await phoneGet(target.phone, url, { 'If-None-Match': etag })).status).toBe(304);
    // Another phone naming the same file, even with the tenant's credentials, gets nothing.
    const otherUrl = url.replace(target.phone.options.mac, bystander.phone.options.mac);
    expect((await phoneGet(bystander.phone, otherUrl)).status).toBe(404);
    const whole = await phoneGet(target.phone, url);
    expect([whole.status, whole.headers.etag, whole.bytes.equals(bytes)]).toEqual([200, etag, true]);
    // The whole download proved the push.
    await until(
      () =>
        db.one<{ result: number }>('SELECT result FROM task_devices WHERE task_id = $1', [
          pushed.rows[0]?.id,
        ]),
      (row) => row?.result === 2,
      10_000,
    );
    // The push is over: the file is no longer offered to the phone.
    expect((await phoneGet(target.phone, url)).status).toBe(404);
  }, 30_000);
});
