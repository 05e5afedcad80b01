import { macWithColons, normaliseMac } from '@phonefleet/sdk/ui';

/** The MAC input's six groups (spec §5). */
export const MAC_GROUPS = 6;
/** A group takes up to 3 typed characters and keeps 2 (spec §9); the third moves on to the next group. */
export const MAC_GROUP_MAX_TYPED = 3;

const NOT_HEX = /[^0-9a-fA-F]/g;

/** Six groups from the input's value (`00:15:65::` while typing). */
export function groupsOf(value: string | undefined): string[] {
  const parts = (value ?? '').split(':');
  return Array.from({ length: MAC_GROUPS }, (_, index) => parts[index] ?? '');
}

/** The value the form holds: the groups joined with ':'; an untouched input is ''. */
export function joinGroups(groups: readonly string[]): string {
  return groups.some((group) => group !== '') ? groups.join(':') : '';
}

/**
 * A pasted text as six groups: a MAC with `-`, `:` or `.` separators (six groups of 1-2 hex
 * characters, or the dotted `0015.65aa.bbcc` form) or 12 hex digits. Anything else: undefined.
 */
export function splitPastedMac(text: string): string[] | undefined {
  const trimmed = text.trim();
  const parts = trimmed.split(/[-:.]/);
  if (parts.length === MAC_GROUPS && parts.every((part) => /^[0-9a-fA-F]{1,2}$/.test(part))) {
    return parts.map((part) => part.toLowerCase());
  }
  const whole = normaliseMac(trimmed);
  return whole ? macWithColons(whole).split(':') : undefined;
}

/**
 * Typing into group `index`: only hex characters, at most two per group; what overflows (a third
 * character, or more when typed fast) fills the following groups. Answers the new groups and the
 * group the cursor belongs in.
 */
export function typeIntoGroup(
  groups: readonly string[],
  index: number,
  typed: string,
): { groups: string[]; focus: number } {
  const next = [...groups];
  let rest = typed.replace(NOT_HEX, '').toLowerCase();
  let at = index;
  next[at] = rest.slice(0, 2);
  rest = rest.slice(2);
  while (rest && at < MAC_GROUPS - 1) {
    at += 1;
    next[at] = rest.slice(0, 2);
    rest = rest.slice(2);
  }
  const focus = next[at]?.length === 2 && at < MAC_GROUPS - 1 ? at + 1 : at;
  return { groups: next, focus };
}

/**
 * The MAC the input holds in colon form (`00:15:65:0a:bb:cc`, lower case, each group padded to two
 * digits), or undefined when it is not six groups of 1-2 hex characters.
 */
export function macFromValue(value: string | undefined): string | undefined {
  const groups = groupsOf(value);
  if (!groups.every((group) => /^[0-9a-f]{1,2}$/i.test(group))) return undefined;
  return groups.map((group) => group.toLowerCase().padStart(2, '0')).join(':');
}
