import type { GrantableResource, LoginInfo, RoleDetail, RoleRow, UserRow } from '@phonefleet/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { SmtpPeer } from '../../testing/smtp-peer.js';
import { createTenant, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';

/** Users, roles and personal info against a real console, with every email read back from a real SMTP server. */
const ACCOUNT = { user: 'console@example.com', password: 'Relay#2026' };
const PASSWORD = 'Keeper#2026';

let running: RunningConsole;
let smtp: SmtpPeer;
let acme: TestTenant;
let globex: TestTenant;
let owner: ApiClient;
let lobbyId: number;
let keeperRoleId: number;
let keeperId: number;
let keeper: ApiClient;

async function until<T>(probe: () => T, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The token of the `count`-th email to `address` (waits for it), from a link to `page`. */
async function tokenMailed(address: string, page: 'modifyPassword' | 'modifyEmail', count = 1) {
  const mails = await until(
    () => smtp.to(address),
    (found) => found.length >= count,
  );
  const mail = mails[count - 1];
  expect(mail, `email ${count} to ${address}`).toBeDefined();
  const link = new RegExp(`https?://\\S+/${page}\\?token=([\\w-]+)\\S*`).exec(mail?.text ?? '');
  return { subject: mail?.subject ?? '', link: link?.[0] ?? '', token: link?.[1] ?? '' };
}

async function signedIn(userName: string, password: string): Promise<ApiClient> {
  const api = new ApiClient(running.url);
  const reply = await api.signIn(userName, password);
  expect(reply.code, `${userName}: ${reply.message}`).toBe(0);
  return api;
}

async function userNamed(api: ApiClient, userName: string): Promise<UserRow | undefined> {
  const page = await api.call<{ list: UserRow[] }>('POST', '/user/queryAllUser', {
    pageSize: 250,
    keywords: userName,
  });
  return page.rows[0]?.list.find((row) => row.userName === userName);
}

/** Adds a user as the owner and activates it through its emailed link; resolves to its id. */
async function addActivated(userName: string, roleId: number, siteIds?: number[]): Promise<number> {
  const email = `${userName}@example.com`;
  const added = await owner.call<{ id: number }>('POST', '/user/addUser', {
    userName,
    email,
    roleId,
    siteIds,
  });
  expect(added.code, added.message).toBe(0);
  const { token } = await tokenMailed(email, 'modifyPassword');
  const activated = await new ApiClient(running.url).call('POST', '/user/resetPassword', {
    token,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(activated.code, activated.message).toBe(0);
  return Number(added.rows[0]?.id);
}

const refusal = (reply: { code: number; message: string }) => [reply.code, reply.message];

/** Every row of users, roles and role permissions: a refused request changes none. */
async function snapshot(): Promise<string> {
  const row = await running.cradle.db.one<{ state: unknown }>(
    `SELECT json_build_array(
       (SELECT json_agg(u ORDER BY u.id) FROM users u),
       (SELECT json_agg(r ORDER BY r.id) FROM roles r),
       (SELECT json_agg(x ORDER BY x.role_id, x.resource_id) FROM role_resources x),
       (SELECT count(*) FROM password_resets)) AS state`,
  );
  return JSON.stringify(row?.state);
}

beforeAll(async () => {
  smtp = await SmtpPeer.start({ accounts: { [ACCOUNT.user]: ACCOUNT.password } });
  running = await createTestConsole({ mailRetryMs: 200 });
  acme = await createTenant(running.cradle.db, 'enterprise', 'Acme');
  globex = await createTenant(running.cradle.db, 'enterprise', 'Globex');
  const admin = await signedIn('admin', TEST_ADMIN_PASSWORD);
  const saved = await admin.call('POST', '/emailConfig/save', {
    isFlag: true,
    mailServer: '127.0.0.1',
    mailPort: smtp.port,
    mailUser: ACCOUNT.user,
    mailPass: ACCOUNT.password,
    isTls: false,
  });
  expect(saved.code, saved.message).toBe(0);
  owner = await signedIn(acme.userName, acme.password);
  const lobby = await owner.call<{ id: number }>('POST', '/tb-site-template/addSiteTemplate', {
    siteName: 'Lobby',
    parentId: acme.siteId,
  });
  lobbyId = Number(lobby.rows[0]?.id);
}, 60_000);

afterAll(async () => {
  await running?.stop();
  await smtp?.stop();
});

describe('sub-users with a custom role', () => {
  it('are added with a role and one site, activated by the emailed link, and see only their role’s resources', async () => {
    const grantable = await owner.call<GrantableResource>('GET', '/role/allResources');
    expect(grantable.rows.map((r) => r.power)).toEqual(expect.arrayContaining(['home', 'site', 'user']));
    expect(grantable.rows.map((r) => r.power)).not.toContain('enterpriseManagement');
    const role = await owner.call<{ id: number }>('POST', '/role/save', {
      name: 'Site keeper',
      description: 'Sites only',
      permissions: [
        { power: 'home', buttons: [] },
        { power: 'site', buttons: ['add', 'edit'] },
      ],
    });
    expect(role.code, role.message).toBe(0);
    keeperRoleId = Number(role.rows[0]?.id);
    const detail = await owner.call<RoleDetail>('GET', `/role/query?id=${keeperRoleId}`);
    expect(detail.rows[0]).toMatchObject({
      name: 'Site keeper',
      builtin: false,
      userCount: 0,
      permissions: [
        { power: 'home', buttons: [] },
        { power: 'site', buttons: ['add', 'edit'] },
      ],
    });

    const added = await owner.call<{ id: number }>('POST', '/user/addUser', {
      userName: 'keeper',
      email: 'keeper@example.com',
      roleId: keeperRoleId,
      siteIds: [lobbyId],
    });
    expect([added.code, added.message]).toEqual([0, 'An activation email has been sent']);
    keeperId = Number(added.rows[0]?.id);
    expect(await userNamed(owner, 'keeper')).toMatchObject({
      id: keeperId,
      email: 'keeper@example.com',
      roleId: keeperRoleId,
      roleName: 'Site keeper',
      status: 'inactivated',
      sites: [{ id: lobbyId, siteName: 'Lobby' }],
      primary: false,
    });
    expect(await userNamed(owner, acme.userName)).toMatchObject({ primary: true, status: 'activated' });
    expect((await new ApiClient(running.url).signIn('keeper', PASSWORD)).code).toBe(40100);

    const { subject, link, token } = await tokenMailed('keeper@example.com', 'modifyPassword');
    expect(subject).toBe('Activate your PhoneFleet account');
    expect(link).toContain('activate=1');
    const activated = await new ApiClient(running.url).call('POST', '/user/resetPassword', {
      token,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(activated.code, activated.message).toBe(0);
    expect(await userNamed(owner, 'keeper')).toMatchObject({ status: 'activated' });

    keeper = await signedIn('keeper', PASSWORD);
    const login = (await keeper.call<LoginInfo>('GET', '/homepage/init')).rows[0];
    expect(login?.resources.map((r) => r.power)).toEqual(['home', 'site']);
    expect(login?.buttons.site).toEqual(['add', 'edit']);
    expect((await keeper.call('POST', '/device/search', {})).code).toBe(40300);
    expect((await keeper.call('POST', '/user/queryAllUser', {})).code).toBe(40300);
    expect((await keeper.call('POST', '/tb-site-template/searchSiteTemplate', {})).code).toBe(0);
  });

  it('refuses duplicates and invalid input with the spec’s words and changes nothing', async () => {
    const before = await snapshot();
    const user = { userName: 'someone', email: 'someone@example.com', roleId: keeperRoleId };
    const add = (body: Record<string, unknown>) => owner.call('POST', '/user/addUser', { ...user, ...body });
    expect(refusal(await add({ userName: 'KEEPER' }))).toEqual([40900, 'The user name already exists']);
    expect(refusal(await add({ userName: 'keeper@example.com' }))).toEqual([
      40900,
      'The user name already exists',
    ]);
    expect(refusal(await add({ email: 'Keeper@Example.com' }))).toEqual([40900, 'The email already exists']);
    expect(refusal(await add({ email: 'not-an-email' }))).toEqual([
      40000,
      'Please fill in the email address correctly!',
    ]);
    expect(refusal(await add({ userName: 'x'.repeat(129) }))).toEqual([
      40000,
      'The length cannot exceed 128 characters',
    ]);
    expect(refusal(await add({ userName: '  ' }))).toEqual([40000, 'This field cannot be empty!']);
    expect(refusal(await add({ roleId: undefined }))).toEqual([40000, 'This field cannot be empty!']);
    expect(refusal(await add({ siteIds: [] }))).toEqual([40000, 'This field cannot be empty!']);
    const channelRole = await running.cradle.db.one<{ id: string }>(
      `SELECT id FROM roles WHERE builtin AND user_type = 'channel'`,
    );
    const foreignRole = await add({ roleId: Number(channelRole?.id) });
    expect([...refusal(foreignRole), foreignRole.messageExt]).toEqual([40400, 'Not found', 'roleId']);
    const foreignSite = await add({ siteIds: [lobbyId, globex.siteId] });
    expect([...refusal(foreignSite), foreignSite.messageExt]).toEqual([40400, 'Not found', 'siteIds']);

    const save = (body: Record<string, unknown>) =>
      owner.call('POST', '/role/save', { name: 'Another', permissions: [], ...body });
    expect(refusal(await save({ name: 'site KEEPER' }))).toEqual([40900, 'The role name already exists']);
    expect(refusal(await save({ name: 'Enterprise administrator' }))).toEqual([
      40900,
      'The role name already exists',
    ]);
    const beyond = await save({ permissions: [{ power: 'enterpriseManagement', buttons: [] }] });
    expect([...refusal(beyond), beyond.messageExt]).toEqual([
      40000,
      'Invalid format!',
      'enterpriseManagement',
    ]);
    const button = await save({ permissions: [{ power: 'site', buttons: ['fly'] }] });
    expect([...refusal(button), button.messageExt]).toEqual([40000, 'Invalid format!', 'site: fly']);
    expect(refusal(await save({ description: 'x'.repeat(501) }))).toEqual([
      40000,
      'The length cannot exceed 500 characters',
    ]);
    expect(refusal(await save({ name: '' }))).toEqual([40000, 'This field cannot be empty!']);
    const builtin = (await owner.call<RoleRow>('GET', '/role/list')).rows.find((r) => r.builtin);
    expect(builtin?.name).toBe('Enterprise administrator');
    expect(refusal(await save({ id: builtin?.id }))).toEqual([40300, 'No permission']);
    expect(await snapshot()).toBe(before);
  });

  it('takes a power away from a signed-in user on its next request when its role loses it', async () => {
    expect((await keeper.call('POST', '/tb-site-template/searchSiteTemplate', {})).code).toBe(0);
    const saved = await owner.call('POST', '/role/save', {
      id: keeperRoleId,
      name: 'Site keeper',
      description: 'Home only now',
      permissions: [{ power: 'home', buttons: [] }],
    });
    expect(saved.code, saved.message).toBe(0);
    const refused = await keeper.call('POST', '/tb-site-template/searchSiteTemplate', {});
    expect([refused.code, refused.status]).toEqual([40300, 403]);
    const login = (await keeper.call<LoginInfo>('GET', '/homepage/init')).rows[0];
    expect(login?.resources.map((r) => r.power)).toEqual(['home']);
    await owner.call('POST', '/role/save', {
      id: keeperRoleId,
      name: 'Site keeper',
      permissions: [
        { power: 'home', buttons: [] },
        { power: 'site', buttons: ['add', 'edit'] },
      ],
    });
    expect((await keeper.call('POST', '/tb-site-template/searchSiteTemplate', {})).code).toBe(0);
  });

  it('refuses deleting a built-in role or a role in use, and then deletes nothing', async () => {
    const spare = await owner.call<{ id: number }>('POST', '/role/save', { name: 'Spare', permissions: [] });
    const spareId = Number(spare.rows[0]?.id);
    const roles = (await owner.call<{ list: RoleRow[]; total: number }>('POST', '/role/queryPage', {}))
      .rows[0];
    expect(roles?.list.map((r) => [r.name, r.builtin, r.userCount])).toEqual([
      ['Enterprise administrator', true, 1],
      ['Site keeper', false, 1],
      ['Spare', false, 0],
    ]);
    const builtinId = roles?.list[0]?.id;
    const before = await snapshot();
    const builtin = await owner.call('DELETE', '/role/remove', { ids: [spareId, builtinId] });
    expect(refusal(builtin)).toEqual([40000, 'Built-in roles cannot be deleted']);
    const inUse = await owner.call('DELETE', '/role/remove', { ids: [spareId, keeperRoleId] });
    expect([...refusal(inUse), inUse.messageExt]).toEqual([
      40000,
      'The role is in use and cannot be deleted',
      'Site keeper',
    ]);
    expect(await snapshot()).toBe(before);
    expect((await owner.call('DELETE', '/role/remove', { ids: [spareId] })).code).toBe(0);
    expect((await owner.call('GET', `/role/query?id=${spareId}`)).code).toBe(40400);
  });
});

describe('forbidding, activating and deleting users', () => {
  it('ends a forbidden user’s session at once and refuses its sign-in until it is activated again', async () => {
    const other = await signedIn('keeper', PASSWORD);
    expect((await keeper.call('GET', '/homepage/init')).code).toBe(0);
    expect((await owner.call('POST', '/user/forbid', { ids: [keeperId] })).code).toBe(0);
    expect((await keeper.call('GET', '/homepage/init')).code).toBe(80000);
    expect((await other.call('GET', '/homepage/init')).code).toBe(80000);
    expect(refusal(await new ApiClient(running.url).signIn('keeper', PASSWORD))).toEqual([
      40100,
      'The account is not activated',
    ]);
    expect(await userNamed(owner, 'keeper')).toMatchObject({ status: 'inactivated' });
    expect((await owner.call('POST', '/user/active', { ids: [keeperId] })).code).toBe(0);
    keeper = await signedIn('keeper', PASSWORD);
  });

  it('sends activation to a user who never chose a password, and a reset link to one who did', async () => {
    const added = await owner.call<{ id: number }>('POST', '/user/addUser', {
      userName: 'newbie',
      email: 'newbie@example.com',
      roleId: keeperRoleId,
    });
    const newbieId = Number(added.rows[0]?.id);
    expect(await userNamed(owner, 'newbie')).toMatchObject({ sites: null, status: 'inactivated' });
    const active = await owner.call('POST', '/user/active', { ids: [newbieId] });
    expect(refusal(active)).toEqual([
      40000,
      'This user has not set a password yet: send an activation email instead',
    ]);
    const again = await owner.call('POST', '/user/sendEmail/activate', { id: newbieId });
    expect(refusal(again)).toEqual([0, 'An activation email has been sent']);
    const first = await tokenMailed('newbie@example.com', 'modifyPassword', 1);
    const second = await tokenMailed('newbie@example.com', 'modifyPassword', 2);
    // The new link ends the older one.
    const stale = await new ApiClient(running.url).call('POST', '/user/resetPassword', {
      token: first.token,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(stale.code).toBe(40000);
    expect(second.token).not.toBe(first.token);
    expect(refusal(await owner.call('POST', '/user/sendEmail/reset', { id: newbieId }))).toEqual([
      40000,
      'This user has not set a password yet: send an activation email instead',
    ]);
    expect(refusal(await owner.call('POST', '/user/sendEmail/activate', { id: keeperId }))).toEqual([
      40000,
      'This user has already set a password',
    ]);
    expect(refusal(await owner.call('POST', '/user/sendEmail/reset', { id: keeperId }))).toEqual([
      0,
      'If the account exists, a reset link has been sent to its email address',
    ]);
    expect((await tokenMailed('keeper@example.com', 'modifyPassword', 2)).subject).toBe(
      'Reset your PhoneFleet password',
    );
    expect((await owner.call('POST', '/user/sendEmail/other', { id: keeperId })).code).toBe(40000);
    // A new email of a user who never chose a password gets a new activation link there.
    const moved = await owner.call('POST', '/user/updateUser', {
      id: newbieId,
      userName: 'newbie',
      email: 'newbie2@example.com',
      roleId: keeperRoleId,
    });
    expect(moved.code, moved.message).toBe(0);
    expect((await tokenMailed('newbie2@example.com', 'modifyPassword')).subject).toBe(
      'Activate your PhoneFleet account',
    );
    expect((await owner.call('DELETE', '/user/remove', { ids: [newbieId] })).code).toBe(0);
    expect(await userNamed(owner, 'newbie')).toBeUndefined();
  });

  it('protects the organisation’s first user and never lets a user act on itself', async () => {
    const ownerId = (await userNamed(owner, acme.userName))?.id;
    const builtin = (await owner.call<RoleRow>('GET', '/role/list')).rows.find((r) => r.builtin);
    const deputyId = await addActivated('deputy', Number(builtin?.id));
    const deputy = await signedIn('deputy', PASSWORD);
    const before = await snapshot();
    expect(refusal(await owner.call('POST', '/user/forbid', { ids: [ownerId] }))).toEqual([
      40000,
      'You cannot do this to your own account',
    ]);
    expect(refusal(await owner.call('DELETE', '/user/remove', { ids: [ownerId] }))).toEqual([
      40000,
      'You cannot do this to your own account',
    ]);
    const protectedText = 'The organization’s first user cannot be deleted, forbidden or changed by others';
    expect(refusal(await deputy.call('POST', '/user/forbid', { ids: [ownerId] }))).toEqual([
      40000,
      protectedText,
    ]);
    expect(refusal(await deputy.call('DELETE', '/user/remove', { ids: [deputyId, ownerId] }))).toEqual([
      40000,
      'You cannot do this to your own account',
    ]);
    expect(refusal(await deputy.call('DELETE', '/user/remove', { ids: [ownerId] }))).toEqual([
      40000,
      protectedText,
    ]);
    const demote = await deputy.call('POST', '/user/updateUser', {
      id: ownerId,
      userName: acme.userName,
      email: `${acme.userName}@example.com`,
      roleId: keeperRoleId,
    });
    expect(refusal(demote)).toEqual([40000, protectedText]);
    expect(await snapshot()).toBe(before);

    // A user whose role holds less cannot act on a stronger one nor give a stronger role.
    const clerkRole = await owner.call<{ id: number }>('POST', '/role/save', {
      name: 'Clerk',
      permissions: [
        { power: 'home', buttons: [] },
        { power: 'user', buttons: ['add', 'edit', 'delete', 'forbid'] },
      ],
    });
    const clerkRoleId = Number(clerkRole.rows[0]?.id);
    await addActivated('clerk', clerkRoleId);
    const clerk = await signedIn('clerk', PASSWORD);
    expect((await clerk.call<RoleRow>('GET', '/role/list')).rows.map((r) => r.name)).toEqual(['Clerk']);
    const stronger = await clerk.call('POST', '/user/forbid', { ids: [deputyId] });
    expect(refusal(stronger)).toEqual([
      40300,
      'You cannot manage a user whose role or sites go beyond your own',
    ]);
    const giving = await clerk.call('POST', '/user/addUser', {
      userName: 'boss',
      email: 'boss@example.com',
      roleId: builtin?.id,
    });
    expect([...refusal(giving), giving.messageExt]).toEqual([40400, 'Not found', 'roleId']);
    expect(
      (
        await clerk.call('POST', '/role/save', {
          name: 'More',
          permissions: [{ power: 'site', buttons: [] }],
        })
      ).code,
    ).toBe(40000);
  });
});

describe('personal info', () => {
  it('shows the caller with its role and organisation', async () => {
    const info = await keeper.call<UserRow & { orgName: string }>('GET', '/user/userInfo');
    expect(info.rows[0]).toMatchObject({
      id: keeperId,
      userName: 'keeper',
      roleName: 'Site keeper',
      orgName: 'Acme',
      sites: [{ id: lobbyId, siteName: 'Lobby' }],
    });
    expect((await keeper.call('GET', `/user/userInfo?id=${keeperId + 1000}`)).code).toBe(40400);
  });

  it('changes the email through a link sent to the new address; sign-in by the new email works', async () => {
    expect(
      refusal(
        await keeper.call('POST', '/user/updateEmail', {
          email: `${acme.userName}@example.com`,
          password: PASSWORD,
        }),
      ),
    ).toEqual([40900, 'The email already exists']);
    expect(
      refusal(
        await keeper.call('POST', '/user/updateEmail', {
          email: 'keeper.new@example.com',
          password: 'Wrong#2026',
        }),
      ),
    ).toEqual([40000, 'The old password is incorrect']);
    expect(
      refusal(await keeper.call('POST', '/user/updateEmail', { email: 'deputy', password: PASSWORD })),
    ).toEqual([40000, 'Please fill in the email address correctly!']);
    const sent = await keeper.call('POST', '/user/updateEmail', {
      email: 'keeper.new@example.com',
      password: PASSWORD,
    });
    expect(refusal(sent)).toEqual([0, 'A confirmation link has been sent to the new email address']);
    const { subject, token } = await tokenMailed('keeper.new@example.com', 'modifyEmail');
    expect(subject).toBe('Confirm your new email address');
    expect((await keeper.call<UserRow>('GET', '/user/userInfo')).rows[0]?.email).toBe('keeper@example.com');
    const confirmed = await new ApiClient(running.url).call('POST', '/user/validateEmailTime', { token });
    expect(refusal(confirmed)).toEqual([0, 'Email address modified successfully!']);
    expect((await new ApiClient(running.url).call('POST', '/user/validateEmailTime', { token })).code).toBe(
      40000,
    );
    expect((await keeper.call<UserRow>('GET', '/user/userInfo')).rows[0]?.email).toBe(
      'keeper.new@example.com',
    );
    await signedIn('keeper.new@example.com', PASSWORD);
  });

  it('changes the password only with the old one and by the rule, ending the other sessions', async () => {
    const other = await signedIn('keeper', PASSWORD);
    const change = (body: Record<string, string>) =>
      keeper.call('POST', '/user/updatePassword', {
        oldPassword: PASSWORD,
        password: 'Renewed#2026',
        confirmPassword: 'Renewed#2026',
        ...body,
      });
    expect(refusal(await change({ confirmPassword: 'Renewed#2027' }))).toEqual([
      40000,
      'The two passwords are inconsistent!',
    ]);
    expect(refusal(await change({ password: 'weakpass', confirmPassword: 'weakpass' }))).toEqual([
      40000,
      'The password must be 8-20 characters and contain at least three of: uppercase letters, lowercase letters, digits, special characters',
    ]);
    expect(refusal(await change({ oldPassword: 'Wrong#2026' }))).toEqual([
      40000,
      'The old password is incorrect',
    ]);
    expect((await other.call('GET', '/homepage/init')).code).toBe(0);
    expect(refusal(await change({}))).toEqual([0, 'Password modified successfully!']);
    expect((await keeper.call('GET', '/homepage/init')).code).toBe(0);
    expect((await other.call('GET', '/homepage/init')).code).toBe(80000);
    await signedIn('keeper', 'Renewed#2026');
  });
});

describe('guessing the current password through a signed-in session', () => {
  it('is throttled like sign-ins: the sixth guess waits, even with the right password', async () => {
    const roleId = (await owner.call<{ id: number }>('GET', '/role/list')).rows[0]?.id ?? 0;
    await addActivated('guessed', roleId);
    const session = await signedIn('guessed', PASSWORD);
    const guess = (oldPassword: string) =>
      session.call('POST', '/user/updatePassword', {
        oldPassword,
        password: 'Taken#Over1',
        confirmPassword: 'Taken#Over1',
      });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(refusal(await guess(`Guess#${attempt}x`))).toEqual([40000, 'The old password is incorrect']);
    }
    expect(refusal(await guess(PASSWORD))).toEqual([
      42300,
      'Too many failed sign-in attempts. Please try again in 15 minutes.',
    ]);
    const email = await session.call('POST', '/user/updateEmail', {
      email: 'thief@example.com',
      password: PASSWORD,
    });
    expect(email.code).toBe(42300);
    // Nothing changed: no link was issued, the email is the same.
    const row = await running.cradle.db.one<{ email: string }>(
      `SELECT email FROM users WHERE user_name = 'guessed'`,
    );
    expect(row?.email).toBe('guessed@example.com');
    const links = await running.cradle.db.one<{ n: string }>(
      `SELECT count(*) AS n FROM password_resets r JOIN users u ON u.id = r.user_id
        WHERE u.user_name = 'guessed' AND r.purpose = 'email'`,
    );
    expect(links?.n).toBe('0');
  });
});

describe('another enterprise', () => {
  it('finds none of Acme’s users or roles, and Acme none of its', async () => {
    const rival = await signedIn(globex.userName, globex.password);
    const rivalRole = await rival.call<{ id: number }>('POST', '/role/save', {
      name: 'Globex role',
      permissions: [],
    });
    const rivalRoleId = Number(rivalRole.rows[0]?.id);
    const rivalId = (await userNamed(rival, globex.userName))?.id;
    const users = (await rival.call<{ list: UserRow[]; total: number }>('POST', '/user/queryAllUser', {}))
      .rows[0];
    expect(users?.list.map((u) => u.userName)).toEqual([globex.userName]);
    const roles = (await rival.call<{ list: RoleRow[] }>('POST', '/role/queryPage', {})).rows[0];
    expect(roles?.list.map((r) => [r.name, r.userCount])).toEqual([
      ['Enterprise administrator', 1],
      ['Globex role', 0],
    ]);
    const before = await snapshot();
    const calls: [string, string, unknown][] = [
      ['GET', `/role/query?id=${rivalRoleId}`, undefined],
      ['POST', '/role/save', { id: rivalRoleId, name: 'Taken', permissions: [] }],
      ['DELETE', '/role/remove', { ids: [rivalRoleId] }],
      ['POST', '/user/addUser', { userName: 'spy', email: 'spy@example.com', roleId: rivalRoleId }],
      [
        'POST',
        '/user/updateUser',
        { id: rivalId, userName: 'x', email: 'x@example.com', roleId: keeperRoleId },
      ],
      ['POST', '/user/forbid', { ids: [rivalId] }],
      ['POST', '/user/active', { ids: [rivalId] }],
      ['DELETE', '/user/remove', { ids: [rivalId] }],
      ['POST', '/user/sendEmail/reset', { id: rivalId }],
    ];
    for (const [method, path, body] of calls) {
      const reply = await owner.call(method, path, body);
      expect([path, ...refusal(reply)]).toEqual([path, 40400, 'Not found']);
      expect(JSON.stringify(reply)).not.toContain('Globex');
    }
    expect((await rival.call('POST', '/user/forbid', { ids: [keeperId] })).code).toBe(40400);
    expect(await snapshot()).toBe(before);
  });
});
