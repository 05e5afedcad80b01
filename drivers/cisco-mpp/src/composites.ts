import type { CompositeEntry } from '@phonefleet/sdk';
import { DST_RULE_DEFAULTS, DST_RULE_PATH, dstRuleParts } from '@phonefleet/sdk/catalogue';

/**
 * Cisco settings that carry several catalogue values in one element (README.md "Facts"): a server as
 * `host[:port]`, and the daylight-saving rule `start=M/D/W/H;end=M/D/W/H;save=S`.
 */

const HOST_PORT = /^(.*?)(?::(\d{1,5}))?$/s;
const PORT = { min: 1, max: 65535 };

/**
 * `host[:port]`: the port is left out when it is not pushed or empty, or when there is no host (the
 * platform sends an empty outbound proxy with an empty port), and read back only when present.
 */
export const hostPort = (host: string, port: string, key: string): CompositeEntry => ({
  paths: [host, port],
  keys: [key],
  join: ([address, number]) => [!number || !address ? address : `${address}:${number}`],
  split([value]) {
    const match = HOST_PORT.exec(value ?? '');
    return [match?.[1] ?? value, match?.[2]];
  },
  domains: [undefined, PORT],
  describe: 'host:port (the port left out when not pushed, empty or without a host)',
});

const PARTS = dstRuleParts({ offset: true });
const EDGE = /^(\d{1,2})\/(-?\d{1,2})\/([0-7])(?:\/(\d{1,2})(?::0{1,2}(?::0{1,2})?)?)?$/;
const SAVE = /^([+-]?)(\d{1,2})(?::(\d{1,2})(?::0{1,2})?)?$/;

/**
 * One edge of the rule. By date: `month/day/0/hour` (weekday 0: exactly that day). By week: Cisco
 * counts weekdays 1 Monday … 7 Sunday and finds "the weekday on or after day D", so week N is day
 * 1 + 7 (N − 1); the last week is day −1 ("on or before the end of the month").
 */
function writeEdge(byDate: boolean, [month, date, week, weekday, hour]: string[]): string {
  if (byDate) return `${month}/${date}/0/${hour}`;
  const day = week === '5' ? '-1' : String(1 + 7 * (Number(week) - 1));
  return `${month}/${day}/${weekday === '0' ? '7' : weekday}/${hour}`;
}

function readEdge(text: string): { byDate: boolean; values: (string | undefined)[] } {
  const match = EDGE.exec(text.trim());
  if (!match) throw new Error(`expected month/day/weekday/hour, not ${JSON.stringify(text)}`);
  const [, month, day = '', weekday = '', hour = '0'] = match;
  if (weekday === '0')
    return { byDate: true, values: [month, day, undefined, undefined, String(Number(hour))] };
  const number = Number(day);
  const week =
    number === -1
      ? '5'
      : number > 0 && (number - 1) % 7 === 0 && number <= 22
        ? String((number - 1) / 7 + 1)
        : undefined;
  if (!week) throw new Error(`day ${day} is not the start of a week or the last week`);
  return {
    byDate: false,
    values: [month, undefined, week, weekday === '7' ? '0' : weekday, String(Number(hour))],
  };
}

function writeSave(minutes: string): string {
  const total = Number(minutes);
  const sign = total < 0 ? '-' : '';
  const hours = Math.floor(Math.abs(total) / 60);
  const rest = Math.abs(total) % 60;
  return `${sign}${hours}${rest === 0 ? '' : `:${String(rest).padStart(2, '0')}`}`;
}

function readSave(text: string): string {
  const match = SAVE.exec(text.trim());
  if (!match) throw new Error(`expected save=[+|-]HH[:mm], not ${JSON.stringify(text)}`);
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? '0');
  return String(match[1] === '-' && minutes !== 0 ? -minutes : minutes);
}

/**
 * `Daylight_Saving_Time_Rule` from the catalogue's DST type, start, end and offset; the parts not
 * pushed are written with their catalogue defaults (the phone needs a whole rule).
 */
export const dstRule: CompositeEntry = {
  paths: PARTS.map((part) => `${DST_RULE_PATH}${part}`),
  keys: ['Daylight_Saving_Time_Rule'],
  join(values) {
    if (values.every((value) => value === undefined)) return [undefined];
    const part = (index: number) => values[index] ?? DST_RULE_DEFAULTS[PARTS[index] ?? ''] ?? '';
    const byDate = part(0) === '0';
    const edge = (from: number) =>
      writeEdge(
        byDate,
        [0, 1, 2, 3, 4].map((offset) => part(from + offset)),
      );
    return [`start=${edge(1)};end=${edge(6)};save=${writeSave(part(11))}`];
  },
  split([value]) {
    if (value === undefined) return PARTS.map(() => undefined);
    const fields = new Map(
      value.split(';').map((field) => {
        const [name = '', text = ''] = field.split('=');
        return [name.trim().toLowerCase(), text] as const;
      }),
    );
    const start = readEdge(fields.get('start') ?? '');
    const end = readEdge(fields.get('end') ?? '');
    if (start.byDate !== end.byDate) throw new Error('start and end must both be by date or both by week');
    return [start.byDate ? '0' : '1', ...start.values, ...end.values, readSave(fields.get('save') ?? '')];
  },
  domains: [['0', '1']],
  describe:
    'start=M/D/W/H;end=M/D/W/H;save=H[:mm] — by date D the day and W 0; by week W 1 Monday … 7 Sunday and D 1, 8, 15, 22 (weeks 1–4) or −1 (last); parts not pushed take the catalogue defaults',
};

/**
 * Codecs by Cisco's names ([SPA5], [AG78]: AMR-WB is ITU G.722.2); G.723.1, G.726 and G.722.1(C) have
 * no name in the MPP preference lists.
 */
const CODEC_NAMES: Readonly<Record<string, string>> = {
  '0': 'G711u',
  '8': 'G711a',
  '18': 'G729a',
  '9': 'G722',
  '98': 'iLBC',
  '125': 'OPUS',
  '112': 'G722.2',
};
const CODEC_CODES = new Map(Object.entries(CODEC_NAMES).map(([code, name]) => [name, code]));
const UNSPECIFIED = 'Unspecified';

/**
 * The catalogue's ordered codec list → Cisco's three preference slots `Preferred_Codec_N_`,
 * `Second_Preferred_Codec_N_`, `Third_Preferred_Codec_N_` (empty slots `Unspecified`): one catalogue
 * value written to three keys. Codecs Cisco has no name for, and those past the third, are left out.
 */
export const codecPreference: CompositeEntry = {
  paths: ['account.{n}.codec.SIPPreferredVocoder'],
  keys: ['Preferred_Codec_{n}_', 'Second_Preferred_Codec_{n}_', 'Third_Preferred_Codec_{n}_'],
  join([list]) {
    const names = (list ?? '').split(';').flatMap((code) => CODEC_NAMES[code] ?? []);
    if (names.length === 0) return [undefined, undefined, undefined];
    return [0, 1, 2].map((slot) => names[slot] ?? UNSPECIFIED);
  },
  split(slots) {
    if (slots[0] === undefined) return [undefined];
    const codes = slots
      .filter((name): name is string => name !== undefined && name !== UNSPECIFIED)
      .map((name) => {
        const code = CODEC_CODES.get(name);
        if (code === undefined) throw new Error(`unexpected codec ${JSON.stringify(name)}`);
        return code;
      });
    return [codes.join(';')];
  },
  domains: [Object.keys(CODEC_NAMES)],
  describe:
    'the first three of 0→G711u, 8→G711a, 18→G729a, 9→G722, 98→iLBC, 125→OPUS, 112→G722.2 in order, empty slots Unspecified; other codecs left out',
};

/**
 * `Resync_Periodic` carries both the catalogue's polling switch and its period ([AG8], [SPA1]): 0
 * turns periodic resync off, any other value is the period in seconds. Polling switched off is
 * written 0; otherwise the period is written as it is. Read back, 0 is polling off and any other value
 * the period (the switch on is implied, so it is not read).
 */
export const resyncPeriodic: CompositeEntry = {
  paths: [
    'provision.autoProvision.ProvisionPollingEnable',
    'provision.autoProvision.ProvisionPollingTimeout',
  ],
  keys: ['Resync_Periodic'],
  join: ([enable, period]) => [enable === 'false' ? '0' : period],
  split([value]) {
    if (value === undefined) return [undefined, undefined];
    return value.trim() === '0' ? ['false', undefined] : [undefined, value];
  },
  describe: 'polling off → 0, else the period in seconds (0 read back as polling off)',
};
