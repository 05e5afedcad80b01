import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole } from '../../testing/test-console.js';

let running: RunningConsole;
let acme: TestTenant;
let globex: TestTenant;
let api: ApiClient;
let globexApi: ApiClient;
let annex: number;

interface Template {
  id: number;
  name: string;
  description: string;
  model: string;
  siteId: number;
  siteName: string;
}

async function templatesTable(): Promise<string> {
  return JSON.stringify(
    await running.cradle.db.query(
      'SELECT id, name, description, model, site_id FROM model_templates ORDER BY id',
    ),
  );
}

async function add(client: ApiClient, body: Record<string, unknown>): Promise<number> {
  const reply = await client.call<{ id: number }>('POST', '/modeltemplate/add', body);
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
  const created = await api.call<{ id: number }>('POST', '/tb-site-template/addSiteTemplate', {
    siteName: 'Annex',
    parentId: acme.siteId,
  });
  annex = created.rows[0]?.id ?? 0;
});
afterAll(async () => {
  await running.stop();
});

describe('model templates', () => {
  it('offers the models of the loaded drivers', async () => {
    const models = await api.call<{ model: string; driver: string }>(
      'GET',
      '/modeltemplate/supportModelSelect',
    );
    const expected = running.cradle.driverRegistry.models().map((entry) => entry.model.id);
    expect(models.rows.map((m) => m.model).sort()).toEqual([...expected].sort());
    expect(models.rows.find((m) => m.model === 'H2P')?.driver).toBe('h2');
  });

  it('adds one template per site and model, storing the model as the driver names it', async () => {
    const id = await add(api, {
      name: 'Lobby H2P',
      description: 'Front desk',
      model: 'h2p',
      siteId: acme.siteId,
    });
    await add(api, { name: 'Annex H2P', model: 'H2P', siteId: annex });
    const got = await api.call<Template>('GET', `/modeltemplate/query?id=${id}`);
    expect(got.rows[0]).toMatchObject({
      name: 'Lobby H2P',
      description: 'Front desk',
      model: 'H2P',
      siteId: acme.siteId,
      siteName: 'Default',
    });
    const before = await templatesTable();
    const duplicate = await api.call('POST', '/modeltemplate/add', {
      name: 'Again',
      model: 'H2P',
      siteId: annex,
    });
    expect(duplicate).toMatchObject({
      code: 40000,
      message: 'This site already has a template for this model',
    });
    const unknown = await api.call('POST', '/modeltemplate/add', { name: 'X', model: 'T99', siteId: annex });
    expect(unknown.message).toBe('Unknown device model');
    const noName = await api.call('POST', '/modeltemplate/add', { name: '', model: 'H2', siteId: annex });
    expect(noName.message).toBe('This field cannot be empty!');
    const longName = await api.call('POST', '/modeltemplate/add', {
      name: 'n'.repeat(129),
      model: 'H2',
      siteId: annex,
    });
    expect(longName.message).toBe('The length cannot exceed 128 characters');
    const longDescription = await api.call('POST', '/modeltemplate/add', {
      name: 'Ok',
      description: 'd'.repeat(501),
      model: 'H2',
      siteId: annex,
    });
    expect(longDescription.message).toBe('The length cannot exceed 500 characters');
    const foreignSite = await api.call('POST', '/modeltemplate/add', {
      name: 'X',
      model: 'H2',
      siteId: globex.siteId,
    });
    expect(foreignSite.message).toBe('The site does not exist');
    expect(await templatesTable()).toBe(before);
  });

  it('edits name and description only', async () => {
    const id = await add(api, { name: 'Annex H2', model: 'H2', siteId: annex });
    const updated = await api.call('POST', '/modeltemplate/update', {
      id,
      name: 'Annex H2 phones',
      description: 'Edited',
      model: 'V64',
      siteId: acme.siteId,
    });
    expect(updated.code).toBe(0);
    const got = await api.call<Template>('GET', `/modeltemplate/query?id=${id}`);
    expect(got.rows[0]).toMatchObject({
      name: 'Annex H2 phones',
      description: 'Edited',
      model: 'H2',
      siteId: annex,
    });
  });

  it('searches by keywords and site subtree, sorted and paged', async () => {
    const bySite = await api.call<{ list: Template[]; total: number }>('POST', '/modeltemplate/search', {
      site: annex,
      sortField: 'name',
    });
    expect(bySite.rows[0]?.list.map((t) => t.name)).toEqual(['Annex H2 phones', 'Annex H2P']);
    const wholeTree = await api.call<{ list: Template[]; total: number }>('POST', '/modeltemplate/search', {
      site: acme.siteId,
    });
    expect(wholeTree.rows[0]?.total).toBe(3);
    const keywords = await api.call<{ list: Template[]; total: number }>('POST', '/modeltemplate/search', {
      keywords: 'front',
      currentPage: 1,
      pageSize: 10,
    });
    expect(keywords.rows[0]?.list.map((t) => t.name)).toEqual(['Lobby H2P']);
    const picker = await api.call<{ name: string }>('GET', `/modeltemplate/modelTempSelect?siteId=${annex}`);
    expect(picker.rows.map((t) => t.name).sort()).toEqual(['Annex H2 phones', 'Annex H2P']);
  });

  it('deletes templates with their parameter layers through both delete calls', async () => {
    const { db } = running.cradle;
    const ids = (
      await db.query<{ id: string }>(`SELECT id FROM model_templates WHERE site_id = $1`, [annex])
    ).map((row) => Number(row.id));
    await db.execute(
      `INSERT INTO config_layers (org_id, relation, relation_id, config) SELECT $1, 'model', unnest($2::bigint[]), '{}'`,
      [acme.orgId, ids],
    );
    expect((await api.call('DELETE', '/modeltemplate/remove', { ids: [ids[0]] })).code).toBe(0);
    expect((await api.call('DELETE', '/modeltemplate/removeBatch', { ids: [ids[1]] })).code).toBe(0);
    expect(await db.query(`SELECT 1 FROM model_templates WHERE site_id = $1`, [annex])).toEqual([]);
    expect(
      await db.query(
        `SELECT 1 FROM config_layers WHERE relation = 'model' AND relation_id = ANY($1::bigint[])`,
        [ids],
      ),
    ).toEqual([]);
  });
});

describe('tenant isolation', () => {
  it('shows another enterprise none of the templates and lets it change none', async () => {
    const [acmeTemplate] = await running.cradle.db.query<{ id: string }>('SELECT id FROM model_templates');
    const id = Number(acmeTemplate?.id);
    const before = await templatesTable();
    const search = await globexApi.call<{ total: number }>('POST', '/modeltemplate/search', {});
    expect(search.rows[0]?.total).toBe(0);
    expect((await globexApi.call('GET', '/modeltemplate/modelTempSelect')).rows).toEqual([]);
    expect((await globexApi.call('GET', `/modeltemplate/query?id=${id}`)).code).toBe(40400);
    expect((await globexApi.call('POST', '/modeltemplate/update', { id, name: 'Mine' })).code).toBe(40400);
    expect((await globexApi.call('DELETE', '/modeltemplate/remove', { ids: [id] })).code).toBe(40400);
    expect((await globexApi.call('DELETE', '/modeltemplate/removeBatch', { ids: [id] })).code).toBe(40400);
    expect(await templatesTable()).toBe(before);
  });
});
