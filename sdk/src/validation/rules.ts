import type { ParameterDef } from '../catalogue/types.js';
import type { MessageParams, ValidationMessageKey } from './messages.js';

export interface ValidationError {
  messageKey: ValidationMessageKey;
  params: MessageParams;
}

/** Maximum length of a value when the entry gives none. */
export const DEFAULT_MAX_LENGTH = 512;

export type ValueRule =
  | { kind: 'range'; min: number | null; max: number | null }
  | { kind: 'list'; options: ReadonlySet<string> }
  | { kind: 'none' };

const ruleCache = new Map<string, ValueRule>();

/** `a,b,c` → allowed options; `[min,max]` with `*` for unbounded → range; empty → none. */
export function parseValueRule(rule: string): ValueRule {
  const hit = ruleCache.get(rule);
  if (hit) return hit;
  let parsed: ValueRule;
  const range = /^\[\s*(\*|-?\d+)\s*,\s*(\*|-?\d+)\s*\]$/.exec(rule);
  if (range) {
    const bound = (s: string | undefined) => (s === undefined || s === '*' ? null : Number(s));
    parsed = { kind: 'range', min: bound(range[1]), max: bound(range[2]) };
  } else if (rule.trim() === '') {
    parsed = { kind: 'none' };
  } else {
    parsed = { kind: 'list', options: new Set(rule.split(',').map((s) => s.trim())) };
  }
  if (ruleCache.size > 4096) ruleCache.clear();
  ruleCache.set(rule, parsed);
  return parsed;
}

/** C0 and C1 control characters, DEL, and the Unicode line and paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const INTEGER = /^-?\d{1,15}$/;
const TIME = /^([01]?\d|2[0-3]):[0-5]\d$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

const patterns = new Map<string, RegExp>();
function pattern(source: string): RegExp {
  let re = patterns.get(source);
  if (!re) {
    re = new RegExp(source);
    patterns.set(source, re);
  }
  return re;
}

const fail = (messageKey: ValidationMessageKey, params: MessageParams = {}): ValidationError => ({
  messageKey,
  params,
});

export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value);
}

export function isIpv4(value: string): boolean {
  const m = IPV4.exec(value);
  return !!m && m.slice(1).every((part) => Number(part) <= 255);
}

function options(def: ParameterDef, override?: ReadonlySet<string>): ReadonlySet<string> {
  if (override) return override;
  const rule = parseValueRule(def.ValueRule);
  return rule.kind === 'list' ? rule.options : new Set();
}

function checkNumber(def: ParameterDef, value: string): ValidationError | null {
  if (!INTEGER.test(value)) return fail('numberInvalid');
  const n = Number(value);
  const rule = parseValueRule(def.ValueRule);
  if (rule.kind !== 'range') return null;
  const { min, max } = rule;
  if ((min !== null && n < min) || (max !== null && n > max)) {
    if (min !== null && max !== null) return fail('numberRange', { min, max });
    return min !== null ? fail('numberMin', { min }) : fail('numberMax', { max: max ?? 0 });
  }
  return null;
}

/** Splits a list value and checks every element is an allowed option, each at most once. */
function checkList(parts: readonly string[], allowed: ReadonlySet<string>): ValidationError | null {
  const seen = new Set<string>();
  for (const part of parts) {
    if (!allowed.has(part) || seen.has(part)) return fail('optionInvalid');
    seen.add(part);
  }
  return null;
}

/**
 * Checks one value against its catalogue entry. Values are strings whatever the Type (the
 * contract: `'5'`, `'true'`), so a JSON number or boolean is `typeInvalid`: what is stored and
 * rendered for the phones is always the text that was checked. `allowed` narrows the options (a
 * CHOICE filtered by its dependency).
 */
export function validateParameter(
  def: ParameterDef,
  value: unknown,
  allowed?: ReadonlySet<string>,
): ValidationError | null {
  if (typeof value !== 'string') return fail('typeInvalid');
  const text = value;

  const max = def.maxLength ?? DEFAULT_MAX_LENGTH;
  if (text.length > max) return fail('textTooLong', { max });
  if (CONTROL.test(text)) return fail('textInvalid');

  switch (def.Type) {
    case 'text':
    case 'password':
      if (def.pattern && text !== '' && !pattern(def.pattern).test(text)) return fail('textInvalid');
      return null;
    case 'number':
      return checkNumber(def, text);
    case 'boolean':
      return text === 'true' || text === 'false' ? null : fail('optionInvalid');
    case 'select':
    case 'CHOICE':
      return options(def, allowed).has(text) ? null : fail('optionInvalid');
    case 'ipv4':
      return text === '' || isIpv4(text) ? null : fail('ipv4Validate');
    case 'transfer':
      if (text.trim() === '') return fail('transferValidate');
      return checkList(text.split(';'), options(def, allowed));
    case 'check':
      return checkList([...text], options(def, allowed));
    case 'time':
      return TIME.test(text) ? null : fail('timeInvalid');
  }
}
