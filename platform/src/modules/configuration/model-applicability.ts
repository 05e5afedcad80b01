import type { ModelCapabilities } from '@phonefleet/sdk';
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
    paths: paramPaths(buildParameterTree(model.capabilities)),
  }));
  const mark = (node: ParameterNode): ParameterNode => {
    const having = perModel.filter((model) => model.paths.has(node.path)).map((model) => model.id);
    return having.length > 0 && having.length < perModel.length ? { ...node, models: having } : node;
  };
  const section = (node: SectionNode): SectionNode =>
    node.kind === 'params'
      ? {
          ...node,
          params: node.params.map(mark),
          groups: node.groups.map((group) => ({ ...group, params: group.params.map(mark) })),
        }
      : node;
  return { ...share, tabs: share.tabs.map((tab) => ({ ...tab, sections: tab.sections.map(section) })) };
}
