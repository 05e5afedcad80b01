import { DatePicker, Input, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTexts } from '../common-texts.js';
import { dayRange } from '../date-time.js';
import { SiteTreeSelect } from '../SiteTreeSelect.js';
import { useSession } from '../session.js';

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

export interface DaysFilterProps {
  /** `data-testid` of the picker's wrapper. */
  testId: string;
  /** Whole days of the user's zone, from the first day's midnight; both undefined when cleared. */
  onRange(range: { startTime: string | undefined; endTime: string | undefined }): void;
}

/** A filter by a range of whole days in the user's time zone. */
export function DaysFilter({ testId, onRange }: DaysFilterProps) {
  const t = useTexts();
  const { zoneOffset } = useSession();
  return (
    <span data-testid={testId}>
      <DatePicker.RangePicker
        placeholder={[t('startDate'), t('endDate')]}
        format="YYYY/MM/DD"
        onChange={(days) => {
          const [first, last] = days ?? [];
          onRange(
            first && last ? dayRange(first, last, zoneOffset) : { startTime: undefined, endTime: undefined },
          );
        }}
      />
    </span>
  );
}

export interface ChoiceFilterProps<Value extends string | number> {
  /** The select's `id` and `data-testid`. */
  id: string;
  /** What it shows with nothing chosen ("All levels"). */
  placeholder: string;
  options: { value: Value; label: string }[];
  width?: number;
  onChange(value: Value | undefined): void;
}

/** A filter by one of a few values, cleared back to all. */
export function ChoiceFilter<Value extends string | number>({
  id,
  placeholder,
  options,
  width = 140,
  onChange,
}: ChoiceFilterProps<Value>) {
  return (
    <Select<Value>
      allowClear
      placeholder={placeholder}
      style={{ width }}
      options={options}
      onChange={(value) => onChange(value ?? undefined)}
      id={id}
      data-testid={id}
    />
  );
}
