import type { CompositeEntry } from '@phonefleet/sdk';
import { DST_RULE_DEFAULTS, DST_RULE_PATH, dstRuleParts } from '@phonefleet/sdk/catalogue';
import { accountPValues } from './p-values.js';

/**
 * Grandstream settings that carry several catalogue values in one P-value, or one catalogue value in
 * several P-values (README.md "Facts"): the self-defined time zone rule, the DTMF switches, the
 * session timer and the IPv4 addresses written one octet per P-value.
 */

/** Catalogue `±HH:MM` (east positive) → POSIX offset (west positive): `+01:00` → `-1`, `-03:30` → `+3:30`. */
function posixOffset(eastMinutes: number): string {
  if (eastMinutes === 0) return '0';
  const west = -eastMinutes;
  const hours = Math.floor(Math.abs(west) / 60);
  const minutes = Math.abs(west) % 60;
  return `${west < 0 ? '-' : '+'}${hours}${minutes === 0 ? '' : `:${String(minutes).padStart(2, '0')}`}`;
}

function zoneMinutes(zone: string): number {
  const match = /^([+-]?)(\d{2}):(\d{2})$/.exec(zone);
  if (!match) throw new Error(`expected a time zone offset ±HH:MM, not ${JSON.stringify(zone)}`);
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

function catalogueZone(eastMinutes: number): string {
  if (eastMinutes === 0) return '00:00';
  const clock = (n: number) => String(n).padStart(2, '0');
  const abs = Math.abs(eastMinutes);
  return `${eastMinutes < 0 ? '-' : '+'}${clock(Math.floor(abs / 60))}:${clock(abs % 60)}`;
}

/** POSIX `[+|-]hh[:mm[:ss]]` → minutes east of UTC; seconds must be zero. */
function readPosixOffset(text: string): number {
  const match = /^([+-]?)(\d{1,2})(?::(\d{2}))?(?::(00))?$/.exec(text);
  if (!match) throw new Error(`expected an offset [+|-]hh[:mm], not ${JSON.stringify(text)}`);
  const west = Number(match[2]) * 60 + Number(match[3] ?? '0');
  return match[1] === '-' ? west : -west;
}

/** The DST rule's parts the POSIX rule can carry: by week only, so the day-of-month cells are left out. */
const RULE_PARTS = dstRuleParts({ offset: true }).filter((part) => !part.endsWith('Date'));
const NAME = '([A-Za-z]{3,}|<[^>]+>)';
const OFFSET = '([+-]?\\d{1,2}(?::\\d{2}){0,2})';
const EDGE = '(M\\d{1,2}\\.[1-5]\\.[0-6])(?:/(\\d{1,2}(?::\\d{2}){0,2}))?';
const RULE = new RegExp(`^${NAME}${OFFSET}(?:${NAME}${OFFSET}?(?:,${EDGE},${EDGE})?)?$`);

function readEdge(date: string, time: string | undefined): string[] {
  const [month = '', week = '', weekday = ''] = date.slice(1).split('.');
  const hour = /^(\d{1,2})(?::00){0,2}$/.exec(time ?? '2');
  if (!hour || Number(hour[1]) > 23 || Number(month) < 1 || Number(month) > 12)
    throw new Error(`expected Mm.w.d/hh with a whole hour 0–23, not ${JSON.stringify(date)}/${time}`);
  return [String(Number(month)), week, weekday, String(Number(hour[1]))];
}

/**
 * Catalogue time zone and daylight-saving rule ↔ P246, the self-defined zone as a POSIX rule
 * (`std offset [dst [offset],Mm.w.d[/h],Mm.w.d[/h]]`, west positive, week 5 the last, weekday 0
 * Sunday): `UTC-1DST-2,M3.5.0/2,M10.5.0/3`. DST is written only when enabled (1); automatic DST (2)
 * and rules by date have no form in P246 and are refused. Parts of an enabled rule not pushed are
 * written with the catalogue defaults, as the phone needs the whole rule.
 */
export const timeZoneRule: CompositeEntry = {
  paths: [
    'settings.timeDate.TimeZone',
    'settings.timeDate.DSTEnable',
    ...RULE_PARTS.map((p) => DST_RULE_PATH + p),
  ],
  keys: ['P246'],
  join([zone, enable, ...parts]) {
    if (enable === '2')
      throw new Error(
        'Grandstream has no automatic daylight saving by location: write the DST rule (enabled)',
      );
    if (enable !== '1') return [zone === undefined ? undefined : `UTC${posixOffset(zoneMinutes(zone))}`];
    const part = (name: string) => parts[RULE_PARTS.indexOf(name)] ?? DST_RULE_DEFAULTS[name] ?? '';
    if (part('Type') === '0')
      throw new Error(
        'Grandstream’s self-defined time zone (P246) gives DST changes by week of the month, not by date',
      );
    const east = zoneMinutes(zone ?? '00:00');
    const edge = (side: string) =>
      `M${part(`${side}Month`)}.${part(`${side}Week`)}.${part(`${side}Weekday`)}/${part(`${side}Hour`)}`;
    const dst = posixOffset(east + Number(part('Offset')));
    return [`UTC${posixOffset(east)}DST${dst},${edge('Start')},${edge('End')}`];
  },
  split([value]) {
    const none = () => [undefined, undefined, ...RULE_PARTS.map(() => undefined)];
    if (value === undefined) return none();
    const match = RULE.exec(value.trim());
    if (!match)
      throw new Error(
        `expected a POSIX time zone rule such as UTC-1DST-2,M3.5.0/2,M10.5.0/3, not ${JSON.stringify(value)}`,
      );
    const [, , stdOffset = '', dstName, dstOffset, startDate, startTime, endDate, endTime] = match;
    const east = readPosixOffset(stdOffset);
    if (!dstName) return [catalogueZone(east), ...none().slice(1)];
    if (!startDate || !endDate) throw new Error('the DST part needs its start and end (Mm.w.d)');
    const offset = dstOffset === undefined ? 60 : readPosixOffset(dstOffset) - east;
    return [
      catalogueZone(east),
      '1',
      '1',
      ...readEdge(startDate, startTime),
      ...readEdge(endDate, endTime),
      String(offset),
    ];
  },
  domains: [undefined, ['0', '1'], ['1']],
  describe:
    'POSIX rule: UTC-1 (zone only, DST disabled) or UTC-1DST-2,Mm.w.d/h,Mm.w.d/h (DST enabled, by week; week 5 the last, weekday 0 Sunday); automatic DST and rules by date are refused',
};

/** Catalogue DTMF mode → the three switches in-audio, RFC 2833, SIP INFO (0/1 each). */
const DTMF_SWITCHES: Readonly<Record<string, string>> = {
  '0': '100',
  '1': '001',
  '2': '010',
  '3': '011',
  '4': '110',
};
const DTMF_MODES = new Map(Object.entries(DTMF_SWITCHES).map(([mode, switches]) => [switches, mode]));

/** DTMF switches of accounts 1–6: in-audio P2301, RFC 2833 P2302, SIP INFO P2303, then +100 per account. */
export const dtmfModes: CompositeEntry[] = [1, 2, 3, 4, 5, 6].map((line) => {
  const base = 2200 + 100 * line;
  return {
    paths: [`account.${line}.advanced.SIPGroupDtmfMode`],
    keys: [`P${base + 1}`, `P${base + 2}`, `P${base + 3}`],
    join([mode]) {
      if (mode === undefined) return [undefined, undefined, undefined];
      const switches = DTMF_SWITCHES[mode];
      if (!switches) throw new Error(`no Grandstream DTMF switches for mode ${JSON.stringify(mode)}`);
      return [...switches];
    },
    split(switches) {
      if (switches.every((value) => value === undefined)) return [undefined];
      if (switches.some((value) => value === undefined))
        throw new Error('expected the three DTMF switches (in-audio, RFC 2833, SIP INFO) together');
      const mode = DTMF_MODES.get(switches.join(''));
      if (!mode)
        throw new Error(`no catalogue DTMF mode for in-audio/RFC 2833/SIP INFO ${switches.join('/')}`);
      return [mode];
    },
    domains: [Object.keys(DTMF_SWITCHES)],
    describe:
      '0 in-band→1/0/0, 1 SIP INFO→0/0/1, 2 RFC 2833→0/1/0, 3 RFC 2833 + SIP INFO→0/1/1, 4 in-band + RFC 2833→1/1/0 (in-audio/RFC 2833/SIP INFO)',
  };
});

/** Session Expiration's range (s). */
const SESSION = { min: 90, max: 64800 };
/** Enable Session Timer and Session Expiration of accounts 1–6. */
const SESSION_P_VALUES: readonly (readonly [number, number])[] = [
  [2395, 260],
  [2495, 434],
  [2595, 534],
  [2695, 634],
  [2795, 1734],
  [2895, 1834],
];

/** Catalogue session timer (s, 0 off) ↔ the switch and the expiration: 0 → off; 90–64800 → on with it. */
export const sessionTimers: CompositeEntry[] = SESSION_P_VALUES.map(([enable, expiration], index) => ({
  paths: [`account.${index + 1}.advanced.SIPGroupSessionTimer`],
  keys: [`P${enable}`, `P${expiration}`],
  join([seconds]) {
    if (seconds === undefined) return [undefined, undefined];
    if (seconds === '0') return ['0', undefined];
    const value = Number(seconds);
    if (!Number.isInteger(value) || value < SESSION.min || value > SESSION.max)
      throw new Error(`Grandstream’s session expiration is ${SESSION.min}–${SESSION.max} s, not ${seconds}`);
    return ['1', seconds];
  },
  split([on, seconds]) {
    if (on === '0') return ['0'];
    if (on === '1') {
      if (seconds !== undefined && !/^\d+$/.test(seconds))
        throw new Error(`expected seconds, not ${JSON.stringify(seconds)}`);
      return [seconds];
    }
    if (on !== undefined) throw new Error(`expected 0 or 1, not ${JSON.stringify(on)}`);
    return [undefined];
  },
  domains: [['0', '90', '180', '1800', '64800']],
  describe: '0 → switch 0; 90–64800 s → switch 1 and the expiration',
}));

/** An IPv4 address written one octet per P-value, the four numbers in a row from `first`. */
const ipv4 = (path: string, first: number): CompositeEntry => ({
  paths: [path],
  keys: [0, 1, 2, 3].map((octet) => `P${first + octet}`),
  join([address]) {
    if (address === undefined || address === '') return [undefined, undefined, undefined, undefined];
    const octets = address.split('.');
    if (octets.length !== 4 || octets.some((octet) => !/^\d{1,3}$/.test(octet) || Number(octet) > 255))
      throw new Error(`expected an IPv4 address, not ${JSON.stringify(address)}`);
    return octets.map((octet) => String(Number(octet)));
  },
  split(octets) {
    if (octets.every((octet) => octet === undefined)) return [undefined];
    if (octets.some((octet) => octet === undefined || !/^\d{1,3}$/.test(octet) || Number(octet) > 255))
      throw new Error(`expected four octets 0–255, not ${octets.join('.')}`);
    return [octets.map((octet) => String(Number(octet))).join('.')];
  },
  // The round trip draws addresses (an empty one, not written, is left out when read).
  domains: [['', '0.0.0.0', '10.1.2.3', '192.0.2.254', '255.255.255.0']],
  describe: 'one octet per P-value (empty: not written)',
});

/** Static IPv4 settings (used when P8 says static): address P9–P12, mask P13–P16, gateway P17–P20, DNS P21–P28. */
export const staticAddresses: CompositeEntry[] = [
  ipv4('network.ipParameter.IPAddress', 9),
  ipv4('network.ipParameter.SubnetMask', 13),
  ipv4('network.ipParameter.DefaultGateway', 17),
  ipv4('network.ipParameter.PrimaryDNS', 21),
  ipv4('network.ipParameter.SecondaryDNS', 25),
];

/** Catalogue TLS version → Minimum (P22293) and Maximum (P22294) TLS version: 10, 11, 12, max 99 unlimited. */
const TLS_RANGES: Readonly<Record<string, readonly [string, string]>> = {
  '0': ['10', '10'],
  '1': ['11', '11'],
  '2': ['12', '12'],
  '100': ['10', '99'],
  '101': ['11', '99'],
  '102': ['12', '99'],
};

/** The phone's TLS version range (for every TLS connection, SIP among them) from the catalogue's SIP TLS version. */
export const tlsVersion: CompositeEntry = {
  paths: ['sipFunction.general.SIPSslVersion'],
  keys: ['P22293', 'P22294'],
  join([version]) {
    if (version === undefined) return [undefined, undefined];
    const range = TLS_RANGES[version];
    if (!range) throw new Error(`no Grandstream TLS range for ${JSON.stringify(version)}`);
    return range;
  },
  split([minimum, maximum]) {
    if (minimum === undefined && maximum === undefined) return [undefined];
    const found = Object.entries(TLS_RANGES).find(([, [min, max]]) => min === minimum && max === maximum);
    if (!found) throw new Error(`no catalogue TLS version for minimum ${minimum} and maximum ${maximum}`);
    return [found[0]];
  },
  describe: '0→10/10, 1→11/11, 2→12/12, 100→10/99, 101→11/99, 102→12/99 (minimum/maximum; 99 unlimited)',
};

const PAYLOAD = /^(\d{2,3});(\d{2,3})$/;
const dynamicPayload = (value: string) => Number(value) >= 96 && Number(value) <= 127;

/**
 * The catalogue's payload types of telephone-event and Opus (`101;96`) ↔ DTMF Payload Type and OPUS
 * Payload Type of each account, both 96–127.
 */
export const payloadTypes: CompositeEntry[] = accountPValues.map((pValues, index) => ({
  paths: [`account.${index + 1}.codec.AudioPayloadTypes`],
  keys: [`P${pValues.dtmfPayload}`, `P${pValues.opusPayload}`],
  join([list]) {
    if (list === undefined) return [undefined, undefined];
    const match = PAYLOAD.exec(list);
    if (!match?.[1] || !match[2] || !dynamicPayload(match[1]) || !dynamicPayload(match[2]))
      throw new Error(
        `Grandstream takes two payload types 96–127 (telephone-event;Opus), not ${JSON.stringify(list)}`,
      );
    return [match[1], match[2]];
  },
  split([dtmf, opus]) {
    if (dtmf === undefined && opus === undefined) return [undefined];
    if (dtmf === undefined || opus === undefined)
      throw new Error('expected the DTMF and the Opus payload types together');
    if (!/^\d{2,3}$/.test(dtmf) || !/^\d{2,3}$/.test(opus))
      throw new Error(`expected payload numbers, not ${dtmf}, ${opus}`);
    return [`${Number(dtmf)};${Number(opus)}`];
  },
  domains: [['101;96', '101;123', '96;97', '127;100']],
  describe: 'telephone-event;Opus → DTMF Payload Type, OPUS Payload Type (96–127 each)',
}));

/**
 * A phone-wide catalogue setting Grandstream keeps per account: written alike to the P-values of
 * accounts 1–6, read back only when the accounts agree. `convert` turns the catalogue value into the
 * vendor's and back (undefined: not a vendor value).
 */
function everyAccount(
  path: string,
  numbers: readonly number[],
  convert: { toVendor(value: string): string; fromVendor(value: string): string | undefined },
  describe: string,
  domain: readonly string[] | { min: number; max: number },
): CompositeEntry {
  return {
    paths: [path],
    keys: numbers.map((number) => `P${number}`),
    join: ([value]) => numbers.map(() => (value === undefined ? undefined : convert.toVendor(value))),
    split(values) {
      const present = values.filter((value): value is string => value !== undefined);
      if (present.length === 0) return [undefined];
      if (present.length !== values.length || present.some((value) => value !== present[0]))
        throw new Error('the accounts’ values differ: this driver writes one value to all six');
      const read = convert.fromVendor(present[0] as string);
      if (read === undefined) throw new Error(`unexpected value ${JSON.stringify(present[0])}`);
      return [read];
    },
    domains: [domain],
    describe: `${describe}, written to accounts 1–6 alike`,
  };
}

const BOOLEAN = ['true', 'false'];
const switchOn = {
  toVendor: (value: string) => (value === 'true' ? '1' : '0'),
  fromVendor: (value: string) => ({ '1': 'true', '0': 'false' })[value],
};
const seconds = {
  toVendor: (value: string) => value,
  fromVendor: (value: string) => (/^\d+$/.test(value) ? value : undefined),
};

const accountSwitch = (path: string, numbers: readonly number[]) =>
  everyAccount(path, numbers, switchOn, '0/1', BOOLEAN);

/** SIP-function settings the catalogue has for the phone and Grandstream per account (README.md "Facts"). */
export const perAccountSettings: CompositeEntry[] = [
  everyAccount('sipFunction.general.SIPRegisterRetry', [138, 471, 571, 671, 1771, 1871], seconds, 'seconds', {
    min: 1,
    max: 3600,
  }),
  accountSwitch('sipFunction.general.SIPRfc2543HoldEnable', [26062, 26162, 26262, 26362, 26462, 26562]),
  accountSwitch('sipFunction.general.SIPPaniEnable', [26058, 26158, 26258, 26358, 26458, 26558]),
  accountSwitch('sipFunction.general.SIPPeerFilterEnable', [2347, 2447, 2547, 2647, 2747, 2847]),
  accountSwitch('sipFunction.general.SIPSslPeerVerify', [2367, 2467, 2567, 2667, 2767, 2867]),
];
