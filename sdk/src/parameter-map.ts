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

export interface ParameterMap {
  readonly entries: readonly MappingEntry[];
  /** The vendor key and value of a catalogue value; undefined when the path is not mapped. */
  toVendor(path: string, value: string): [key: string, value: string] | undefined;
  /**
   * The catalogue path and value of a vendor key; undefined when the key is not mapped. Throws when
   * the key is mapped but the value has no catalogue equivalent.
   */
  fromVendor(key: string, value: string): [path: string, value: string] | undefined;
  /** The entry a catalogue path falls under. */
  entryFor(path: string): MappingEntry | undefined;
}

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

interface Compiled {
  entry: MappingEntry;
  path: RegExp;
  key: RegExp;
  pathNames: string[];
  keyNames: string[];
}

const PLACEHOLDER = /\{([a-z]+)\}/g;
const FIND_CACHE_LIMIT = 20_000;

interface Found {
  item: Compiled;
  match: RegExpExecArray;
}

function compile(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template
    .split(PLACEHOLDER)
    .map((part, index) => {
      if (index % 2 === 1) {
        names.push(part);
        return '(\\d{1,3})';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), names };
}

/** The other side's template with the numbers this side's match read. */
function fill(template: string, names: string[], match: RegExpExecArray): string {
  const values = new Map(names.map((name, index) => [name, match[index + 1] ?? '']));
  return template.replace(PLACEHOLDER, (_whole, name: string) => values.get(name) ?? '');
}

/**
 * Builds a driver's map. Every placeholder of a path must appear in its key and back, and no two
 * entries may claim the same path or key.
 */
export function mapParameters(entries: readonly MappingEntry[]): ParameterMap {
  const compiled: Compiled[] = entries.map((entry) => {
    const path = compile(entry.path);
    const key = compile(entry.key);
    if ([...path.names].sort().join() !== [...key.names].sort().join()) {
      throw new Error(`${entry.path} and ${entry.key} must hold the same placeholders`);
    }
    return { entry, path: path.pattern, key: key.pattern, pathNames: path.names, keyNames: key.names };
  });
  const seen = new Set<string>();
  for (const { entry } of compiled) {
    for (const side of [`path:${entry.path}`, `key:${entry.key.toLowerCase()}`]) {
      if (seen.has(side)) throw new Error(`${side.slice(side.indexOf(':') + 1)} is mapped twice`);
      seen.add(side);
    }
  }
  // Paths and keys are a finite set (the catalogue's, the vendor's): each is looked up once.
  const found = { path: new Map<string, Found | undefined>(), key: new Map<string, Found | undefined>() };
  const find = (text: string, side: 'path' | 'key'): Found | undefined => {
    const cache = found[side];
    if (cache.has(text)) return cache.get(text);
    let result: Found | undefined;
    for (const item of compiled) {
      const match = item[side].exec(text);
      if (match) {
        result = { item, match };
        break;
      }
    }
    if (cache.size >= FIND_CACHE_LIMIT) cache.clear();
    cache.set(text, result);
    return result;
  };
  return {
    entries,
    entryFor: (path) => find(path, 'path')?.item.entry,
    toVendor(path, value) {
      const found = find(path, 'path');
      if (!found) return undefined;
      const { item, match } = found;
      const key = fill(item.entry.key, item.pathNames, match);
      return [key, item.entry.convert ? item.entry.convert.toVendor(value) : value];
    },
    fromVendor(key, value) {
      const found = find(key, 'key');
      if (!found) return undefined;
      const { item, match } = found;
      const path = fill(item.entry.path, item.keyNames, match);
      const converted = item.entry.convert ? item.entry.convert.fromVendor(value) : value;
      if (converted === undefined) throw new Error(`${key}: unexpected value ${JSON.stringify(value)}`);
      return [path, converted];
    },
  };
}
