import { randomBytes } from 'node:crypto';
import type { FirmwareRow } from '@phonefleet/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';
import { zip } from '../../testing/zip.js';

let running: RunningConsole;
let admin: ApiClient;
let acme: TestTenant;
let acmeApi: ApiClient;
let globexApi: ApiClient;

function firmwareForm(fields: Record<string, string>, file?: { bytes: Buffer; name: string }): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  return form;
}

const image = (name = 'h2p.rom', size = 64 * 1024) => ({ bytes: randomBytes(size), name });

/** `file: null` sends none (an edit keeping its image). */
async function upload(
  api: ApiClient,
  fields: Record<string, string>,
  file: { bytes: Buffer; name: string } | null = image(),
): Promise<number> {
  const reply = await api.call<{ id: number }>(
    'POST',
    '/tb-firmware/addOrEditFirmware',
    firmwareForm(fields, file ?? undefined),
  );
  expect(reply.code, reply.message).toBe(0);
  return Number(reply.rows[0]?.id);
}

async function list(api: ApiClient, official: boolean): Promise<FirmwareRow[]> {
  const reply = await api.call<{ list: FirmwareRow[] }>('POST', '/tb-firmware/selectFrimware', {
    official,
    pageSize: 50,
    sortField: 'firmwareVersion',
  });
  return reply.rows[0]?.list ?? [];
}

/** Firmware rows, stored files and large objects: what a refusal must leave as it was. */
async function stored(): Promise<string> {
  const row = await running.cradle.db.one(
    `SELECT (SELECT count(*) FROM firmwares) AS firmwares, (SELECT count(*) FROM stored_files) AS files,
            (SELECT count(*) FROM pg_largeobject_metadata) AS objects`,
  );
  return JSON.stringify(row);
}

beforeAll(async () => {
  running = await createTestConsole();
  acme = await createTenant(running.cradle.db, 'enterprise', 'Acme');
  const globex = await createTenant(running.cradle.db, 'enterprise', 'Globex');
  await insertDevices(running.cradle.db, acme, [
    { mac: '0015650c0001', model: 'H2P' },
    { mac: '0015650c0002', model: 'H2' },
  ]);
  admin = new ApiClient(running.url);
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
  acmeApi = new ApiClient(running.url);
  await acmeApi.signIn(acme.userName, acme.password);
  globexApi = new ApiClient(running.url);
  await globexApi.signIn(globex.userName, globex.password);
});
afterAll(async () => {
  await running.stop();
});

describe('firmware', () => {
  it('keeps official firmware for everyone and customer firmware to its organisation', async () => {
    await upload(admin, {
      firmwareName: 'H2 official',
      firmwareVersion: '2.14.0.5',
      supportModel: 'H2,H2P',
      official: 'true',
    });
    const custom = await upload(acmeApi, {
      firmwareName: 'Acme build',
      firmwareVersion: '2.14.0.9',
      supportModel: 'H2P',
      description: 'Hotel tones',
    });
    expect((await list(acmeApi, true)).map((f) => f.firmwareName)).toEqual(['H2 official']);
    expect((await list(globexApi, true)).map((f) => f.firmwareName)).toEqual(['H2 official']);
    const mine = await list(acmeApi, false);
    expect(mine).toEqual([
      expect.objectContaining({
        firmwareName: 'Acme build',
        supportModel: ['H2P'],
        official: false,
        size: 65536,
      }),
    ]);
    expect(mine[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await list(globexApi, false)).toEqual([]);
    expect((await globexApi.call('GET', `/tb-firmware/selectFrimwareById?id=${custom}`)).code).toBe(40400);
    const official = await acmeApi.call(
      'POST',
      '/tb-firmware/addOrEditFirmware',
      firmwareForm(
        { firmwareName: 'Fake', firmwareVersion: '9.9.9.9', supportModel: 'H2', official: 'true' },
        image(),
      ),
    );
    expect(official.code).toBe(40300);
  });

  it('refuses a taken version, a bad version, an unknown model, a wrong file and a zip with folders, keeping nothing of them', async () => {
    const before = await stored();
    const refusals: [Record<string, string>, { bytes: Buffer; name: string } | undefined, string][] = [
      [
        { firmwareName: 'Again', firmwareVersion: '2.14.0.9', supportModel: 'H2P' },
        image(),
        'The version number already exists!',
      ],
      [
        { firmwareName: 'Short', firmwareVersion: '2.14', supportModel: 'H2P' },
        image(),
        'The version is four numbers separated by dots, e.g. 2.14.0.5',
      ],
      [
        { firmwareName: 'Alien', firmwareVersion: '3.0.0.0', supportModel: 'X900' },
        image(),
        'Unknown device model',
      ],
      [
        { firmwareName: 'Script', firmwareVersion: '3.0.0.1', supportModel: 'H2P' },
        image('setup.exe'),
        'The file type is not supported',
      ],
      [
        { firmwareName: 'Nothing', firmwareVersion: '3.0.0.2', supportModel: 'H2P' },
        undefined,
        'Please select a file to upload',
      ],
      [
        { firmwareName: 'Folders', firmwareVersion: '3.0.0.3', supportModel: 'H2P' },
        { bytes: zip([{ name: 'fw/h2p.rom', data: randomBytes(4096) }]), name: 'h2p.zip' },
        'Bad Zip Content',
      ],
      [
        { firmwareName: 'Not a zip', firmwareVersion: '3.0.0.4', supportModel: 'H2P' },
        image('h2p.zip'),
        'Bad Zip Content',
      ],
    ];
    for (const [fields, file, message] of refusals) {
      const reply = await acmeApi.call('POST', '/tb-firmware/addOrEditFirmware', firmwareForm(fields, file));
      expect(reply.message, JSON.stringify(fields)).toBe(message);
    }
    expect(await stored()).toBe(before);
    const flat = await acmeApi.call<{ id: number }>(
      'POST',
      '/tb-firmware/addOrEditFirmware',
      firmwareForm(
        { firmwareName: 'Flat zip', firmwareVersion: '3.0.0.5', supportModel: 'H2P' },
        { bytes: zip([{ name: 'h2p.rom', data: randomBytes(300 * 1024) }]), name: 'h2p.zip' },
      ),
    );
    expect(flat.code, flat.message).toBe(0);
    await acmeApi.call('DELETE', '/tb-firmware/deleteFirmware', { ids: [flat.rows[0]?.id] });
    const repeat = await acmeApi.call<{ repeat: boolean }>('POST', '/tb-firmware/isRepeat', {
      firmwareVersion: '2.14.0.9',
    });
    expect(repeat.rows[0]?.repeat).toBe(true);
  });

  it('edits without a new image, replaces the image with one, and offers devices the firmware all their models take', async () => {
    const [custom] = await list(acmeApi, false);
    const id = String(custom?.id);
    await upload(
      acmeApi,
      { id, firmwareName: 'Acme build 2', firmwareVersion: '2.14.0.9', supportModel: 'H2,H2P' },
      null,
    );
    expect((await list(acmeApi, false))[0]).toMatchObject({
      firmwareName: 'Acme build 2',
      sha256: custom?.sha256,
    });
    const before = await stored();
    await upload(
      acmeApi,
      { id, firmwareName: 'Acme build 2', firmwareVersion: '2.14.0.10', supportModel: 'H2,H2P' },
      image('new.rom', 1000),
    );
    const replaced = (await list(acmeApi, false))[0];
    expect(replaced).toMatchObject({ firmwareVersion: '2.14.0.10', size: 1000, fileName: 'new.rom' });
    // The old image went: as many files and large objects as before.
    expect(await stored()).toBe(before);

    await upload(acmeApi, { firmwareName: 'Older', firmwareVersion: '2.9.0.0', supportModel: 'H2P' });
    const devices = await running.cradle.db.query<{ id: string; model: string }>(
      'SELECT id, model FROM devices ORDER BY mac',
    );
    const forH2p = await acmeApi.call<FirmwareRow>('POST', '/tb-firmware/selectUpgradeVersionList', {
      deviceIds: devices.filter((d) => d.model === 'H2P').map((d) => Number(d.id)),
    });
    expect(forH2p.rows.map((f) => f.firmwareVersion)).toEqual(['2.14.0.10', '2.14.0.5', '2.9.0.0']);
    const forBoth = await acmeApi.call<FirmwareRow>('POST', '/tb-firmware/selectUpgradeVersionList', {
      deviceIds: devices.map((d) => Number(d.id)),
    });
    expect(forBoth.rows.map((f) => f.firmwareVersion)).toEqual(['2.14.0.10', '2.14.0.5']);
  });

  it('lets a role that may upload but not edit add firmware and change none', async () => {
    await running.cradle.db.execute(
      `WITH role AS (INSERT INTO roles (org_id, name, user_type) VALUES ($1, 'Uploader', 'enterprise') RETURNING id),
            granted AS (INSERT INTO role_resources (role_id, resource_id, buttons)
                        SELECT role.id, s.id, '{upload}' FROM role, resources s WHERE s.power = 'firmware')
       INSERT INTO users (org_id, user_name, email, password_hash, user_type, role_id, parent_user_id)
       SELECT $1, 'acme-uploader', 'uploader@example.com', u.password_hash, 'enterprise', role.id, u.id
         FROM role, users u WHERE u.user_name = $2`,
      [acme.orgId, acme.userName],
    );
    const uploader = new ApiClient(running.url);
    expect((await uploader.signIn('acme-uploader', acme.password)).code).toBe(0);
    await upload(uploader, { firmwareName: 'Uploaded', firmwareVersion: '4.0.0.0', supportModel: 'H2' });
    const [mine] = (await list(acmeApi, false)).filter((f) => f.firmwareName === 'Uploaded');
    const before = await stored();
    const edit = await uploader.call(
      'POST',
      '/tb-firmware/addOrEditFirmware',
      firmwareForm(
        { id: String(mine?.id), firmwareName: 'Renamed', firmwareVersion: '4.0.0.0', supportModel: 'H2' },
        image(),
      ),
    );
    expect(edit.code).toBe(40300);
    expect(await stored()).toBe(before);
    expect((await acmeApi.call('DELETE', '/tb-firmware/deleteFirmware', { ids: [mine?.id] })).code).toBe(0);
  });

  it('deletes a firmware with its image, unless a task that has not finished uses it', async () => {
    const { db } = running.cradle;
    const [older] = (await list(acmeApi, false)).filter((f) => f.firmwareName === 'Older');
    await db.execute(
      `INSERT INTO tasks (org_id, name, type, time_type, begin_time, state, params)
       VALUES ($1, 'upgrade', 3, 1, now(), 1, jsonb_build_object('firmwareId', $2::bigint))`,
      [acme.orgId, older?.id],
    );
    const refused = await acmeApi.call('DELETE', '/tb-firmware/deleteFirmware', { ids: [older?.id] });
    expect(refused.message).toBe('The firmware is used by a task that has not finished');
    await db.execute(`UPDATE tasks SET state = 7 WHERE name = 'upgrade'`);
    const files = async () => (await db.one<{ n: string }>('SELECT count(*) AS n FROM stored_files'))?.n;
    const before = Number(await files());
    expect((await acmeApi.call('DELETE', '/tb-firmware/deleteFirmware', { ids: [older?.id] })).code).toBe(0);
    expect(Number(await files())).toBe(before - 1);
    expect(
      (
        await globexApi.call('DELETE', '/tb-firmware/deleteFirmware', {
          ids: [Number((await list(acmeApi, false))[0]?.id)],
        })
      ).code,
    ).toBe(40400);
  });
});
