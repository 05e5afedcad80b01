import {
  apiRequest,
  readStorage,
  type SiteOption,
  type SiteTreeNode,
  STORAGE_KEYS,
  siteTree,
  writeStorage,
} from '@phonefleet/sdk/ui/core';
import { TreeSelect } from 'antd';
import { useEffect, useRef, useState } from 'react';

/** The sidebar site choice, remembered per user (spec §3 Memory: sidebar site). */
export function useSiteFilter(userId: number): [number | null, (site: number | null) => void] {
  const key = STORAGE_KEYS.sidebarSite(userId);
  const [site, setSite] = useState<number | null>(() => {
    const stored = Number(readStorage(key));
    return Number.isInteger(stored) && stored > 0 ? stored : null;
  });
  const choose = (next: number | null) => {
    writeStorage(key, next === null ? '' : String(next));
    setSite(next);
  };
  return [site, choose];
}

/**
 * The sidebar's site filter tree (spec §2 Layout): the caller's sites; clearing it means all sites.
 * A remembered site that no longer exists falls back to all sites.
 */
export function SiteFilter({
  value,
  onChange,
  placeholder,
}: {
  value: number | null;
  onChange: (site: number | null) => void;
  placeholder: string;
}) {
  const [tree, setTree] = useState<SiteTreeNode[] | null>(null);
  const initial = useRef({ value, onChange });

  useEffect(() => {
    let current = true;
    apiRequest<SiteOption>('GET', '/tb-site-template/siteSelect', { silent: true })
      .then((reply) => {
        if (!current) return;
        setTree(siteTree(reply.result.rows));
        const remembered = initial.current.value;
        if (remembered !== null && !reply.result.rows.some((site) => site.id === remembered)) {
          initial.current.onChange(null);
        }
      })
      .catch(() => undefined); // no filter without sites
    return () => {
      current = false;
    };
  }, []);

  if (!tree) return null;
  return (
    <TreeSelect<number>
      data-testid="site-filter"
      style={{ width: '100%' }}
      size="small"
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      placeholder={placeholder}
      treeData={tree}
      value={value ?? undefined}
      onChange={(next) => onChange(typeof next === 'number' ? next : null)}
    />
  );
}
