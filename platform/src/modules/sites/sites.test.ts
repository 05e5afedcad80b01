import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, type ApiClient as Client, createTestConsole } from '../../testing/test-console.js';
import { renameCaseDuplicates } from './migrations/0012-site-names-any-case.js';

let running: RunningConsole;
let acme: TestTenant;
let globex: TestTenant;
let api: Client;
let globexApi: Client;

interface TreeNode {
  id: number;
  siteName: string;
  parentId: number | null;
  isDefault: boolean;
  deviceCount: number;
  childSite: TreeNode[];
}

async function addSite(client: Client, body: Record<string, unknown>): Promise<number> {
  const reply = await client.call<{ id: number }>('POST', '/tb-site-template/addSiteTemplate', body);
  expect(reply.code, reply.message).toBe(0);
  return reply.rows[0]?.id ?? 0;
}

async function sitesTable(): Promise<string> {
  return JSON.stringify(
    await running.cradle.db.query('SELECT id, name, description, parent_id, path FROM sites ORDER BY id'),
  );
}

async function pathOf(id: number): Promise<string | undefined> {
  return (await running.cradle.db.one<{ path: string }>('SELECT path FROM sites WHERE id = $1', [id]))?.path;
}

async function addLayer(orgId: number, siteId: number): Promise<void> {
  await running.cradle.db.execute(
    `INSERT INTO config_layers (org_id, relation, relation_id, config) VALUES ($1, 'site', $2, '{}')`,
    [orgId, siteId],
  );
}

beforeAll(async () => {
  running = await createTestConsole();
  const { db } = running.cradle;
  acme = await createTenant(db, 'enterprise', 'Acme');
  globex = await createTenant(db, 'enterprise', 'Globex');
  await insertDevices(db, acme, [
    { mac: '001565000001', model: 'H2' },
    { mac: '001565000002', model: 'H2P' },
  ]);
  await insertDevices(db, globex, [{ mac: '001565000099', model: 'H2' }]);
  api = new ApiClient(running.url);
  expect((await api.signIn(acme.userName, acme.password)).code).toBe(0);
  globexApi = new ApiClient(running.url);
  expect((await globexApi.signIn(globex.userName, globex.password)).code).toBe(0);
});
afterAll(async () => {
  await running.stop();
});

describe('site tree', () => {
  it('adds sites under a parent with a materialised path and shows them as a tree with device counts', async () => {
    const floor1 = await addSite(api, { siteName: 'Floor 1', siteDesc: 'Ground', parentId: acme.siteId });
    const room = await addSite(api, { siteName: 'Room 101', parentId: floor1 });
    expect(await pathOf(room)).toBe(`/${acme.siteId}/${floor1}/${room}/`);
    await running.cradle.db.execute('UPDATE devices SET site_id = $1 WHERE mac = $2', [room, '001565000002']);

    const tree = await api.call<TreeNode>('POST', '/tb-site/selectSite', {});
    expect(tree.rows).toHaveLength(1);
    const root = tree.rows[0];
    expect(root).toMatchObject({ id: acme.siteId, isDefault: true, parentId: null, deviceCount: 1 });
    expect(root?.childSite[0]).toMatchObject({ siteName: 'Floor 1', deviceCount: 0 });
    expect(root?.childSite[0]?.childSite[0]).toMatchObject({ siteName: 'Room 101', deviceCount: 1 });

    const flat = await api.call<{ id: number; siteName: string; level: number }>(
      'GET',
      '/tb-site-template/siteSelect',
    );
    expect(flat.rows.map((s) => [s.siteName, s.level])).toEqual([
      ['Default', 0],
      ['Floor 1', 1],
      ['Room 101', 2],
    ]);
  });

  it('refuses a missing, too long or duplicate name, a long description and an unknown parent', async () => {
    const before = await sitesTable();
    const empty = await api.call('POST', '/tb-site-template/addSiteTemplate', {
      siteName: '  ',
      parentId: acme.siteId,
    });
    expect(empty).toMatchObject({ code: 40000, message: 'This field cannot be empty!' });
    const missing = await api.call('POST', '/tb-site-template/addSiteTemplate', { parentId: acme.siteId });
    expect(missing.message).toBe('This field cannot be empty!');
    const long = await api.call('POST', '/tb-site-template/addSiteTemplate', {
      siteName: 'x'.repeat(129),
      parentId: acme.siteId,
    });
    expect(long.message).toBe('The length cannot exceed 128 characters');
    const description = await api.call('POST', '/tb-site-template/addSiteTemplate', {
      siteName: 'Annex',
      siteDesc: 'd'.repeat(501),
      parentId: acme.siteId,
    });
    expect(description.message).toBe('The length cannot exceed 500 characters');
    const duplicate = await api.call('POST', '/tb-site-template/addSiteTemplate', {
      siteName: 'Floor 1',
      parentId: acme.siteId,
    });
    expect(duplicate).toMatchObject({ code: 40000, message: 'The site name already exists' });
    const foreignParent = await api.call('POST', '/tb-site-template/addSiteTemplate', {
      siteName: 'Intruder',
      parentId: globex.siteId,
    });
    expect(foreignParent).toMatchObject({ code: 40000, message: 'The site does not exist' });
    expect(await sitesTable()).toBe(before);
  });

  it('lets another enterprise use the same site name', async () => {
    await addSite(globexApi, { siteName: 'Floor 1', parentId: globex.siteId });
  });

  it('takes names in any case as the same name, on add and on rename; a site may change its own case', async () => {
    const branch = await addSite(api, { siteName: 'Acc Branch', parentId: acme.siteId });
    const before = await sitesTable();
    for (const siteName of ['acc branch', 'ACC BRANCH', ' Acc branch ']) {
      const twin = await api.call('POST', '/tb-site-template/addSiteTemplate', {
        siteName,
        parentId: acme.siteId,
      });
      expect(twin, siteName).toMatchObject({ code: 40000, message: 'The site name already exists' });
    }
    const renamed = await api.call('POST', '/tb-site-template/updateSiteTemplate', {
      id: branch,
      siteName: 'floor 1',
    });
    expect(renamed.message).toBe('The site name already exists');
    expect(await sitesTable()).toBe(before);
    const ownCase = await api.call('POST', '/tb-site-template/updateSiteTemplate', {
      id: branch,
      siteName: 'ACC Branch',
    });
    expect(ownCase.code, ownCase.message).toBe(0);
    await addSite(globexApi, { siteName: 'acc branch', parentId: globex.siteId });
  });

  it('migration 0012 renames existing names that differ only in case; the oldest keeps its name', async () => {
    const { db } = running.cradle;
    const rolledBack = new Error('roll back');
    await expect(
      db.transaction(async (transaction) => {
        await db.execute('DROP INDEX sites_org_lower_name_idx', [], transaction);
        const twins = await db.query<{ id: string }>(
          `INSERT INTO sites (org_id, name, parent_id, path)
           SELECT $1, t.name, $2, '/' FROM unnest($3::text[]) WITH ORDINALITY AS t(name, n) ORDER BY n
           RETURNING id`,
          [acme.orgId, acme.siteId, ['Case Twin', 'case twin', 'CASE TWIN', 'x'.repeat(128)]],
          transaction,
        );
        await db.execute(
          `INSERT INTO sites (org_id, name, parent_id, path) VALUES ($1, $2, $3, '/')`,
          [acme.orgId, 'X'.repeat(128), acme.siteId],
          transaction,
        );
        expect(await renameCaseDuplicates(db, transaction, 'sites')).toBe(3);
        const names = await db.query<{ id: string; name: string }>(
          `SELECT id, name FROM sites WHERE lower(name) LIKE 'case twin%' OR name ILIKE 'xxx%' ORDER BY id`,
          [],
          transaction,
        );
        const [first, second, third] = twins.map((row) => row.id);
        expect(names.slice(0, 3).map((row) => row.name)).toEqual([
          'Case Twin',
          `case twin (${second})`,
          `CASE TWIN (${third})`,
        ]);
        expect(names[0]?.id).toBe(first);
        const long = names.at(-1)?.name ?? '';
        expect(long).toHaveLength(128);
        expect(long.endsWith(`(${names.at(-1)?.id})`)).toBe(true);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});

describe('moving and editing sites', () => {
  it('renames, then moves a subtree, rewriting every path and unbinding the lines that leave their account’s site', async () => {
    const { db } = running.cradle;
    const wing = await addSite(api, { siteName: 'Wing', parentId: acme.siteId });
    const wingRoom = await addSite(api, { siteName: 'Wing room', parentId: wing });
    const target = await addSite(api, { siteName: 'Campus B', parentId: acme.siteId });
    await insertDevices(db, { ...acme, siteId: wingRoom }, [{ mac: '0015650000a1', model: 'H2' }]);
    // A server for the whole organization; one account of the wing on the wing room's phone, one
    // of the head office on a head-office phone.
    await db.execute(
      `WITH server AS (INSERT INTO sip_servers (org_id, site_id, name, address) VALUES ($1, $2, 'PBX', 'pbx.test')
                       RETURNING id),
            accounts AS (INSERT INTO sip_accounts (org_id, site_id, server_id, register_name, user_name)
                         SELECT $1, x.site, server.id, x.name, x.name
                           FROM server, (VALUES ($3::bigint, '2001'), ($2::bigint, '2002')) AS x(site, name)
                         RETURNING id, user_name)
       INSERT INTO sip_bindings (device_id, line, account_id)
       SELECT d.id, 1, a.id FROM accounts a JOIN devices d
           ON d.mac = CASE a.user_name WHEN '2001' THEN '0015650000a1' ELSE '001565000001' END`,
      [acme.orgId, acme.siteId, wing],
    );

    const renamed = await api.call<{ unboundDevices: number }>(
      'POST',
      '/tb-site-template/updateSiteTemplate',
      {
        id: wing,
        siteName: 'West wing',
      },
    );
    expect(renamed.rows[0]).toEqual({ unboundDevices: 0 });
    const defaultKept = await api.call('POST', '/tb-site-template/updateSiteTemplate', {
      id: acme.siteId,
      siteName: 'Default',
      siteDesc: 'Head office',
      parentId: null,
    });
    expect(defaultKept.code, defaultKept.message).toBe(0);
    // The wing moves with its account: its phone stays bound.
    const moved = await api.call<{ unboundDevices: number }>('POST', '/tb-site-template/updateSiteTemplate', {
      id: wing,
      siteName: 'West wing',
      siteDesc: 'Moved',
      parentId: target,
    });
    expect(moved.code, moved.message).toBe(0);
    expect(moved.rows[0]).toEqual({ unboundDevices: 0 });
    expect(await pathOf(wing)).toBe(`/${acme.siteId}/${target}/${wing}/`);
    expect(await pathOf(wingRoom)).toBe(`/${acme.siteId}/${target}/${wing}/${wingRoom}/`);
    // The room leaves the wing, whose account it used: that line is unbound, the head office's stays.
    const left = await api.call<{ unboundDevices: number }>('POST', '/tb-site-template/updateSiteTemplate', {
      id: wingRoom,
      siteName: 'Wing room',
      parentId: target,
    });
    expect(left.rows[0]).toEqual({ unboundDevices: 1 });
    const bindings = await db.query<{ mac: string; bound: boolean }>(
      `SELECT d.mac, EXISTS (SELECT 1 FROM sip_bindings b WHERE b.device_id = d.id) AS bound
         FROM devices d WHERE d.mac IN ('0015650000a1', '001565000001') ORDER BY d.mac`,
    );
    expect(bindings.map((b) => b.bound)).toEqual([true, false]);
    const back = await api.call('POST', '/tb-site-template/updateSiteTemplate', {
      id: wingRoom,
      siteName: 'Wing room',
      parentId: wing,
    });
    expect(back.code, back.message).toBe(0);
    const site = await api.call('GET', `/tb-site-template/searchSiteTemplateById?id=${wing}`);
    expect(site.rows[0]).toMatchObject({ siteName: 'West wing', siteDesc: 'Moved', parentId: target });
  });

  it('never moves a site under itself or its subtree, nor the default site, and changes nothing then', async () => {
    const idOf = async (name: string) =>
      Number(
        (await running.cradle.db.one<{ id: string }>('SELECT id FROM sites WHERE name = $1', [name]))?.id,
      );
    const wing = await idOf('West wing');
    const wingRoom = await idOf('Wing room');
    const before = await sitesTable();
    const underChild = await api.call('POST', '/tb-site-template/updateSiteTemplate', {
      id: wing,
      siteName: 'Renamed in vain',
      parentId: wingRoom,
    });
    expect(underChild).toMatchObject({
      code: 40000,
      message: 'A site cannot be moved under itself or one of its sub-sites',
    });
    const underItself = await api.call('POST', '/tb-site-template/updateSiteTemplate', {
      id: wing,
      siteName: 'West wing',
      parentId: wing,
    });
    expect(underItself.code).toBe(40000);
    const defaultSite = await api.call('POST', '/tb-site-template/updateSiteTemplate', {
      id: acme.siteId,
      siteName: 'Default',
      parentId: wing,
    });
    expect(defaultSite.message).toBe('The default site cannot be moved or deleted');
    const duplicateName = await api.call('POST', '/tb-site-template/updateSiteTemplate', {
      id: wing,
      siteName: 'Floor 1',
    });
    expect(duplicateName.message).toBe('The site name already exists');
    expect(await sitesTable()).toBe(before);
  });
});

describe('site list and site templates', () => {
  it('pages sites with parent name, device count and whether they have parameters', async () => {
    const floor = await running.cradle.db.one<{ id: string }>(`SELECT id FROM sites WHERE name = 'Room 101'`);
    await addLayer(acme.orgId, Number(floor?.id));
    const page = await api.call<{
      list: { siteName: string; parentName: string | null; deviceCount: number; hasConfig: boolean }[];
      total: number;
    }>('POST', '/tb-site-template/searchSiteTemplate', { currentPage: 1, pageSize: 10, keywords: 'room' });
    expect(page.rows[0]?.total).toBe(2);
    expect(page.rows[0]?.list.find((s) => s.siteName === 'Room 101')).toMatchObject({
      parentName: 'Floor 1',
      deviceCount: 1,
      hasConfig: true,
    });
    const sorted = await api.call<{ list: { siteName: string }[]; total: number }>(
      'POST',
      '/tb-site-template/searchSiteTemplate',
      { currentPage: 2, pageSize: 10, sortField: 'siteName', sortOrder: 'desc' },
    );
    const acmeSites = await running.cradle.db.one<{ n: string }>(
      'SELECT count(*) AS n FROM sites WHERE org_id = $1',
      [acme.orgId],
    );
    expect(sorted.rows[0]?.total).toBe(Number(acmeSites?.n));
    expect(sorted.rows[0]?.list).toEqual([]);
    const first = await api.call<{ list: { siteName: string }[] }>(
      'POST',
      '/tb-site-template/searchSiteTemplate',
      {
        sortField: 'siteName',
        sortOrder: 'desc',
      },
    );
    expect(first.rows[0]?.list[0]?.siteName).toBe('Wing room');
    const badSize = await api.call('POST', '/tb-site-template/searchSiteTemplate', { pageSize: 7 });
    expect(badSize.code).toBe(40000);
  });

  it('lists site templates and removes only the parameters when a template is deleted', async () => {
    const room = Number(
      (await running.cradle.db.one<{ id: string }>(`SELECT id FROM sites WHERE name = 'Room 101'`))?.id,
    );
    const templates = await api.call<{ id: number; siteName: string }>(
      'GET',
      '/tb-site-template/siteTempSelect',
    );
    expect(templates.rows).toEqual([{ id: room, siteName: 'Room 101' }]);
    const removed = await api.call('DELETE', '/tb-site-template/deleteSiteTemplate', { ids: [room] });
    expect(removed.code).toBe(0);
    expect((await api.call('GET', '/tb-site-template/siteTempSelect')).rows).toEqual([]);
    expect(await pathOf(room)).toBeDefined();
  });
});

describe('deleting sites', () => {
  it('refuses the default site and sites with data, deleting none of the ids named', async () => {
    const { db } = running.cradle;
    const empty = await addSite(api, { siteName: 'Empty', parentId: acme.siteId });
    const withTemplate = await addSite(api, { siteName: 'With template', parentId: acme.siteId });
    await db.execute(
      `INSERT INTO model_templates (org_id, site_id, name, model) VALUES ($1, $2, 'T', 'H2')`,
      [acme.orgId, withTemplate],
    );
    const floor1 = Number(
      (
        await db.one<{ id: string }>(`SELECT id FROM sites WHERE name = 'Floor 1' AND org_id = $1`, [
          acme.orgId,
        ])
      )?.id,
    );
    const before = await sitesTable();
    const withDefault = await api.call('DELETE', '/tb-site-template/deleteOneSiteTemplate', {
      ids: [empty, acme.siteId],
    });
    expect(withDefault.message).toBe('The default site cannot be moved or deleted');
    for (const busy of [withTemplate, floor1]) {
      const reply = await api.call('DELETE', '/tb-site-template/deleteOneSiteTemplate', {
        ids: [empty, busy],
      });
      expect(reply).toMatchObject({ code: 40000, message: 'The site has data, please transfer it first' });
    }
    expect(await sitesTable()).toBe(before);
  });

  it('deletes empty sites with their parameters, a parent together with its child', async () => {
    const { db } = running.cradle;
    const parent = await addSite(api, { siteName: 'Temporary', parentId: acme.siteId });
    const child = await addSite(api, { siteName: 'Temporary child', parentId: parent });
    await addLayer(acme.orgId, child);
    const reply = await api.call('DELETE', '/tb-site-template/deleteOneSiteTemplate', {
      ids: [parent, child],
    });
    expect(reply.code, reply.message).toBe(0);
    expect(await pathOf(parent)).toBeUndefined();
    expect(
      await db.query(`SELECT 1 FROM config_layers WHERE relation = 'site' AND relation_id = $1`, [child]),
    ).toEqual([]);
  });
});

describe('tenant isolation', () => {
  it('shows another enterprise none of the sites and lets it change none', async () => {
    const acmeSite = Number(
      (await running.cradle.db.one<{ id: string }>(`SELECT id FROM sites WHERE name = 'Empty'`))?.id,
    );
    const tree = await globexApi.call<TreeNode>('POST', '/tb-site/selectSite', {});
    expect(tree.rows.map((s) => s.id)).toEqual([globex.siteId]);
    expect(JSON.stringify(await globexApi.call('GET', '/tb-site-template/siteSelect'))).not.toContain(
      'Empty',
    );
    const before = await sitesTable();
    expect(
      (await globexApi.call('GET', `/tb-site-template/searchSiteTemplateById?id=${acmeSite}`)).code,
    ).toBe(40400);
    const update = await globexApi.call('POST', '/tb-site-template/updateSiteTemplate', {
      id: acmeSite,
      siteName: 'Taken',
    });
    expect(update.code).toBe(40400);
    const move = await globexApi.call('POST', '/tb-site-template/updateSiteTemplate', {
      id: globex.siteId + 1,
      siteName: 'Floor 1',
      parentId: acmeSite,
    });
    expect(move.code).not.toBe(0);
    for (const path of ['/tb-site-template/deleteOneSiteTemplate', '/tb-site-template/deleteSiteTemplate']) {
      expect((await globexApi.call('DELETE', path, { ids: [acmeSite] })).code).toBe(40400);
    }
    expect(await sitesTable()).toBe(before);
  });
});
