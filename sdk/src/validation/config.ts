import { dependentOptions } from '../catalogue/tree.js';
import type { KeySectionNode, ParameterNode, ParameterTree, PhoneKeyRowNode } from '../catalogue/types.js';
import { phoneKeyCells, tabKeys } from '../catalogue/types.js';
import {
  formatValidationMessage,
  type MessageParams,
  type ValidationMessageKey,
  validationMessages,
} from './messages.js';
import { typeNeedsValue } from './phone-keys.js';
import { hasControlCharacters, validateParameter } from './rules.js';

export interface ConfigIssue {
  /** Dotted path of the parameter (as in `pushedValues`), or of the container that is wrong. */
  path: string;
  messageKey: ValidationMessageKey;
  params: MessageParams;
  message: { en: string; zh: string };
}

/** Maximum length of the free-text `extent`; it may hold tabs and line breaks. */
export const EXTENT_MAX_LENGTH = 65536;

/** Attributes a stored parameter item may carry (console §3); any other is rejected. */
const itemFields = new Set([
  'Key',
  'Value',
  'DefaultValue',
  'Push',
  'ValueTemplate',
  'label',
  'Type',
  'ValueRule',
  'FilteredValueRule',
  'Dependency',
]);
const keyRowFields = new Set<string>(['Key', 'Name', 'Push', ...phoneKeyCells]);

interface TreeIndex {
  /** `<tab>.<section>` and `account.<no>.<section>` → parameters by id. */
  sections: Map<string, Map<string, ParameterNode>>;
  keys: Map<string, { section: KeySectionNode; rows: Map<string, PhoneKeyRowNode> }>;
  tabs: Set<string>;
  accounts: number;
}

const indexes = new WeakMap<ParameterTree, TreeIndex>();

function indexOf(tree: ParameterTree): TreeIndex {
  const hit = indexes.get(tree);
  if (hit) return hit;
  const index: TreeIndex = { sections: new Map(), keys: new Map(), tabs: new Set(), accounts: 0 };
  const put = (key: string, nodes: readonly ParameterNode[]) => {
    let map = index.sections.get(key);
    if (!map) {
      map = new Map();
      index.sections.set(key, map);
    }
    for (const node of nodes) map.set(node.id, node);
  };
  for (const tab of tree.tabs) {
    index.tabs.add(tab.key);
    for (const section of tab.sections) {
      if (section.kind === 'keys') {
        index.keys.set(section.key, { section, rows: new Map(section.rows.map((r) => [r.id, r])) });
      } else if (tab.key === 'account') {
        for (const group of section.groups) {
          put(`account.${group.index}.${section.key}`, group.params);
          index.accounts = Math.max(index.accounts, group.index);
        }
      } else {
        put(`${tab.key}.${section.key}`, section.params);
        for (const group of section.groups) put(`${tab.key}.${section.key}`, group.params);
      }
    }
  }
  indexes.set(tree, index);
  return index;
}

type Rec = Record<string, unknown>;
const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const strOrAbsent = (v: unknown) => v === undefined || typeof v === 'string';

class Collector {
  readonly issues: ConfigIssue[] = [];
  pushed = 0;
  add(path: string, messageKey: ValidationMessageKey, params: MessageParams = {}) {
    this.issues.push({ path, messageKey, params, message: formatValidationMessage(messageKey, params) });
  }
  unknown(path: string, key: string) {
    this.add(path, 'unknownParameter', { key });
  }
}

function isEmptyCatalogueTab(tabKey: string, value: unknown): boolean {
  return (
    (tabKeys as readonly string[]).includes(tabKey) && isRecord(value) && Object.keys(value).length === 0
  );
}

function checkItems(
  out: Collector,
  prefix: string,
  nodes: Map<string, ParameterNode> | undefined,
  value: unknown,
) {
  if (!nodes) return out.unknown(prefix, prefix.slice(prefix.lastIndexOf('.') + 1));
  if (!isRecord(value)) return out.add(prefix, 'typeInvalid');
  for (const [id, item] of Object.entries(value)) {
    const node = nodes.get(id);
    if (!node) {
      out.unknown(`${prefix}.${id}`, id);
      continue;
    }
    if (!isRecord(item)) {
      out.add(node.path, 'typeInvalid');
      continue;
    }
    const stray = Object.keys(item).find((f) => !itemFields.has(f));
    if (stray !== undefined) {
      out.unknown(`${node.path}.${stray}`, stray);
      continue;
    }
    if (item.Key !== node.Key) {
      out.unknown(node.path, typeof item.Key === 'string' ? item.Key : id);
      continue;
    }
    if (
      typeof item.Push !== 'boolean' ||
      !strOrAbsent(item.DefaultValue) ||
      !strOrAbsent(item.ValueTemplate) ||
      !(strOrAbsent(item.label) || isRecord(item.label))
    ) {
      out.add(node.path, 'typeInvalid');
      continue;
    }
    if (item.Push) out.pushed++;
    let allowed: ReadonlySet<string> | undefined;
    if (node.Dependency) {
      const dep = [...nodes.values()].find((n) => n.Key === node.Dependency && n.id === n.Key);
      const depItem = dep ? value[dep.id] : undefined;
      const depValue =
        isRecord(depItem) && typeof depItem.Value === 'string' ? depItem.Value : dep?.DefaultValue;
      allowed = new Set(dependentOptions(node, depValue ?? '').map((o) => o.value));
    }
    const error = validateParameter(node, item.Value, allowed);
    if (error) out.add(node.path, error.messageKey, error.params);
  }
}

function checkAccounts(out: Collector, index: TreeIndex, value: unknown) {
  if (!Array.isArray(value)) return out.add('account', 'typeInvalid');
  const seen = new Set<number>();
  for (const [i, row] of (value as unknown[]).entries()) {
    if (!isRecord(row) || typeof row.no !== 'number' || !Number.isInteger(row.no)) {
      out.add(`account.${i}`, 'typeInvalid');
      continue;
    }
    const no = row.no;
    if (no < 1 || no > index.accounts || seen.has(no)) {
      out.unknown(`account.${no}`, `account${no}`);
      continue;
    }
    seen.add(no);
    for (const [key, items] of Object.entries(row)) {
      if (key === 'no') continue;
      if (key !== 'codec' && key !== 'advanced') out.unknown(`account.${no}.${key}`, key);
      else checkItems(out, `account.${no}.${key}`, index.sections.get(`account.${no}.${key}`), items);
    }
  }
}

function checkKeys(out: Collector, index: TreeIndex, value: unknown) {
  if (!isRecord(value)) return out.add('phoneKeys', 'typeInvalid');
  for (const [sectionKey, rows] of Object.entries(value)) {
    const prefix = `phoneKeys.${sectionKey}`;
    const entry = index.keys.get(sectionKey);
    if (!entry) {
      out.unknown(prefix, sectionKey);
      continue;
    }
    if (!isRecord(rows)) {
      out.add(prefix, 'typeInvalid');
      continue;
    }
    for (const [id, row] of Object.entries(rows)) {
      const rowNode = entry.rows.get(id);
      const path = `${prefix}.${id}`;
      if (!rowNode) {
        out.unknown(path, id);
        continue;
      }
      if (
        !isRecord(row) ||
        typeof row.Push !== 'boolean' ||
        !strOrAbsent(row.Key) ||
        !strOrAbsent(row.Name)
      ) {
        out.add(path, 'typeInvalid');
        continue;
      }
      const stray = Object.keys(row).find((f) => !keyRowFields.has(f));
      if (stray !== undefined) {
        out.unknown(`${path}.${stray}`, stray);
        continue;
      }
      if (row.Push) out.pushed++;
      const values: Partial<Record<string, string>> = {};
      for (const cell of phoneKeyCells) {
        const def = entry.section.cells[cell];
        const v = row[cell];
        if (v === undefined) continue;
        if (!def) {
          out.unknown(`${path}.${cell}`, cell);
          continue;
        }
        if (!isRecord(v) || typeof v.Value !== 'string' || !strOrAbsent(v.DefaultValue)) {
          out.add(`${path}.${cell}`, 'typeInvalid');
          continue;
        }
        values[cell] = v.Value;
        const error = validateParameter(def, v.Value);
        if (error) out.add(`${path}.${cell}`, error.messageKey, error.params);
      }
      const type = values.Type ?? rowNode.defaults.Type ?? entry.section.cells.Type?.DefaultValue ?? '0';
      if (row.Push && typeNeedsValue(type) && (values.Value ?? '').trim() === '') {
        out.add(`${path}.Value`, 'phoneKeysValidateTips', { key: rowNode.Name });
      }
    }
  }
}

function checkExtent(out: Collector, value: unknown) {
  if (typeof value !== 'string') return out.add('extent', 'typeInvalid');
  if (value.length > EXTENT_MAX_LENGTH) return out.add('extent', 'textTooLong', { max: EXTENT_MAX_LENGTH });
  if (hasControlCharacters(value.replace(/[\t\r\n]/g, ''))) out.add('extent', 'textInvalid');
  if (value.trim() !== '') out.pushed++;
}

export interface ValidateConfigOptions {
  /** Accept a configuration with nothing to push (no `noData` issue). Default false. */
  allowEmpty?: boolean;
}

/**
 * Every problem of a configuration (in-memory form, or anything read from the wire) against the
 * tree it was edited with. Missing sections and items are allowed (they stay at their defaults);
 * unknown ones, wrong JSON types and invalid values are reported. When nothing is marked to push
 * and `extent` is empty the answer includes `noData`, unless `allowEmpty`.
 */
export function validateConfig(
  tree: ParameterTree,
  config: unknown,
  options: ValidateConfigOptions = {},
): ConfigIssue[] {
  const out = new Collector();
  if (!isRecord(config)) {
    out.add('', 'typeInvalid');
    return out.issues;
  }
  const index = indexOf(tree);
  for (const [tabKey, tabValue] of Object.entries(config)) {
    if (tabKey === 'extent') checkExtent(out, tabValue);
    else if (tabKey === 'account') checkAccounts(out, index, tabValue);
    else if (tabKey === 'phoneKeys') checkKeys(out, index, tabValue);
    else if (!index.tabs.has(tabKey)) {
      // A tree with fewer tabs (an account's: the account tab only) leaves the others empty.
      if (!isEmptyCatalogueTab(tabKey, tabValue)) out.unknown(tabKey, tabKey);
    } else if (!isRecord(tabValue)) out.add(tabKey, 'typeInvalid');
    else {
      for (const [sectionKey, items] of Object.entries(tabValue)) {
        checkItems(out, `${tabKey}.${sectionKey}`, index.sections.get(`${tabKey}.${sectionKey}`), items);
      }
    }
  }
  if (out.pushed === 0 && !options.allowEmpty) out.add('', 'noData');
  return out.issues;
}

/**
 * `validateConfig` on the wire form (`POST /tb-config/saveParam`): relationId and relationName are
 * skipped and the account codec/advanced JSON strings decoded; anything there but a string holding
 * a JSON object (an object sent as it is, too) is reported as `typeInvalid`.
 */
export function validatePayload(
  tree: ParameterTree,
  payload: unknown,
  options: ValidateConfigOptions = {},
): ConfigIssue[] {
  if (!isRecord(payload)) return validateConfig(tree, payload, options);
  const { relationId: _id, relationName: _name, ...config } = payload;
  if (Array.isArray(config.account)) {
    config.account = config.account.map((row: unknown) => {
      if (!isRecord(row)) return row;
      const decoded: Rec = { ...row };
      for (const key of ['codec', 'advanced']) {
        const raw = row[key];
        if (raw === undefined) continue;
        if (typeof raw !== 'string') {
          decoded[key] = null;
          continue;
        }
        try {
          decoded[key] = JSON.parse(raw);
        } catch {
          decoded[key] = raw;
        }
      }
      return decoded;
    });
  }
  return validateConfig(tree, config, options);
}

/**
 * The text to show when a section fails: the first issue's own message, else the generic
 * "Parameter validation failed".
 */
export function sectionErrorMessage(issues: readonly ConfigIssue[]): { en: string; zh: string } {
  return issues[0]?.message ?? validationMessages.parameterValidationFailed;
}

/** Issues under a path prefix (a tab, a section, an account), for the sidebar check. */
export function issuesUnder(issues: readonly ConfigIssue[], prefix: string): ConfigIssue[] {
  return issues.filter((i) => i.path === prefix || i.path.startsWith(`${prefix}.`));
}
