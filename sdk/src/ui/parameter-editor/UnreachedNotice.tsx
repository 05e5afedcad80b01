import { Alert } from 'antd';
import { useMemo } from 'react';
import { pushedValues } from '../../catalogue/config.js';
import type { ParameterConfig, ParameterNode, ParameterTree } from '../../catalogue/types.js';
import type { Language } from '../../envelope.js';
import { editorText, pick } from './texts.js';

/** Devices of one model a layer reaches (`GET /tb-config/affectedDevices` → `byModel`). */
export interface AffectedModel {
  model: string;
  total: number;
  /** The first MACs, in order. */
  macs: string[];
}

const SHOWN_MACS = 3;

function nodesNotSent(tree: ParameterTree): Map<string, ParameterNode> {
  const nodes = new Map<string, ParameterNode>();
  for (const tab of tree.tabs) {
    for (const section of tab.sections) {
      if (section.kind !== 'params') continue;
      for (const node of [...section.params, ...section.groups.flatMap((group) => group.params)]) {
        if (node.notSentTo) nodes.set(node.path, node);
      }
    }
  }
  return nodes;
}

/**
 * Site, group and global screens: which of the phones the layer reaches will not receive some pushed
 * parameters (their drivers declare them unsupported), named by model and MAC, with the parameters.
 */
export function UnreachedNotice({
  tree,
  config,
  affected,
  language,
}: {
  tree: ParameterTree;
  config: ParameterConfig;
  affected: readonly AffectedModel[];
  language: Language;
}) {
  const notSent = useMemo(() => nodesNotSent(tree), [tree]);
  const rows = useMemo(() => {
    const byModel = new Map<string, string[]>();
    for (const path of pushedValues(config).keys()) {
      const node = notSent.get(path);
      for (const group of node?.notSentTo ?? []) {
        for (const model of group.models) {
          const labels = byModel.get(model) ?? [];
          const label = pick(node?.label ?? { en: path, zh: path }, language);
          if (!labels.includes(label)) labels.push(label);
          byModel.set(model, labels);
        }
      }
    }
    return affected
      .filter((entry) => entry.total > 0 && byModel.has(entry.model))
      .map((entry) => ({ ...entry, params: byModel.get(entry.model) ?? [] }));
  }, [config, notSent, affected, language]);
  if (rows.length === 0) return null;
  const count = rows.reduce((sum, row) => sum + row.total, 0);
  const devices = (row: AffectedModel) => {
    const shown = row.macs.slice(0, SHOWN_MACS).join(', ');
    return row.total > SHOWN_MACS
      ? editorText('unreachedMore', language, { shown, more: row.total - SHOWN_MACS })
      : shown;
  };
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="unreached-notice"
      message={editorText('unreachedTitle', language, { count })}
      description={
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {rows.map((row) => (
            <li key={row.model} data-testid={`unreached-${row.model}`}>
              {editorText('unreachedLine', language, {
                model: row.model,
                devices: devices(row),
                params: row.params.join(', '),
              })}
            </li>
          ))}
        </ul>
      }
    />
  );
}
