import type { ModelCapabilities } from '../driver.js';
import type { LocalizedText, OptionDef, ParameterDef, ParameterType, TabKey } from './types.js';

/** `[en, zh]` */
export type Txt = readonly [en: string, zh: string];
/** `[value, en, zh]` */
export type Opt = readonly [value: string, en: string, zh: string];

/** What a catalogue entry may look at when the tree is built. */
export interface BuildContext {
  caps: ModelCapabilities;
  /** Site/group screens: the union across models. */
  share: boolean;
  /** Index of the repeated group (1-based); 0 outside groups. */
  index: number;
}
type When = (ctx: BuildContext) => boolean;

export interface ParamSpec {
  def: ParameterDef;
  when?: When;
}

/** A fixed entry, or one computed from the model (option lists that follow counts). */
export type ParamEntry = ParamSpec | ((ctx: BuildContext) => ParamSpec | null);

export interface GroupSpec {
  key: string;
  title: Txt;
  count: (ctx: BuildContext) => number;
  params: ParamEntry[];
}

export interface ParamSectionSpec {
  key: string;
  label: Txt;
  when?: When;
  params: ParamEntry[];
  groups?: GroupSpec[];
}

export interface TabSpec {
  key: Exclude<TabKey, 'phoneKeys'>;
  label: Txt;
  sections: ParamSectionSpec[];
}

export interface Extra {
  tooltip?: Txt;
  maxLength?: number;
  pattern?: string;
  when?: When;
  Dependency?: string;
  ValueTemplate?: string;
}

export const lt = ([en, zh]: Txt): LocalizedText => ({ en, zh });
export const opts = (list: readonly Opt[]): OptionDef[] =>
  list.map(([value, en, zh]) => ({ value, label: { en, zh } }));
/** Options `from..to` labelled by their number (or by `label(n)`). */
export const rangeOpts = (from: number, to: number, label?: (n: number) => Txt, pad = 0): Opt[] => {
  const out: Opt[] = [];
  for (let n = from; n <= to; n++) {
    const [en, zh] = label ? label(n) : [String(n), String(n)];
    out.push([String(n).padStart(pad, '0'), en, zh]);
  }
  return out;
};

function describeRule(type: ParameterType, rule: string): Txt | null {
  if (type !== 'number') return null;
  const m = /^\[(.+),(.+)\]$/.exec(rule);
  if (!m) return null;
  const [min, max] = [m[1], m[2]];
  if (min !== '*' && max !== '*') return [`Range ${min} to ${max}.`, `范围 ${min} 到 ${max}。`];
  if (min !== '*') return [`At least ${min}.`, `不小于 ${min}。`];
  if (max !== '*') return [`At most ${max}.`, `不大于 ${max}。`];
  return null;
}

/** Tooltip written from the label, the rule and the default when the catalogue gives none. */
function tooltipOf(label: Txt, type: ParameterType, rule: string, def: string): LocalizedText {
  const range = describeRule(type, rule);
  const shown = def === '' ? null : type === 'password' ? null : def;
  const en = [`${label[0]}.`, range?.[0], shown === null ? '' : `Default: ${shown}.`];
  const zh = [`${label[1]}。`, range?.[1], shown === null ? '' : `默认值：${shown}。`];
  return { en: en.filter(Boolean).join(' '), zh: zh.filter(Boolean).join('') };
}

function make(
  Key: string,
  Type: ParameterType,
  label: Txt,
  DefaultValue: string,
  ValueRule: string,
  extra: Extra,
  options?: readonly Opt[],
): ParamSpec {
  const def: ParameterDef = {
    Key,
    Type,
    DefaultValue,
    ValueRule,
    ValueTemplate: extra.ValueTemplate ?? '',
    label: lt(label),
    tooltip: extra.tooltip ? lt(extra.tooltip) : tooltipOf(label, Type, ValueRule, DefaultValue),
  };
  if (options) def.options = opts(options);
  if (extra.maxLength !== undefined) def.maxLength = extra.maxLength;
  if (extra.pattern !== undefined) def.pattern = extra.pattern;
  if (extra.Dependency !== undefined) def.Dependency = extra.Dependency;
  return extra.when ? { def, when: extra.when } : { def };
}

const ruleOf = (options: readonly Opt[]) => options.map((o) => o[0]).join(',');
const bound = (n: number | '*') => (n === '*' ? '*' : String(n));

export const text = (Key: string, label: Txt, DefaultValue = '', extra: Extra = {}) =>
  make(Key, 'text', label, DefaultValue, '', extra);
export const password = (Key: string, label: Txt, extra: Extra = {}) =>
  make(Key, 'password', label, '', '', extra);
export const num = (
  Key: string,
  label: Txt,
  DefaultValue: number,
  min: number | '*',
  max: number | '*',
  extra: Extra = {},
) => make(Key, 'number', label, String(DefaultValue), `[${bound(min)},${bound(max)}]`, extra);
export const bool = (Key: string, label: Txt, DefaultValue: boolean, extra: Extra = {}) =>
  make(Key, 'boolean', label, String(DefaultValue), 'true,false', extra);
export const select = (
  Key: string,
  label: Txt,
  DefaultValue: string,
  options: readonly Opt[],
  extra: Extra = {},
) => make(Key, 'select', label, DefaultValue, ruleOf(options), extra, options);
export const choice = (
  Key: string,
  label: Txt,
  DefaultValue: string,
  options: readonly Opt[],
  extra: Extra = {},
) => make(Key, 'CHOICE', label, DefaultValue, ruleOf(options), extra, options);
/** Multiple choice; the value is the chosen option values concatenated (single-character options). */
export const check = (
  Key: string,
  label: Txt,
  DefaultValue: string,
  options: readonly Opt[],
  extra: Extra = {},
) => make(Key, 'check', label, DefaultValue, ruleOf(options), extra, options);
/** Ordered choice (two-list transfer editor); the value is option values joined by `;`. */
export const transfer = (
  Key: string,
  label: Txt,
  DefaultValue: string,
  options: readonly Opt[],
  extra: Extra = {},
) => make(Key, 'transfer', label, DefaultValue, ruleOf(options), extra, options);
export const ipv4 = (Key: string, label: Txt, DefaultValue = '', extra: Extra = {}) =>
  make(Key, 'ipv4', label, DefaultValue, '', extra);
export const time = (Key: string, label: Txt, DefaultValue: string, extra: Extra = {}) =>
  make(Key, 'time', label, DefaultValue, '', extra);

/* ---------- shared pieces ---------- */

/** SIP accounts of the model (20 on share screens). */
export const accountCount = (ctx: BuildContext) => (ctx.share ? 20 : ctx.caps.accounts);
/** Accounts keys, forwarding, DND and dialing rules refer to (8 on share screens). */
export const keyAccountCount = (ctx: BuildContext) => (ctx.share ? 8 : ctx.caps.keyAccounts);

export const port = (Key: string, label: Txt, DefaultValue: number, extra: Extra = {}) =>
  num(Key, label, DefaultValue, 0, 65535, extra);

/** Account indexes 1..n as select options. */
export const accountOpts = (n: number): Opt[] => rangeOpts(1, n, (i) => [`Account ${i}`, `账号 ${i}`]);

/** On/off feature code pair following a state flag (forward, DND, hide identity ...). */
export const codePair = (prefix: string, what: Txt): ParamSpec[] => [
  text(`${prefix}OnCode`, [`${what[0]} on code`, `${what[1]}开启码`]),
  text(`${prefix}OffCode`, [`${what[0]} off code`, `${what[1]}关闭码`]),
];

/** Text holding `;`-separated numbers. */
export const numberListPattern = '^\\d{1,5}(;\\d{1,5})*$';
