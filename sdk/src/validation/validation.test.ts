import { describe, expect, it } from 'vitest';
import {
  buildAccountTree,
  buildParameterTree,
  defaultConfig,
  type ParameterConfig,
  type ParameterNode,
  type ParameterTree,
  type PhoneKeyItem,
  toPayload,
  typesWithoutValue,
} from '../catalogue/index.js';
import { allParams, deskLike, h2Like, itemsFor, paramAt } from '../catalogue/test-fixtures.js';
import {
  allowedOptions,
  applyDependency,
  type ConfigIssue,
  formatValidationMessage,
  issuesUnder,
  phoneKeyCellRules,
  phoneKeyTypeChanged,
  sectionErrorMessage,
  validateConfig,
  validateParameter,
  validatePayload,
  validationMessages,
} from './index.js';

const share = buildParameterTree('share');
const h2 = buildParameterTree(h2Like);
const desk = buildParameterTree(deskLike);

/** Issues of one path after setting a value through the real configuration and engine. */
function issuesAt(tree: ParameterTree, path: string, value: unknown): ConfigIssue[] {
  const node = paramAt(tree, path);
  const config = defaultConfig(tree);
  const items = itemsFor(config, node);
  const item = items[node.id];
  if (!item) throw new Error(`no item for ${path}`);
  items[node.id] = { ...item, Value: value as string, Push: true };
  return validateConfig(tree, config).filter((i) => i.path === path);
}
const accepts = (tree: ParameterTree, path: string, value: unknown) =>
  expect(issuesAt(tree, path, value)).toEqual([]);
const rejects = (tree: ParameterTree, path: string, value: unknown, messageKey: string) =>
  expect(issuesAt(tree, path, value).map((i) => i.messageKey)).toEqual([messageKey]);

describe('ranges of catalogue §5, at their bounds', () => {
  const ranges: [tree: ParameterTree, path: string, min: number, max: number | null][] = [
    ...[
      'SIPLocalPort',
      'SIPSLocalPort',
      'SRTPLocalPort',
      'SRTCPLocalPort',
      'RTPLocalPort',
      'RTCPLocalPort',
    ].map((k): [ParameterTree, string, number, number] => [share, `sipFunction.general.${k}`, 0, 65535]),
    [share, 'sipFunction.general.Audiodiffserv', 0, 63],
    [share, 'sipFunction.general.SIPDSCP', 0, 63],
    [share, 'sipFunction.general.SIPMaxCall', 1, 5],
    [share, 'sipFunction.general.LocalConfPartyMax', 3, 6],
    [share, 'sipFunction.general.SIPSrtpAuthentication', 0, 1],
    [share, 'sipFunction.general.ReleaseTimeout', 0, 30],
    [share, 'account.1.advanced.SubscribeExpire', 60, null],
    [share, 'account.20.advanced.SubscribeExpire', 60, null],
    [share, 'account.1.advanced.FailoverSubscribeExpire', 60, null],
    [share, 'account.1.advanced.SwitchoverTimer', 0, null],
    [share, 'network.ipParameter.VLANId', 1, 4095],
    [share, 'network.ipParameter.DataVLANId', 1, 4095],
    [share, 'network.ipParameter.MTU', 128, 1500],
    [desk, 'settings.general.WUISessionTimeout', 30, 86400],
    [h2, 'settings.general.WUISessionTimeoutH2', 10, 30],
    [share, 'settings.general.HearRingBackToneTimeout', 0, 120],
    [share, 'settings.general.AutoRedialInterval', 1, 60],
    [share, 'settings.general.AutoRedialTimes', 1, 10],
    [share, 'settings.general.ConfidentialDialLength', 0, 32],
    [share, 'settings.display.BackLightTimeout', 0, 1800],
    [share, 'settings.display.InactiveBackLightLevel', 1, 9],
    [share, 'settings.display.ActiveBackLightLevel', 1, 9],
    [share, 'settings.audio.Audio8021p', 0, 7],
    [share, 'directoryHistory.ldap.LdapMaxHits', 1, 1000],
    [share, 'directoryHistory.ldap.server.1.LdapEntryMaxHits', 1, 1000],
    [share, 'settings.timeDate.DSTOffset', -300, 300],
  ];

  const cases = ranges.map(([tree, path, min, max]) => ({
    tree,
    path,
    min,
    max,
    scope: tree.signature.slice(0, 12),
  }));
  it.each(cases)('$path ($scope)', ({ tree, path, min, max }) => {
    const node = paramAt(tree, path);
    expect(node.Type).toBe('number');
    rejects(tree, path, String(min - 1), max === null ? 'numberMin' : 'numberRange');
    accepts(tree, path, String(min));
    if (max === null) {
      expect(node.ValueRule).toBe(`[${min},*]`);
      accepts(tree, path, '999999999');
    } else {
      expect(node.ValueRule).toBe(`[${min},${max}]`);
      accepts(tree, path, String(max));
      rejects(tree, path, String(max + 1), 'numberRange');
    }
  });

  it('gives the bounds in the message', () => {
    const [issue] = issuesAt(share, 'network.ipParameter.MTU', '127');
    expect(issue?.params).toEqual({ min: 128, max: 1500 });
    expect(issue?.message.en).toBe('Please enter a number between 128 and 1500');
    expect(issuesAt(share, 'account.1.advanced.SubscribeExpire', '59')[0]?.message.en).toBe(
      'Please enter a number not less than 60',
    );
  });

  it('bounds the polling timeout to 1..86400, its default (spec contradiction, see docs/api.md)', () => {
    const path = 'provision.autoProvision.ProvisionPollingTimeout';
    expect(paramAt(share, path).ValueRule).toBe('[1,86400]');
    expect(paramAt(share, path).DefaultValue).toBe('86400');
    rejects(share, path, '0', 'numberRange');
    accepts(share, path, '1');
    accepts(share, path, '7201');
    accepts(share, path, '86400');
    rejects(share, path, '86401', 'numberRange');
    rejects(share, path, '100000000000000', 'numberRange');
    expect(issuesAt(share, path, '86401')[0]?.message.en).toBe('Please enter a number between 1 and 86400');
  });

  it('bounds SIPDefaultAccount to the accounts (1 to 20) and DTMF duration to 1..4', () => {
    accepts(share, 'sipFunction.general.SIPDefaultAccount', '1');
    accepts(share, 'sipFunction.general.SIPDefaultAccount', '20');
    rejects(share, 'sipFunction.general.SIPDefaultAccount', '0', 'optionInvalid');
    rejects(share, 'sipFunction.general.SIPDefaultAccount', '21', 'optionInvalid');
    rejects(h2, 'sipFunction.general.SIPDefaultAccount', '3', 'optionInvalid');
    accepts(share, 'settings.audio.DtmfDuration', '4');
    rejects(share, 'settings.audio.DtmfDuration', '5', 'optionInvalid');
  });
});

describe('type rules', () => {
  it('numbers are integers written as strings, never JSON numbers (the contract: Value is a string)', () => {
    const path = 'network.ipParameter.MTU';
    for (const bad of ['', 'abc', '1.5', '1e3', '0x10', ' 1400', '+1400'])
      rejects(share, path, bad, 'numberInvalid');
    accepts(share, path, '1400');
    rejects(share, path, 1400, 'typeInvalid');
    rejects(share, path, true, 'typeInvalid');
    rejects(share, path, { v: 1 }, 'typeInvalid');
    rejects(share, path, null, 'typeInvalid');
  });

  it('select and CHOICE take only listed options', () => {
    accepts(share, 'account.1.advanced.SIPGroupDtmfMode', '104');
    rejects(share, 'account.3.advanced.SIPGroupDtmfMode', '104', 'optionInvalid');
    accepts(share, 'account.2.advanced.SIPGroupServerType', '132');
    rejects(share, 'account.3.advanced.SIPGroupServerType', '100', 'optionInvalid');
    rejects(share, 'account.1.codec.OpusBandwidth', '3', 'optionInvalid');
    rejects(share, 'network.ipParameter.DHCPMode', 'dynamic', 'optionInvalid');
    rejects(share, 'settings.timeDate.DSTLocation', '+99:00#0', 'optionInvalid');
    rejects(share, 'account.1.codec.OpusBandwidth', 1, 'typeInvalid');
  });

  it('booleans are true or false', () => {
    const path = 'maintenance.security.SSHEnable';
    accepts(share, path, 'true');
    accepts(share, path, 'false');
    rejects(share, path, true, 'typeInvalid');
    rejects(share, path, false, 'typeInvalid');
    for (const bad of ['1', 'yes', 'TRUE', '']) rejects(share, path, bad, 'optionInvalid');
    rejects(share, path, 1, 'typeInvalid');
  });

  it('ipv4: empty allowed, else four numbers 0-255', () => {
    const path = 'network.ipParameter.IPAddress';
    for (const good of ['', '0.0.0.0', '192.168.1.10', '255.255.255.255']) accepts(share, path, good);
    for (const bad of [
      '256.1.1.1',
      '1.2.3',
      '1.2.3.4.5',
      'a.b.c.d',
      ' 1.2.3.4',
      '1.2.3.4 ',
      '1..2.3',
      '1.2.3.1000',
    ]) {
      rejects(share, path, bad, 'ipv4Validate');
    }
    expect(issuesAt(share, path, '300.1.1.1')[0]?.message.en).toBe('Please enter a valid IPv4 address');
  });

  it('transfer: not empty, listed options, each once', () => {
    const path = 'account.1.codec.SIPPreferredVocoder';
    accepts(share, path, '8;0');
    accepts(share, path, '125');
    rejects(share, path, '', 'transferValidate');
    rejects(share, path, '  ', 'transferValidate');
    rejects(share, path, '0;0', 'optionInvalid');
    rejects(share, path, '0;999', 'optionInvalid');
    rejects(share, path, '0;', 'optionInvalid');
    expect(issuesAt(share, path, '')[0]?.message.en).toBe('The transfer parameter cannot be empty');
  });

  it('time: H:mm, 0-23 and 00-59', () => {
    const path = 'provision.autoProvision.ProvisionWeeklyBeginTime';
    for (const good of ['0:00', '2:00', '02:00', '23:59']) accepts(share, path, good);
    for (const bad of ['24:00', '2:60', '2:5', '2', '', 'ab:cd', '12:00:00', '-1:00']) {
      rejects(share, path, bad, 'timeInvalid');
    }
  });

  it('check: single-character options, each once', () => {
    const path = 'provision.autoProvision.ProvisionWeeklyDays';
    accepts(share, path, '0123456');
    accepts(share, path, '15');
    accepts(share, path, '');
    rejects(share, path, '7', 'optionInvalid');
    rejects(share, path, '00', 'optionInvalid');
  });

  it('text and password: at most 512 characters, no control characters', () => {
    const path = 'provision.autoProvision.ProvisionUrl';
    accepts(share, path, 'x'.repeat(512));
    rejects(share, path, 'x'.repeat(513), 'textTooLong');
    expect(issuesAt(share, path, 'x'.repeat(513))[0]?.message.en).toBe(
      'The length cannot exceed 512 characters',
    );
    accepts(share, path, 'https://prov.example.com/cfg/$mac.cfg?a=1&b=中文');
    const malicious = [
      'http://a\nrogue=1',
      'http://a\r\nX: y',
      'a\u0000b',
      'a\tb',
      '\u001b[31mred',
      'a\u007fb',
      'a\u0085b',
      'a\u2028b',
    ];
    for (const bad of malicious) rejects(share, path, bad, 'textInvalid');
    rejects(share, 'maintenance.changePassword.AdminPassword', 'pa\nss', 'textInvalid');
    rejects(share, 'account.1.advanced.SIPDigitMap', 'x|\r', 'textInvalid');
    rejects(share, 'network.ipParameter.IPAddress', '1.2.3.4\n', 'textInvalid');
    rejects(share, 'network.wifi.WifiSsid', 'x'.repeat(33), 'textTooLong');
  });

  it('text patterns: semicolon number lists', () => {
    accepts(share, 'account.1.codec.AudioPacketTime', '20;30;20');
    rejects(share, 'account.1.codec.AudioPacketTime', '20;x', 'textInvalid');
    rejects(share, 'account.1.codec.AudioPayloadTypes', '101;;96', 'textInvalid');
  });

  it('validateParameter answers null or a message key with params', () => {
    const mtu = paramAt(share, 'network.ipParameter.MTU');
    expect(validateParameter(mtu, '1500')).toBeNull();
    expect(validateParameter(mtu, '2000')).toEqual({
      messageKey: 'numberRange',
      params: { min: 128, max: 1500 },
    });
  });
});

describe('structure', () => {
  const codes = (config: unknown, tree = share) =>
    validateConfig(tree, config, { allowEmpty: true })
      .map((i) => [i.path, i.messageKey])
      .sort();

  it('rejects unknown tabs, sections, parameters and accounts', () => {
    const config = defaultConfig(share) as ParameterConfig & Record<string, unknown>;
    config.bogus = {};
    config.network.bogusSection = {};
    const ip = config.network.ipParameter ?? {};
    ip.Bogus = { Key: 'Bogus', Value: '', DefaultValue: '', Push: false, ValueTemplate: '', label: '' };
    expect(codes(config)).toEqual([
      ['bogus', 'unknownParameter'],
      ['network.bogusSection', 'unknownParameter'],
      ['network.ipParameter.Bogus', 'unknownParameter'],
    ]);
    const messages = validateConfig(share, config).map((i) => i.message.en);
    expect(messages).toContain('Unknown parameter: bogusSection');
  });

  it('accepts the catalogue’s other tabs left empty by a tree without them (an account’s)', () => {
    const account = buildAccountTree();
    const config = defaultConfig(account);
    expect(codes(config, account)).toEqual([]);
    const network = defaultConfig(share).network;
    expect(codes({ ...config, network }, account)).toEqual([['network', 'unknownParameter']]);
  });

  it('rejects parameters the model does not have', () => {
    const h2Config = defaultConfig(h2);
    h2Config.account.push({ no: 3, codec: {}, advanced: {} });
    const row = h2Config.account[0];
    const keepAlive = row?.advanced.KeepAliveMode;
    const accountThree = defaultConfig(share).account[2];
    if (row && keepAlive && accountThree) accountThree.advanced.KeepAliveMode = keepAlive;
    const settings = h2Config.settings.general ?? {};
    const share600 = defaultConfig(share).settings.general?.WUISessionTimeout;
    if (share600) settings.WUISessionTimeout = share600;
    expect(codes(h2Config, h2)).toEqual([
      ['account.3', 'unknownParameter'],
      ['settings.general.WUISessionTimeout', 'unknownParameter'],
    ]);
    const shareConfig = defaultConfig(share);
    if (accountThree) shareConfig.account[2] = accountThree;
    expect(codes(shareConfig)).toEqual([['account.3.advanced.KeepAliveMode', 'unknownParameter']]);
  });

  it('rejects wrong JSON types', () => {
    const config = defaultConfig(share) as unknown as Record<string, Record<string, unknown>>;
    const network = config.network as Record<string, Record<string, Record<string, unknown>>>;
    const ip = network.ipParameter ?? {};
    ip.MTU = { ...ip.MTU, Push: 'true' };
    ip.VLANId = { ...ip.VLANId, Value: ['4095'] };
    ip.IPAddress = 'not an item' as unknown as Record<string, unknown>;
    ip.SubnetMask = { ...ip.SubnetMask, Key: 'Other' };
    ip.PrimaryDNS = { ...ip.PrimaryDNS, tooltip: 'x' };
    (config as Record<string, unknown>).extent = 42;
    network.port = [] as unknown as Record<string, Record<string, unknown>>;
    expect(codes(config)).toEqual([
      ['extent', 'typeInvalid'],
      ['network.ipParameter.IPAddress', 'typeInvalid'],
      ['network.ipParameter.MTU', 'typeInvalid'],
      ['network.ipParameter.PrimaryDNS.tooltip', 'unknownParameter'],
      ['network.ipParameter.SubnetMask', 'unknownParameter'],
      ['network.ipParameter.VLANId', 'typeInvalid'],
      ['network.port', 'typeInvalid'],
    ]);
    expect(codes(null)).toEqual([['', 'typeInvalid']]);
    expect(codes({ account: {} })).toEqual([['account', 'typeInvalid']]);
    expect(codes({ account: [{ no: '1', codec: {}, advanced: {} }] })).toEqual([
      ['account.0', 'typeInvalid'],
    ]);
    expect(codes({ account: [{ no: 1, codec: [], advanced: {} }] })).toEqual([
      ['account.1.codec', 'typeInvalid'],
    ]);
  });

  it('accepts a partial configuration (missing items keep their defaults)', () => {
    expect(codes({ network: { ipParameter: {} } })).toEqual([]);
  });

  it('checks the free-text extent', () => {
    const config = { ...defaultConfig(share), extent: 'line1\n\tline2\r\n' };
    expect(codes(config)).toEqual([]);
    expect(codes({ extent: 'a\u0000b' })).toEqual([['extent', 'textInvalid']]);
    expect(codes({ extent: 'x'.repeat(65537) })).toEqual([['extent', 'textTooLong']]);
  });

  it('validates the wire payload with JSON-string accounts', () => {
    const config = defaultConfig(share);
    const payload = toPayload(config, { relationId: 1, relationName: 'site' });
    expect(validatePayload(share, JSON.parse(JSON.stringify(payload))).map((i) => i.messageKey)).toEqual([
      'noData',
    ]);
    const broken = { ...payload, account: [{ no: 1, codec: '{not json', advanced: '{}' }] };
    expect(validatePayload(share, broken, { allowEmpty: true }).map((i) => [i.path, i.messageKey])).toEqual([
      ['account.1.codec', 'typeInvalid'],
    ]);
    // The wire form holds the account sections as JSON strings, not as objects.
    const objects = { ...payload, account: [{ no: 1, codec: {}, advanced: '{}' }] };
    expect(validatePayload(share, objects, { allowEmpty: true }).map((i) => [i.path, i.messageKey])).toEqual([
      ['account.1.codec', 'typeInvalid'],
    ]);
  });

  it('asks for data when nothing is pushed', () => {
    const config = defaultConfig(share);
    const [issue] = validateConfig(share, config);
    expect(issue).toMatchObject({ path: '', messageKey: 'noData' });
    expect(issue?.message.en).toBe('No data, please add configuration item');
    expect(validateConfig(share, {})).toHaveLength(1);
    expect(validateConfig(share, config, { allowEmpty: true })).toEqual([]);
    expect(validateConfig(share, { ...config, extent: 'k=v' })).toEqual([]);
    const mtu = config.network.ipParameter?.MTU;
    if (mtu) mtu.Push = true;
    expect(validateConfig(share, config)).toEqual([]);
  });

  it('reports the first own message of a failing section, else the generic one', () => {
    const issues = issuesAt(share, 'network.ipParameter.IPAddress', '1.2.3');
    expect(sectionErrorMessage(issuesUnder(issues, 'network.ipParameter')).en).toBe(
      'Please enter a valid IPv4 address',
    );
    expect(sectionErrorMessage(issuesUnder(issues, 'network.port')).en).toBe('Parameter validation failed');
  });
});

describe('phone keys', () => {
  const withKey = (tree: ParameterTree, section: string, id: string, change: Partial<PhoneKeyItem>) => {
    const config = defaultConfig(tree);
    const rows = config.phoneKeys[section] ?? {};
    const row = rows[id];
    if (!row) throw new Error(`no key ${section}.${id}`);
    rows[id] = { ...row, ...change };
    return validateConfig(tree, config, { allowEmpty: true });
  };
  const cell = (Value: string, DefaultValue = Value) => ({ Value, DefaultValue });

  it('blocks a pushed key whose type needs a value and has none, naming the key', () => {
    const issues = withKey(share, 'programKey', '3', {
      Push: true,
      Type: cell('1', '0'),
      Value: cell('', ''),
    });
    expect(issues).toEqual([
      {
        path: 'phoneKeys.programKey.3.Value',
        messageKey: 'phoneKeysValidateTips',
        params: { key: 'ProgKey3' },
        message: { en: 'The value of ProgKey3 cannot be empty', zh: 'ProgKey3 的值不能为空' },
      },
    ]);
    expect(
      withKey(share, 'programKey', '3', { Push: true, Type: cell('1', '0'), Value: cell('  ', '') }),
    ).toHaveLength(1);
    expect(
      withKey(share, 'programKey', '3', { Push: true, Type: cell('1', '0'), Value: cell('1001', '') }),
    ).toEqual([]);
    expect(withKey(share, 'programKey', '3', { Push: false, Type: cell('1', '0') })).toEqual([]);
    expect(withKey(h2, 'dssKey', '1', { Push: true, Type: cell('1001', '1002') })[0]?.message.en).toBe(
      'The value of DssKey1 cannot be empty',
    );
    expect(
      withKey(share, 'extKey', 'Aom3ProgKey.60', { Push: true, Type: cell('5', '0') })[0]?.params,
    ).toEqual({
      key: 'Aom3ProgKey60',
    });
  });

  it('lets every type that needs no value through with an empty value', () => {
    const expected = '0,60,2,3,4,6,7,8,9,10,11,12,18,23,24,58,101,102,103,1002,1003,1013'.split(',');
    expect([...typesWithoutValue].sort()).toEqual([...expected].sort());
    const sections: [string, string][] = [
      ['programKey', '1'],
      ['dynamicKey', '1'],
      ['dssKey', '1'],
    ];
    for (const [section, id] of sections) {
      const types = paramTypes(share, section);
      for (const type of types) {
        const issues = withKey(share, section, id, { Push: true, Type: cell(type, type) });
        expect(issues.length, `${section} type ${type}`).toBe(expected.includes(type) ? 0 : 1);
      }
    }
  });

  it('checks key cells against their options', () => {
    const codes = (change: Partial<PhoneKeyItem>, tree = share, section = 'programKey') =>
      withKey(tree, section, '1', change).map((i) => [i.path, i.messageKey]);
    expect(codes({ Type: cell('20', '0') })).toEqual([['phoneKeys.programKey.1.Type', 'optionInvalid']]);
    expect(codes({ Type: cell('101', '0') })).toEqual([['phoneKeys.programKey.1.Type', 'optionInvalid']]);
    expect(codes({ Account: cell('9', '1') })).toEqual([['phoneKeys.programKey.1.Account', 'optionInvalid']]);
    expect(codes({ Account: cell('3', '1') }, share, 'dssKey')).toEqual([
      ['phoneKeys.dssKey.1.Account', 'optionInvalid'],
    ]);
    expect(codes({ Label: cell('a\nb', '') })).toEqual([['phoneKeys.programKey.1.Label', 'textInvalid']]);
    expect(codes({ SubType: cell('0000') })).toEqual([
      ['phoneKeys.programKey.1.SubType', 'unknownParameter'],
    ]);
    expect(codes({ SubType: cell('9999', '0000') }, h2, 'dssKey')).toEqual([
      ['phoneKeys.dssKey.1.SubType', 'optionInvalid'],
    ]);
    expect(codes({ Push: 'yes' as unknown as boolean })).toEqual([['phoneKeys.programKey.1', 'typeInvalid']]);
    expect(codes({ Value: 5 as unknown as PhoneKeyItem['Value'] })).toEqual([
      ['phoneKeys.programKey.1.Value', 'typeInvalid'],
    ]);
    const unknownRow = defaultConfig(share);
    const row = unknownRow.phoneKeys.programKey?.['1'];
    if (row) unknownRow.phoneKeys.programKey = { ...unknownRow.phoneKeys.programKey, 37: row };
    expect(validateConfig(share, unknownRow, { allowEmpty: true }).map((i) => i.path)).toEqual([
      'phoneKeys.programKey.37',
    ]);
    const noDss = defaultConfig(h2);
    noDss.phoneKeys.extKey = {};
    expect(validateConfig(h2, noDss, { allowEmpty: true }).map((i) => i.messageKey)).toEqual([
      'unknownParameter',
    ]);
  });

  it('resets the row when the type changes (catalogue §4)', () => {
    const base = defaultConfig(h2).phoneKeys.dssKey?.['1'];
    if (!base) throw new Error('no DSS key');
    const edited: PhoneKeyItem = {
      ...base,
      Account: cell('2', '1'),
      Value: cell('8001', ''),
      Label: cell('Desk', ''),
      Extension: cell('*8', ''),
      SubType: cell('0301', '0000'),
    };
    const subtypes: [string, string][] = [
      ['1001', '0100'],
      ['1003', '0300'],
      ['1014', '1400'],
      ['1022', '2200'],
      ['1004', '0000'],
      ['1002', '0000'],
      ['1020', '0000'],
    ];
    for (const [type, subType] of subtypes) {
      const next = phoneKeyTypeChanged(edited, type);
      expect(next.Type.Value).toBe(type);
      expect(next.SubType?.Value).toBe(subType);
      expect([next.Account.Value, next.Value.Value, next.Label.Value, next.Extension.Value]).toEqual([
        '1',
        '',
        '',
        '',
      ]);
    }
    expect(edited.Value.Value).toBe('8001');
    const plain = defaultConfig(desk).phoneKeys.programKey?.['1'];
    if (plain) expect(phoneKeyTypeChanged(plain, '5').SubType).toBeUndefined();
  });

  it('tells which cells each type disables', () => {
    expect(phoneKeyCellRules('0')).toEqual({
      account: true,
      value: true,
      label: true,
      extension: true,
      subtype: true,
    });
    expect(phoneKeyCellRules('1002')).toEqual({
      account: true,
      value: true,
      label: true,
      extension: true,
      subtype: true,
    });
    expect(phoneKeyCellRules('1')).toMatchObject({ account: false, value: false, label: false });
    expect(phoneKeyCellRules('5')).toMatchObject({ value: false, extension: false });
    expect(phoneKeyCellRules('7')).toMatchObject({
      account: true,
      value: true,
      label: false,
      extension: true,
    });
    expect(phoneKeyCellRules('1001')).toMatchObject({ subtype: false, value: false, extension: false });
    expect(phoneKeyCellRules('1004').subtype).toBe(true);
    for (const type of typesWithoutValue) expect(phoneKeyCellRules(type).value).toBe(true);
  });
});

describe('time zone dependency', () => {
  const timeDate = () => {
    const section = share.tabs.find((t) => t.key === 'settings')?.sections.find((s) => s.key === 'timeDate');
    if (section?.kind !== 'params') throw new Error('no timeDate');
    return section.params;
  };

  it('moves the locations to <offset>#0 on a user change of the zone', () => {
    const items = defaultConfig(share).settings.timeDate ?? {};
    const next = applyDependency(timeDate(), items, 'TimeZone', '+08:00');
    expect(next.TimeZone?.Value).toBe('+08:00');
    expect(next.TimeZoneLocation?.Value).toBe('+08:00#0');
    expect(next.DSTLocation?.Value).toBe('+08:00#0');
    expect(items.TimeZone?.Value).toBe('00:00');
    const loaded = applyDependency(timeDate(), items, 'TimeZone', '+08:00', false);
    expect(loaded.DSTLocation?.Value).toBe('00:00#0');
  });

  it('filters the location options by the zone', () => {
    const items = applyDependency(
      timeDate(),
      defaultConfig(share).settings.timeDate ?? {},
      'TimeZone',
      '+05:30',
    );
    const location = timeDate().find((d) => d.Key === 'DSTLocation') as ParameterNode;
    expect(allowedOptions(location, timeDate(), items).map((o) => o.value)).toEqual(['+05:30#0', '+05:30#1']);
  });

  it('rejects a location that does not belong to the zone', () => {
    const config = defaultConfig(share);
    const section = config.settings.timeDate ?? {};
    config.settings.timeDate = applyDependency(timeDate(), section, 'TimeZone', '+08:00');
    expect(validateConfig(share, config, { allowEmpty: true })).toEqual([]);
    const location = config.settings.timeDate.DSTLocation;
    if (location) location.Value = '00:00#1';
    expect(validateConfig(share, config, { allowEmpty: true }).map((i) => [i.path, i.messageKey])).toEqual([
      ['settings.timeDate.DSTLocation', 'optionInvalid'],
    ]);
  });
});

describe('messages', () => {
  it('has the texts of the brief in en and a zh-CN text for each', () => {
    const en = Object.fromEntries(Object.entries(validationMessages).map(([k, v]) => [k, v.en]));
    expect(en).toMatchObject({
      parameterValidationFailed: 'Parameter validation failed',
      phoneKeysValidateTips: 'The value of {key} cannot be empty',
      ipv4Validate: 'Please enter a valid IPv4 address',
      transferValidate: 'The transfer parameter cannot be empty',
      numberRange: 'Please enter a number between {min} and {max}',
      numberMin: 'Please enter a number not less than {min}',
      numberMax: 'Please enter a number not greater than {max}',
      numberInvalid: 'Please enter a number',
      optionInvalid: 'Please select a valid option',
      timeInvalid: 'Please enter a time as H:mm',
      textTooLong: 'The length cannot exceed {max} characters',
      textInvalid: 'Invalid characters',
      unknownParameter: 'Unknown parameter: {key}',
      noData: 'No data, please add configuration item',
    });
    for (const { zh } of Object.values(validationMessages)) expect(zh).toMatch(/[\u4e00-\u9fff]/);
    expect(formatValidationMessage('numberMax', { max: 7 })).toEqual({
      en: 'Please enter a number not greater than 7',
      zh: '请输入不大于 7 的数字',
    });
  });
});

function paramTypes(tree: ParameterTree, section: string): string[] {
  const s = tree.tabs.find((t) => t.key === 'phoneKeys')?.sections.find((x) => x.key === section);
  return s?.kind === 'keys' ? (s.cells.Type?.ValueRule.split(',') ?? []) : [];
}

// Keeps the helper list honest: every parameter of the share tree is reachable by path.
it('reaches every parameter of the share tree by path', () => {
  for (const node of allParams(share)) expect(paramAt(share, node.path)).toBe(node);
});
