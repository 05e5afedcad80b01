import { dependentOptions } from '../catalogue/tree.js';
import type { OptionDef, ParameterDef, SectionItems } from '../catalogue/types.js';

/** Value a section gives to `key`: its item's Value, else the entry's default. */
function currentValue(defs: readonly ParameterDef[], items: SectionItems, key: string): string | undefined {
  const value = items[key]?.Value;
  return typeof value === 'string' ? value : defs.find((d) => d.Key === key)?.DefaultValue;
}

/** Options a CHOICE entry offers for the current value of the parameter it depends on. */
export function allowedOptions(
  def: ParameterDef,
  defs: readonly ParameterDef[],
  items: SectionItems,
): OptionDef[] {
  if (!def.Dependency) return def.options ?? [];
  return dependentOptions(def, currentValue(defs, items, def.Dependency) ?? '');
}

/**
 * Sets `key` to `value` in a section (flat parameters, keyed by Key) and returns the new items.
 * On a user change, every entry depending on `key` (time zone location, DST location) becomes
 * `<value>#0`; a programmatic change (loading, text import) leaves them as they are.
 */
export function applyDependency(
  defs: readonly ParameterDef[],
  items: SectionItems,
  key: string,
  value: string,
  userChange = true,
): SectionItems {
  const next: SectionItems = { ...items };
  const changed = next[key];
  if (changed) next[key] = { ...changed, Value: value };
  if (!userChange) return next;
  for (const def of defs) {
    if (def.Dependency !== key) continue;
    const item = next[def.Key];
    if (item) next[def.Key] = { ...item, Value: `${value}#0` };
  }
  return next;
}
