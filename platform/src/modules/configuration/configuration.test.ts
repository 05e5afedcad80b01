import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { loadedModelIds, notSentGroups } from '../../testing/loaded-models.js';
import { createTenant, insertDevices, type TestTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';

let running: RunningConsole;
let acme: TestTenant;
let other: TestTenant;
let admin: ApiClient;
let acmeApi: ApiClient;
let deviceId: number;
let childSiteId: number;
let templateId: number;
let groupId: number;

const item = (Key: string, Value: string, Push = true) => ({
  Key,
  Value,
  DefaultValue: '',
  Push,
  ValueTemplate: '',
  label: Key,
});

function sipFunction(values: Record<string, string>) {
  return {
    general: Object.fromEntries(Object.entries(values).map(([key, value]) => [key, item(key, value)])),
  };
}

beforeAll(async () => {
  running = await createTestConsole();
  const { db } = running.cradle;
  acme = await createTenant(db, 'enterprise', 'Acme');
  other = await createTenant(db, 'enterprise', 'Other');
  const [child] = await db.query<{ id: string }>(
    `INSERT INTO sites (org_id, name, parent_id, path) VALUES ($1, 'Floor 2', $2, '') RETURNING id`,
    [acme.orgId, acme.siteId],
  );
  childSiteId = Number(child?.id);
  await db.execute(`UPDATE sites SET path = '/' || $2::text || '/' || id || '/' WHERE id = $1`, [
    childSiteId,
    acme.siteId,
  ]);
  await insertDevices(db, { ...acme, siteId: childSiteId }, [{ mac: '001565000001', model: 'H2P' }]);
  deviceId = Number((await db.one<{ id: string }>(`SELECT id FROM devices WHERE mac = '001565000001'`))?.id);
  templateId = Number(
    (
      await db.one<{ id: string }>(
        `INSERT INTO model_templates (org_id, site_id, name, model) VALUES ($1, $2, 'H2P floor 2', 'H2P') RETURNING id`,
        [acme.orgId, childSiteId],
      )
    )?.id,
  );
  groupId = Number(
    (
      await db.one<{ id: string }>(
        `INSERT INTO device_groups (org_id, name) VALUES ($1, 'Lobby') RETURNING id`,
        [acme.orgId],
      )
    )?.id,
  );
  await db.execute('INSERT INTO group_devices (group_id, device_id) VALUES ($1, $2)', [groupId, deviceId]);
  admin = new ApiClient(running.url);
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
  acmeApi = new ApiClient(running.url);
  await acmeApi.signIn(acme.userName, acme.password);
});
afterAll(async () => {
  await running.stop();
});

describe('saving parameters', () => {
  it('stores a valid save and returns it complete, defaults included', async () => {
    const saved = await acmeApi.call('POST', '/tb-config/saveParam', {
      relationId: acme.siteId,
      relationName: 'site',
      sipFunction: sipFunction({ SIPMaxCall: '4' }),
    });
    expect(saved.code).toBe(0);
    const got = await acmeApi.call<{
      sipFunction: { general: Record<string, { Value: string; Push: boolean }> };
    }>('GET', `/tb-config/getParam?relationId=${acme.siteId}&relationName=site`);
    expect(got.rows[0]?.sipFunction.general.SIPMaxCall).toMatchObject({ Value: '4', Push: true });
    expect(got.rows[0]?.sipFunction.general.SIPRegisterRetry).toMatchObject({ Value: '300', Push: false });
  });

  it('rejects the whole save on one bad value, in the engine’s words, and keeps what was stored', async () => {
    const reply = await acmeApi.call('POST', '/tb-config/saveParam', {
      relationId: acme.siteId,
      relationName: 'site',
      sipFunction: sipFunction({ SIPMaxCall: '9', SIPRegisterRetry: '100' }),
    });
    expect(reply.code).toBe(40000);
    expect(reply.message).toBe('Please enter a number between 1 and 5');
    expect(reply.messageExt).toContain('sipFunction.general.SIPMaxCall');
    const got = await acmeApi.call<{ sipFunction: { general: Record<string, { Value: string }> } }>(
      'GET',
      `/tb-config/getParam?relationId=${acme.siteId}&relationName=site`,
    );
    expect(got.rows[0]?.sipFunction.general.SIPMaxCall?.Value).toBe('4');
    expect(got.rows[0]?.sipFunction.general.SIPRegisterRetry?.Value).toBe('300');
  });

  it('takes values as strings only, the account sections as JSON strings and relationId as a JSON integer', async () => {
    const stored = async () =>
      JSON.stringify(
        await running.cradle.db.query('SELECT relation, relation_id, config FROM config_layers'),
      );
    const before = await stored();
    const save = (body: Record<string, unknown>) =>
      acmeApi.call('POST', '/tb-config/saveParam', {
        relationId: acme.siteId,
        relationName: 'site',
        ...body,
      });
    const asNumber = await save({
      sipFunction: { general: { SIPMaxCall: { ...item('SIPMaxCall', '3'), Value: 3 } } },
    });
    expect(asNumber).toMatchObject({ code: 40000, message: 'Invalid value type' });
    expect(asNumber.messageExt).toContain('sipFunction.general.SIPMaxCall');
    const asBoolean = await save({
      maintenance: { security: { SSHEnable: { ...item('SSHEnable', 'true'), Value: true } } },
    });
    expect(asBoolean.message).toBe('Invalid value type');
    const asObject = await save({
      account: [{ no: 1, codec: {}, advanced: { TelephonyVmNumber: item('TelephonyVmNumber', '100') } }],
    });
    expect(asObject.message).toBe('Invalid value type');
    for (const relationId of [String(acme.siteId), [acme.siteId], true, '']) {
      const reply = await save({ relationId, sipFunction: sipFunction({ SIPMaxCall: '3' }) });
      expect(reply.code, JSON.stringify(relationId)).toBe(40000);
    }
    expect(await stored()).toBe(before);
  });

  it('rejects unknown parameters and hostile strings', async () => {
    const unknown = await acmeApi.call('POST', '/tb-config/saveParam', {
      relationId: acme.siteId,
      relationName: 'site',
      sipFunction: { general: { NotAParameter: item('NotAParameter', '1') } },
    });
    expect(unknown.code).toBe(40000);
    const hostile = await acmeApi.call('POST', '/tb-config/saveParam', {
      relationId: acme.siteId,
      relationName: 'site',
      provision: { autoProvision: { ProvisioningUrl: item('ProvisioningUrl', 'http://x\nSIPMaxCall = 5') } },
    });
    expect(hostile.code).toBe(40000);
  });

  it('answers not found for another tenant’s relation and changes nothing there', async () => {
    const otherApi = new ApiClient(running.url);
    await otherApi.signIn(other.userName, other.password);
    const read = await otherApi.call(
      'GET',
      `/tb-config/getParam?relationId=${acme.siteId}&relationName=site`,
    );
    expect(read.code).toBe(40400);
    const write = await otherApi.call('POST', '/tb-config/saveParam', {
      relationId: deviceId,
      relationName: 'device',
      sipFunction: sipFunction({ SIPMaxCall: '1' }),
    });
    expect(write.code).toBe(40400);
    expect(
      await running.cradle.db.query('SELECT 1 FROM config_layers WHERE relation = $1', ['device']),
    ).toEqual([]);
  });

  it('builds the tree of a device model and the shared one', async () => {
    const h2 = await acmeApi.call<{ capabilities: { keySubtype: boolean } }>(
      'POST',
      '/tb-config/dynamicParameterJs',
      { model: 'H2P' },
    );
    expect(h2.rows[0]?.capabilities.keySubtype).toBe(true);
    // The shared tree says which models a parameter applies to when not all have it.
    type Node = { path: string; label: { en: string }; models?: string[] };
    const share = await acmeApi.call<{
      tabs: { key: string; sections: { kind: string; params?: Node[] }[] }[];
    }>('POST', '/tb-config/dynamicParameterJs', { model: 'share' });
    const settings = share.rows[0]?.tabs.find((tab) => tab.key === 'settings');
    const nodes = settings?.sections.flatMap((section) => section.params ?? []) ?? [];
    const timeouts = nodes.filter((node) => node.label.en === 'Web session timeout (s)');
    // Every loaded driver's models have the standard timeout, in load order; H2 and H2P their own.
    const h2Family = ['H2', 'H2P'];
    const others = loadedModelIds(running).filter((id) => !h2Family.includes(id));
    expect(others).toEqual(expect.arrayContaining(['GXP2170', 'D785', 'V62', 'T46U']));
    expect(timeouts.map((node) => node.models)).toEqual([others, h2Family]);
    expect(nodes.find((node) => node.path.endsWith('.KeyAsSend'))?.models).toBeUndefined();
    const unknown = await acmeApi.call('POST', '/tb-config/dynamicParameterJs', { model: 'X999' });
    expect(unknown.message).toBe('Unknown device model');
  });
});

describe('effective configuration', () => {
  it('merges global, site ancestors, site, model template, group and device, later winning, with provenance', async () => {
    const save = (relationName: string, relationId: number, values: Record<string, string>, api = acmeApi) =>
      api.call('POST', '/tb-config/saveParam', {
        relationId,
        relationName,
        sipFunction: sipFunction(values),
      });
    expect((await save('global', 1, { SIPRegisterRetry: '100', ReleaseTimeout: '5' }, admin)).code).toBe(0);
    expect((await save('global', acme.orgId, { ReleaseTimeout: '6', SIPDefaultAccount: '2' })).code).toBe(0);
    // The site save of the previous tests set SIPMaxCall 4 on the parent site.
    expect((await save('site', childSiteId, { SIPMaxCall: '3' })).code).toBe(0);
    expect((await save('model', templateId, { SIPDefaultAccount: '3' })).code).toBe(0);
    expect((await save('group', groupId, { LocalConfPartyMax: '5' })).code).toBe(0);
    expect((await save('device', deviceId, { LocalConfPartyMax: '6' })).code).toBe(0);

    const effective = await acmeApi.call<{ path: string; value: string; relation: string; name: string }>(
      'GET',
      `/tb-config/effective?deviceId=${deviceId}`,
    );
    const byPath = Object.fromEntries(
      effective.rows.map((row) => [
        row.path.replace('sipFunction.general.', ''),
        [row.value, row.relation, row.name],
      ]),
    );
    // Each layer by its name: the site's, the template's; every global layer is 'Global'.
    expect(byPath).toEqual({
      SIPRegisterRetry: ['100', 'global', 'Global'],
      ReleaseTimeout: ['6', 'global', 'Global'],
      SIPDefaultAccount: ['3', 'model', 'H2P floor 2'],
      SIPMaxCall: ['3', 'site', 'Floor 2'],
      LocalConfPartyMax: ['6', 'device', null],
    });
    // The group's name when its value wins.
    expect((await save('device', deviceId, { SIPMaxCall: '3' })).code).toBe(0);
    const grouped = await acmeApi.call<{ path: string; relation: string; name: string }>(
      'GET',
      `/tb-config/effective?deviceId=${deviceId}`,
    );
    expect(grouped.rows.find((row) => row.path.endsWith('.LocalConfPartyMax'))).toMatchObject({
      relation: 'group',
      name: 'Lobby',
    });
    // Another organization's user reads nothing of it.
    const otherApi = new ApiClient(running.url);
    await otherApi.signIn(other.userName, other.password);
    const foreign = await otherApi.call('GET', `/tb-config/effective?deviceId=${deviceId}`);
    expect(foreign.code).toBe(40400);
  });

  it('previews the devices a change to a relation would alter', async () => {
    const site = await acmeApi.call<{ total: number; macs: string[] }>(
      'GET',
      `/tb-config/affectedDevices?relationId=${acme.siteId}&relationName=site`,
    );
    expect(site.rows[0]).toEqual({
      total: 1,
      macs: ['001565000001'],
      byModel: [{ model: 'H2P', total: 1, macs: ['001565000001'] }],
    });
    const platform = await admin.call<{ total: number }>(
      'GET',
      '/tb-config/affectedDevices?relationId=1&relationName=global',
    );
    expect(platform.rows[0]?.total).toBe(1);
  });

  it('downloads a template as the model’s file', async () => {
    const response = await fetch(`${running.url}/api/cfg/type/model/${templateId}/H2P/floor2`, {
      headers: { Cookie: acmeApi.cookieHeader },
    });
    expect(response.headers.get('content-disposition')).toContain('floor2-H2P.cfg');
    expect(await response.text()).toContain('sipFunction.general.SIPDefaultAccount = 3');
  });
});

describe('text editor conversion', () => {
  it('renders pushed values in the model’s format and reads them back with the spec’s Push semantics', async () => {
    const payload = { sipFunction: sipFunction({ SIPMaxCall: '4' }) };
    const text = await acmeApi.call<{ text: string }>('POST', '/tb-config/configToText', {
      model: 'V64',
      payload,
    });
    expect(text.rows[0]?.text).toContain(
      '<setting id="sipFunction.general.SIPMaxCall" value="4" override="true"/>',
    );

    const edited = `<settings>
  <setting id="sipFunction.general.ReleaseTimeout" value="9" override="true"/>
</settings>`;
    const back = await acmeApi.call<{
      sipFunction: { general: Record<string, { Value: string; Push: boolean }> };
    }>('POST', '/tb-config/textToConfig', { model: 'V64', text: edited });
    expect(back.code).toBe(0);
    expect(back.rows[0]?.sipFunction.general.ReleaseTimeout).toMatchObject({ Value: '9', Push: true });
    // Absent from the text: back to its default, not pushed.
    expect(back.rows[0]?.sipFunction.general.SIPMaxCall).toMatchObject({ Value: '2', Push: false });
  });

  it('refuses unknown ids, bad values, broken text and H2 models in their own words', async () => {
    const convert = (model: string, text: string) =>
      acmeApi.call('POST', '/tb-config/textToConfig', { model, text });
    expect((await convert('V64', '<setting id="nope.Nothing" value="1"/>')).message).toBe(
      'Unknown parameter: nope.Nothing',
    );
    expect((await convert('V64', '<setting id="sipFunction.general.SIPMaxCall" value="9"/>')).message).toBe(
      'Please enter a number between 1 and 5',
    );
    const broken = await convert('V64', 'garbage');
    expect(broken.message).toBe('Incorrect format');
    expect((await convert('H2P', 'sipFunction.general.SIPMaxCall = 3')).message).toBe(
      'H2 and H2P do not support text editing',
    );
    expect((await convert('share', '<setting id="sipFunction.general.SIPMaxCall" value="3"/>')).code).toBe(0);
  });
});

describe('mapping honesty', () => {
  type Node = {
    path: string;
    unsupported?: { en: string };
    notSentTo?: { models: string[]; reason: { en: string } }[];
  };
  type Tree = { tabs: { key: string; sections: { kind: string; key: string; params?: Node[] }[] }[] };
  const node = (tree: Tree | undefined, path: string) =>
    tree?.tabs
      .flatMap((tab) => tab.sections.flatMap((section) => section.params ?? []))
      .find((n) => n.path === path);

  it('marks what a model’s driver never sends, names the models on share screens, and Yealink text in its own format', async () => {
    const t46s = await acmeApi.call<Tree>('POST', '/tb-config/dynamicParameterJs', { model: 'T46S' });
    expect(node(t46s.rows[0], 'network.xvpn.XvpnEnable')?.unsupported?.en).toBe(
      'Yealink IP phones have no equivalent setting',
    );
    expect(node(t46s.rows[0], 'network.ipParameter.VLANId')?.unsupported).toBeUndefined();
    const share = await acmeApi.call<Tree>('POST', '/tb-config/dynamicParameterJs', { model: 'share' });
    // Each loaded driver that has no XVPN is named with its reason, its models in load order.
    const lacking = new Map(
      notSentGroups(running, 'network.xvpn.XvpnEnable').map((group) => [group.reason.en, group] as const),
    );
    expect(node(share.rows[0], 'network.xvpn.XvpnEnable')?.notSentTo).toEqual([...lacking.values()]);
    expect(lacking.get('Yealink IP phones have no equivalent setting')?.models).toEqual(
      expect.arrayContaining(['T46S', 'T54W']),
    );
    expect(lacking.get('Grandstream GXP/GRP phones have no equivalent setting')?.models).toContain('GXP2170');
    expect(lacking.get('Snom D7xx phones have no equivalent setting')?.models).toContain('D785');
    expect(node(share.rows[0], 'network.ipParameter.VLANId')?.notSentTo).toBeUndefined();

    const payload = { network: { ipParameter: { VLANEnable: item('VLANEnable', 'true') } } };
    const text = await acmeApi.call<{ text: string; format: string }>('POST', '/tb-config/configToText', {
      model: 'T46S',
      payload,
    });
    expect(text.rows[0]?.format).toBe('Yealink .cfg');
    expect(text.rows[0]?.text).toContain('static.network.vlan.internet_port_enable = 1');
    const back = await acmeApi.call<{
      network: { ipParameter: Record<string, { Value: string; Push: boolean }> };
    }>('POST', '/tb-config/textToConfig', {
      model: 'T46S',
      text: '#!version:1.0.0.1\nstatic.network.vlan.internet_port_vid = 20\n',
    });
    expect(back.rows[0]?.network.ipParameter.VLANId).toMatchObject({ Value: '20', Push: true });
    const foreign = await acmeApi.call('POST', '/tb-config/textToConfig', {
      model: 'T46S',
      text: '<settings>\n<setting id="a" value="1"/>\n</settings>',
    });
    expect([foreign.message, foreign.messageExt]).toEqual([
      'Incorrect format',
      'line 1: expected #!version:1.0.0.1',
    ]);
  });

  it('previews the devices of a mixed site per model', async () => {
    await insertDevices(running.cradle.db, { ...acme, siteId: childSiteId }, [
      { mac: '805ec0000001', model: 'T46S' },
      { mac: '805ec0000002', model: 'T46S' },
    ]);
    const site = await acmeApi.call<{
      total: number;
      byModel: { model: string; total: number; macs: string[] }[];
    }>('GET', `/tb-config/affectedDevices?relationId=${acme.siteId}&relationName=site`);
    expect(site.rows[0]?.total).toBe(3);
    expect(site.rows[0]?.byModel).toEqual([
      { model: 'H2P', total: 1, macs: ['001565000001'] },
      { model: 'T46S', total: 2, macs: ['805ec0000001', '805ec0000002'] },
    ]);
  });
});
