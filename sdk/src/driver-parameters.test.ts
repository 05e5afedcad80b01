import h2Package from '@phonefleet/driver-h2';
import vSeriesPackage from '@phonefleet/driver-v-series';
import yealinkPackage from '@phonefleet/driver-yealink';
import { describe, expect, it } from 'vitest';
import {
  type DriverManifest,
  identifyPhone,
  parseDriver,
  renderConfig,
  shareTextDriver,
  textEditingRefusal,
} from './driver.js';
import { pathMatches, unsupportedReason } from './driver-parameters.js';
import { booleanAs, mapParameters, valueMap } from './parameter-map.js';

const h2 = parseDriver('@phonefleet/driver-h2', h2Package);
const vSeries = parseDriver('@phonefleet/driver-v-series', vSeriesPackage);

describe('what a driver declares', () => {
  it('derives the editor flags from the declarations: H2 adds SubType, renames the web session, refuses text', () => {
    expect(h2.models[0]?.capabilities).toMatchObject({
      keySubtype: true,
      shortWebSession: true,
      textEditing: false,
    });
    expect(textEditingRefusal(h2)?.en).toBe('H2 and H2P do not support text editing');
    expect(vSeries.models[0]?.capabilities).toMatchObject({
      keySubtype: false,
      shortWebSession: false,
      textEditing: true,
    });
    expect(textEditingRefusal(vSeries)).toBeUndefined();
  });

  it('refuses a rename the catalogue has no variant for', () => {
    expect(() =>
      parseDriver('bad', {
        ...h2Package,
        parameters: { renames: { 'network.port.MTU': 'settings.general.X' } },
      }),
    ).toThrow(/cannot rename network.port.MTU to settings.general.X/);
  });

  it('a driver without a text declaration offers no text editor, saying so', () => {
    const { text: _text, ...bare } = vSeriesPackage;
    expect(textEditingRefusal(parseDriver('bare', bare))?.en).toBe(
      'The driver of this model declares no text format',
    );
  });

  it('matches unsupported patterns by whole segments, `*` for one, a short pattern for a section', () => {
    expect(pathMatches('account.*.advanced.SIPSlaEnable', 'account.12.advanced.SIPSlaEnable')).toBe(true);
    expect(pathMatches('account.*.advanced.SIPSlaEnable', 'account.1.advanced.SIPSlaEnable2')).toBe(false);
    expect(pathMatches('network.xvpn', 'network.xvpn.XvpnServer')).toBe(true);
    expect(pathMatches('network.xvpn', 'network.xvpnx.XvpnServer')).toBe(false);
    expect(pathMatches('network.xvpn.XvpnServer.more', 'network.xvpn.XvpnServer')).toBe(false);
  });

  it('never renders a parameter its driver declares unsupported', () => {
    const lacking: DriverManifest = {
      ...vSeries,
      parameters: {
        ...vSeries.parameters,
        unsupported: [{ path: 'network.xvpn', reason: { en: 'No XVPN', 'zh-CN': '无 XVPN' } }],
      },
    };
    const model = lacking.models[0];
    const file = lacking.files[0];
    if (!model || !file) throw new Error('fixture');
    const text = renderConfig(
      lacking,
      new Map([
        ['network.xvpn.XvpnServer', 'vpn.example'],
        ['network.ipParameter.MTU', '1400'],
      ]),
      { model, mac: '001565aabbcc', file },
    );
    expect(text).toContain('network.ipParameter.MTU');
    expect(text).not.toContain('vpn.example');
  });

  it('answers each driver for itself when drivers ask for the same path in turn (answers are kept)', () => {
    const noVpn = { en: 'No XVPN', 'zh-CN': '无 XVPN' };
    const lacking = { unsupported: [{ path: 'network.xvpn', reason: noVpn }] };
    const mapped = {
      unsupported: [{ path: 'network', reason: { en: 'Not mapped', 'zh-CN': '未映射' } }],
      map: mapParameters([{ path: 'network.xvpn.XvpnServer', key: 'vpn.server' }]),
    };
    for (let round = 0; round < 2; round += 1) {
      expect(unsupportedReason(lacking, 'network.xvpn.XvpnServer')).toBe(noVpn);
      expect(unsupportedReason(mapped, 'network.xvpn.XvpnServer')).toBeUndefined();
      expect(unsupportedReason(mapped, 'network.xvpn.XvpnEnable')?.en).toBe('Not mapped');
      expect(unsupportedReason(lacking, 'network.ipParameter.MTU')).toBeUndefined();
    }
  });
});

describe('site, group and global text format', () => {
  it('is the first text-editing driver by id whose keys are catalogue paths, whatever the load order', () => {
    const mapped: DriverManifest = {
      ...vSeries,
      id: 'a-mapped',
      parameters: {
        ...vSeries.parameters,
        map: mapParameters([{ path: 'network.ipParameter.MTU', key: 'mtu' }]),
      },
    };
    const lacking: DriverManifest = {
      ...vSeries,
      id: 'b-lacking',
      parameters: {
        ...vSeries.parameters,
        unsupported: [{ path: 'network', reason: { en: 'x', 'zh-CN': 'x' } }],
      },
    };
    const other: DriverManifest = { ...vSeries, id: 'w-other' };
    expect(shareTextDriver([h2, other, mapped, lacking, vSeries])?.id).toBe('v-series');
    expect(shareTextDriver([other, vSeries])?.id).toBe('v-series');
    expect(shareTextDriver([vSeries, other])?.id).toBe('v-series');
    expect(shareTextDriver([h2, mapped])).toBeUndefined();
  });
});

describe('the mapping helper', () => {
  const map = mapParameters([
    { path: 'account.{n}.register.UserName', key: 'account.{n}.user_name' },
    { path: 'account.{n}.register.Enable', key: 'account.{n}.enable', convert: booleanAs() },
    {
      path: 'phoneKeys.extKey.Aom{m}ProgKey.{k}.Type',
      key: 'expansion_module.{m}.key.{k}.type',
      convert: valueMap({ '0': '0', '1': '15' }),
    },
  ]);

  it('turns catalogue paths into vendor keys with their numbers, and back', () => {
    expect(map.toVendor('account.3.register.UserName', '1003')).toEqual(['account.3.user_name', '1003']);
    expect(map.toVendor('account.3.register.Enable', 'true')).toEqual(['account.3.enable', '1']);
    expect(map.toVendor('phoneKeys.extKey.Aom2ProgKey.17.Type', '1')).toEqual([
      'expansion_module.2.key.17.type',
      '15',
    ]);
    expect(map.fromVendor('expansion_module.2.key.17.type', '15')).toEqual([
      'phoneKeys.extKey.Aom2ProgKey.17.Type',
      '1',
    ]);
    expect(map.fromVendor('account.3.enable', '0')).toEqual(['account.3.register.Enable', 'false']);
    expect(map.toVendor('account.3.register.Password', 'x')).toBeUndefined();
    expect(map.fromVendor('account.3.password', 'x')).toBeUndefined();
  });

  it('names the key of a vendor value without a catalogue equivalent', () => {
    expect(() => map.fromVendor('account.1.enable', 'yes')).toThrow(
      'account.1.enable: unexpected value "yes"',
    );
  });

  it('refuses entries whose placeholders differ or that claim a key twice', () => {
    expect(() => mapParameters([{ path: 'a.{n}.b', key: 'a.b' }])).toThrow(/same placeholders/);
    expect(() =>
      mapParameters([
        { path: 'a.b', key: 'x' },
        { path: 'a.c', key: 'X' },
      ]),
    ).toThrow(/x is mapped twice/);
  });
});

describe('a User-Agent two drivers claim', () => {
  const yealink = parseDriver('@phonefleet/driver-yealink', yealinkPackage);
  const agent = 'Yealink SIP-T46S 66.86.0.15 00:15:65:aa:bb:cc';
  /** A driver that reads every Yealink-looking agent, with its own models and vendor. */
  const greedy = (id: string, vendor: string, modelIds: string[]): DriverManifest => ({
    ...vSeries,
    id,
    vendor,
    models: modelIds.map(
      (model) => ({ ...vSeries.models[0], id: model }) as DriverManifest['models'][number],
    ),
    identify: (userAgent) =>
      /T46S/.test(userAgent) ? { model: 'T46S', firmware: '1', mac: undefined } : undefined,
  });

  it('goes to the driver that declares the model it read, whatever the order', () => {
    const other = greedy('a-other', 'Yealink', ['X1']);
    expect(identifyPhone([other, yealink], agent)?.driver.id).toBe('yealink');
    expect(identifyPhone([yealink, other], agent)?.driver.id).toBe('yealink');
    expect(identifyPhone([yealink, other], agent)?.identity.mac).toBe('001565aabbcc');
  });

  it('then to the driver whose vendor the User-Agent names, then to the first by id', () => {
    const acme = greedy('a-acme', 'Acme', ['T46S']);
    expect(identifyPhone([acme, yealink], agent)?.driver.id).toBe('yealink');
    const twinB = greedy('b-twin', 'Acme', ['T46S']);
    expect(identifyPhone([twinB, acme], agent)?.driver.id).toBe('a-acme');
    expect(identifyPhone([acme, twinB], agent)?.driver.id).toBe('a-acme');
    expect(identifyPhone([acme, yealink], 'curl/8.5.0')).toBeUndefined();
  });
});
