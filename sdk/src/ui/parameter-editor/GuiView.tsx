import { Badge, Menu, Select, Space, Tabs, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import type { KeySectionNode, ParameterConfig, ParameterNode, ParameterTree } from '../../catalogue/types.js';
import type { ModelCapabilities } from '../../driver.js';
import type { Language } from '../../envelope.js';
import { accountCount, type ItemPatch, pushCount, type SectionRef } from './model.js';
import type { Provenance } from './ParamRow.js';
import { ParamSection } from './ParamSection.js';
import { type KeyPatch, PhoneKeyTable } from './PhoneKeyTable.js';
import { editorText, pick } from './texts.js';
import type { SectionNavigation } from './useSectionNavigation.js';

export interface GuiViewProps {
  tree: ParameterTree;
  config: ParameterConfig;
  capabilities: ModelCapabilities;
  navigation: SectionNavigation;
  provenance: ReadonlyMap<string, Provenance> | undefined;
  switchBar: ReactNode;
  language: Language;
  onItemChange(ref: SectionRef, node: ParameterNode, patch: ItemPatch): void;
  onKeyChange(sectionName: string, rowId: string, patch: KeyPatch): void;
}

/**
 * The form view: tabs with push badges, a sidebar of the active tab's sections, the account
 * selector on the account tab, and the section's parameters or phone-key table.
 */
export function GuiView({
  tree,
  config,
  capabilities,
  navigation,
  provenance,
  switchBar,
  language,
  onItemChange,
  onKeyChange,
}: GuiViewProps) {
  const { tab, tabNode, sectionKey, section, account, keyFocus, currentRef } = navigation;
  const accounts = useMemo(() => accountCount(tree), [tree]);

  const counts = useMemo(() => tree.tabs.map((t) => pushCount(config, t.key)), [tree, config]);
  const countsKey = counts.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: countsKey stands for counts
  const tabItems = useMemo(
    () =>
      tree.tabs.map((t, i) => {
        const n = counts[i] ?? 0;
        return {
          key: t.key,
          label: (
            <span data-testid={`tab-${t.key}`}>
              {pick(t.label, language)}{' '}
              <span data-testid={`badge-${t.key}`} data-count={n}>
                <Badge
                  count={n}
                  showZero
                  overflowCount={9999}
                  color={n > 0 ? '#1677ff' : '#bfbfbf'}
                  size="small"
                />
              </span>
            </span>
          ),
        };
      }),
    [tree, countsKey, language],
  );
  const sectionItems = useMemo(
    () => (tabNode?.sections ?? []).map((s) => ({ key: s.key, label: pick(s.label, language) })),
    [tabNode, language],
  );

  let content: ReactNode = null;
  if (section?.kind === 'keys') {
    content = (
      <PhoneKeyTable
        key={section.key}
        section={section as KeySectionNode}
        rows={config.phoneKeys[section.key]}
        language={language}
        keySubtype={capabilities.keySubtype && section.cells.SubType !== undefined}
        focus={keyFocus}
        onKeyChange={onKeyChange}
      />
    );
  } else if (section) {
    const items =
      tab === 'account'
        ? config.account.find((r) => r.no === account)?.[section.key as 'codec' | 'advanced']
        : tab === 'phoneKeys'
          ? undefined
          : config[tab][section.key];
    content = (
      <ParamSection
        key={`${tab}.${sectionKey}.${tab === 'account' ? account : ''}`}
        section={section}
        sectionRef={currentRef}
        items={items}
        language={language}
        provenance={provenance}
        onItemChange={onItemChange}
      />
    );
  }

  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'flex-end', minHeight: 24 }}>{switchBar}</div>
      <Tabs activeKey={tab} onChange={navigation.changeTab} items={tabItems} />
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <Menu
          mode="inline"
          data-testid="section-menu"
          style={{ width: 220, flex: '0 0 220px' }}
          selectedKeys={[sectionKey]}
          items={sectionItems}
          onClick={({ key }) => navigation.changeSection(key)}
        />
        <div style={{ flex: 1, minWidth: 0 }} data-testid="section-content" data-section={sectionKey}>
          {tab === 'account' ? (
            <Space style={{ marginBottom: 12 }}>
              <Typography.Text>{editorText('account', language)}</Typography.Text>
              <Select
                data-testid="account-select"
                aria-label={editorText('account', language)}
                style={{ width: 160 }}
                value={account}
                onChange={navigation.changeAccount}
                options={Array.from({ length: accounts }, (_, i) => ({
                  value: i + 1,
                  label: editorText('accountN', language, { n: i + 1 }),
                }))}
              />
            </Space>
          ) : null}
          {content}
        </div>
      </div>
    </>
  );
}
