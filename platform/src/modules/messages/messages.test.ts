import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';

let running: RunningConsole;
let admin: ApiClient;
let acme: ApiClient;
let globex: ApiClient;

interface Notice {
  count: number;
  list: { id: number; type: number; content: string; status: number }[];
}

function firmware(api: ApiClient, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(randomBytes(4096))]), 'image.rom');
  return api.call<{ id: number }>('POST', '/tb-firmware/addOrEditFirmware', form);
}

async function notice(api: ApiClient): Promise<Notice> {
  const reply = await api.call<Notice>('GET', '/homepage/notice');
  expect(reply.code).toBe(0);
  return reply.rows[0] as Notice;
}

beforeAll(async () => {
  running = await createTestConsole();
  const { db } = running.cradle;
  const acmeTenant = await createTenant(db, 'enterprise', 'Acme');
  const globexTenant = await createTenant(db, 'enterprise', 'Globex');
  admin = new ApiClient(running.url);
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
  acme = new ApiClient(running.url);
  await acme.signIn(acmeTenant.userName, acmeTenant.password);
  globex = new ApiClient(running.url);
  await globex.signIn(globexTenant.userName, globexTenant.password);
});
afterAll(async () => {
  await running.stop();
});

describe('new-version notifications and the bell', () => {
  it('keeps each user’s models; an unknown model is refused and changes nothing', async () => {
    expect(
      (
        await acme.call('POST', '/tb-version-notification/subscribe/newVersionNotify', {
          models: ['H2P', 'V64'],
        })
      ).code,
    ).toBe(0);
    const refused = await acme.call('POST', '/tb-version-notification/subscribe/newVersionNotify', {
      models: ['H2P', 'X900'],
    });
    expect([refused.message, refused.messageExt]).toEqual(['Unknown device model', 'X900']);
    const models = await acme.call<string>('GET', '/tb-version-notification/searchNotifiedModels');
    expect(models.rows).toEqual(['H2P', 'V64']);
    expect((await globex.call<string>('GET', '/tb-version-notification/searchNotifiedModels')).rows).toEqual(
      [],
    );
  });

  it('a newer firmware for a subscribed model rings the bell of those who can see it, once; an older one does not', async () => {
    expect(
      (
        await firmware(admin, {
          firmwareName: 'H2 release',
          firmwareVersion: '2.20.0.0',
          supportModel: 'H2,H2P',
          official: 'true',
        })
      ).code,
    ).toBe(0);
    const first = await notice(acme);
    expect(first.count).toBe(1);
    expect(first.list[0]).toMatchObject({
      type: 9,
      status: 0,
      content: 'New firmware version (2.20.0.0 H2P (H2 release))',
    });
    expect((await notice(globex)).count).toBe(0);

    // Older than what the user can already see: nothing new to tell.
    expect(
      (
        await firmware(admin, {
          firmwareName: 'H2 old',
          firmwareVersion: '2.19.9.9',
          supportModel: 'H2P',
          official: 'true',
        })
      ).code,
    ).toBe(0);
    // Another tenant's own firmware is not Acme's business.
    expect(
      (
        await firmware(globex, {
          firmwareName: 'Globex build',
          firmwareVersion: '2.30.0.0',
          supportModel: 'H2P',
        })
      ).code,
    ).toBe(0);
    expect((await notice(acme)).count).toBe(1);
    // Acme's own newer build is.
    expect(
      (
        await firmware(acme, {
          firmwareName: 'Acme build',
          firmwareVersion: '2.21.0.0',
          supportModel: 'H2P,V64',
        })
      ).code,
    ).toBe(0);
    const second = await notice(acme);
    expect(second.count).toBe(2);
    expect(second.list[0]?.content).toBe('New firmware version (2.21.0.0 H2P, V64 (Acme build))');
  });

  it('clears the named messages or all of them, and only the caller’s', async () => {
    const before = await notice(acme);
    const [newest] = before.list;
    const foreign = await globex.call<{ cleared: number }>('POST', '/homepage/clearNotice', {
      ids: [newest?.id],
    });
    expect(foreign.rows[0]?.cleared).toBe(0);
    expect((await notice(acme)).count).toBe(before.count);
    expect(
      (await acme.call<{ cleared: number }>('POST', '/homepage/clearNotice', { ids: [newest?.id] })).rows[0]
        ?.cleared,
    ).toBe(1);
    expect((await notice(acme)).count).toBe(before.count - 1);
    await acme.call('POST', '/homepage/clearNotice', {});
    expect(await notice(acme)).toEqual({ count: 0, list: [] });
  });
});
