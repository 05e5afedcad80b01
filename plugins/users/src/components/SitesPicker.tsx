import { apiRequest, type SiteOption, siteTree } from '@phonefleet/sdk/ui';
import { TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';

export interface SitesPickerProps {
  value?: number[];
  onChange?(siteIds: number[]): void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  'data-testid'?: string;
}

/**
 * Several of the caller's sites from the kit's site tree (`GET /tb-site-template/siteSelect`, the
 * kit's `siteTree`): a user's data permission, each chosen site with its subtree.
 */
export function SitesPicker({ value, onChange, placeholder, disabled, id, ...rest }: SitesPickerProps) {
  const [sites, setSites] = useState<SiteOption[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let current = true;
    apiRequest<SiteOption>('GET', '/tb-site-template/siteSelect')
      .then((reply) => current && setSites(reply.result.rows))
      .catch(() => undefined) // shown by the api client
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, []);
  const treeData = useMemo(() => siteTree(sites), [sites]);
  return (
    <TreeSelect<number[]>
      id={id}
      data-testid={rest['data-testid']}
      multiple
      value={value ?? []}
      onChange={(ids) => onChange?.(ids ?? [])}
      treeData={treeData}
      loading={loading}
      placeholder={placeholder}
      disabled={disabled}
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      allowClear
      style={{ width: '100%' }}
    />
  );
}
