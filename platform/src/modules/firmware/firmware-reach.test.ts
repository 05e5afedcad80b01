import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole } from '../../testing/test-console.js';

/**
 * A driver whose phones take firmware only from their maker's cloud: it declares the catalogue's
 * firmware URL unsupported, so a console push could never tell them where the image is.
 */
const NO_URL_REASON = {
  en: 'Cloudy phones take firmware only from the Cloudy cloud',
  'zh-CN': 'Cloudy 话机只从 Cloudy 云获取固件',
};
const extraDrivers = mkdtempSync(path.join(os.tmpdir(), 'phonefleet-firmware-drivers-'));
mkdirSync(path.join(extraDrivers, 'cloudy', 'src'), { recursive: true });
writeFileSync(
  path.join(extraDrivers, 'cloudy', 'package.json'),
  JSON.stringify({ name: '@vendor/driver-cloudy', phonefleet: { kind: 'driver', entry: './src/index.ts' } }),
);
writeFileSync(
  path.join(extraDrivers, 'cloudy', 'src', 'index.ts'),
  `export default { id: 'cloudy', vendor: 'Cloudy', family: 'Cloudy desk', sdk: '^1.0.0', models: [{ id: 'C1',
     capabilities: { accounts: 1, keyAccounts: 1, programKeys: 0, dynamicKeys: 0, dssKeys: 0, expansionModules: 0,
       keysPerModule: 0, keySubtype: false, textEditing: true, shortWebSession: false, wifi: false, bluetooth: false,
       usb: false, colourScreen: false } }],
     parameters: { unsupported: [{ path: 'maintenance.binaryUpdate.FirmwareUrl', reason: ${JSON.stringify(NO_URL_REASON)} }] },
     files: [{ name: 'cloudy-{mac}.ini', contentType: 'text/plain' }],
     pushEvents: { checkSync: 'check-sync', reboot: 'check-sync;reboot=true' },
     identify: () => undefined, render: () => '', parse: () => new Map() };`,
);

const H2P = { mac: '0015650d0001', model: 'H2P' };
const CLOUDY = [
  { mac: '0c0c0c0d0001', model: 'C1' },
  { mac: '0c0c0c0d0002', model: 'C1' },
];

let running: RunningConsole;
let acme: TestTenant;
let api: ApiClient;
let firmwareId: number;
const ids = new Map<string, number>();

/** Tasks and their device rows: what a refusal must leave as it was. */
async function taskRows(): Promise<string> {
  const row = await running.cradle.db.one(
    'SELECT (SELECT count(*) FROM tasks) AS tasks, (SELECT count(*) FROM task_devices) AS rows',
  );
  return JSON.stringify(row);
}

beforeAll(async () => {
  running = await createTestConsole({ extraDriversDir: extraDrivers });
  acme = await createTenant(running.cradle.db, 'enterprise', 'Acme');
  await insertDevices(running.cradle.db, acme, [H2P, ...CLOUDY]);
  for (const row of await running.cradle.db.query<{ id: string; mac: string }>(
    'SELECT id, mac FROM devices',
    [],
  ))
    ids.set(row.mac, Number(row.id));
  api = new ApiClient(running.url);
  await api.signIn(acme.userName, acme.password);
  const form = new FormData();
  form.append('firmwareName', 'Desk build');
  form.append('firmwareVersion', '3.1.0.2');
  form.append('supportModel', 'H2P,C1');
  form.append('official', 'false');
  form.append('file', new Blob([new Uint8Array(randomBytes(4096))]), 'desk.rom');
  const added = await api.call<{ id: number }>('POST', '/tb-firmware/addOrEditFirmware', form);
  expect(added.code, added.message).toBe(0);
  firmwareId = Number(added.rows[0]?.id);
}, 60_000);

afterAll(async () => {
  await running?.stop();
  rmSync(extraDrivers, { recursive: true, force: true });
});

const upgrade = (client: ApiClient, route: string, macs: string[]) =>
  client.call<{ id: number; devices: number; notSentTo: unknown[] }>('POST', route, {
    type: 1,
    firmwareId,
    deviceIds: macs.map((mac) => ids.get(mac)),
  });

describe('a firmware upgrade to phones whose driver declares the firmware URL unsupported', () => {
  it('is refused with the driver’s reason in the user’s language when no device would be told, creating nothing', async () => {
    const before = await taskRows();
    const macs = CLOUDY.map((device) => device.mac);
    for (const route of ['/tb-firmware/firmwareUpgrade', '/device/firmwareUpgrade']) {
      const refused = await upgrade(api, route, macs);
      expect(refused.code).not.toBe(0);
      expect(refused.message).toBe(
        `These devices cannot be told the firmware’s address: ${NO_URL_REASON.en}`,
      );
      expect(refused.messageExt).toBe('C1');
    }
    const chinese = new ApiClient(running.url, 'zh-CN');
    await chinese.signIn(acme.userName, acme.password);
    const refused = await upgrade(chinese, '/tb-firmware/firmwareUpgrade', macs);
    expect(refused.message).toBe(`无法向这些设备下发固件地址：${NO_URL_REASON['zh-CN']}`);
    expect(await taskRows()).toBe(before);
  });

  it('goes ahead for the phones that take the URL and names the others as not reached, with the reason', async () => {
    const created = await upgrade(api, '/tb-firmware/firmwareUpgrade', [
      H2P.mac,
      ...CLOUDY.map((d) => d.mac),
    ]);
    expect(created.code, created.message).toBe(0);
    const task = created.rows[0];
    expect(task?.devices).toBe(1);
    expect(task?.notSentTo).toEqual([
      {
        models: ['C1'],
        devices: CLOUDY.length,
        reason: { en: NO_URL_REASON.en, zh: NO_URL_REASON['zh-CN'] },
      },
    ]);
    const rows = await running.cradle.db.query<{ device_id: string }>(
      'SELECT device_id FROM task_devices WHERE task_id = $1',
      [task?.id],
    );
    expect(rows.map((row) => Number(row.device_id))).toEqual([ids.get(H2P.mac)]);
  });

  it('names nothing as not reached when every phone takes the URL', async () => {
    const created = await upgrade(api, '/device/firmwareUpgrade', [H2P.mac]);
    expect(created.code, created.message).toBe(0);
    expect(created.rows[0]).toMatchObject({ devices: 1, notSentTo: [] });
  });
});
