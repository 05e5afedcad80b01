/**
 * The capabilities a model's parameter tree is built from, without zod: the catalogue checks a
 * model against this table in the browser, and `driver.ts` builds its schemas from the same table.
 * Counts with their allowed ranges, then the hardware flags a driver declares, then the flags that
 * follow from a driver's `parameters` and `text` (`modelCapabilities` in driver.ts).
 */
export const CAPABILITY_COUNTS = {
  accounts: { min: 1, max: 20 },
  keyAccounts: { min: 1, max: 8 },
  programKeys: { min: 0, max: 36 },
  dynamicKeys: { min: 0, max: 4 },
  dssKeys: { min: 0, max: 2 },
  expansionModules: { min: 0, max: 3 },
  keysPerModule: { min: 0, max: 60 },
} as const;

export const DECLARED_FLAGS = ['wifi', 'bluetooth', 'usb', 'colourScreen'] as const;
export const DERIVED_FLAGS = ['keySubtype', 'textEditing', 'shortWebSession'] as const;

type CountName = keyof typeof CAPABILITY_COUNTS;
type FlagName = (typeof DECLARED_FLAGS)[number] | (typeof DERIVED_FLAGS)[number];
type Capabilities = Record<CountName, number> & Record<FlagName, boolean>;

/** Every capability's name, sorted: what makes two models' trees the same. */
export const CAPABILITY_NAMES = [
  ...Object.keys(CAPABILITY_COUNTS),
  ...DECLARED_FLAGS,
  ...DERIVED_FLAGS,
].sort() as (CountName | FlagName)[];

/** The capabilities alone (other keys dropped), or an error naming the first one out of its range. */
export function checkedCapabilities(value: Record<string, unknown>): Capabilities {
  const checked: Record<string, number | boolean> = {};
  for (const [name, { min, max }] of Object.entries(CAPABILITY_COUNTS)) {
    const count = value[name];
    if (typeof count !== 'number' || !Number.isInteger(count) || count < min || count > max) {
      throw new RangeError(`capabilities.${name}: an integer from ${min} to ${max}, not ${String(count)}`);
    }
    checked[name] = count;
  }
  for (const name of [...DECLARED_FLAGS, ...DERIVED_FLAGS]) {
    const flag = value[name];
    if (typeof flag !== 'boolean')
      throw new RangeError(`capabilities.${name}: true or false, not ${String(flag)}`);
    checked[name] = flag;
  }
  return checked as Capabilities;
}
