import { linePaths, type ModelCapabilities } from '@phonefleet/sdk';
import { buildParameterTree, capabilitySignature, type ParameterTree } from '@phonefleet/sdk/catalogue';

export interface TreePaths {
  /** Position of every path in catalogue order: files list parameters in this order. */
  order: Map<string, number>;
  /** Paths of password parameters: never served to a phone that has not authenticated. */
  secrets: Set<string>;
}

const cache = new Map<string, TreePaths>();

/** Bound SIP lines first (docs/sip.md), then the catalogue, then the text editor's extent. */
function collect(tree: ParameterTree, lines: number): TreePaths {
  const order = new Map<string, number>();
  const secrets = new Set<string>();
  const add = (path: string, secret: boolean) => {
    if (!order.has(path)) order.set(path, order.size);
    if (secret) secrets.add(path);
  };
  for (const { path, secret } of linePaths(lines)) add(path, secret);
  for (const tab of tree.tabs) {
    for (const section of tab.sections) {
      if (section.kind === 'params') {
        for (const param of section.params) add(param.path, param.Type === 'password');
        for (const group of section.groups)
          for (const param of group.params) add(param.path, param.Type === 'password');
      } else {
        for (const row of section.rows) {
          for (const cell of Object.keys(section.cells))
            add(`phoneKeys.${section.key}.${row.id}.${cell}`, false);
        }
      }
    }
  }
  add('extent', false);
  return { order, secrets };
}

/** By the driver model's own capabilities object: a fetch does not build the signature again. */
const byModel = new WeakMap<ModelCapabilities, TreePaths>();

export function treePaths(capabilities: ModelCapabilities): TreePaths {
  const known = byModel.get(capabilities);
  if (known) return known;
  const signature = capabilitySignature(capabilities);
  let paths = cache.get(signature);
  if (!paths) {
    paths = collect(buildParameterTree(capabilities), capabilities.accounts);
    cache.set(signature, paths);
  }
  byModel.set(capabilities, paths);
  return paths;
}
