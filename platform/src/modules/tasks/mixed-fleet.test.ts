import type { ParameterNode, ParameterTree } from '@phonefleet/sdk/catalogue';
import type { SimulatedPhone } from '@phonefleet/sdk/testing';
import { describe, expect, it } from 'vitest';
import { notSentGroups } from '../../testing/loaded-models.js';
import { until } from '../../testing/until.js';
import { paramItem, useVendorFleet, type VendorFleet } from '../../testing/vendor-fleet.js';

/**
 * A mixed site (issue 22): two phones of each of the eight bundled families, each simulated with its
 * own driver, on one site of one enterprise. One site layer reaches them all in their own formats;
 * one configuration push and one reboot task reach them all with their own events (the Cisco phones
 * challenge theirs); a site parameter one family cannot take is left out of that family's files only,
 * and the editor's preview names exactly those phones.
 */
const VLAN = 'network.ipParameter.VLANId';
/** Declared unsupported by the Cisco MPP driver (its DSCP is a ToS value in another setting). */
const DSCP = 'sipFunction.general.SIPDSCP';

const siteLayer = (vlan: string) => ({
  network: { ipParameter: { VLANId: paramItem('VLANId', vlan) } },
  sipFunction: { general: { SIPDSCP: paramItem('SIPDSCP', '46') } },
});

/** Per family: the models (two real ones of its driver), the files each phone asks for, and a mark of its format. */
const families: {
  driver: string;
  models: [string, string];
  files: (mac: string) => string[][];
  format: RegExp;
}[] = [
  {
    driver: 'h2',
    models: ['H2P', 'H2'],
    files: (mac) => [[`${mac}.cfg`], [`${mac}.cfg`]],
    format: /^# H2P? [0-9a-f]{12}\n/,
  },
  {
    driver: 'v-series',
    models: ['V62', 'V64'],
    files: (mac) => [[`cfg${mac}.xml`], [`cfg${mac}.xml`]],
    format: /<settings>\n\s*<setting id="/,
  },
  {
    driver: 'yealink',
    models: ['T46S', 'T54W'],
    files: (mac) => [
      ['y000000000066.cfg', `${mac}.cfg`],
      ['y000000000096.cfg', `${mac}.cfg`],
    ],
    format: /^#!version:1\.0\.0\.1\n/,
  },
  {
    driver: 'grandstream',
    models: ['GXP2170', 'GRP2614'],
    files: (mac) => [[`cfg${mac}.xml`], [`cfg${mac}.xml`]],
    format: /<gs_provision version="1">/,
  },
  {
    driver: 'poly',
    models: ['VVX_450', 'VVX_350'],
    files: (mac) => [
      [`${mac}.cfg`, `${mac}-phonefleet.cfg`],
      [`${mac}.cfg`, `${mac}-phonefleet.cfg`],
    ],
    format: /^<\?xml version="1\.0" encoding="UTF-8" standalone="yes"\?>\n[\s\S]*<polycomConfig/,
  },
  {
    driver: 'snom',
    models: ['D785', 'D717'],
    files: (mac) => [
      ['snomD785.xml', `${mac}.xml`],
      ['snomD717.xml', `${mac}.xml`],
    ],
    format: /<phone-settings/,
  },
  {
    driver: 'fanvil',
    models: ['X4U', 'X210'],
    files: (mac) => [
      ['f0X4Uhw1.100.cfg', `${mac}.cfg`],
      ['F0V00X200000.cfg', `${mac}.cfg`],
    ],
    format: /<sysConf>/,
  },
  {
    driver: 'cisco-mpp',
    models: ['CP-8841', 'CP-7841'],
    files: (mac) => [
      ['8841-3PCC.xml', `${mac}.xml`],
      ['7841-3PCC.xml', `${mac}.xml`],
    ],
    format: /<flat-profile>/,
  },
];

const vendor = useVendorFleet({
  models: families.flatMap((family) => family.models),
  username: 'acme-mixed',
  addressBase: '127.69.0.0',
  macBase: '0a6900000000',
  siteParameters: siteLayer('20'),
  notifyAuth: { lineBase: 8200, registrar: '127.69.0.250', drivers: ['cisco-mpp'] },
});

const familyOf = (phone: SimulatedPhone) => phone.options.driver.id;

/**
 * The name a phone's driver writes a catalogue path under: its map's key (the last part of it: the
 * XML formats nest the parts above as elements), or the path itself for drivers without a map.
 */
function vendorKey(phone: SimulatedPhone, path: string, value: string): string {
  const key = phone.options.driver.parameters?.map?.toVendor(path, value)?.[0];
  return key?.split('.').at(-1) ?? path;
}

/** Families whose driver declares `path` unsupported, from the loaded drivers (what the editor says). */
function familiesLacking({ running, fleet }: VendorFleet, path: string): string[] {
  const models = new Set(notSentGroups(running, path).flatMap((group) => group.models));
  return [...new Set(fleet.phones.filter((phone) => models.has(phone.options.model)).map(familyOf))];
}

function findNode(tree: ParameterTree, path: string): ParameterNode | undefined {
  for (const tab of tree.tabs) {
    for (const section of tab.sections) {
      if (section.kind !== 'params') continue;
      const nodes = [...section.params, ...section.groups.flatMap((group) => group.params)];
      const node = nodes.find((candidate) => candidate.path === path);
      if (node) return node;
    }
  }
  return undefined;
}

/** A task's per-device results as the task screen reads them, once none is left scheduled or ongoing. */
async function finalResults({ api }: VendorFleet, taskId: number, devices: number) {
  const reply = await until(
    () =>
      api.call<{
        list: { macAddress: string; result: number; message: string }[];
        summary: Record<string, number>;
      }>('POST', '/task/results', { id: taskId, currentPage: 1, pageSize: 100 }),
    (answer) =>
      answer.rows[0]?.list.length === devices && answer.rows[0].list.every((row) => row.result >= 2),
    45_000,
  );
  return reply.rows[0];
}

describe('a mixed site of eight phone families', () => {
  it('every phone fetches its files under its own names, in its own format, with the site value under its own key', async () => {
    const { fleet } = vendor();
    expect(await fleet.each((phone) => phone.boot())).toEqual([]);
    expect(new Set(fleet.phones.map(familyOf))).toEqual(new Set(families.map((family) => family.driver)));
    for (const [index, family] of families.entries()) {
      const pair = fleet.phones.slice(index * 2, index * 2 + 2);
      expect(pair.map(familyOf)).toEqual([family.driver, family.driver]);
      expect(pair.map((phone) => phone.options.model)).toEqual(family.models);
      for (const [n, phone] of pair.entries()) {
        expect([...phone.commonFiles.keys(), phone.fileName]).toEqual(family.files(phone.options.mac)[n]);
        const fetched = await phone.fetchConfig();
        expect(fetched.status).toBe(200);
        expect(fetched.body).toMatch(family.format);
        expect(fetched.body).toContain(vendorKey(phone, VLAN, '20'));
        expect(fetched.values.get(VLAN)).toBe('20');
      }
    }
  });

  it('leaves a parameter one family lacks out of that family’s files only, and the preview names exactly those phones', async () => {
    const setup = vendor();
    const { api, acme, fleet } = setup;
    const lacking = familiesLacking(setup, DSCP);
    expect(lacking.length).toBeGreaterThan(0);
    expect(lacking.length).toBeLessThan(families.length);
    const lackingPhones = fleet.phones.filter((phone) => lacking.includes(familyOf(phone)));
    for (const phone of fleet.phones) {
      const fetched = await phone.fetchConfig();
      if (lacking.includes(familyOf(phone))) {
        expect(fetched.values.has(DSCP)).toBe(false);
        expect(fetched.body).not.toContain('SIPDSCP');
      } else {
        expect(fetched.values.get(DSCP)).toBe('46');
        expect(fetched.body).toContain(vendorKey(phone, DSCP, '46'));
      }
    }
    // What the site editor's "will not reach" notice is built from: the share tree's notSentTo and
    // the site's devices per model.
    const tree = await api.call<ParameterTree>('POST', '/tb-config/dynamicParameterJs', { model: 'share' });
    const dscpNode = tree.rows[0] && findNode(tree.rows[0], DSCP);
    expect(findNode(tree.rows[0] as ParameterTree, VLAN)?.notSentTo).toBeUndefined();
    const notSentModels = new Set(dscpNode?.notSentTo?.flatMap((group) => group.models));
    const affected = await api.call<{ byModel: { model: string; total: number; macs: string[] }[] }>(
      'GET',
      `/tb-config/affectedDevices?relationName=site&relationId=${acme.siteId}`,
    );
    const unreached = (affected.rows[0]?.byModel ?? [])
      .filter((entry) => entry.total > 0 && notSentModels.has(entry.model))
      .flatMap((entry) => entry.macs);
    expect(unreached.sort()).toEqual(lackingPhones.map((phone) => phone.options.mac).sort());
  });

  it('one configuration push and one reboot task reach all sixteen with their own events, every result a success', async () => {
    const setup = vendor();
    const { api, acme, fleet, ids } = setup;
    const saved = await api.call('POST', '/tb-config/saveParam', {
      relationId: acme.siteId,
      relationName: 'site',
      ...siteLayer('30'),
    });
    expect(saved.code).toBe(0);
    for (const [route, event] of [
      ['/device/configPush', 'checkSync'],
      ['/device/deviceReboot', 'reboot'],
    ] as const) {
      const fetchesBefore = fleet.phones.map((phone) => phone.fetches);
      const task = await api.call<{ id: number }>('POST', route, { ids });
      expect(task.code).toBe(0);
      const results = await finalResults(setup, task.rows[0]?.id ?? 0, ids.length);
      expect(results?.list.map((row) => [row.result, row.message])).toEqual(ids.map(() => [2, '']));
      expect(results?.summary['2']).toBe(ids.length);
      await fleet.settled();
      // Each phone got its own driver's event for this task and fetched its file again.
      expect(fleet.phones.map((phone) => phone.notifyEvents.at(-1))).toEqual(
        fleet.phones.map((phone) => phone.options.driver.pushEvents[event]),
      );
      expect(fleet.phones.filter((phone, i) => phone.fetches <= (fetchesBefore[i] ?? 0))).toEqual([]);
    }
    expect(fleet.phones.map((phone) => phone.notifyEvents.length)).toEqual(fleet.phones.map(() => 2));
    // Only the Cisco phones challenged, each NOTIFY once, and took the retry signed with line 1.
    expect(fleet.phones.map((phone) => [familyOf(phone), phone.notifyAuth?.challenges ?? 0])).toEqual(
      fleet.phones.map((phone) => [familyOf(phone), familyOf(phone) === 'cisco-mpp' ? 2 : 0]),
    );
    expect(fleet.phones.map((phone) => phone.notifyAuth?.badSignatures ?? 0)).toEqual(
      fleet.phones.map(() => 0),
    );
    for (const phone of fleet.phones) expect((await phone.fetchConfig()).values.get(VLAN)).toBe('30');
  }, 120_000);
});
