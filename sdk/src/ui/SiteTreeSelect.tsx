import { TreeSelect } from 'antd';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { apiRequest } from './api.js';
import { type SiteOption, siteTree } from './site-tree.js';

export interface SiteTreeSelectProps {
  value?: number | null;
  onChange?(siteId: number | undefined): void;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  /** A site whose subtree cannot be chosen (the site being moved). */
  excluded?: number;
  style?: CSSProperties;
  id?: string;
  'data-testid'?: string;
}

/**
 * Picks one of the caller's sites from the site tree (`GET /tb-site-template/siteSelect`), searchable
 * by name. Works as a form control (value / onChange).
 */
export function SiteTreeSelect(props: SiteTreeSelectProps) {
  const { value, onChange, placeholder, allowClear, disabled, excluded, style, id } = props;
  const [sites, setSites] = useState<SiteOption[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    apiRequest<SiteOption>('GET', '/tb-site-template/siteSelect')
      .then((reply) => {
        if (current) setSites(reply.result.rows);
      })
      .catch(() => undefined) // shown by the api client; the list stays empty
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, []);

  const treeData = useMemo(() => siteTree(sites, excluded), [sites, excluded]);
  return (
    <TreeSelect<number>
      id={id}
      data-testid={props['data-testid']}
      value={value ?? undefined}
      onChange={(siteId) => onChange?.(siteId ?? undefined)}
      treeData={treeData}
      loading={loading}
      placeholder={placeholder}
      allowClear={allowClear}
      disabled={disabled}
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      style={{ minWidth: 200, ...style }}
      popupMatchSelectWidth={false}
    />
  );
}
