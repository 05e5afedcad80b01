/**
 * The mapping helper of drivers whose files use their own keys: catalogue path → vendor key, with
 * value conversions both ways (docs/writing-a-driver.md#mapping-parameters).
 */

/** How a value changes between the catalogue and the vendor's file. */
export interface ValueConversion {
  toVendor(value: string): string;
  /** Undefined when the vendor value has no catalogue equivalent (the parser reports it). */
  fromVendor(value: string): string | undefined;
  /** The catalogue values the conversion accepts, when it is an enumeration (for tests and tables). */
  domain?: readonly string[];
}

export interface MappingEntry {
  /** Catalogue path; `{name}` stands for a number (`account.{n}.register.UserName`). */
  path: string;
  /** Vendor key with the same placeholders (`account.{n}.user_name`). */
  key: string;
  convert?: ValueConversion;
}

/**
 * Several catalogue values ↔ one or several vendor keys (a DST start written as one value, a server
 * written `host:port`, a key whose value carries its number, line and type). Every path and key holds
 * the same placeholders. Values travel as arrays in `paths` and `keys` order; `undefined` is a value
 * that is not pushed (to `join`), a key absent from the file (to `split`), a key not to write (from
 * `join`) or a value not read (from `split`).
 */
export interface CompositeEntry {
  paths: readonly string[];
  keys: readonly string[];
  /** The keys' vendor values from the paths' catalogue values (at least one of them is defined). */
  join(values: readonly (string | undefined)[]): readonly (string | undefined)[];
  /** The paths' catalogue values from the keys' vendor values; throws on a value it cannot read. */
  split(values: readonly (string | undefined)[]): readonly (string | undefined)[];
  /**
   * Per path, the values the entry accepts when narrower than the catalogue says: options, or whole
   * numbers from `min` to `max` (a port). The conformance round trip draws from them.
   */
  domains?: readonly (readonly string[] | NumberRange | undefined)[];
  /** How the values are written, for the driver's README table (`host:port`). */
  describe: string;
}

/** Whole numbers from `min` to `max`. */
export interface NumberRange {
  min: number;
  max: number;
}

/** A vendor key and value read from a file, with the line it was read from (named in errors). */
export type VendorValue = readonly [key: string, value: string, line?: number];

export interface ParameterMap {
  /** The one-to-one entries. */
  readonly entries: readonly MappingEntry[];
  readonly composites: readonly CompositeEntry[];
  /** The vendor key and value of a catalogue value; undefined when the path is not mapped. */
  toVendor(path: string, value: string): [key: string, value: string] | undefined;
  /**
   * The catalogue path and value of a vendor key; undefined when the key is not mapped. Throws when
   * the key is mapped but the value has no catalogue equivalent.
   */
  fromVendor(key: string, value: string): [path: string, value: string] | undefined;
  /**
   * The vendor keys and values of catalogue values, composites included, in the order of the values
   * (a composite's keys where its first value comes). Throws on a path the map does not name.
   */
  toVendorAll(values: ReadonlyMap<string, string>): [key: string, value: string][];
  /**
   * The catalogue values of a file's vendor keys, composites included; a key the map does not name is
   * kept as it is. Throws, naming the line, on a vendor value without a catalogue equivalent.
   */
  fromVendorAll(values: Iterable<VendorValue>): Map<string, string>;
  /** The entry a catalogue path falls under. */
  entryFor(path: string): MappingEntry | CompositeEntry | undefined;
}

/** Catalogue times of day are `H:mm`; vendors that write `hh:mm` (a two-digit hour) take this. */
export const twoDigitHourClock: ValueConversion = {
  toVendor: (value) => value.replace(/^(\d):/, '0$1:'),
  fromVendor: (value) => (/^\d{2}:\d{2}$/.test(value) ? value.replace(/^0(\d):/, '$1:') : undefined),
};

/** Booleans written as the vendor's two words (`'1'`/`'0'` by default). */
export function booleanAs(on = '1', off = '0'): ValueConversion {
  return {
    toVendor: (value) => (value === 'true' ? on : off),
    fromVendor: (value) => (value === on ? 'true' : value === off ? 'false' : undefined),
    domain: ['true', 'false'],
  };
}

/**
 * An enumeration: catalogue value → vendor value, one to one. `otherwise` is the vendor value written
 * for catalogue values the vendor has no equivalent for (list them in your README); without it such a
 * value throws.
 */
export function valueMap(
  pairs: Readonly<Record<string, string>>,
  options: { otherwise?: string } = {},
): ValueConversion {
  const back = new Map(Object.entries(pairs).map(([catalogue, vendor]) => [vendor, catalogue]));
  return {
    toVendor: (value) => {
      const vendor = pairs[value] ?? options.otherwise;
      if (vendor === undefined) throw new Error(`no vendor value for ${JSON.stringify(value)}`);
      return vendor;
    },
    fromVendor: (value) => back.get(value),
    domain: Object.keys(pairs),
  };
}

interface Template {
  text: string;
  pattern: RegExp;
  names: string[];
}

/** An entry of either kind as paths and keys (one of each for a one-to-one entry). */
interface Compiled {
  entry: MappingEntry | CompositeEntry;
  /** Its position among the map's entries (names a composite's instance). */
  position: number;
  paths: Template[];
  keys: Template[];
}

const PLACEHOLDER = /\{([a-z]+)\}/g;
const FIND_CACHE_LIMIT = 20_000;

interface Found {
  item: Compiled;
  /** Which of the item's paths or keys matched. */
  index: number;
  /** The placeholders' numbers. */
  numbers: Map<string, string>;
}

function compile(text: string): Template {
  const names: string[] = [];
  const source = text
    .split(PLACEHOLDER)
    .map((part, index) => {
      if (index % 2 === 1) {
        names.push(part);
        return '(\\d{1,3})';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { text, pattern: new RegExp(`^${source}$`), names };
}

/** A template with the numbers a match on the other side read. */
const fill = (template: Template, numbers: Map<string, string>) =>
  template.text.replace(PLACEHOLDER, (_whole, name: string) => numbers.get(name) ?? '');

const isComposite = (entry: MappingEntry | CompositeEntry): entry is CompositeEntry => 'paths' in entry;

function compileEntry(entry: MappingEntry | CompositeEntry, position: number): Compiled {
  const paths = (isComposite(entry) ? entry.paths : [entry.path]).map(compile);
  const keys = (isComposite(entry) ? entry.keys : [entry.key]).map(compile);
  const [first, ...rest] = [...paths, ...keys];
  if (!first || paths.length === 0 || keys.length === 0) throw new Error('an entry needs paths and keys');
  const names = [...first.names].sort().join();
  for (const other of rest) {
    if ([...other.names].sort().join() !== names)
      throw new Error(`${first.text} and ${other.text} must hold the same placeholders`);
  }
  return { entry, position, paths, keys };
}

/** A composite's instance (its position and numbers) and its templates filled with them. */
function instance(found: Found) {
  const id = `${found.item.position}:${[...found.numbers].join()}`;
  return {
    id,
    paths: found.item.paths.map((template) => fill(template, found.numbers)),
    keys: found.item.keys.map((template) => fill(template, found.numbers)),
  };
}

/**
 * Builds a driver's map from one-to-one and composite entries. Every placeholder of a path must appear
 * in its keys and back, and no two entries may claim the same path or key.
 */
export function mapParameters(entries: readonly (MappingEntry | CompositeEntry)[]): ParameterMap {
  const compiled = entries.map(compileEntry);
  const seen = new Set<string>();
  for (const item of compiled) {
    const sides = [
      ...item.paths.map((path) => `path:${path.text}`),
      ...item.keys.map((key) => `key:${key.text.toLowerCase()}`),
    ];
    for (const side of sides) {
      if (seen.has(side)) throw new Error(`${side.slice(side.indexOf(':') + 1)} is mapped twice`);
      seen.add(side);
    }
  }
  // Paths and keys are a finite set (the catalogue's, the vendor's): each is looked up once.
  const found = { paths: new Map<string, Found | undefined>(), keys: new Map<string, Found | undefined>() };
  const find = (text: string, side: 'paths' | 'keys'): Found | undefined => {
    const cache = found[side];
    if (cache.has(text)) return cache.get(text);
    let result: Found | undefined;
    search: for (const item of compiled) {
      for (const [index, template] of item[side].entries()) {
        const match = template.pattern.exec(text);
        if (!match) continue;
        const numbers = new Map(template.names.map((name, at) => [name, match[at + 1] ?? '']));
        result = { item, index, numbers };
        break search;
      }
    }
    if (cache.size >= FIND_CACHE_LIMIT) cache.clear();
    cache.set(text, result);
    return result;
  };
  const single = (text: string, side: 'paths' | 'keys') => {
    const hit = find(text, side);
    if (hit && isComposite(hit.item.entry))
      throw new Error(
        `${text} is part of a composite entry: use ${side === 'paths' ? 'toVendorAll' : 'fromVendorAll'}`,
      );
    return hit as (Found & { item: { entry: MappingEntry } }) | undefined;
  };
  const readOne = (entry: MappingEntry, key: string, value: string) => {
    const converted = entry.convert ? entry.convert.fromVendor(value) : value;
    if (converted === undefined) throw new Error(`${key}: unexpected value ${JSON.stringify(value)}`);
    return converted;
  };
  const oneToOne: MappingEntry[] = [];
  const composites: CompositeEntry[] = [];
  for (const entry of entries) {
    if (isComposite(entry)) composites.push(entry);
    else oneToOne.push(entry);
  }
  return {
    entries: oneToOne,
    composites,
    entryFor: (path) => find(path, 'paths')?.item.entry,
    toVendor(path, value) {
      const hit = single(path, 'paths');
      if (!hit) return undefined;
      const { entry, keys } = hit.item;
      return [fill(keys[0] as Template, hit.numbers), entry.convert ? entry.convert.toVendor(value) : value];
    },
    fromVendor(key, value) {
      const hit = single(key, 'keys');
      if (!hit) return undefined;
      return [fill(hit.item.paths[0] as Template, hit.numbers), readOne(hit.item.entry, key, value)];
    },
    toVendorAll(values) {
      const out: [string, string][] = [];
      const written = new Set<string>();
      for (const [path, value] of values) {
        const hit = find(path, 'paths');
        if (!hit) throw new Error(`invalid parameter name: ${JSON.stringify(path)} is not mapped`);
        const { entry } = hit.item;
        if (!isComposite(entry)) {
          out.push([
            fill(hit.item.keys[0] as Template, hit.numbers),
            entry.convert?.toVendor(value) ?? value,
          ]);
          continue;
        }
        const { id, paths, keys } = instance(hit);
        if (written.has(id)) continue;
        written.add(id);
        const joined = entry.join(paths.map((each) => values.get(each)));
        for (const [index, key] of keys.entries()) {
          const vendorValue = joined[index];
          if (vendorValue !== undefined) out.push([key, vendorValue]);
        }
      }
      return out;
    },
    fromVendorAll(pairs) {
      interface Group {
        entry: CompositeEntry;
        paths: string[];
        keys: string[];
        values: (string | undefined)[];
        line?: number;
      }
      // In file order; a composite's values where its first key comes (the order renders the file).
      const read: ([path: string, value: string] | Group)[] = [];
      const groups = new Map<string, Group>();
      const where = (line: number | undefined) => (line === undefined ? '' : `line ${line}: `);
      for (const [key, value, line] of pairs) {
        const hit = find(key, 'keys');
        if (!hit) {
          read.push([key, value]);
          continue;
        }
        const { entry } = hit.item;
        if (!isComposite(entry)) {
          try {
            read.push([fill(hit.item.paths[0] as Template, hit.numbers), readOne(entry, key, value)]);
          } catch (error) {
            throw new Error(`${where(line)}${(error as Error).message}`);
          }
          continue;
        }
        const { id, paths, keys } = instance(hit);
        let group = groups.get(id);
        if (!group) {
          group = {
            entry,
            paths,
            keys,
            values: keys.map(() => undefined),
            ...(line === undefined ? {} : { line }),
          };
          groups.set(id, group);
          read.push(group);
        }
        group.values[hit.index] = value;
      }
      const out = new Map<string, string>();
      for (const item of read) {
        if (Array.isArray(item)) {
          out.set(item[0], item[1]);
          continue;
        }
        let split: readonly (string | undefined)[];
        try {
          split = item.entry.split(item.values);
        } catch (error) {
          const keys = item.keys.filter((_key, index) => item.values[index] !== undefined);
          throw new Error(`${where(item.line)}${keys.join(', ')}: ${(error as Error).message}`);
        }
        for (const [index, path] of item.paths.entries()) {
          const value = split[index];
          if (value !== undefined) out.set(path, value);
        }
      }
      return out;
    },
  };
}
