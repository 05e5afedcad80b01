import {
  type DriverText,
  type ModelCapabilities,
  type ParameterDeclarations,
  unsupportedReason,
} from '@phonefleet/sdk';
import {
  buildParameterTree,
  capabilitySignature,
  type ParameterNode,
  type ParameterTree,
  type SectionNode,
} from '@phonefleet/sdk/catalogue';

export interface NamedModel {
  id: string;
  capabilities: ModelCapabilities;
  /** Its driver's declarations: what it never sends (`unsupported`, `map`). */
  parameters?: ParameterDeclarations;
}

const localized = (text: DriverText) => ({ en: text.en, zh: text['zh-CN'] });

function mapParams(tree: ParameterTree, mark: (node: ParameterNode) => ParameterNode): ParameterTree {
  const section = (node: SectionNode): SectionNode =>
    node.kind === 'params'
      ? {
          ...node,
          params: node.params.map(mark),
          groups: node.groups.map((group) => ({ ...group, params: group.params.map(mark) })),
        }
      : node;
  return { ...tree, tabs: tree.tabs.map((tab) => ({ ...tab, sections: tab.sections.map(section) })) };
}

const modelTrees = new Map<string, ParameterTree>();

/**
 * A model's tree with each parameter its driver never sends saying why (`unsupported`): the editor
 * shows them disabled with the reason. Kept per model (drivers do not change while running).
 */
export function modelTreeWithSupport(model: NamedModel): ParameterTree {
  const tree = buildParameterTree(model.capabilities);
  const { parameters } = model;
  if (!parameters || parameters.unsupported.length === 0) return tree;
  const key = `${model.id}:${capabilitySignature(model.capabilities)}`;
  const cached = modelTrees.get(key);
  if (cached) return cached;
  const annotated = mapParams(tree, (node) => {
    const reason = unsupportedReason(parameters, node.path);
    return reason ? { ...node, unsupported: localized(reason) } : node;
  });
  modelTrees.set(key, annotated);
  return annotated;
}

function paramPaths(tree: ParameterTree): Set<string> {
  const paths = new Set<string>();
  for (const tab of tree.tabs) {
    for (const section of tab.sections) {
      if (section.kind !== 'params') continue;
      for (const node of section.params) paths.add(node.path);
      for (const group of section.groups) for (const node of group.params) paths.add(node.path);
    }
  }
  return paths;
}

let cached: { key: string; tree: ParameterTree } | undefined;

/**
 * The share tree (site, group and global screens edit every model's parameters at once) with
 * each parameter that not every model has naming the models it applies to, from the drivers'
 * capability tables: two rows both labelled 'Web session timeout (s)' then say which is the H2's.
 * A new tree (the catalogue's cached trees stay untouched), kept for the same set of models.
 */
export function shareTreeWithModels(models: readonly NamedModel[]): ParameterTree {
  const key = models.map((model) => `${model.id}:${capabilitySignature(model.capabilities)}`).join('|');
  if (cached?.key !== key) cached = { key, tree: annotate(models) };
  return cached.tree;
}

function annotate(models: readonly NamedModel[]): ParameterTree {
  const share = buildParameterTree('share');
  if (models.length === 0) return share;
  const perModel = models.map((model) => ({
    id: model.id,
    parameters: model.parameters,
    paths: paramPaths(buildParameterTree(model.capabilities)),
  }));
  const mark = (node: ParameterNode): ParameterNode => {
    const having = perModel.filter((model) => model.paths.has(node.path));
    const notSent = new Map<string, { models: string[]; reason: { en: string; zh: string } }>();
    for (const model of having) {
      const reason = unsupportedReason(model.parameters, node.path);
      if (!reason) continue;
      const group = notSent.get(reason.en) ?? { models: [], reason: localized(reason) };
      group.models.push(model.id);
      notSent.set(reason.en, group);
    }
    return {
      ...node,
      ...(having.length > 0 && having.length < perModel.length
        ? { models: having.map((model) => model.id) }
        : {}),
      ...(notSent.size > 0 ? { notSentTo: [...notSent.values()] } : {}),
    };
  };
  return mapParams(share, mark);
}
