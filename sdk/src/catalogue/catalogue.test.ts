import { describe, expect, it } from 'vitest';
import { validateConfig, validateParameter } from '../validation/index.js';
import {
  buildParameterTree,
  defaultConfig,
  fromPayload,
  type KeySectionNode,
  type ParameterTree,
  pushedValues,
  timeZones,
  toPayload,
} from './index.js';
import { allParams, deskLike, h2Like, hasParam, itemsFor, paramAt, smallLike } from './test-fixtures.js';

const share = buildParameterTree('share');
const h2 = buildParameterTree(h2Like);
const desk = buildParameterTree(deskLike);
const small = buildParameterTree(smallLike);
const trees: [string, ParameterTree][] = [
  ['share', share],
  ['h2', h2],
  ['desk', desk],
  ['small', small],
];

const keySection = (tree: ParameterTree, key: string): KeySectionNode | undefined => {
  const section = tree.tabs.find((t) => t.key === 'phoneKeys')?.sections.find((s) => s.key === key);
  return section?.kind === 'keys' ? section : undefined;
};
const groupCount = (tree: ParameterTree, tab: string, section: string, group: string) => {
  const s = tree.tabs.find((t) => t.key === tab)?.sections.find((x) => x.key === section);
  return s?.kind === 'params' ? s.groups.filter((g) => g.key === group).length : -1;
};
const sectionKeys = (tree: ParameterTree, tab: string) =>
  tree.tabs.find((t) => t.key === tab)?.sections.map((s) => s.key) ?? [];
const optionValues = (tree: ParameterTree, path: string) => paramAt(tree, path).ValueRule.split(',');

describe('tabs and sections', () => {
  it('has the nine tabs in screen order', () => {
    expect(share.tabs.map((t) => t.key)).toEqual([
      'account',
      'sipFunction',
      'network',
      'provision',
      'phoneKeys',
      'settings',
      'function',
      'directoryHistory',
      'maintenance',
    ]);
  });

  it('has every section of the catalogue and the console payload on share screens', () => {
    expect(sectionKeys(share, 'account')).toEqual(['codec', 'advanced']);
    expect(sectionKeys(share, 'sipFunction')).toEqual(['general']);
    expect(sectionKeys(share, 'network')).toEqual([
      'ipParameter',
      'port',
      'lldp',
      'ipsecVpn',
      'natVpn',
      'openVpn',
      'wifi',
      'xvpn',
    ]);
    expect(sectionKeys(share, 'provision')).toEqual(['autoProvision', 'tr069', 'edm']);
    expect(sectionKeys(share, 'phoneKeys')).toEqual(['programKey', 'dynamicKey', 'extKey', 'dssKey']);
    expect(sectionKeys(share, 'settings')).toEqual([
      'general',
      'timeDate',
      'callDisplay',
      'audio',
      'display',
      'ringing',
      'dialingRule',
      'phoneLock',
      'bluetooth',
      'screen',
      'tones',
      'usb',
    ]);
    expect(sectionKeys(share, 'function')).toEqual([
      'forward',
      'dnd',
      'intercom',
      'hotline',
      'actionUrl',
      'callpickupCallpark',
      'multicastPaging',
      'transfer',
      'reomteContal',
    ]);
    expect(sectionKeys(share, 'directoryHistory')).toEqual([
      'ldap',
      'remotePhoneBook',
      'history',
      'localDirectory',
    ]);
    expect(sectionKeys(share, 'maintenance')).toEqual([
      'logCollection',
      'changePassword',
      'security',
      'binaryUpdate',
      'certificateManagement',
      'configfileImportExport',
      'restoreFactory',
    ]);
  });

  it('gives every "also seen" sub-section some parameters', () => {
    for (const tab of share.tabs) {
      for (const section of tab.sections) {
        const size =
          section.kind === 'keys'
            ? section.rows.length
            : section.params.length + section.groups.reduce((n, g) => n + g.params.length, 0);
        expect(size, `${tab.key}.${section.key}`).toBeGreaterThan(0);
      }
    }
  });
});

describe('counts (catalogue §9)', () => {
  it('has 20 accounts with codec and advanced on share screens', () => {
    expect(groupCount(share, 'account', 'codec', 'account')).toBe(20);
    expect(groupCount(share, 'account', 'advanced', 'account')).toBe(20);
    expect(optionValues(share, 'sipFunction.general.SIPDefaultAccount')).toEqual(
      Array.from({ length: 20 }, (_, i) => String(i + 1)),
    );
  });

  it('has 36 program keys plus the 16 fixed keys, 4 dynamic, 3×60 expansion, 2 DSS keys', () => {
    const program = keySection(share, 'programKey');
    expect(program?.rows.filter((r) => /^\d+$/.test(r.id))).toHaveLength(36);
    expect(program?.rows.filter((r) => !/^\d+$/.test(r.id)).map((r) => r.Name)).toEqual([
      'Redial',
      'Release',
      'Hold',
      'Mute',
      'Transfer',
      'Message',
      'Conference',
      'Handsfree',
      'Up',
      'Down',
      'Left',
      'Right',
      'OK',
      'Cancel',
      'VolUp',
      'VolDown',
    ]);
    expect(keySection(share, 'dynamicKey')?.rows).toHaveLength(4);
    const ext = keySection(share, 'extKey');
    expect(ext?.rows).toHaveLength(180);
    for (const m of [1, 2, 3]) {
      const rows = ext?.rows.filter((r) => r.module === m) ?? [];
      expect(rows).toHaveLength(60);
      expect(rows[0]?.Name).toBe(`Aom${m}ProgKey1`);
      expect(rows[59]?.Name).toBe(`Aom${m}ProgKey60`);
    }
    expect(keySection(share, 'dssKey')?.rows).toHaveLength(2);
    expect(keySection(share, 'programKey')?.pageSize).toBe(20);
  });

  it('has 6 remote phone books, 10 ringers, 8-account groups and 2 hotline accounts', () => {
    expect(groupCount(share, 'directoryHistory', 'remotePhoneBook', 'book')).toBe(6);
    expect(groupCount(share, 'settings', 'ringing', 'ringer')).toBe(10);
    expect(groupCount(share, 'settings', 'dialingRule', 'account')).toBe(8);
    expect(groupCount(share, 'function', 'forward', 'account')).toBe(8);
    expect(groupCount(share, 'function', 'dnd', 'account')).toBe(8);
    expect(groupCount(share, 'function', 'intercom', 'account')).toBe(8);
    expect(groupCount(share, 'function', 'hotline', 'account')).toBe(2);
    expect(groupCount(share, 'directoryHistory', 'ldap', 'server')).toBeGreaterThan(0);
  });

  it('follows the model capabilities', () => {
    expect(groupCount(small, 'account', 'codec', 'account')).toBe(6);
    expect(groupCount(small, 'function', 'forward', 'account')).toBe(4);
    expect(groupCount(small, 'settings', 'dialingRule', 'account')).toBe(4);
    expect(keySection(small, 'programKey')?.rows.filter((r) => /^\d+$/.test(r.id))).toHaveLength(12);
    expect(keySection(small, 'programKey')?.cells.Account?.ValueRule).toBe('1,2,3,4');
    expect(keySection(small, 'extKey')).toBeUndefined();
    expect(keySection(small, 'dssKey')).toBeUndefined();
    expect(optionValues(small, 'sipFunction.general.SIPDefaultAccount')).toHaveLength(6);
    expect(groupCount(h2, 'account', 'codec', 'account')).toBe(2);
    expect(groupCount(h2, 'function', 'hotline', 'account')).toBe(2);
    expect(keySection(h2, 'dynamicKey')).toBeUndefined();
    expect(keySection(h2, 'dssKey')?.cells.Account?.ValueRule).toBe('1,2');
  });

  it('shows wifi, bluetooth, usb and screen only when the model has them', () => {
    expect(sectionKeys(desk, 'network')).toContain('wifi');
    expect(sectionKeys(desk, 'settings')).toEqual(expect.arrayContaining(['bluetooth', 'usb', 'screen']));
    expect(sectionKeys(small, 'network')).not.toContain('wifi');
    expect(sectionKeys(small, 'settings')).not.toContain('bluetooth');
    expect(sectionKeys(small, 'settings')).not.toContain('usb');
    expect(sectionKeys(small, 'settings')).not.toContain('screen');
    expect(hasParam(small, 'settings.display.ScreensaverTimeout')).toBe(false);
    expect(hasParam(desk, 'settings.display.ScreensaverTimeout')).toBe(true);
  });
});

describe('H2-like capabilities', () => {
  it('uses WUISessionTimeoutH2 instead of WUISessionTimeout', () => {
    expect(hasParam(h2, 'settings.general.WUISessionTimeoutH2')).toBe(true);
    expect(hasParam(h2, 'settings.general.WUISessionTimeout')).toBe(false);
    expect(hasParam(desk, 'settings.general.WUISessionTimeout')).toBe(true);
    expect(hasParam(desk, 'settings.general.WUISessionTimeoutH2')).toBe(false);
    expect(hasParam(share, 'settings.general.WUISessionTimeout')).toBe(true);
    expect(hasParam(share, 'settings.general.WUISessionTimeoutH2')).toBe(true);
  });

  it('has the SubType cell only with keySubtype, never on share screens', () => {
    expect(keySection(h2, 'dssKey')?.cells.SubType?.DefaultValue).toBe('0000');
    expect(keySection(desk, 'programKey')?.cells.SubType).toBeUndefined();
    expect(keySection(share, 'dssKey')?.cells.SubType).toBeUndefined();
    expect(defaultConfig(h2).phoneKeys.dssKey?.['1']?.SubType).toEqual({
      Value: '0000',
      DefaultValue: '0000',
    });
    expect(defaultConfig(share).phoneKeys.dssKey?.['1']?.SubType).toBeUndefined();
  });
});

describe('defaults (catalogue §3)', () => {
  const expected: [string, string][] = [
    ['account.1.codec.SIPPreferredVocoder', '0;8;18;9;98;125'],
    ['account.20.codec.SIPPreferredVocoder', '0;8;18;9;98;125'],
    ['account.1.codec.OpusBandwidth', '1'],
    ['account.1.codec.iLBCFrameMode', '30'],
    ['account.1.codec.AudioPacketTime', '20;20;20;20;20;20'],
    ['account.1.codec.AudioPayloadTypes', '101;96'],
    ['account.1.codec.AudioVad', 'false'],
    ['account.1.advanced.SIPGroupDtmfMode', '2'],
    ['account.7.advanced.SIPGroupDtmfMode', '2'],
    ['account.1.advanced.SIPServerKeepAliveEnable', 'true'],
    ['account.1.advanced.KeepAliveMode', '2'],
    ['account.2.advanced.KeepAliveMode', '2'],
    ['account.1.advanced.SIPServerGenericPollingTimer', '40'],
    ['account.1.advanced.SIPGroupSessionTimer', '0'],
    ['account.1.advanced.DigitMapTimer', '1'],
    ['account.1.advanced.SubscribeExpire', '3600'],
    ['account.1.advanced.FailoverSubscribeExpire', '3600'],
    ['account.1.advanced.SwitchoverTimer', '60'],
    ['sipFunction.general.SIPRegisterRetry', '300'],
    ['sipFunction.general.SIPLocalPort', '5060'],
    ['sipFunction.general.SIPSLocalPort', '5061'],
    ['sipFunction.general.SRTPLocalPort', '30000'],
    ['sipFunction.general.SRTCPLocalPort', '30001'],
    ['sipFunction.general.RTPLocalPort', '6000'],
    ['sipFunction.general.RTCPLocalPort', '6001'],
    ['sipFunction.general.Audiodiffserv', '46'],
    ['sipFunction.general.SIPDSCP', '40'],
    ['sipFunction.general.SIPMaxCall', '2'],
    ['sipFunction.general.SIPLocalConfEnable', 'true'],
    ['sipFunction.general.LocalConfPartyMax', '3'],
    ['sipFunction.general.SIPSrtpAuthentication', '1'],
    ['sipFunction.general.SIPSslPeerVerify', 'false'],
    ['sipFunction.general.SIPPoundKeyEnable', 'true'],
    ['sipFunction.general.SIPPeerFilterEnable', 'false'],
    ['sipFunction.general.SIPPeerToPeerEnable', 'true'],
    ['sipFunction.general.SIPPaniEnable', 'false'],
    ['sipFunction.general.SIPDefaultAccount', '1'],
    ['sipFunction.general.SIPAutoBlfListEnable', 'true'],
    ['sipFunction.general.ReleaseTimeout', '3'],
    ['sipFunction.general.SIPRfc2543HoldEnable', 'false'],
    ['sipFunction.general.SIPRfc5373Enable', 'false'],
    ['sipFunction.general.SIPFailOverEnable', 'true'],
    ['network.ipParameter.DHCPMode', 'Dynamic'],
    ['network.ipParameter.VLANId', '4095'],
    ['network.ipParameter.MTU', '1500'],
    ['network.port.LanAutoNegotiation', 'true'],
    ['network.port.PcAutoNegotiation', 'true'],
    ['network.port.LanSpeed', '100'],
    ['network.port.LanDuplex', 'Full'],
    ['network.port.PcPortEnable', 'true'],
    ['network.lldp.LldpVlanEnable', 'true'],
    ['network.lldp.LldpPowerEnable', 'true'],
    ['network.lldp.LldpInventoryEnable', 'true'],
    ['provision.autoProvision.ProvisionPollingTimeout', '86400'],
    ['provision.autoProvision.ProvisionWeeklyBeginTime', '2:00'],
    ['provision.autoProvision.ProvisionWeeklyEndTime', '6:00'],
    ['provision.autoProvision.ProvisionWeeklyDays', '0123456'],
    ['provision.tr069.Tr069PeriodicInformInterval', '1000'],
    ['settings.general.CallIdleTimeout', '5'],
    ['settings.general.WUISessionTimeout', '600'],
    ['settings.general.WUISessionTimeoutH2', '15'],
    ['settings.general.HearRingBackToneTimeout', '60'],
    ['settings.general.AutoRedialInterval', '10'],
    ['settings.general.AutoRedialTimes', '5'],
    ['settings.timeDate.SntpRefreshPeriod', '3600'],
    ['settings.timeDate.DSTOffset', '60'],
    ['settings.audio.Audio8021p', '5'],
    ['settings.display.ScreensaverTimeout', '300'],
    ['settings.display.BackLightTimeout', '300'],
    ['settings.display.InactiveBackLightLevel', '1'],
    ['settings.display.ActiveBackLightLevel', '5'],
    ['settings.ringing.RingingTimeout', '60'],
    ['settings.phoneLock.PhoneLockTimeout', '300'],
    ['directoryHistory.ldap.LdapConnectTimeout', '3'],
    ['directoryHistory.ldap.LdapSearchTimeout', '5'],
    ['directoryHistory.ldap.LdapMaxHits', '50'],
    ['directoryHistory.ldap.server.1.LdapEntryPort', '389'],
    ['directoryHistory.remotePhoneBook.RemotePhoneBookUpdateInterval', '3600'],
    ['maintenance.logCollection.SyslogPort', '514'],
    ['maintenance.logCollection.SyslogProtocol', 'udp'],
    ['maintenance.security.SSHEnable', 'false'],
    ['maintenance.security.TelnetEnable', 'false'],
  ];
  it.each(expected)('%s defaults to %s', (path, value) => {
    expect(paramAt(share, path).DefaultValue).toBe(value);
  });

  it('has KeepAliveMode only on accounts 1 and 2', () => {
    expect(hasParam(share, 'account.1.advanced.KeepAliveMode')).toBe(true);
    expect(hasParam(share, 'account.2.advanced.KeepAliveMode')).toBe(true);
    for (let n = 3; n <= 20; n++) expect(hasParam(share, `account.${n}.advanced.KeepAliveMode`)).toBe(false);
    expect(optionValues(share, 'account.1.advanced.KeepAliveMode')).toEqual(['0', '1', '2']);
  });

  it('offers the extra server types and DTMF modes on accounts 1 and 2 only', () => {
    const extraTypes = ['100', '101', '106', '114', '117', '122', '123', '124', '125', '126'];
    const extraTypes2 = ['128', '129', '130', '131', '132'];
    for (const n of [1, 2]) {
      expect(optionValues(share, `account.${n}.advanced.SIPGroupServerType`)).toEqual([
        '0',
        '1',
        '2',
        '4',
        '5',
        '6',
        '10',
        ...extraTypes,
        ...extraTypes2,
      ]);
      expect(optionValues(share, `account.${n}.advanced.SIPGroupDtmfMode`)).toEqual(
        expect.arrayContaining(['0', '5', '100', '103', '104']),
      );
    }
    expect(optionValues(share, 'account.3.advanced.SIPGroupServerType')).toEqual([
      '0',
      '1',
      '2',
      '4',
      '5',
      '6',
      '10',
    ]);
    expect(optionValues(share, 'account.3.advanced.SIPGroupDtmfMode')).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    expect(optionValues(share, 'account.1.advanced.SIPGroupSrtpWorkingMode')).toEqual(['0', '1', '2']);
    expect(optionValues(share, 'account.1.advanced.SIPGroupSessionTimerRefresher')).toEqual(['0', '1']);
    expect(optionValues(share, 'account.1.advanced.SIPPrivacyMode')).toEqual(['0', '1', '2', '3']);
  });

  it('has the listed options of §3', () => {
    expect(optionValues(share, 'account.1.codec.OpusBandwidth')).toEqual(['0', '1', '2']);
    expect(optionValues(share, 'account.1.codec.iLBCFrameMode')).toEqual(['20', '30']);
    expect(optionValues(share, 'sipFunction.general.SIPSslVersion')).toEqual([
      '0',
      '1',
      '2',
      '100',
      '101',
      '102',
    ]);
    expect(optionValues(share, 'network.ipParameter.DHCPMode')).toEqual(['Static', 'Dynamic']);
    expect(optionValues(share, 'network.port.LanSpeed')).toEqual(['10', '100']);
    expect(optionValues(share, 'network.port.LanDuplex')).toEqual(['Half', 'Full']);
    expect(optionValues(share, 'settings.general.KeyAsSend')).toEqual(['0', '1', '2']);
    expect(optionValues(share, 'settings.timeDate.DSTEnable')).toEqual(['0', '1', '2']);
    expect(optionValues(share, 'settings.timeDate.TimeFormat')).toEqual(['0', '1']);
    expect(optionValues(share, 'settings.audio.DtmfDuration')).toEqual(['1', '2', '3', '4']);
    const screensaver = optionValues(share, 'settings.display.ScreensaverTimeout').map(Number);
    expect(Math.min(...screensaver)).toBe(60);
    expect(Math.max(...screensaver)).toBe(21600);
    const rings = optionValues(share, 'settings.ringing.InternalRingType');
    expect(rings[0]).toBe('00');
    expect(rings.at(-1)).toBe('15');
    expect(rings).toHaveLength(16);
    expect(optionValues(share, 'function.forward.ForwardMethod')).toEqual(['0', '1']);
    expect(optionValues(share, 'function.dnd.DndMode')).toEqual(['0', '1', '100', '101', '102']);
    expect(optionValues(share, 'function.intercom.account.1.IntercomType')).toEqual(['0', '1', '2']);
    expect(optionValues(share, 'directoryHistory.ldap.server.1.LdapEntryEncryption')).toEqual([
      '0',
      '1',
      '2',
    ]);
    expect(optionValues(share, 'directoryHistory.ldap.server.1.LdapEntryCallingAccount')).toEqual([
      '-1',
      '1',
      '2',
    ]);
    expect(optionValues(share, 'directoryHistory.ldap.server.1.LdapEntryVersion')).toEqual(['2', '3']);
    expect(optionValues(share, 'directoryHistory.ldap.server.1.LdapEntryAuth')).toEqual(['0', '1', '2', '3']);
    expect(optionValues(share, 'maintenance.logCollection.SyslogProtocol')).toEqual(['udp', 'tcp']);
  });

  it('has the phone key tables of §3', () => {
    const program = keySection(share, 'programKey');
    expect(program?.cells.Type?.ValueRule).toBe(
      '0,1,59,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,21,22,23,24,58,60',
    );
    expect(program?.cells.Type?.DefaultValue).toBe('0');
    expect(program?.cells.Account?.ValueRule).toBe('1,2,3,4,5,6,7,8');
    expect(keySection(share, 'extKey')?.cells.Type?.ValueRule).toBe(program?.cells.Type?.ValueRule);
    const dynamic = keySection(share, 'dynamicKey');
    expect(dynamic?.cells.Type?.ValueRule).toBe('0,1,3,4,7,10,11,12,13,18,19,21,23,101,102,103');
    const dynamicDefaults = Object.values(defaultConfig(share).phoneKeys.dynamicKey ?? {}).map(
      (r) => r.Type.DefaultValue,
    );
    expect(dynamicDefaults).toEqual(['101', '3', '102', '4']);
    const dss = keySection(share, 'dssKey');
    expect(dss?.cells.Type?.ValueRule).toBe('1001,1002,1003,1004,1007,1013,1014,1020,1021,1022');
    expect(dss?.cells.Type?.DefaultValue).toBe('1002');
    expect(dss?.cells.Account?.ValueRule).toBe('1,2');
    expect(keySection(h2, 'dssKey')?.cells.SubType?.ValueRule.split(',')).toEqual(
      expect.arrayContaining(['0000', '0100', '0300', '1400', '2200']),
    );
  });

  it('lists time zones -11:00 to +14:00, each with a location #0', () => {
    expect(timeZones[0]?.[0]).toBe('-11:00');
    expect(timeZones.at(-1)?.[0]).toBe('+14:00');
    const locations = optionValues(share, 'settings.timeDate.DSTLocation');
    for (const zone of optionValues(share, 'settings.timeDate.TimeZone'))
      expect(locations).toContain(`${zone}#0`);
    const location = paramAt(share, 'settings.timeDate.DSTLocation');
    expect(location.Type).toBe('CHOICE');
    expect(location.Dependency).toBe('TimeZone');
    expect(location.FilteredValueRule?.split(',').every((v) => v.startsWith('00:00#'))).toBe(true);
  });
});

describe('catalogue integrity', () => {
  it.each(
    trees,
  )('%s: every parameter, option, section and key cell has an en and a zh-CN label', (_, tree) => {
    const texts: [string, { en: string; zh: string }][] = [];
    for (const tab of tree.tabs) {
      texts.push([tab.key, tab.label]);
      for (const section of tab.sections) {
        texts.push([`${tab.key}.${section.key}`, section.label]);
        if (section.kind === 'keys') {
          for (const [name, def] of Object.entries(section.cells)) {
            texts.push([`${section.key}.${name}`, def.label], [`${section.key}.${name}.tip`, def.tooltip]);
            for (const o of def.options ?? []) texts.push([`${section.key}.${name}=${o.value}`, o.label]);
          }
        } else {
          for (const g of section.groups) texts.push([`${section.key}.${g.key}.${g.index}`, g.title]);
        }
      }
    }
    for (const node of allParams(tree)) {
      texts.push([node.path, node.label], [`${node.path}.tip`, node.tooltip]);
      for (const o of node.options ?? []) texts.push([`${node.path}=${o.value}`, o.label]);
    }
    for (const [where, text] of texts) {
      expect(text.en.trim(), where).not.toBe('');
      expect(text.zh.trim(), where).not.toBe('');
      expect(text.en, where).not.toMatch(/\{n\}/);
    }
  });

  it.each(trees)('%s: ids and paths are unique; option lists match ValueRule', (_, tree) => {
    const paths = allParams(tree).map((n) => n.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const node of allParams(tree)) {
      expect(node.path.endsWith(node.id) || node.path.endsWith(`.${node.Key}`)).toBe(true);
      expect(node.Key).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
      if (node.options) expect(node.options.map((o) => o.value).join(','), node.path).toBe(node.ValueRule);
      if (node.Type === 'check') expect(node.options?.every((o) => o.value.length === 1)).toBe(true);
    }
  });

  it.each(trees)('%s: every default passes its own rule', (_, tree) => {
    for (const node of allParams(tree)) {
      const allowed = node.FilteredValueRule ? new Set(node.FilteredValueRule.split(',')) : undefined;
      expect(validateParameter(node, node.DefaultValue, allowed), node.path).toBeNull();
    }
    for (const tab of tree.tabs) {
      for (const section of tab.sections) {
        if (section.kind !== 'keys') continue;
        for (const def of Object.values(section.cells))
          expect(validateParameter(def, def.DefaultValue)).toBeNull();
      }
    }
    expect(validateConfig(tree, defaultConfig(tree)).map((i) => i.messageKey)).toEqual(['noData']);
  });
});

describe('buildParameterTree', () => {
  it('is deterministic and cached per capability signature', () => {
    const again = buildParameterTree({ ...deskLike });
    expect(again).toBe(desk);
    const reordered = Object.fromEntries(Object.entries(deskLike).reverse()) as typeof deskLike;
    expect(buildParameterTree(reordered)).toBe(desk);
    expect(JSON.stringify(buildParameterTree('share'))).toBe(JSON.stringify(share));
    expect(buildParameterTree({ ...deskLike, accounts: 19 })).not.toBe(desk);
    expect(JSON.stringify(buildParameterTree({ ...deskLike, accounts: 19 }))).toBe(
      JSON.stringify(buildParameterTree({ ...deskLike, accounts: 19 })),
    );
  });

  it('returns frozen trees', () => {
    expect(Object.isFrozen(share)).toBe(true);
    expect(Object.isFrozen(paramAt(share, 'network.ipParameter.MTU'))).toBe(true);
  });

  it('is fast on hot paths', () => {
    const start = performance.now();
    for (let i = 0; i < 10000; i++) buildParameterTree(i % 2 ? 'share' : { ...h2Like });
    expect(performance.now() - start).toBeLessThan(200);
  });

  it('rejects capabilities outside the table', () => {
    expect(() => buildParameterTree({ ...deskLike, accounts: 21 })).toThrow();
  });
});

describe('stored configuration', () => {
  it('starts at the defaults with Push false', () => {
    const config = defaultConfig(share);
    expect(config.account).toHaveLength(20);
    expect(config.account[2]?.no).toBe(3);
    expect(config.account[0]?.codec.SIPPreferredVocoder).toEqual({
      Key: 'SIPPreferredVocoder',
      Value: '0;8;18;9;98;125',
      DefaultValue: '0;8;18;9;98;125',
      Push: false,
      ValueTemplate: '',
      label: 'Preferred codecs',
    });
    expect(config.account[2]?.advanced.KeepAliveMode).toBeUndefined();
    expect(config.function.forward?.['account.3.ForwardAlwaysEnable']?.Value).toBe('false');
    expect(config.phoneKeys.programKey?.['3']).toMatchObject({
      Key: '3',
      Name: 'ProgKey3',
      Push: false,
      Type: { Value: '0', DefaultValue: '0' },
      Account: { Value: '1', DefaultValue: '1' },
    });
    expect(Object.keys(config.phoneKeys.extKey ?? {})).toHaveLength(180);
    expect(config.extent).toBe('');
    expect(pushedValues(config).size).toBe(0);
  });

  it('round-trips through the JSON-strings payload', () => {
    const config = defaultConfig(h2);
    const row = config.account[1];
    if (row?.codec.OpusBandwidth)
      row.codec.OpusBandwidth = { ...row.codec.OpusBandwidth, Value: '2', Push: true };
    const payload = toPayload(config, { relationId: 7, relationName: 'model' });
    expect(payload.relationId).toBe(7);
    expect(typeof payload.account[0]?.codec).toBe('string');
    expect(JSON.parse(payload.account[1]?.codec ?? '{}').OpusBandwidth.Value).toBe('2');
    const wire = JSON.parse(JSON.stringify(payload));
    expect(fromPayload(wire)).toEqual(config);
  });

  it('refuses account strings that are not JSON objects', () => {
    const payload = toPayload(defaultConfig(h2));
    const broken = { ...payload, account: [{ no: 1, codec: '{oops', advanced: '{}' }] };
    expect(() => fromPayload(broken)).toThrow(/account\.0\.codec/);
  });

  it('lists pushed values under stable, unique dotted paths', () => {
    const config = defaultConfig(share);
    const push = (node: ReturnType<typeof paramAt>, value: string) => {
      const items = itemsFor(config, node);
      const item = items[node.id];
      if (item) items[node.id] = { ...item, Value: value, Push: true };
    };
    push(paramAt(share, 'account.3.codec.SIPPreferredVocoder'), '8;0');
    push(paramAt(share, 'function.forward.account.2.ForwardAlwaysTarget'), '1001');
    push(paramAt(share, 'network.ipParameter.MTU'), '1400');
    const key = config.phoneKeys.programKey?.['3'];
    if (key) config.phoneKeys.programKey = { ...config.phoneKeys.programKey, 3: { ...key, Push: true } };
    const ext = config.phoneKeys.extKey?.['Aom2ProgKey.5'];
    if (ext)
      config.phoneKeys.extKey = { ...config.phoneKeys.extKey, 'Aom2ProgKey.5': { ...ext, Push: true } };
    config.extent = 'raw=1';
    expect([...pushedValues(config)]).toEqual([
      ['account.3.codec.SIPPreferredVocoder', '8;0'],
      ['network.ipParameter.MTU', '1400'],
      ['phoneKeys.programKey.3.Type', '0'],
      ['phoneKeys.programKey.3.Account', '1'],
      ['phoneKeys.programKey.3.Value', ''],
      ['phoneKeys.programKey.3.Label', ''],
      ['phoneKeys.programKey.3.Extension', ''],
      ['phoneKeys.extKey.Aom2ProgKey.5.Type', '0'],
      ['phoneKeys.extKey.Aom2ProgKey.5.Account', '1'],
      ['phoneKeys.extKey.Aom2ProgKey.5.Value', ''],
      ['phoneKeys.extKey.Aom2ProgKey.5.Label', ''],
      ['phoneKeys.extKey.Aom2ProgKey.5.Extension', ''],
      ['function.forward.account.2.ForwardAlwaysTarget', '1001'],
      ['extent', 'raw=1'],
    ]);
  });

  it.each(trees)('%s: with everything pushed, paths are exactly the tree paths', (_, tree) => {
    const config = defaultConfig(tree);
    for (const node of allParams(tree)) {
      const items = itemsFor(config, node);
      const item = items[node.id];
      if (item) item.Push = true;
    }
    for (const rows of Object.values(config.phoneKeys))
      for (const row of Object.values(rows)) row.Push = true;
    const paths = [...pushedValues(config).keys()];
    const params = allParams(tree).map((n) => n.path);
    expect(paths.filter((p) => !p.startsWith('phoneKeys.')).sort()).toEqual([...params].sort());
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('docs/parameter-catalogue.md', () => {
  it('lists every parameter key and every section', async () => {
    const { readFileSync } = await import('node:fs');
    const doc = readFileSync(new URL('../../../docs/parameter-catalogue.md', import.meta.url), 'utf8');
    for (const node of allParams(share)) expect(doc, node.Key).toContain(`| ${node.Key} |`);
    for (const tab of share.tabs) for (const s of tab.sections) expect(doc).toContain(`${tab.key}.${s.key}`);
  });
});
