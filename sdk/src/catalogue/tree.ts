import { CAPABILITY_NAMES, checkedCapabilities } from '../capability-table.js';
import type { ModelCapabilities } from '../driver.js';
import { accountTab } from './account.js';
import type { BuildContext, GroupSpec, ParamEntry, ParamSectionSpec, TabSpec } from './define.js';
import { lt } from './define.js';
import { directoryHistoryTab } from './directory-history.js';
import { functionTab } from './function.js';
import { maintenanceTab } from './maintenance.js';
import { networkTab } from './network.js';
import { phoneKeySections } from './phone-keys.js';
import { provisionTab } from './provision.js';
import { settingsTab } from './settings.js';
import { sipFunctionTab } from './sip-function.js';
import type {
  OptionDef,
  ParameterDef,
  ParameterNode,
  ParameterTree,
  ParamSectionNode,
  SectionNode,
  TabNode,
} from './types.js';

/** The standard catalogue, tab by tab, in screen order (phoneKeys is built from key tables). */
export const standardTabs: readonly (TabSpec | 'phoneKeys')[] = [
  accountTab,
  sipFunctionTab,
  networkTab,
  provisionTab,
  'phoneKeys',
  settingsTab,
  functionTab,
  directoryHistoryTab,
  maintenanceTab,
];

const phoneKeysLabel = lt(['Phone keys', '话机按键']);

/** Capabilities of site and group screens: the union across models, widest counts, no subtype column. */
export const SHARE_CAPABILITIES: ModelCapabilities = Object.freeze({
  accounts: 20,
  keyAccounts: 8,
  programKeys: 36,
  dynamicKeys: 4,
  dssKeys: 2,
  expansionModules: 3,
  keysPerModule: 60,
  keySubtype: false,
  textEditing: true,
  shortWebSession: false,
  wifi: true,
  bluetooth: true,
  usb: true,
  colourScreen: true,
});

/** Stable identity of a capability set: equal capabilities give equal trees. */
export function capabilitySignature(model: ModelCapabilities | 'share'): string {
  if (model === 'share') return 'share';
  return CAPABILITY_NAMES.map((f) => `${f}=${String(model[f])}`).join(';');
}

/**
 * Options of a CHOICE entry allowed for the value of the parameter it depends on:
 * `<offset>#<index>` entries whose offset is the dependency's value.
 */
export function dependentOptions(def: ParameterDef, dependencyValue: string): OptionDef[] {
  const options = def.options ?? [];
  if (!def.Dependency) return options;
  const prefix = `${dependencyValue}#`;
  return options.filter((o) => o.value.startsWith(prefix));
}

function buildParams(
  entries: readonly ParamEntry[],
  ctx: BuildContext,
  place: (key: string) => { id: string; path: string },
): ParameterNode[] {
  const out: ParameterNode[] = [];
  for (const entry of entries) {
    const spec = typeof entry === 'function' ? entry(ctx) : entry;
    if (!spec || (spec.when && !spec.when(ctx))) continue;
    out.push({ ...spec.def, ...place(spec.def.Key) });
  }
  // CHOICE entries start filtered by the default of what they depend on.
  for (const node of out) {
    if (!node.Dependency) continue;
    const dep = out.find((n) => n.Key === node.Dependency);
    if (dep)
      node.FilteredValueRule = dependentOptions(node, dep.DefaultValue)
        .map((o) => o.value)
        .join(',');
  }
  return out;
}

function buildSection(tab: TabSpec, spec: ParamSectionSpec, ctx: BuildContext): ParamSectionNode {
  const base = `${tab.key}.${spec.key}`;
  const params = buildParams(spec.params, ctx, (key) => ({ id: key, path: `${base}.${key}` }));
  const groups = (spec.groups ?? []).flatMap((g: GroupSpec) => {
    const count = g.count(ctx);
    return Array.from({ length: count }, (_, i) => {
      const index = i + 1;
      const gctx = { ...ctx, index };
      const place =
        tab.key === 'account'
          ? (key: string) => ({ id: key, path: `account.${index}.${spec.key}.${key}` })
          : (key: string) => ({ id: `${g.key}.${index}.${key}`, path: `${base}.${g.key}.${index}.${key}` });
      return {
        key: g.key,
        index,
        title: { en: g.title[0].replace('{n}', String(index)), zh: g.title[1].replace('{n}', String(index)) },
        params: buildParams(g.params, gctx, place),
      };
    });
  });
  return { kind: 'params', key: spec.key, label: lt(spec.label), params, groups };
}

function build(model: ModelCapabilities | 'share'): ParameterTree {
  const share = model === 'share';
  const caps: ModelCapabilities = share ? SHARE_CAPABILITIES : checkedCapabilities(model);
  const ctx: BuildContext = { caps, share, index: 0 };
  const tabs: TabNode[] = standardTabs.map((tab) => {
    if (tab === 'phoneKeys')
      return { key: 'phoneKeys', label: phoneKeysLabel, sections: phoneKeySections(ctx) };
    const sections: SectionNode[] = tab.sections
      .filter((s) => !s.when || s.when(ctx))
      .map((s) => buildSection(tab, s, ctx));
    return { key: tab.key, label: lt(tab.label), sections };
  });
  return {
    scope: share ? 'share' : 'model',
    signature: capabilitySignature(model),
    capabilities: caps,
    tabs,
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const MAX_CACHED = 256;
const cache = new Map<string, ParameterTree>();

/**
 * The parameter tree a screen edits (`POST /tb-config/dynamicParameterJs`): for a model's
 * capabilities, or `'share'` for site and group screens. Cached per capability signature;
 * the result is deeply frozen and shared, so never mutate it.
 */
export function buildParameterTree(model: ModelCapabilities | 'share'): ParameterTree {
  const signature = capabilitySignature(model);
  const hit = cache.get(signature);
  if (hit) return hit;
  const tree = deepFreeze(build(model));
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(signature, tree);
  return tree;
}

/**
 * The tree of one SIP account's own parameters (the `account` relation, docs/sip.md): the account
 * tab with one account (codec and advanced, account 1's options). Provisioning writes its values to
 * whichever line the account is bound to.
 */
export function buildAccountTree(): ParameterTree {
  const hit = cache.get('account');
  if (hit) return hit;
  const lines = buildParameterTree({ ...SHARE_CAPABILITIES, accounts: 1 });
  const tree = deepFreeze({
    ...lines,
    scope: 'share' as const,
    signature: 'account',
    tabs: lines.tabs.filter((tab) => tab.key === 'account'),
  });
  cache.set('account', tree);
  return tree;
}
