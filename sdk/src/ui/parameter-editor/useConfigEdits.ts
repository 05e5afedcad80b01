import { useCallback, useRef, useState } from 'react';
import { defaultConfig } from '../../catalogue/config.js';
import type { ParameterConfig, ParameterNode, ParameterTree } from '../../catalogue/types.js';
import { phoneKeyTypeChanged } from '../../validation/phone-keys.js';
import {
  completeConfig,
  findSection,
  type ItemPatch,
  keyRowOf,
  type SectionRef,
  setAllPush,
  setKeyRow,
  updateItem,
} from './model.js';
import type { KeyPatch } from './PhoneKeyTable.js';

/** The configuration being edited, its backup (what was loaded or last saved) and the edits on it. */
export function useConfigEdits(tree: ParameterTree, initial: ParameterConfig) {
  const [config, setConfig] = useState<ParameterConfig>(() => completeConfig(tree, initial));
  /** The backup: what was loaded or last saved. */
  const [saved, setSaved] = useState<ParameterConfig>(config);
  /** The latest configuration, for callbacks that must not change with every edit. */
  const configRef = useRef(config);
  configRef.current = config;

  const onItemChange = useCallback(
    (ref: SectionRef, node: ParameterNode, patch: ItemPatch) =>
      setConfig((prev) => updateItem(tree, prev, ref, node, patch)),
    [tree],
  );

  const onKeyChange = useCallback(
    (sectionName: string, rowId: string, patch: KeyPatch) =>
      setConfig((prev) => {
        const node = findSection(tree, 'phoneKeys', sectionName);
        if (node?.kind !== 'keys') return prev;
        const row = keyRowOf(prev, node, rowId);
        let next = row;
        if (patch.kind === 'push') next = { ...row, Push: patch.push };
        else if (patch.kind === 'type') next = phoneKeyTypeChanged(row, patch.value);
        else {
          const cell = row[patch.cell];
          if (!cell) return prev;
          next = { ...row, [patch.cell]: { ...cell, Value: patch.value } };
        }
        return setKeyRow(prev, sectionName, rowId, next);
      }),
    [tree],
  );

  const selectAll = (push: boolean) => setConfig((prev) => setAllPush(tree, prev, push));
  const reset = () => setConfig(defaultConfig(tree));

  return { config, setConfig, saved, setSaved, configRef, onItemChange, onKeyChange, selectAll, reset };
}

export type ConfigEdits = ReturnType<typeof useConfigEdits>;
