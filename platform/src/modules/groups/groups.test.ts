import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole } from '../../testing/test-console.js';

let running: RunningConsole;
let acme: TestTenant;
let globex: TestTenant;
let api: ApiClient;
let globexApi: ApiClient;
let annex: number;
const ids: Record<string, number> = {};

async function groupsTable(): Promise<string> {
  return JSON.stringify(
    await running.cradle.db.query(
      `SELECT g.id, g.name, g.description, g.site_id,
              (SELECT array_agg(device_id ORDER BY device_id) FROM group_devices WHERE group_id = g.id) AS members
         FROM device_groups g ORDER BY g.id`,
    ),
  );
}

async function addGroup(body: Record<string, unknown>): Promise<number> {
  const reply = await api.call<{ id: number }>('POST', '/tb-group-template/addNewGroup', body);
  expect(reply.code, reply.message).toBe(0);
  return reply.rows[0]?.id ?? 0;
}

beforeAll(async () => {
  running = await createTestConsole();
  const { db } = running.cradle;
  acme = await createTenant(db, 'enterprise', 'Acme');
  globex = await createTenant(db, 'enterprise', 'Globex');
  api = new ApiClient(running.url);
  await api.signIn(acme.userName, acme.password);
  globexApi = new ApiClient(running.url);
  await globexApi.signIn(globex.userName, globex.password);
  annex =
    (
      await api.call<{ id: number }>('POST', '/tb-site-template/addSiteTemplate', {
        siteName: 'Annex',
        parentId: acme.siteId,
      })
    ).rows[0]?.id ?? 0;
  await insertDevices(db, acme, [
    { mac: '001565000001', model: 'H2' },
    { mac: '001565000002', model: 'H2P' },
  ]);
  await insertDevices(db, { ...acme, siteId: annex }, [{ mac: '001565000003', model: 'V64' }]);
  await insertDevices(db, globex, [{ mac: '001565000099', model: 'H2' }]);
  for (const row of await db.query<{ id: string; mac: string }>('SELECT id, mac FROM devices'))
    ids[row.mac] = Number(row.id);
});
afterAll(async () => {
  await running.stop();
});

describe('groups', () => {
  it('adds a group with devices and shows it with colon MACs', async () => {
    const id = await addGroup({
      groupName: 'Lobby',
      description: 'Front',
      deviceIds: [ids['001565000001'], ids['001565000002']],
    });
    const group = await api.call<{
      groupName: string;
      devices: { macAddress: string; deviceModel: string }[];
    }>('GET', `/tb-group-template/selectGroupById?id=${id}`);
    expect(group.rows[0]).toMatchObject({ groupName: 'Lobby', description: 'Front', siteId: null });
    expect(group.rows[0]?.devices.map((d) => [d.macAddress, d.deviceModel])).toEqual([
      ['00:15:65:00:00:01', 'H2'],
      ['00:15:65:00:00:02', 'H2P'],
    ]);
  });

  it('refuses a group without devices, a duplicate or missing name, foreign devices and devices outside its site', async () => {
    const before = await groupsTable();
    const noDevice = await api.call('POST', '/tb-group-template/addNewGroup', {
      groupName: 'Empty',
      deviceIds: [],
    });
    expect(noDevice).toMatchObject({ code: 40000, message: 'Group needs a device' });
    const missingDevices = await api.call('POST', '/tb-group-template/addNewGroup', { groupName: 'Empty' });
    expect(missingDevices.message).toBe('Group needs a device');
    const duplicate = await api.call('POST', '/tb-group-template/addNewGroup', {
      groupName: 'Lobby',
      deviceIds: [ids['001565000001']],
    });
    expect(duplicate.message).toBe('The group name already exists');
    const otherCase = await api.call('POST', '/tb-group-template/addNewGroup', {
      groupName: 'lobby',
      deviceIds: [ids['001565000001']],
    });
    expect(otherCase.message).toBe('The group name already exists');
    const noName = await api.call('POST', '/tb-group-template/addNewGroup', {
      deviceIds: [ids['001565000001']],
    });
    expect(noName.message).toBe('This field cannot be empty!');
    const foreign = await api.call('POST', '/tb-group-template/addNewGroup', {
      groupName: 'Stolen',
      deviceIds: [ids['001565000001'], ids['001565000099']],
    });
    expect(foreign.code).toBe(40400);
    const outside = await api.call('POST', '/tb-group-template/addNewGroup', {
      groupName: 'Annex phones',
      siteId: annex,
      deviceIds: [ids['001565000003'], ids['001565000001']],
    });
    expect(outside.message).toBe('The devices must be in the group’s site or its sub-sites');
    expect(await groupsTable()).toBe(before);
  });

  it('checks whether a name is free, the group’s own name being free for it', async () => {
    const lobby = Number((await running.cradle.db.one<{ id: string }>(`SELECT id FROM device_groups`))?.id);
    const verify = async (query: string) =>
      (await api.call<{ available: boolean }>('GET', `/tb-group-template/groupNameVerify?${query}`)).rows[0]
        ?.available;
    expect(await verify('groupName=Lobby')).toBe(false);
    expect(await verify('groupName=Lobby&id=')).toBe(false);
    expect(await verify(`groupName=Lobby&id=${lobby}`)).toBe(true);
    expect(await verify('groupName=LOBBY')).toBe(false);
    expect(await verify(`groupName=lobby&id=${lobby}`)).toBe(true);
    expect(await verify('groupName=Annex%20phones')).toBe(true);
    const other = await globexApi.call<{ available: boolean }>(
      'GET',
      '/tb-group-template/groupNameVerify?groupName=Lobby',
    );
    expect(other.rows[0]?.available).toBe(true);
  });

  it('replaces the members on update and pages them', async () => {
    const annexGroup = await addGroup({
      groupName: 'Annex phones',
      siteId: annex,
      deviceIds: [ids['001565000003']],
    });
    const lobby = Number(
      (await running.cradle.db.one<{ id: string }>(`SELECT id FROM device_groups WHERE name = 'Lobby'`))?.id,
    );
    const updated = await api.call('POST', '/tb-group-template/updateGroup', {
      id: lobby,
      groupName: 'Lobby and annex',
      description: '',
      deviceIds: [ids['001565000002'], ids['001565000003']],
    });
    expect(updated.code, updated.message).toBe(0);
    const members = await api.call<{ list: { macAddress: string; siteName: string }[]; total: number }>(
      'POST',
      '/tb-group-template/groupDisplay',
      { groupId: lobby, currentPage: 1, pageSize: 10 },
    );
    expect(members.rows[0]?.total).toBe(2);
    expect(members.rows[0]?.list.map((d) => [d.macAddress, d.siteName])).toEqual([
      ['00:15:65:00:00:02', 'Default'],
      ['00:15:65:00:00:03', 'Annex'],
    ]);
    const page = await api.call<{
      list: { id: number; groupName: string; deviceCount: number; siteName: string | null }[];
      total: number;
    }>('POST', '/tb-group-template/selectGroup', { currentPage: 1, pageSize: 10 });
    expect(page.rows[0]?.list.map((g) => [g.groupName, g.deviceCount])).toEqual([
      ['Lobby and annex', 2],
      ['Annex phones', 1],
    ]);
    const bySite = await api.call<{ list: { id: number }[] }>('POST', '/tb-group-template/selectGroup', {
      site: annex,
    });
    expect(bySite.rows[0]?.list.map((g) => g.id)).toEqual([annexGroup]);
    const byName = await api.call<{ list: { id: number }[] }>('POST', '/tb-group-template/selectGroup', {
      groupName: 'annex',
      sortField: 'groupName',
      sortOrder: 'desc',
    });
    expect(byName.rows[0]?.list.map((g) => g.id)).toEqual([lobby, annexGroup]);
    const picker = await api.call<{ groupName: string }>('GET', '/tb-group-template/groupTempSelect');
    expect(picker.rows.map((g) => g.groupName)).toEqual(['Annex phones', 'Lobby and annex']);
  });

  it('keeps the members when an update is refused', async () => {
    const lobby = Number(
      (
        await running.cradle.db.one<{ id: string }>(
          `SELECT id FROM device_groups WHERE name = 'Lobby and annex'`,
        )
      )?.id,
    );
    const before = await groupsTable();
    const empty = await api.call('POST', '/tb-group-template/updateGroup', {
      id: lobby,
      groupName: 'Lobby and annex',
      deviceIds: [],
    });
    expect(empty.message).toBe('Group needs a device');
    const renameTaken = await api.call('POST', '/tb-group-template/updateGroup', {
      id: lobby,
      groupName: 'Annex phones',
      deviceIds: [ids['001565000001']],
    });
    expect(renameTaken.message).toBe('The group name already exists');
    expect(await groupsTable()).toBe(before);
  });

  it('deletes groups with memberships and parameters through both delete calls', async () => {
    const { db } = running.cradle;
    const groupIds = (await db.query<{ id: string }>('SELECT id FROM device_groups ORDER BY id')).map((r) =>
      Number(r.id),
    );
    await db.execute(
      `INSERT INTO config_layers (org_id, relation, relation_id, config) SELECT $1, 'group', unnest($2::bigint[]), '{}'`,
      [acme.orgId, groupIds],
    );
    expect((await api.call('DELETE', '/tb-group-template/deleteGroup', { ids: [groupIds[0]] })).code).toBe(0);
    expect((await api.call('DELETE', '/tb-group-template/delete', { ids: [groupIds[1]] })).code).toBe(0);
    expect(await db.query('SELECT 1 FROM device_groups')).toEqual([]);
    expect(await db.query('SELECT 1 FROM group_devices')).toEqual([]);
    expect(await db.query(`SELECT 1 FROM config_layers WHERE relation = 'group'`)).toEqual([]);
  });
});

describe('tenant isolation', () => {
  it('shows another enterprise none of the groups and lets it change none', async () => {
    const id = await addGroup({ groupName: 'Private', deviceIds: [ids['001565000001']] });
    const before = await groupsTable();
    const list = await globexApi.call<{ total: number }>('POST', '/tb-group-template/selectGroup', {});
    expect(list.rows[0]?.total).toBe(0);
    expect((await globexApi.call('GET', '/tb-group-template/groupTempSelect')).rows).toEqual([]);
    expect((await globexApi.call('GET', `/tb-group-template/selectGroupById?id=${id}`)).code).toBe(40400);
    expect(
      (
        await globexApi.call('POST', '/tb-group-template/groupDisplay', {
          groupId: id,
          currentPage: 1,
          pageSize: 10,
        })
      ).code,
    ).toBe(40400);
    const update = await globexApi.call('POST', '/tb-group-template/updateGroup', {
      id,
      groupName: 'Mine',
      deviceIds: [ids['001565000099']],
    });
    expect(update.code).toBe(40400);
    const intoTheirs = await globexApi.call('POST', '/tb-group-template/addNewGroup', {
      groupName: 'Theirs',
      deviceIds: [ids['001565000001']],
    });
    expect(intoTheirs.code).toBe(40400);
    for (const path of ['/tb-group-template/deleteGroup', '/tb-group-template/delete'])
      expect((await globexApi.call('DELETE', path, { ids: [id] })).code).toBe(40400);
    expect(await groupsTable()).toBe(before);
  });
});
