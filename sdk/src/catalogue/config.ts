import type {
  AccountRow,
  ConfigPayload,
  KeySectionNode,
  ParameterConfig,
  ParameterItem,
  ParameterNode,
  ParameterTree,
  ParamTabKey,
  PhoneKeyCell,
  PhoneKeyCellName,
  PhoneKeyItem,
  PhoneKeyItems,
  PhoneKeyRowNode,
  SectionItems,
} from './types.js';
import { phoneKeyCells, tabKeys } from './types.js';

export const paramTabKeys = tabKeys.filter((t): t is ParamTabKey => t !== 'account' && t !== 'phoneKeys');

export function emptyConfig(): ParameterConfig {
  const config = { account: [], phoneKeys: {}, extent: '' } as unknown as ParameterConfig;
  for (const tab of paramTabKeys) config[tab] = {};
  return config;
}

export function defaultItem(node: ParameterNode): ParameterItem {
  return {
    Key: node.Key,
    Value: node.DefaultValue,
    DefaultValue: node.DefaultValue,
    Push: false,
    ValueTemplate: node.ValueTemplate,
    label: node.label.en,
  };
}

function itemsOf(nodes: readonly ParameterNode[], into: SectionItems = {}): SectionItems {
  for (const node of nodes) into[node.id] = defaultItem(node);
  return into;
}

export function defaultKeyRow(section: KeySectionNode, row: PhoneKeyRowNode): PhoneKeyItem {
  const cell = (name: PhoneKeyCellName): PhoneKeyCell => {
    const value = row.defaults[name] ?? section.cells[name]?.DefaultValue ?? '';
    return { Value: value, DefaultValue: value };
  };
  const item: PhoneKeyItem = {
    Key: row.id,
    Name: row.Name,
    Push: false,
    Type: cell('Type'),
    Account: cell('Account'),
    Value: cell('Value'),
    Label: cell('Label'),
    Extension: cell('Extension'),
  };
  if (section.cells.SubType) item.SubType = cell('SubType');
  return item;
}

/** The stored configuration with every Value at its DefaultValue and every Push false. */
export function defaultConfig(tree: ParameterTree): ParameterConfig {
  const config = emptyConfig();
  for (const tab of tree.tabs) {
    for (const section of tab.sections) {
      if (section.kind === 'keys') {
        const rows: PhoneKeyItems = {};
        for (const row of section.rows) rows[row.id] = defaultKeyRow(section, row);
        config.phoneKeys[section.key] = rows;
      } else if (tab.key === 'account') {
        for (const group of section.groups) {
          let row = config.account[group.index - 1];
          if (!row) {
            row = { no: group.index, codec: {}, advanced: {} };
            config.account[group.index - 1] = row;
          }
          const key = section.key as 'codec' | 'advanced';
          itemsOf(group.params, row[key]);
        }
      } else if (tab.key !== 'phoneKeys') {
        const items = itemsOf(section.params);
        for (const group of section.groups) itemsOf(group.params, items);
        config[tab.key][section.key] = items;
      }
    }
  }
  return config;
}

/** Wire form: account codec and advanced become JSON strings. */
export function toPayload(
  config: ParameterConfig,
  relation?: { relationId: string | number; relationName: string },
): ConfigPayload {
  const { account, ...rest } = config;
  return {
    ...relation,
    ...rest,
    account: account.map((row) => ({
      no: row.no,
      codec: JSON.stringify(row.codec),
      advanced: JSON.stringify(row.advanced),
    })),
  };
}

export class PayloadError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
    this.name = 'PayloadError';
  }
}

function parseItems(path: string, json: unknown): SectionItems {
  if (typeof json !== 'string') throw new PayloadError(path, 'must be a JSON string');
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new PayloadError(path, 'is not valid JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new PayloadError(path, 'must hold a JSON object');
  }
  return parsed as SectionItems;
}

/**
 * In-memory form of a payload: decodes the account JSON strings (throws `PayloadError` when they
 * are not JSON objects). Values are not checked here; run `validateConfig` on the result.
 */
export function fromPayload(payload: ConfigPayload): ParameterConfig {
  const { relationId: _id, relationName: _name, account, ...rest } = payload;
  const rows: AccountRow[] = (Array.isArray(account) ? account : []).map((row, i) => ({
    no: row.no,
    codec: parseItems(`account.${i}.codec`, row.codec),
    advanced: parseItems(`account.${i}.advanced`, row.advanced),
  }));
  return { ...emptyConfig(), ...rest, account: rows };
}

/**
 * Flat `path → value` of the parameters marked to push, in a stable order:
 * `account.<no>.<codec|advanced>.<Key>`, `<tab>.<section>.<Key>`,
 * `<tab>.<section>.<group>.<n>.<Key>`, `phoneKeys.<section>.<row>.<Cell>` (every cell of a pushed key),
 * and `extent` when the free text is not empty.
 */
export function pushedValues(config: ParameterConfig): Map<string, string> {
  const out = new Map<string, string>();
  const items = (prefix: string, section: SectionItems) => {
    for (const [id, item] of Object.entries(section)) if (item.Push) out.set(`${prefix}.${id}`, item.Value);
  };
  for (const row of config.account) {
    items(`account.${row.no}.codec`, row.codec);
    items(`account.${row.no}.advanced`, row.advanced);
  }
  for (const tab of tabKeys) {
    if (tab === 'account') continue;
    if (tab === 'phoneKeys') {
      for (const [section, rows] of Object.entries(config.phoneKeys)) {
        for (const [id, row] of Object.entries(rows)) {
          if (!row.Push) continue;
          for (const cell of phoneKeyCells) {
            const value = row[cell];
            if (value) out.set(`phoneKeys.${section}.${id}.${cell}`, value.Value);
          }
        }
      }
      continue;
    }
    for (const [section, sectionItems] of Object.entries(config[tab]))
      items(`${tab}.${section}`, sectionItems);
  }
  if (config.extent !== '') out.set('extent', config.extent);
  return out;
}

/**
 * The inverse of `pushedValues` (the text editor): every value read becomes Push=true with that
 * Value; every parameter not read stays at its default with Push=false. Paths the tree does not
 * know are returned in `unknown`.
 */
export function configFromValues(
  tree: ParameterTree,
  values: ReadonlyMap<string, string>,
): { config: ParameterConfig; unknown: string[] } {
  const config = defaultConfig(tree);
  const index = new Map<string, (value: string) => void>();
  const items = (prefix: string, section: SectionItems) => {
    for (const [id, item] of Object.entries(section)) {
      index.set(`${prefix}.${id}`, (value) => {
        item.Value = value;
        item.Push = true;
      });
    }
  };
  for (const row of config.account) {
    items(`account.${row.no}.codec`, row.codec);
    items(`account.${row.no}.advanced`, row.advanced);
  }
  for (const tab of paramTabKeys) {
    for (const [section, sectionItems] of Object.entries(config[tab]))
      items(`${tab}.${section}`, sectionItems);
  }
  for (const [section, rows] of Object.entries(config.phoneKeys)) {
    for (const [id, row] of Object.entries(rows)) {
      for (const cell of phoneKeyCells) {
        const target = row[cell];
        if (!target) continue;
        index.set(`phoneKeys.${section}.${id}.${cell}`, (value) => {
          target.Value = value;
          row.Push = true;
        });
      }
    }
  }
  index.set('extent', (value) => {
    config.extent = value;
  });
  const unknown: string[] = [];
  for (const [path, value] of values) {
    const assign = index.get(path);
    if (assign) assign(value);
    else unknown.push(path);
  }
  return { config, unknown };
}
