import type { LoginInfo } from '@phonefleet/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole } from '../../testing/test-console.js';
import { hashPassword } from '../auth/password.js';

/**
 * Every API call reads the grants' version with its session, and an instance rebuilds a role's
 * grants when the version moved: a role changed through one instance binds at the next call on any.
 */
describe('grants across instances', () => {
  let first: RunningConsole;
  let second: RunningConsole;
  let acme: TestTenant;
  let owner: ApiClient;
  let keeper: ApiClient;
  let roleId: number;
  const PASSWORD = 'Keeper@2026';
  const SITE_TEMPLATES = '/tb-site-template/searchSiteTemplate';

  const saveRole = (powers: string[]) =>
    owner.call('POST', '/role/save', {
      id: roleId,
      name: 'Site keeper',
      permissions: powers.map((power) => ({ power, buttons: [] })),
    });

  beforeAll(async () => {
    first = await createTestConsole();
    second = await createTestConsole({ databaseUrl: first.config.databaseUrl });
    const { db } = first.cradle;
    acme = await createTenant(db, 'enterprise', 'Acme grants');
    owner = new ApiClient(first.url);
    expect((await owner.signIn(acme.userName, acme.password)).code).toBe(0);
    const role = await owner.call<{ id: number }>('POST', '/role/save', {
      name: 'Site keeper',
      permissions: [
        { power: 'home', buttons: [] },
        { power: 'site', buttons: [] },
      ],
    });
    expect(role.code, role.message).toBe(0);
    roleId = Number(role.rows[0]?.id);
    await db.execute(
      `INSERT INTO users (org_id, user_name, email, password_hash, user_type, role_id)
       VALUES ($1, 'grants-keeper', 'grants-keeper@example.com', $2, 'enterprise', $3)`,
      [acme.orgId, await hashPassword(PASSWORD), roleId],
    );
    keeper = new ApiClient(second.url);
    expect((await keeper.signIn('grants-keeper', PASSWORD)).code).toBe(0);
  });

  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  it('refuses at once on another instance a power the role lost, and allows it again once granted', async () => {
    // The second instance has built and kept this role's grants.
    expect((await keeper.call('POST', SITE_TEMPLATES, {})).code).toBe(0);
    expect((await keeper.call('POST', SITE_TEMPLATES, {})).code).toBe(0);

    expect((await saveRole(['home'])).code).toBe(0);
    const refused = await keeper.call('POST', SITE_TEMPLATES, {});
    expect([refused.code, refused.status]).toEqual([40300, 403]);
    const menu = (await keeper.call<LoginInfo>('GET', '/homepage/init')).rows[0];
    expect(menu?.resources.map((resource) => resource.power)).toEqual(['home']);

    expect((await saveRole(['home', 'site'])).code).toBe(0);
    expect((await keeper.call('POST', SITE_TEMPLATES, {})).code).toBe(0);
  });
});
