import yealinkPackage from '@phonefleet/driver-yealink';
import { describe, expect, it } from 'vitest';
import { parseDriver } from './driver.js';
import { type CompositeEntry, mapParameters, valueMap } from './parameter-map.js';
import { driverConformance } from './testing/driver-conformance.js';
import { driverTables } from './testing/driver-tables.js';

/** A server written `host:port` in one key; the port is left out when not pushed. */
const server: CompositeEntry = {
  paths: ['account.{n}.register.ServerAddress', 'account.{n}.register.ServerPort'],
  keys: ['account.{n}.server'],
  join: ([host, port]) => [!port || !host ? host : `${host}:${port}`],
  split([value]) {
    const match = /^(.*?)(?::(\d{1,5}))?$/s.exec(value ?? '');
    if (!match) throw new Error(`unexpected value ${JSON.stringify(value)}`);
    return [match[1], match[2]];
  },
  domains: [undefined, { min: 1, max: 65535 }],
  describe: 'host:port',
};

/** A key whose type and line travel in its value (`2010@1/ba`), its vendor type being 1 or 0. */
const memoryKey: CompositeEntry = {
  paths: [
    'phoneKeys.programKey.{n}.Type',
    'phoneKeys.programKey.{n}.Value',
    'phoneKeys.programKey.{n}.Account',
  ],
  keys: ['key.{n}.type', 'key.{n}.value'],
  join([type, value, account]) {
    if (type !== '16') return [type === undefined ? undefined : '0', value];
    return ['1', `${value ?? ''}@${account ?? '1'}/ba`];
  },
  split([type, value]) {
    if (type !== '1') return [type === undefined ? undefined : '0', value, undefined];
    const match = /^(.*)@(\d+)\/ba$/s.exec(value ?? '');
    if (!match) throw new Error(`not a BLF value: ${JSON.stringify(value)}`);
    return ['16', match[1], match[2]];
  },
  domains: [['0', '16'], undefined, ['1', '2']],
  describe: 'BLF as number@line/ba',
};

const map = mapParameters([
  { path: 'account.{n}.register.UserName', key: 'account.{n}.user', convert: valueMap({ a: 'A' }) },
  server,
  memoryKey,
]);

describe('composite mapping entries', () => {
  it('joins several catalogue values into one vendor value where the first of them comes', () => {
    const values = new Map([
      ['account.2.register.ServerPort', '5062'],
      ['account.2.register.UserName', 'a'],
      ['account.2.register.ServerAddress', 'pbx.example.com'],
    ]);
    expect(map.toVendorAll(values)).toEqual([
      ['account.2.server', 'pbx.example.com:5062'],
      ['account.2.user', 'A'],
    ]);
    expect(map.toVendorAll(new Map([['account.1.register.ServerAddress', 'h']]))).toEqual([
      ['account.1.server', 'h'],
    ]);
  });

  it('writes one catalogue value into several keys and reads them back together', () => {
    const values = new Map([
      ['phoneKeys.programKey.3.Value', '2010'],
      ['phoneKeys.programKey.3.Type', '16'],
      ['phoneKeys.programKey.3.Account', '2'],
    ]);
    const written = map.toVendorAll(values);
    expect(written).toEqual([
      ['key.3.type', '1'],
      ['key.3.value', '2010@2/ba'],
    ]);
    expect(map.fromVendorAll([...written].reverse())).toEqual(values);
  });

  it('keeps unknown keys as they are and names the line of a value it cannot read', () => {
    expect(map.fromVendorAll([['custom.key', 'x', 3]])).toEqual(new Map([['custom.key', 'x']]));
    expect(() =>
      map.fromVendorAll([
        ['key.1.type', '1', 7],
        ['key.1.value', '2010', 8],
      ]),
    ).toThrow('line 7: key.1.type, key.1.value: not a BLF value: "2010"');
    expect(() => map.fromVendorAll([['account.1.user', 'B', 4]])).toThrow(
      'line 4: account.1.user: unexpected value "B"',
    );
  });

  it('refuses the one-to-one calls on a composite, and unmapped paths', () => {
    expect(() => map.toVendor('account.1.register.ServerPort', '5060')).toThrow(
      /composite entry: use toVendorAll/,
    );
    expect(() => map.fromVendor('account.1.server', 'h')).toThrow(/composite entry: use fromVendorAll/);
    expect(map.entryFor('phoneKeys.programKey.9.Account')).toBe(memoryKey);
    expect(() => map.toVendorAll(new Map([['account.1.register.Password', 'x']]))).toThrow(
      'invalid parameter name: "account.1.register.Password" is not mapped',
    );
  });

  it('refuses composites whose placeholders differ or that claim a path or key already mapped', () => {
    expect(() => mapParameters([{ ...server, keys: ['server'] }])).toThrow(/same placeholders/);
    expect(() =>
      mapParameters([{ path: 'account.{n}.register.ServerPort', key: 'port.{n}' }, server]),
    ).toThrow(/account.\{n\}.register.ServerPort is mapped twice/);
    expect(() => mapParameters([{ ...server, keys: [] }])).toThrow(/paths and keys/);
  });

  it('shows composites in the mapping table', () => {
    const driver = parseDriver('yealink', {
      ...yealinkPackage,
      parameters: { ...yealinkPackage.parameters, map },
    });
    expect(driverTables(driver)).toContain(
      '| `account.{n}.register.ServerAddress`<br>`account.{n}.register.ServerPort` | `account.{n}.server` | host:port |',
    );
  });
});

describe('the conformance kit on composites', () => {
  /** A `key=value` driver over the map above, with the given BLF split. */
  const driverWith = (split: CompositeEntry['split']) => {
    const own = mapParameters([server, { ...memoryKey, split }]);
    return {
      ...yealinkPackage,
      parameters: {
        adds: [],
        renames: {},
        unsupported: [{ path: 'account', reason: { en: 'x', 'zh-CN': 'x' } }],
        map: own,
      },
      text: undefined,
      render: (values: ReadonlyMap<string, string>) =>
        own
          .toVendorAll(values)
          .map(([key, value]) => `${key}=${encodeURIComponent(value)}\n`)
          .join(''),
      parse: (text: string) =>
        own.fromVendorAll(
          text
            .split('\n')
            .filter(Boolean)
            .map((line) => {
              const [key = '', value = ''] = line.split('=');
              return [key, decodeURIComponent(value)] as const;
            }),
        ),
    };
  };
  const roundTrip = (candidate: unknown) => {
    const check = driverConformance(candidate).find((c) => c.name.startsWith('parses what it renders'));
    if (!check) throw new Error('no round trip check');
    return () => check.run();
  };

  it('round-trips every value of a composite drawn together', () => {
    expect(roundTrip(driverWith(memoryKey.split))).not.toThrow();
  });

  it('catches a composite that loses a value', () => {
    const lossy: CompositeEntry['split'] = (values) => {
      const [type, value] = memoryKey.split(values);
      return [type, value, undefined];
    };
    expect(roundTrip(driverWith(lossy))).toThrow(/phoneKeys\.programKey\.\d\.Account/);
  });
});
