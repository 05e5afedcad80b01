import type { CompositeEntry } from '@phonefleet/sdk';
import { DST_RULE_PATH } from '@phonefleet/sdk/catalogue';

/**
 * UC Software settings that carry several catalogue values together (README.md "Facts"): the codec
 * order, the voicemail number with its retrieval mode, and the DST day whose meaning follows the type.
 */

/** Catalogue codec codes → UC Software's `voice.codecPref.<codec>` names ([CP]). */
const CODECS: readonly (readonly [code: string, name: string])[] = [
  ['0', 'G711_Mu'],
  ['8', 'G711_A'],
  ['9', 'G722'],
  ['18', 'G729_AB'],
];
const KNOWN = new Set(CODECS.map(([code]) => code));

/**
 * UC Software orders codecs once for the whole phone: line 1's list is written as one priority per
 * codec (1 highest, 0 not used). Codecs without a UC name in the sources are left out.
 */
export const codecPreference: CompositeEntry = {
  paths: ['account.1.codec.SIPPreferredVocoder'],
  keys: CODECS.map(([, name]) => `voice.codecPref.${name}`),
  join([list]) {
    const ranked = (list ?? '').split(';').filter((code) => KNOWN.has(code));
    if (ranked.length === 0) return CODECS.map(() => undefined);
    return CODECS.map(([code]) => String(ranked.indexOf(code) + 1));
  },
  split(priorities) {
    if (priorities.every((value) => value === undefined)) return [undefined];
    const used = CODECS.flatMap(([code], index) => {
      const priority = priorities[index] ?? '';
      if (priority !== '' && !/^\d{1,2}$/.test(priority))
        throw new Error(`expected a priority number, not ${JSON.stringify(priority)}`);
      return priority === '' || priority === '0' ? [] : [{ code, priority: Number(priority) }];
    });
    used.sort((a, b) => a.priority - b.priority);
    return [used.map((codec) => codec.code).join(';')];
  },
  domains: [['0', '8', '9', '18', '8;0', '9;0;8;18', '18;9']],
  describe:
    "line 1's list as one priority per codec (0→G711_Mu, 8→G711_A, 9→G722, 18→G729_AB; 1 first, 0 not used) for the whole phone; other codecs left out",
};

/**
 * The voicemail number as `msg.mwi.x.callBackMode="contact"` with `msg.mwi.x.callBack` ([MWI]); an
 * empty number writes neither (the phone's default mode applies). Read back only in `contact` mode:
 * `registration` and `disabled` carry no number.
 */
export const voicemail: CompositeEntry = {
  paths: ['account.{n}.advanced.TelephonyVmNumber'],
  keys: ['msg.mwi.{n}.callBackMode', 'msg.mwi.{n}.callBack'],
  join: ([number]) => (number ? ['contact', number] : [undefined, undefined]),
  split([mode, callBack]) {
    if (mode !== undefined && !['contact', 'registration', 'disabled'].includes(mode))
      throw new Error(`expected contact, registration or disabled, not ${JSON.stringify(mode)}`);
    return [mode === 'contact' ? (callBack ?? '') : undefined];
  },
  describe: 'callBackMode contact and callBack the number; nothing written for an empty number',
};

const SNTP = 'tcpIpApp.sntp.daylightSavings';
/** The catalogue default type (by week), used when only the day or week is pushed. */
const BY_WEEK = '1';

/** One edge's `date` and `dayOfWeek.lastInMonth` from its catalogue day of month and week. */
function writeDay(byDate: boolean, date: string | undefined, week: string | undefined) {
  if (byDate) return date === undefined ? [undefined, undefined] : [date, '0'];
  if (week === undefined) return [undefined, undefined];
  return week === '5' ? [undefined, '1'] : [String(1 + 7 * (Number(week) - 1)), '0'];
}

function readDay(byDate: boolean, date: string | undefined, last: string | undefined) {
  if (last !== undefined && last !== '0' && last !== '1')
    throw new Error(`expected lastInMonth 0 or 1, not ${JSON.stringify(last)}`);
  if (byDate) return [date === undefined ? undefined : String(Number(date)), undefined];
  if (last === '1') return [undefined, '5'];
  if (date === undefined) return [undefined, undefined];
  const day = Number(date);
  if (![1, 8, 15, 22].includes(day)) throw new Error(`by week the date is 1, 8, 15 or 22, not ${date}`);
  return [undefined, String((day - 1) / 7 + 1)];
}

/**
 * `fixedDayEnable` (1 by date) with each edge's `date` and `dayOfWeek.lastInMonth` ([SP]): by date
 * `date` is the day of the month; by week it is 1, 8, 15 or 22 (weeks 1–4) and the last week is
 * `lastInMonth` 1. The day or week is written only when pushed.
 */
export const dstDay: CompositeEntry = {
  paths: [
    `${DST_RULE_PATH}Type`,
    `${DST_RULE_PATH}StartDate`,
    `${DST_RULE_PATH}StartWeek`,
    `${DST_RULE_PATH}EndDate`,
    `${DST_RULE_PATH}EndWeek`,
  ],
  keys: [
    `${SNTP}.fixedDayEnable`,
    `${SNTP}.start.date`,
    `${SNTP}.start.dayOfWeek.lastInMonth`,
    `${SNTP}.stop.date`,
    `${SNTP}.stop.dayOfWeek.lastInMonth`,
  ],
  join([type, startDate, startWeek, endDate, endWeek]) {
    const byDate = (type ?? BY_WEEK) === '0';
    const fixed = type === undefined ? undefined : byDate ? '1' : '0';
    return [fixed, ...writeDay(byDate, startDate, startWeek), ...writeDay(byDate, endDate, endWeek)];
  },
  split([fixed, startDate, startLast, stopDate, stopLast]) {
    if (fixed !== undefined && fixed !== '0' && fixed !== '1')
      throw new Error(`expected fixedDayEnable 0 or 1, not ${JSON.stringify(fixed)}`);
    const byDate = fixed === '1';
    const [startDay, startWeek] = readDay(byDate, startDate, startLast);
    const [endDay, endWeek] = readDay(byDate, stopDate, stopLast);
    return [fixed === undefined ? undefined : byDate ? '0' : '1', startDay, startWeek, endDay, endWeek];
  },
  domains: [['0', '1']],
  describe:
    'fixedDayEnable 1 by date, 0 by week; each edge date = the day of the month by date, 1/8/15/22 for weeks 1–4 by week, the last week lastInMonth 1',
};

/** Catalogue key types a BLF entry can hold → `attendant.resourceList.x.type` ([EA], [EM]). */
const RESOURCE_TYPES: Readonly<Record<string, string>> = { '5': 'normal', '14': 'automata' };
const RESOURCE_KINDS: Readonly<Record<string, string>> = { normal: '5', automata: '14' };

/**
 * Program key n as the phone's n-th statically configured BLF entry ([EA], [EM], [WZ]): the type
 * (`normal` for a BLF key, `automata` for a call park orbit), the monitored `address` and its `label`.
 * Other key types have no BLF entry and write nothing; the type is left out when not pushed (the
 * phone's default is `normal`).
 */
export const blfEntry: CompositeEntry = {
  paths: [
    'phoneKeys.programKey.{n}.Type',
    'phoneKeys.programKey.{n}.Value',
    'phoneKeys.programKey.{n}.Label',
  ],
  keys: [
    'attendant.resourceList.{n}.type',
    'attendant.resourceList.{n}.address',
    'attendant.resourceList.{n}.label',
  ],
  join([type, address, label]) {
    if (type !== undefined && RESOURCE_TYPES[type] === undefined) return [undefined, undefined, undefined];
    return [type === undefined ? undefined : RESOURCE_TYPES[type], address, label];
  },
  split([kind, address, label]) {
    if (kind !== undefined && RESOURCE_KINDS[kind] === undefined)
      throw new Error(`expected normal or automata, not ${JSON.stringify(kind)}`);
    return [kind === undefined ? undefined : RESOURCE_KINDS[kind], address, label];
  },
  domains: [['5', '14']],
  describe:
    'the n-th BLF entry: type 5 (BLF) → normal, 14 (call park) → automata, the value as address, the label; other types write no entry',
};

/** Catalogue SRTP modes → `sec.srtp.enable`, `.offer`, `.require` ([SR], [WZ]). */
const SRTP_FLAGS: Readonly<Record<string, readonly [string, string, string]>> = {
  '0': ['0', '0', '0'],
  '1': ['1', '1', '0'],
  '2': ['1', '1', '1'],
};

/**
 * UC Software sets SRTP once for the whole phone: line 1's mode as `sec.srtp.enable` (accept secure
 * media), `.offer` (offer it) and `.require` (refuse calls without it).
 */
export const srtpMode: CompositeEntry = {
  paths: ['account.1.advanced.SIPGroupSrtpWorkingMode'],
  keys: ['sec.srtp.enable', 'sec.srtp.offer', 'sec.srtp.require'],
  join: ([mode]) => SRTP_FLAGS[mode ?? ''] ?? [undefined, undefined, undefined],
  split(flags) {
    if (flags.every((flag) => flag === undefined)) return [undefined];
    for (const flag of flags)
      if (flag !== undefined && flag !== '0' && flag !== '1')
        throw new Error(`expected 0 or 1, not ${JSON.stringify(flag)}`);
    const [enable, offer, require] = flags;
    if (require === '1') return ['2'];
    return [enable === '1' || offer === '1' ? '1' : '0'];
  },
  describe: "line 1's mode for the whole phone: 0 → enable, offer, require 0/0/0; 1 → 1/1/0; 2 → 1/1/1",
};
