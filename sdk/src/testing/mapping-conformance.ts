/* Conformance checks of what a driver's files carry of the catalogue: its map and its unsupported table. */
import fc from 'fast-check';
import { buildParameterTree } from '../catalogue/tree.js';
import type { ParameterNode, ParameterTree } from '../catalogue/types.js';
import type { DriverManifest, ModelCapabilities, RenderContext } from '../driver.js';
import { unsupportedReason } from '../driver-parameters.js';
import { linePaths } from '../lines.js';
import type { NumberRange, ParameterMap } from '../parameter-map.js';
import type { ConformanceCheck } from './driver-conformance.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what such formats cannot carry
const UNPLAIN = /[\u0000-\u001f\u007f\u2028\u2029]|^\s|\s$/;

/** A value a format without escapes can carry: one line, no control characters, no edge white space. */
export const plainValue = (value: string): boolean => !UNPLAIN.test(value);

/** Every parameter path of a model's tree, phone-key cells included, and its lines' registration paths. */
export function modelPaths(capabilities: ModelCapabilities): { path: string; node?: ParameterNode }[] {
  const tree: ParameterTree = buildParameterTree(capabilities);
  const out: { path: string; node?: ParameterNode }[] = [];
  for (const tab of tree.tabs) {
    for (const section of tab.sections) {
      if (section.kind === 'params') {
        for (const node of [...section.params, ...section.groups.flatMap((group) => group.params)]) {
          out.push({ path: node.path, node });
        }
        continue;
      }
      for (const row of section.rows) {
        for (const [cell, def] of Object.entries(section.cells)) {
          const path = `phoneKeys.${section.key}.${row.id}.${cell}`;
          out.push({ path, ...(def ? { node: { ...def, id: cell, path } } : {}) });
        }
      }
    }
  }
  for (const line of linePaths(capabilities.accounts)) out.push({ path: line.path });
  return out;
}

const shareNodes = () => {
  const nodes = new Map<string, ParameterNode | undefined>();
  for (const entry of modelPaths({ ...buildParameterTree('share').capabilities, keySubtype: true })) {
    nodes.set(entry.path, entry.node);
  }
  return nodes;
};

const clock = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${h}:${String(m).padStart(2, '0')}`);

export interface MappedEntry {
  /** A catalogue path of the map (placeholders as 1 or 2). */
  path: string;
  /** Values the entry's conversion accepts; undefined: any string. */
  values: fc.Arbitrary<string> | undefined;
  /** One valid value. */
  sample: string;
  /** Whether the share tree or the lines know the path. */
  known: boolean;
  /** For a composite entry's path: its instance, whose paths a round trip draws together. */
  group?: string;
}

/** `[min,max]` of a number rule, `*` unbounded. */
function numberRange(node: ParameterNode | undefined): fc.Arbitrary<string> | undefined {
  const match = node?.Type === 'number' ? /^\[(-?\d+|\*),(-?\d+|\*)\]$/.exec(node.ValueRule) : null;
  if (!match) return undefined;
  const min = match[1] === '*' ? 0 : Number(match[1]);
  const max = match[2] === '*' ? min + 100_000 : Number(match[2]);
  return fc.integer({ min, max }).map(String);
}

/** The map's entries as concrete catalogue paths, with the values a round trip may draw for each. */
export function mappedEntries(map: ParameterMap): MappedEntry[] {
  const nodes = shareNodes();
  const oneToOne = map.entries.flatMap((entry) =>
    [1, 2].map((number) => {
      const path = entry.path.replace(/\{[a-z]+\}/g, String(number));
      const node = nodes.get(path);
      const domain =
        entry.convert?.domain ?? (entry.convert ? node?.options?.map((o) => o.value) : undefined);
      let values: fc.Arbitrary<string> | undefined;
      if (domain && domain.length > 0) values = fc.constantFrom(...domain);
      else if (entry.convert && node?.Type === 'time') values = clock;
      else if (entry.convert) values = fc.constant(node?.DefaultValue ?? '');
      return { path, values, sample: domain?.[0] ?? node?.DefaultValue ?? 'sample', known: nodes.has(path) };
    }),
  );
  // A composite's values are read back from one vendor value: each is drawn from what the catalogue
  // accepts for it (options, number range, clock), free text otherwise.
  const composite = map.composites.flatMap((entry, position) =>
    [1, 2].flatMap((number) =>
      entry.paths.map((template, index): MappedEntry => {
        const path = template.replace(/\{[a-z]+\}/g, String(number));
        const node = nodes.get(path);
        const declared = entry.domains?.[index];
        const domain = Array.isArray(declared) ? declared : node?.options?.map((o) => o.value);
        let values: fc.Arbitrary<string> | undefined = numberRange(node);
        if (declared && !Array.isArray(declared)) values = fc.integer(declared as NumberRange).map(String);
        else if (domain && domain.length > 0) values = fc.constantFrom(...domain);
        else if (node?.Type === 'time') values = clock;
        // The lines' registration values have no catalogue rule: the platform sends '' for unset ones.
        if (!node && values) values = fc.oneof(values, fc.constant(''));
        return {
          path,
          values,
          sample: domain?.[0] ?? node?.DefaultValue ?? 'sample',
          known: nodes.has(path),
          group: `${position}:${number}`,
        };
      }),
    ),
  );
  return [...oneToOne, ...composite];
}

/**
 * What a round trip draws: one value for a one-to-one entry, every value of a composite's instance
 * together (a composite reads back what its vendor value holds, so a partial draw would not return).
 */
export function mappedUnits(
  entries: readonly MappedEntry[],
  free: fc.Arbitrary<string>,
): fc.Arbitrary<(readonly [string, string])[]>[] {
  const groups = new Map<string, MappedEntry[]>();
  const units: fc.Arbitrary<(readonly [string, string])[]>[] = [];
  for (const entry of entries) {
    if (entry.group === undefined) {
      units.push((entry.values ?? free).map((value) => [[entry.path, value] as const]));
      continue;
    }
    const group = groups.get(entry.group);
    if (group) group.push(entry);
    else groups.set(entry.group, [entry]);
  }
  for (const group of groups.values()) {
    units.push(
      fc.tuple(...group.map((entry) => (entry.values ?? free).map((value) => [entry.path, value] as const))),
    );
  }
  return units;
}

function assert(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Checks of the map and the unsupported table (mapped drivers), and of formats without escapes. */
export function coverageConformance(driver: DriverManifest, context: RenderContext): ConformanceCheck[] {
  const checks: ConformanceCheck[] = [];
  const { map } = driver.parameters;
  if (map) {
    checks.push(
      {
        name: 'maps or declares unsupported every catalogue parameter of its models (none dropped silently)',
        run() {
          for (const model of driver.models) {
            const missing = modelPaths(model.capabilities)
              .map((entry) => entry.path)
              .filter((path) => !map.entryFor(path) && !unsupportedReason(driver.parameters, path));
            assert(
              missing.length === 0,
              `${model.id}: ${missing.length} parameters neither mapped nor unsupported, e.g. ${missing.slice(0, 5).join(', ')}`,
            );
          }
        },
      },
      {
        name: 'maps only parameters the catalogue has',
        run() {
          const unknown = mappedEntries(map).filter((entry) => !entry.known);
          assert(
            unknown.length === 0,
            `not catalogue paths: ${unknown.map((entry) => entry.path).join(', ')}`,
          );
        },
      },
    );
  }
  if (driver.text?.plainValues) {
    checks.push({
      name: 'refuses a value its format cannot carry rather than writing it',
      run() {
        const plain = map
          ? mappedEntries(map).find((entry) => entry.values === undefined && entry.group === undefined)?.path
          : 'network.ipParameter.MTU';
        assert(plain !== undefined, 'no mapped parameter takes free text');
        for (const value of ['a\nevil = 1', 'a\revil', ' padded', 'padded\t']) {
          let threw = false;
          try {
            driver.render(new Map([[plain, value]]), context);
          } catch {
            threw = true;
          }
          assert(threw, `wrote ${JSON.stringify(value)} for ${plain}`);
        }
      },
    });
  }
  return checks;
}
