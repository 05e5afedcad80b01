import type { CompositeEntry } from '@phonefleet/sdk';
import { DST_RULE_DEFAULTS, DST_RULE_PATH, dstRuleParts } from '@phonefleet/sdk/catalogue';

/**
 * Yealink settings that carry several catalogue values together (README.md "Sources"): the ordered
 * codec list spread over one enable/priority pair per codec, and the DST start and end.
 */

/** Catalogue codec codes → Yealink's codec names in `account.N.codec.<name>.*` ([AG], [FP]). */
const CODECS: readonly (readonly [code: string, name: string])[] = [
  ['0', 'pcmu'],
  ['8', 'pcma'],
  ['18', 'g729'],
  ['9', 'g722'],
  ['125', 'opus'],
  ['2', 'g726_32'],
];
const CODEC_NAMES = new Map(CODECS);

/**
 * `account.N.codec.<name>.enable`/`priority` from the catalogue's ordered list: a listed codec is
 * enabled with its rank (1 first), the others are disabled with priority 0. Codecs Yealink names
 * ambiguously (G.723.1 and iLBC have two rates each, G.722.1 several) are left out of the list.
 */
export const codecList: CompositeEntry = {
  paths: ['account.{n}.codec.SIPPreferredVocoder'],
  keys: CODECS.flatMap(([, name]) => [
    `account.{n}.codec.${name}.enable`,
    `account.{n}.codec.${name}.priority`,
  ]),
  join([list]) {
    const ranked = (list ?? '').split(';').filter((code) => CODEC_NAMES.has(code));
    if (ranked.length === 0) return CODECS.flatMap(() => [undefined, undefined]);
    return CODECS.flatMap(([code]) => {
      const rank = ranked.indexOf(code);
      return rank === -1 ? ['0', '0'] : ['1', String(rank + 1)];
    });
  },
  split(values) {
    if (values.every((value) => value === undefined)) return [undefined];
    const enabled = CODECS.flatMap(([code], index) => {
      const enable = values[2 * index];
      const priority = values[2 * index + 1];
      if (enable !== undefined && enable !== '0' && enable !== '1')
        throw new Error(`expected 0 or 1, not ${JSON.stringify(enable)}`);
      if (priority !== undefined && !/^\d{1,2}$/.test(priority))
        throw new Error(`expected a priority number, not ${JSON.stringify(priority)}`);
      return enable === '1' ? [{ code, priority: Number(priority ?? '0') }] : [];
    });
    // Priority 0 on an enabled codec means "no rank": after the ranked ones, in Yealink's order.
    const rank = (priority: number) => (priority === 0 ? Number.MAX_SAFE_INTEGER : priority);
    enabled.sort((a, b) => rank(a.priority) - rank(b.priority));
    return [enabled.map((codec) => codec.code).join(';')];
  },
  domains: [['0', '8', '18', '9', '125', '2', '8;0', '9;0;8;18', '125;9;2;0']],
  describe:
    'each of 0→pcmu, 8→pcma, 18→g729, 9→g722, 125→opus, 2→g726_32: listed = enable 1 and its rank as priority, unlisted = enable 0, priority 0; other codecs left out',
};

const PARTS = dstRuleParts({ offset: false });
const BY_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{1,2})$/;
const BY_WEEK = /^(\d{1,2})\/([1-5])\/([1-7])\/(\d{1,2})$/;

/**
 * One edge: by date `month/day/hour`, by week `month/week/weekday/hour` with week 1–5 (5 the last)
 * and Yealink's weekday 1 Monday … 7 Sunday (the catalogue's 0 is Sunday).
 */
function writeEdge(byDate: boolean, [month, date, week, weekday, hour]: string[]): string {
  if (byDate) return `${month}/${date}/${hour}`;
  return `${month}/${week}/${weekday === '0' ? '7' : weekday}/${hour}`;
}

function readEdge(byDate: boolean, text: string): (string | undefined)[] {
  const number = (digits: string | undefined) => String(Number(digits));
  if (byDate) {
    const match = BY_DATE.exec(text.trim());
    if (!match) throw new Error(`expected month/day/hour, not ${JSON.stringify(text)}`);
    return [number(match[1]), number(match[2]), undefined, undefined, number(match[3])];
  }
  const match = BY_WEEK.exec(text.trim());
  if (!match) throw new Error(`expected month/week/weekday/hour, not ${JSON.stringify(text)}`);
  const weekday = match[3] === '7' ? '0' : match[3];
  return [number(match[1]), undefined, match[2], weekday, number(match[4])];
}

/**
 * `local_time.dst_time_type` (0 by date, 1 by week), `local_time.start_time` and `local_time.end_time`
 * from the catalogue's DST type, start and end; parts not pushed take the catalogue defaults, since
 * the phone reads each edge whole.
 */
export const dstRule: CompositeEntry = {
  paths: PARTS.map((part) => `${DST_RULE_PATH}${part}`),
  keys: ['local_time.dst_time_type', 'local_time.start_time', 'local_time.end_time'],
  join(values) {
    if (values.every((value) => value === undefined)) return [undefined, undefined, undefined];
    const part = (index: number) => values[index] ?? DST_RULE_DEFAULTS[PARTS[index] ?? ''] ?? '';
    const type = part(0) === '0' ? '0' : '1';
    const edge = (from: number) =>
      writeEdge(
        type === '0',
        [0, 1, 2, 3, 4].map((offset) => part(from + offset)),
      );
    return [type, edge(1), edge(6)];
  },
  split([type, start, end]) {
    if (type === undefined && start === undefined && end === undefined) return PARTS.map(() => undefined);
    if (type !== undefined && type !== '0' && type !== '1')
      throw new Error(`expected DST type 0 or 1, not ${JSON.stringify(type)}`);
    // Without the type, the edge's shape says it (three numbers by date, four by week).
    const byDate = type === undefined ? BY_DATE.test((start ?? end ?? '').trim()) : type === '0';
    const none = [undefined, undefined, undefined, undefined, undefined];
    return [
      byDate ? '0' : '1',
      ...(start === undefined ? none : readEdge(byDate, start)),
      ...(end === undefined ? none : readEdge(byDate, end)),
    ];
  },
  domains: [['0', '1']],
  describe:
    'dst_time_type 0/1; start_time and end_time M/D/H by date, M/W/WD/H by week (W 5 the last week, WD 1 Monday … 7 Sunday); parts not pushed take the catalogue defaults',
};

/** NAT traversal modes → which of Yealink's static NAT, STUN and ICE switches is on. */
const NAT_SWITCHES: Readonly<Record<string, readonly string[]>> = {
  '0': ['0', '0', '0'],
  '1': ['1', '0', '0'],
  '2': ['0', '1', '0'],
  '3': ['0', '0', '1'],
};

/**
 * The catalogue's one NAT traversal mode → Yealink's three switches `static.network.static_nat.enable`
 * (manual NAT), `static.sip.nat_stun.enable` and `static.ice.enable`. Read back, ICE wins, then the
 * manual NAT (Yealink uses the manual address when both it and STUN are on), then STUN.
 */
export const natTraversal: CompositeEntry = {
  paths: ['network.natVpn.NatTraversalMode'],
  keys: ['static.network.static_nat.enable', 'static.sip.nat_stun.enable', 'static.ice.enable'],
  join: ([mode]) =>
    mode === undefined ? [undefined, undefined, undefined] : (NAT_SWITCHES[mode] ?? ['0', '0', '0']),
  split(switches) {
    if (switches.every((value) => value === undefined)) return [undefined];
    for (const value of switches) {
      if (value !== undefined && value !== '0' && value !== '1')
        throw new Error(`expected 0 or 1, not ${JSON.stringify(value)}`);
    }
    const [manual, stun, ice] = switches;
    return [ice === '1' ? '3' : manual === '1' ? '1' : stun === '1' ? '2' : '0'];
  },
  describe: '0 → all off, 1 → static_nat 1, 2 → nat_stun 1, 3 → ice 1 (the other two 0)',
};

/**
 * The account's digit map ([DM]): `account.N.dialplan.digitmap.string` only applies with
 * `account.N.dialplan.digitmap.enable` 1, which takes precedence over the phone-wide switch. A digit
 * map is written with the switch on; an empty one turns the account's digit map off. Read back, a
 * switch at 0 is an empty digit map whatever string is left beside it.
 */
export const digitMap: CompositeEntry = {
  paths: ['account.{n}.advanced.SIPDigitMap'],
  keys: ['account.{n}.dialplan.digitmap.enable', 'account.{n}.dialplan.digitmap.string'],
  join([map]) {
    if (map === undefined) return [undefined, undefined];
    return map === '' ? ['0', ''] : ['1', map];
  },
  split([enable, map]) {
    if (enable === undefined) return [map];
    if (enable === '0') return [''];
    if (enable !== '1') throw new Error(`unexpected value ${JSON.stringify(enable)}`);
    return [map];
  },
  describe: 'enable 1 with the digit map in string; an empty digit map is enable 0',
};
