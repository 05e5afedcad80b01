import { Input, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTexts } from '../common-texts.js';
import { SiteTreeSelect } from '../SiteTreeSelect.js';

export interface KeywordsFilter {
  placeholder: string;
  testId?: string;
  width?: number;
}

export interface SiteFilter {
  /** Default "All sites". */
  placeholder?: string;
  /** The list starts from, and follows, the sidebar's site filter tree (spec §2 Layout). */
  followSidebar?: boolean;
  testId?: string;
}

export interface FilterBarProps {
  keywords?: KeywordsFilter | undefined;
  site?: SiteFilter | undefined;
  siteValue: number | undefined;
  /** The typed keywords, trimmed; undefined when empty. */
  onKeywords(keywords: string | undefined): void;
  onSite(site: number | undefined): void;
  /** More filters after the keywords and the site. */
  children?: ReactNode;
}

/** The filters above a list: keywords (searched on Enter), the site subtree, then the area's own. */
export function FilterBar({ keywords, site, siteValue, onKeywords, onSite, children }: FilterBarProps) {
  const t = useTexts();
  if (!keywords && !site && !children) return null;
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      {keywords ? (
        <Input.Search
          allowClear
          placeholder={keywords.placeholder}
          style={{ width: keywords.width ?? 240 }}
          onSearch={(value) => onKeywords(value.trim() || undefined)}
          data-testid={keywords.testId}
        />
      ) : null}
      {site ? (
        <SiteTreeSelect
          allowClear
          placeholder={site.placeholder ?? t('allSites')}
          style={{ width: 220 }}
          value={siteValue}
          onChange={onSite}
          data-testid={site.testId}
        />
      ) : null}
      {children}
    </Space>
  );
}
