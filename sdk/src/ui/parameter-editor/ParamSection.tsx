import { Divider, Empty, Typography } from 'antd';
import { memo, startTransition, useCallback, useEffect, useState } from 'react';
import type { ParameterNode, ParamSectionNode, SectionItems } from '../../catalogue/types.js';
import type { Language } from '../../envelope.js';
import type { ItemPatch, SectionRef } from './model.js';
import { ParamRow, type Provenance } from './ParamRow.js';
import { editorText, pick } from './texts.js';

/** Rows rendered at once when a section opens (more than a screen high). */
const FIRST_ROWS = 30;

export interface ParamSectionProps {
  section: ParamSectionNode;
  sectionRef: SectionRef;
  items: SectionItems | undefined;
  language: Language;
  provenance?: ReadonlyMap<string, Provenance>;
  onItemChange(ref: SectionRef, node: ParameterNode, patch: ItemPatch): void;
}

/**
 * The parameters of the active section only: its flat parameters, then its repeated groups
 * titled by index. On the account tab, the selected account's group.
 */
export const ParamSection = memo(function ParamSection({
  section,
  sectionRef,
  items,
  language,
  provenance,
  onItemChange,
}: ParamSectionProps) {
  // Progressive rendering: the first screenful now, the rest in a transition on the next frame, so
  // switching to a large section (forward: 109 rows) paints quickly and stays responsive.
  const total = section.params.length + section.groups.reduce((n, g) => n + g.params.length, 0);
  const [limit, setLimit] = useState(FIRST_ROWS);
  useEffect(() => {
    if (limit >= total) return;
    const frame = requestAnimationFrame(() => startTransition(() => setLimit(Number.POSITIVE_INFINITY)));
    return () => cancelAnimationFrame(frame);
  }, [limit, total]);
  const onChange = useCallback(
    (node: ParameterNode, patch: ItemPatch) => onItemChange(sectionRef, node, patch),
    [onItemChange, sectionRef],
  );
  const row = (node: ParameterNode) => (
    <ParamRow
      key={node.id}
      node={node}
      item={items?.[node.id]}
      dependencyValue={node.Dependency ? (items?.[node.Dependency]?.Value ?? '') : undefined}
      language={language}
      source={provenance?.get(node.path)}
      onChange={onChange}
    />
  );
  if (sectionRef.tab === 'account') {
    const group = section.groups.find((g) => g.index === sectionRef.account);
    if (!group || group.params.length === 0) return <Empty description={editorText('noSection', language)} />;
    return <div data-testid={`section-${section.key}`}>{group.params.map(row)}</div>;
  }
  if (section.params.length === 0 && section.groups.length === 0) {
    return <Empty description={editorText('noSection', language)} />;
  }
  let budget = limit;
  const take = (nodes: ParameterNode[]) => {
    const shown = budget >= nodes.length ? nodes : nodes.slice(0, Math.max(0, budget));
    budget -= shown.length;
    return shown;
  };
  const flat = take(section.params);
  return (
    <div data-testid={`section-${section.key}`} data-complete={limit >= total}>
      {flat.map(row)}
      {section.groups.map((group) => {
        if (budget <= 0) return null;
        const shown = take(group.params);
        return (
          <div key={`${group.key}.${group.index}`} data-testid={`group-${group.key}-${group.index}`}>
            <Divider orientation="left" orientationMargin={0} style={{ margin: '12px 0 4px' }}>
              <Typography.Text strong>{pick(group.title, language)}</Typography.Text>
            </Divider>
            {shown.map(row)}
          </div>
        );
      })}
    </div>
  );
});
