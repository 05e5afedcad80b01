import type { ModelCapabilities } from '../driver.js';
import type { ParameterConfig, ParameterNode, ParameterTree, SectionItems } from './types.js';

/** A hotel phone like H2/H2P: subtype column, short web session, no text editing. */
export const h2Like: ModelCapabilities = {
  accounts: 2,
  keyAccounts: 2,
  programKeys: 0,
  dynamicKeys: 0,
  dssKeys: 2,
  expansionModules: 0,
  keysPerModule: 0,
  keySubtype: true,
  textEditing: false,
  shortWebSession: true,
  wifi: false,
  bluetooth: false,
  usb: false,
  colourScreen: false,
};

/** A large desk phone: every count at its maximum, every radio. */
export const deskLike: ModelCapabilities = {
  accounts: 20,
  keyAccounts: 8,
  programKeys: 36,
  dynamicKeys: 4,
  dssKeys: 0,
  expansionModules: 3,
  keysPerModule: 60,
  keySubtype: false,
  textEditing: true,
  shortWebSession: false,
  wifi: true,
  bluetooth: true,
  usb: true,
  colourScreen: true,
};

/** A small phone: 6 accounts, 12 program keys, no expansion module, no radio. */
export const smallLike: ModelCapabilities = {
  ...deskLike,
  accounts: 6,
  keyAccounts: 4,
  programKeys: 12,
  dynamicKeys: 4,
  expansionModules: 0,
  keysPerModule: 0,
  wifi: false,
  bluetooth: false,
  usb: false,
  colourScreen: false,
};

/** Every parameter node of a tree (flat params and repeated groups). */
export function allParams(tree: ParameterTree): ParameterNode[] {
  const out: ParameterNode[] = [];
  for (const tab of tree.tabs) {
    for (const section of tab.sections) {
      if (section.kind !== 'params') continue;
      out.push(...section.params);
      for (const group of section.groups) out.push(...group.params);
    }
  }
  return out;
}

export function paramAt(tree: ParameterTree, path: string): ParameterNode {
  const node = allParams(tree).find((n) => n.path === path);
  if (!node) throw new Error(`no parameter at ${path}`);
  return node;
}

export function hasParam(tree: ParameterTree, path: string): boolean {
  return allParams(tree).some((n) => n.path === path);
}

/** The section object holding a node in a configuration. */
export function itemsFor(config: ParameterConfig, node: ParameterNode): SectionItems {
  const parts = node.path.split('.');
  if (parts[0] === 'account') {
    const row = config.account[Number(parts[1]) - 1];
    if (!row) throw new Error(`no account row for ${node.path}`);
    return parts[2] === 'codec' ? row.codec : row.advanced;
  }
  const tab = parts[0] as Exclude<keyof ParameterConfig, 'account' | 'phoneKeys' | 'extent'>;
  const items = config[tab][parts[1] ?? ''];
  if (!items) throw new Error(`no section for ${node.path}`);
  return items;
}
