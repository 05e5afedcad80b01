import { defaultItem, defaultKeyRow, paramTabKeys } from '../../catalogue/config.js';
import type {
  AccountRow,
  KeySectionNode,
  ParameterConfig,
  ParameterItem,
  ParameterNode,
  ParameterTree,
  ParamSectionNode,
  ParamTabKey,
  PhoneKeyCellName,
  PhoneKeyItem,
  PhoneKeyItems,
  SectionItems,
  SectionNode,
  TabKey,
} from '../../catalogue/types.js';
import { type ConfigIssue, validateConfig } from '../../validation/config.js';
import { applyDependency } from '../../validation/dependency.js';

/** Where the editor is: a tab, one of its sections, and the account on the account tab. */
export interface SectionRef {
  tab: TabKey;
  section: string;
  /** Account number (1..N), account tab only. */
  account?: number;
}

export type ItemPatch = Partial<Pick<ParameterItem, 'Value' | 'Push'>>;

export function findSection(tree: ParameterTree, tab: TabKey, section: string): SectionNode | undefined {
  return tree.tabs.find((t) => t.key === tab)?.sections.find((s) => s.key === section);
}

/** Number of accounts the tree has (account tab groups). */
export function accountCount(tree: ParameterTree): number {
  let max = 0;
  for (const section of tree.tabs.find((t) => t.key === 'account')?.sections ?? []) {
    if (section.kind === 'params') for (const g of section.groups) max = Math.max(max, g.index);
  }
  return max;
}

/** Parameters a section shows for a ref: the account's group on the account tab, else flat and groups. */
export function sectionNodes(section: ParamSectionNode, ref: SectionRef): ParameterNode[] {
  if (ref.tab === 'account') return section.groups.find((g) => g.index === ref.account)?.params ?? [];
  return [...section.params, ...section.groups.flatMap((g) => g.params)];
}

export function getItems(config: ParameterConfig, ref: SectionRef): SectionItems | undefined {
  if (ref.tab === 'account') {
    const row = config.account.find((r) => r.no === ref.account);
    return row ? row[ref.section as 'codec' | 'advanced'] : undefined;
  }
  if (ref.tab === 'phoneKeys') return undefined;
  return config[ref.tab][ref.section];
}

export function setItems(config: ParameterConfig, ref: SectionRef, items: SectionItems): ParameterConfig {
  if (ref.tab === 'account') {
    const key = ref.section as 'codec' | 'advanced';
    const exists = config.account.some((r) => r.no === ref.account);
    const account: AccountRow[] = exists
      ? config.account.map((r) => (r.no === ref.account ? { ...r, [key]: items } : r))
      : [...config.account, { no: ref.account ?? 1, codec: {}, advanced: {}, [key]: items }];
    return { ...config, account };
  }
  if (ref.tab === 'phoneKeys') return config;
  return { ...config, [ref.tab]: { ...config[ref.tab], [ref.section]: items } };
}

/**
 * A user edit of one parameter. A Value change of a parameter other entries depend on (the time
 * zone) goes through `applyDependency`, so the locations become `<zone>#0`.
 */
export function updateItem(
  tree: ParameterTree,
  config: ParameterConfig,
  ref: SectionRef,
  node: ParameterNode,
  patch: ItemPatch,
): ParameterConfig {
  const items = getItems(config, ref) ?? {};
  const current = items[node.id] ?? defaultItem(node);
  let next: SectionItems = { ...items, [node.id]: { ...current, ...patch } };
  if (patch.Value !== undefined && ref.tab !== 'account') {
    const section = findSection(tree, ref.tab, ref.section);
    if (section?.kind === 'params' && section.params.some((p) => p.Dependency === node.Key)) {
      next = applyDependency(section.params, next, node.Key, patch.Value);
    }
  }
  return setItems(config, ref, next);
}

export function setKeyRow(
  config: ParameterConfig,
  section: string,
  rowId: string,
  row: PhoneKeyItem,
): ParameterConfig {
  const rows: PhoneKeyItems = { ...config.phoneKeys[section], [rowId]: row };
  return { ...config, phoneKeys: { ...config.phoneKeys, [section]: rows } };
}

export function keyRowOf(config: ParameterConfig, section: KeySectionNode, rowId: string): PhoneKeyItem {
  const stored = config.phoneKeys[section.key]?.[rowId];
  if (stored) return stored;
  const node = section.rows.find((r) => r.id === rowId);
  if (!node) throw new Error(`unknown phone key ${section.key}.${rowId}`);
  return defaultKeyRow(section, node);
}

function countItems(items: SectionItems | undefined): number {
  let n = 0;
  if (items) for (const id in items) if (items[id]?.Push) n++;
  return n;
}

/** Parameters (and phone keys) marked to push on a tab: the tab's badge. */
export function pushCount(config: ParameterConfig, tab: TabKey): number {
  if (tab === 'account') {
    let n = 0;
    for (const row of config.account) n += countItems(row.codec) + countItems(row.advanced);
    return n;
  }
  if (tab === 'phoneKeys') {
    let n = 0;
    for (const rows of Object.values(config.phoneKeys)) for (const id in rows) if (rows[id]?.Push) n++;
    return n;
  }
  let n = 0;
  for (const items of Object.values(config[tab] ?? {})) n += countItems(items);
  return n;
}

function withPush(items: SectionItems, push: boolean): SectionItems {
  const out: SectionItems = {};
  for (const [id, item] of Object.entries(items))
    out[id] = item.Push === push ? item : { ...item, Push: push };
  return out;
}

/**
 * Select all / unselect all: every push flag of every tab. The tree's items missing from the
 * configuration are added at their defaults first, so that select all really covers everything.
 */
export function setAllPush(tree: ParameterTree, config: ParameterConfig, push: boolean): ParameterConfig {
  const full = completeConfig(tree, config);
  const next = { ...full } as ParameterConfig;
  next.account = full.account.map((row) => ({
    ...row,
    codec: withPush(row.codec, push),
    advanced: withPush(row.advanced, push),
  }));
  for (const tab of paramTabKeys) {
    const sections: Record<string, SectionItems> = {};
    for (const [key, items] of Object.entries(full[tab])) sections[key] = withPush(items, push);
    next[tab] = sections;
  }
  const keys: Record<string, PhoneKeyItems> = {};
  for (const [section, rows] of Object.entries(full.phoneKeys)) {
    const out: PhoneKeyItems = {};
    for (const [id, row] of Object.entries(rows)) out[id] = row.Push === push ? row : { ...row, Push: push };
    keys[section] = out;
  }
  next.phoneKeys = keys;
  return next;
}

/** Adds the tree's items (at their defaults) that a stored configuration lacks; keeps the rest. */
export function completeConfig(tree: ParameterTree, config: ParameterConfig): ParameterConfig {
  let next = config;
  for (const tab of tree.tabs) {
    for (const section of tab.sections) {
      if (section.kind === 'keys') {
        const rows = next.phoneKeys[section.key] ?? {};
        const missing = section.rows.filter((r) => !rows[r.id]);
        if (missing.length === 0 && next.phoneKeys[section.key]) continue;
        const filled: PhoneKeyItems = {};
        for (const row of section.rows) filled[row.id] = rows[row.id] ?? defaultKeyRow(section, row);
        next = { ...next, phoneKeys: { ...next.phoneKeys, [section.key]: filled } };
        continue;
      }
      const refs: { ref: SectionRef; nodes: ParameterNode[] }[] =
        tab.key === 'account'
          ? section.groups.map((g) => ({
              ref: { tab: 'account', section: section.key, account: g.index },
              nodes: g.params,
            }))
          : [
              {
                ref: { tab: tab.key, section: section.key },
                nodes: sectionNodes(section, { tab: tab.key, section: section.key }),
              },
            ];
      for (const { ref, nodes } of refs) {
        const items = getItems(next, ref);
        if (items && nodes.every((n) => items[n.id])) continue;
        const filled: SectionItems = { ...items };
        for (const node of nodes) if (!filled[node.id]) filled[node.id] = defaultItem(node);
        next = setItems(next, ref, filled);
      }
    }
  }
  if (next.account !== config.account)
    next = { ...next, account: [...next.account].sort((a, b) => a.no - b.no) };
  return next;
}

/** Only one section of a configuration, for the sidebar check. */
export function sectionSlice(config: ParameterConfig, ref: SectionRef): Record<string, unknown> {
  if (ref.tab === 'account') {
    const row = config.account.find((r) => r.no === ref.account);
    const key = ref.section as 'codec' | 'advanced';
    return row ? { account: [{ no: row.no, [key]: row[key] }] } : {};
  }
  if (ref.tab === 'phoneKeys') {
    const rows = config.phoneKeys[ref.section];
    return rows ? { phoneKeys: { [ref.section]: rows } } : {};
  }
  const items = config[ref.tab as ParamTabKey]?.[ref.section];
  return items ? { [ref.tab]: { [ref.section]: items } } : {};
}

/** Issues of the section a ref points at (what blocks leaving it). */
export function sectionIssues(tree: ParameterTree, config: ParameterConfig, ref: SectionRef): ConfigIssue[] {
  return validateConfig(tree, sectionSlice(config, ref), { allowEmpty: true });
}

/** Where an issue path lives: tab, section, account, and the phone key row. */
export function locate(tree: ParameterTree, path: string): { ref: SectionRef; keyRow?: string } | undefined {
  const parts = path.split('.');
  const tab = tree.tabs.find((t) => t.key === parts[0]);
  if (!tab) return undefined;
  if (tab.key === 'account') {
    const account = Number(parts[1]);
    const section = parts[2] ?? tab.sections[0]?.key;
    if (!Number.isInteger(account) || !section) return undefined;
    return { ref: { tab: 'account', section, account } };
  }
  const section = tab.sections.find((s) => s.key === parts[1]);
  if (!section) return undefined;
  if (section.kind === 'keys') {
    const rest = parts.slice(2).join('.');
    const row = section.rows.find((r) => rest === r.id || rest.startsWith(`${r.id}.`));
    return { ref: { tab: tab.key, section: section.key }, ...(row ? { keyRow: row.id } : {}) };
  }
  return { ref: { tab: tab.key, section: section.key } };
}

/** Tree lookup of a dotted path: a parameter item or a phone key cell. */
export type PathTarget =
  | { kind: 'item'; ref: SectionRef; node: ParameterNode }
  | { kind: 'key'; section: KeySectionNode; rowId: string; cell: PhoneKeyCellName };

const pathIndexes = new WeakMap<ParameterTree, Map<string, PathTarget>>();

export function pathIndex(tree: ParameterTree): Map<string, PathTarget> {
  const hit = pathIndexes.get(tree);
  if (hit) return hit;
  const index = new Map<string, PathTarget>();
  for (const tab of tree.tabs) {
    for (const section of tab.sections) {
      if (section.kind === 'keys') {
        const cells = Object.keys(section.cells) as PhoneKeyCellName[];
        for (const row of section.rows) {
          for (const cell of cells) {
            index.set(`phoneKeys.${section.key}.${row.id}.${cell}`, {
              kind: 'key',
              section,
              rowId: row.id,
              cell,
            });
          }
        }
      } else if (tab.key === 'account') {
        for (const group of section.groups) {
          for (const node of group.params) {
            index.set(node.path, {
              kind: 'item',
              ref: { tab: 'account', section: section.key, account: group.index },
              node,
            });
          }
        }
      } else {
        const ref: SectionRef = { tab: tab.key, section: section.key };
        for (const node of sectionNodes(section, ref)) index.set(node.path, { kind: 'item', ref, node });
      }
    }
  }
  pathIndexes.set(tree, index);
  return index;
}

/** Whether anything is marked to push (or free text is set). */
export function hasPushed(config: ParameterConfig): boolean {
  if (config.extent.trim() !== '') return true;
  for (const tab of ['account', 'phoneKeys', ...paramTabKeys] as TabKey[])
    if (pushCount(config, tab) > 0) return true;
  return false;
}
