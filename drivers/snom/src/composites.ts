import type { CompositeEntry, ValueConversion } from '@phonefleet/sdk';
import { DST_RULE_DEFAULTS, DST_RULE_PATH, dstRuleParts } from '@phonefleet/sdk/catalogue';

/**
 * Snom settings that carry several catalogue values in one value (README.md "Facts"): the outbound
 * proxy as `host[:port]`, the codec list by Snom's names and the daylight-saving rule `dst`.
 */

const HOST_PORT = /^(.*?)(?::(\d{1,5}))?$/s;

/**
 * `user_outbound` as `host[:port]` ([WZ]): the port is left out when it is not pushed or empty, or
 * when there is no host (the platform sends an unset proxy and its port as `''`).
 */
export const outboundProxy: CompositeEntry = {
  paths: ['account.{n}.register.OutboundProxy', 'account.{n}.register.OutboundProxyPort'],
  keys: ['user_outbound[{n}]'],
  join: ([host, port]) => [!port || !host ? host : `${host}:${port}`],
  split([value]) {
    const match = HOST_PORT.exec(value ?? '');
    return [match?.[1] ?? value, match?.[2]];
  },
  domains: [undefined, { min: 1, max: 65535 }],
  describe: 'host:port (the port left out when not pushed, empty or without a host)',
};

/** Catalogue codec codes → Snom's codec names in `codec_priority_list` ([WZ], [XC]). */
const CODEC_NAMES: readonly (readonly [code: string, name: string])[] = [
  ['0', 'pcmu'],
  ['8', 'pcma'],
  ['18', 'g729'],
  ['9', 'g722'],
  ['2', 'g726-32'],
];
const BY_CODE = new Map(CODEC_NAMES);
const BY_NAME = new Map(CODEC_NAMES.map(([code, name]) => [name, code]));
/** RFC 2833 DTMF is offered as a codec; Snom's own lists end with it, so the driver keeps it last. */
const TELEPHONE_EVENT = 'telephone-event';

/**
 * The catalogue's ordered codec list as Snom's comma-separated names, `telephone-event` appended;
 * codecs Snom has no name for in the sources (iLBC, Opus, G.723.1, G.722.1, AMR-WB) are left out.
 */
export const codecList: ValueConversion = {
  toVendor: (value) =>
    [...value.split(';').flatMap((code) => BY_CODE.get(code) ?? []), TELEPHONE_EVENT].join(','),
  fromVendor(value) {
    const codes: string[] = [];
    for (const name of value.split(',').map((each) => each.trim().toLowerCase())) {
      if (name === TELEPHONE_EVENT || name === '') continue;
      const code = BY_NAME.get(name);
      if (code === undefined) return undefined;
      codes.push(code);
    }
    return codes.join(';');
  },
  domain: ['0', '8', '18', '9', '2', '8;0', '9;0;8;18', '2;9'],
};

const PARTS = dstRuleParts({ offset: true });
const two = (value: string) => value.padStart(2, '0');
const RULE =
  /^(-?\d{1,5}) (\d{2})\.(\d{2})(?:\.(\d{2}))? (\d{2}):00:00 (\d{2})\.(\d{2})(?:\.(\d{2}))? (\d{2}):00:00$/;

/**
 * One edge: by week `mm.ww.dd hh:00:00` (week 01–05, 05 the last; Snom's weekday 01 Monday … 07
 * Sunday, the catalogue's 0 is Sunday), by date `dd.mm hh:00:00`.
 */
function writeEdge(byDate: boolean, [month = '', date = '', week = '', weekday = '', hour = '']: string[]) {
  const time = `${two(hour)}:00:00`;
  if (byDate) return `${two(date)}.${two(month)} ${time}`;
  return `${two(month)}.${two(week)}.${two(weekday === '0' ? '7' : weekday)} ${time}`;
}

function readEdge(first: string, second: string, weekday: string | undefined, hour: string) {
  const number = (digits: string) => String(Number(digits));
  if (weekday === undefined) return [number(second), number(first), undefined, undefined, number(hour)];
  const day = Number(weekday);
  if (day < 1 || day > 7 || Number(second) < 1 || Number(second) > 5)
    throw new Error(`expected week 01–05 and weekday 01–07, not ${second}.${weekday}`);
  return [number(first), undefined, number(second), day === 7 ? '0' : String(day), number(hour)];
}

/**
 * `dst` ([DST]): `offset start end` with the offset in seconds (the catalogue's minutes × 60), both
 * edges by week or both by date; parts not pushed take the catalogue defaults (the phone reads a whole
 * rule).
 */
export const dstRule: CompositeEntry = {
  paths: PARTS.map((part) => `${DST_RULE_PATH}${part}`),
  keys: ['dst'],
  join(values) {
    if (values.every((value) => value === undefined)) return [undefined];
    const part = (index: number) => values[index] ?? DST_RULE_DEFAULTS[PARTS[index] ?? ''] ?? '';
    const byDate = part(0) === '0';
    const edge = (from: number) =>
      writeEdge(
        byDate,
        [0, 1, 2, 3, 4].map((offset) => part(from + offset)),
      );
    return [`${Number(part(11)) * 60} ${edge(1)} ${edge(6)}`];
  },
  split([value]) {
    if (value === undefined) return PARTS.map(() => undefined);
    const match = RULE.exec(value.trim());
    if (!match || (match[4] === undefined) !== (match[8] === undefined))
      throw new Error(
        `expected "offset mm.ww.dd hh:00:00 mm.ww.dd hh:00:00" or the dd.mm form, not ${JSON.stringify(value)}`,
      );
    const [, offset = '', a = '', b = '', c, h1 = '', d = '', e = '', f, h2 = ''] = match;
    const seconds = Number(offset);
    if (seconds % 60 !== 0) throw new Error(`the offset ${offset} s is not whole minutes`);
    return [
      c === undefined ? '0' : '1',
      ...readEdge(a, b, c, h1),
      ...readEdge(d, e, f, h2),
      String(seconds / 60),
    ];
  },
  domains: [['0', '1']],
  describe:
    'offset in s, then start and end as mm.ww.dd hh:00:00 by week (ww 05 the last, dd 01 Monday … 07 Sunday) or dd.mm hh:00:00 by date; parts not pushed take the catalogue defaults',
};
