import type { ModelCapabilities } from '../driver.js';

/** Parameter editor types (parameter catalogue §3). */
export const parameterTypes = [
  'text',
  'number',
  'boolean',
  'select',
  'password',
  'ipv4',
  'time',
  'check',
  'transfer',
  'CHOICE',
] as const;
export type ParameterType = (typeof parameterTypes)[number];

/** A text in English and Simplified Chinese (`zh` is zh-CN, as in `sdk/src/messages.ts`). */
export interface LocalizedText {
  en: string;
  zh: string;
}

export interface OptionDef {
  value: string;
  label: LocalizedText;
}

/** One catalogue entry. Values are always strings; booleans are `'true'`/`'false'`. */
export interface ParameterDef {
  Key: string;
  Type: ParameterType;
  DefaultValue: string;
  /** `a,b,c` (allowed options) or `[min,max]` with `*` for unbounded; empty when free. */
  ValueRule: string;
  /** Options allowed for the current value of `Dependency` (CHOICE entries). */
  FilteredValueRule?: string;
  ValueTemplate: string;
  /** Key of the parameter (same section) that filters this one's options. */
  Dependency?: string;
  label: LocalizedText;
  tooltip: LocalizedText;
  /** Labels of the options of select, CHOICE, check and transfer entries, in ValueRule order. */
  options?: OptionDef[];
  /** Maximum length of the value; 512 when absent. */
  maxLength?: number;
  /** Extra format rule for text entries (regular expression source, anchored). */
  pattern?: string;
}

/** A parameter placed in a tree: `id` is its key inside its section object, `path` its dotted path. */
export interface ParameterNode extends ParameterDef {
  id: string;
  path: string;
  /**
   * On share trees (site, group, global screens) as the platform serves them: the models this
   * parameter applies to, when not every model has it (per-model variants such as the H2's
   * shorter web session timeout). Absent: every model.
   */
  models?: string[];
  /** On a model's tree as the platform serves it: why the model's driver never sends it (shown disabled). */
  unsupported?: LocalizedText;
  /** On share trees as the platform serves them: the models whose drivers never send it, and why. */
  notSentTo?: { models: string[]; reason: LocalizedText }[];
}

export interface GroupNode {
  /** Group kind: `account`, `ringer`, `book`, `server`. */
  key: string;
  index: number;
  title: LocalizedText;
  params: ParameterNode[];
}

export interface ParamSectionNode {
  kind: 'params';
  key: string;
  label: LocalizedText;
  params: ParameterNode[];
  groups: GroupNode[];
}

export const phoneKeyCells = ['Type', 'SubType', 'Account', 'Value', 'Label', 'Extension'] as const;
export type PhoneKeyCellName = (typeof phoneKeyCells)[number];

export interface PhoneKeyRowNode {
  /** Key of the row inside its section object (`3`, `Redial`, `Aom2ProgKey.17`). */
  id: string;
  Name: string;
  /** Expansion module 1..3 for extKey rows. */
  module?: number;
  /** Defaults that differ from the section's cell defaults (dynamic keys). */
  defaults: Partial<Record<PhoneKeyCellName, string>>;
}

export interface KeySectionNode {
  kind: 'keys';
  key: string;
  label: LocalizedText;
  pageSize: number;
  /** Cell definitions; SubType only when the model has the subtype column. */
  cells: Partial<Record<PhoneKeyCellName, ParameterDef>>;
  rows: PhoneKeyRowNode[];
}

export type SectionNode = ParamSectionNode | KeySectionNode;

export const tabKeys = [
  'account',
  'sipFunction',
  'network',
  'provision',
  'phoneKeys',
  'settings',
  'function',
  'directoryHistory',
  'maintenance',
] as const;
export type TabKey = (typeof tabKeys)[number];
/** Tabs whose sections are plain `{ [id]: ParameterItem }` objects. */
export type ParamTabKey = Exclude<TabKey, 'account' | 'phoneKeys'>;

export interface TabNode {
  key: TabKey;
  label: LocalizedText;
  sections: SectionNode[];
}

/** The tree a parameter screen edits (answer of `POST /tb-config/dynamicParameterJs`). */
export interface ParameterTree {
  /** `share` for site and group screens, else `model`. */
  scope: 'share' | 'model';
  /** Stable identity of the capabilities the tree was built for. */
  signature: string;
  capabilities: ModelCapabilities;
  tabs: TabNode[];
}

/* ---------- stored configuration ---------- */

export interface ParameterItem {
  Key: string;
  Value: string;
  DefaultValue: string;
  Push: boolean;
  ValueTemplate: string;
  label: string;
}
export type SectionItems = Record<string, ParameterItem>;

export interface AccountRow {
  no: number;
  codec: SectionItems;
  advanced: SectionItems;
}

export interface PhoneKeyCell {
  Value: string;
  DefaultValue: string;
}

export interface PhoneKeyItem {
  Key: string;
  Name: string;
  Push: boolean;
  Type: PhoneKeyCell;
  /** Present only when the model has the subtype column (H2/H2P). */
  SubType?: PhoneKeyCell;
  Account: PhoneKeyCell;
  Value: PhoneKeyCell;
  Label: PhoneKeyCell;
  Extension: PhoneKeyCell;
}
export type PhoneKeyItems = Record<string, PhoneKeyItem>;

/** In-memory configuration of one relation. */
export type ParameterConfig = {
  account: AccountRow[];
  phoneKeys: Record<string, PhoneKeyItems>;
  extent: string;
} & Record<ParamTabKey, Record<string, SectionItems>>;

/** Wire form (`POST /tb-config/saveParam`): account codec and advanced are JSON strings. */
export interface AccountPayloadRow {
  no: number;
  codec: string;
  advanced: string;
}
export type ConfigPayload = {
  relationId?: string | number;
  relationName?: string;
  account: AccountPayloadRow[];
  phoneKeys: Record<string, PhoneKeyItems>;
  extent: string;
} & Record<ParamTabKey, Record<string, SectionItems>>;
