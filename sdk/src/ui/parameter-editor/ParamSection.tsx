import { Divider, Empty, Typography } from 'antd';
import { memo, useCallback } from 'react';
import type { ParameterNode, ParamSectionNode, SectionItems } from '../../catalogue/types.js';
import type { Language } from '../../envelope.js';
import type { ItemPatch, SectionRef } from './model.js';
import { ParamRow, type Provenance } from './ParamRow.js';
import { editorText, pick } from './texts.js';

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
  return (
    <div data-testid={`section-${section.key}`}>
      {section.params.map(row)}
      {section.groups.map((group) => (
        <div key={`${group.key}.${group.index}`} data-testid={`group-${group.key}-${group.index}`}>
          <Divider orientation="left" orientationMargin={0} style={{ margin: '12px 0 4px' }}>
            <Typography.Text strong>{pick(group.title, language)}</Typography.Text>
          </Divider>
          {group.params.map(row)}
        </div>
      ))}
    </div>
  );
});
