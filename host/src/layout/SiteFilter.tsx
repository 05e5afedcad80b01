import { apiRequest, type SiteOption, type SiteTreeNode, siteTree } from '@phonefleet/sdk/ui/core';
import { TreeSelect } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { SiteFilterPlaceholder } from './ControlPlaceholder.js';

/**
 * The sidebar's site filter tree (spec §2 Layout): the caller's sites; clearing it means all sites.
 * A remembered site that no longer exists falls back to all sites. Loaded after the first paint
 * (ConsoleLayout); its placeholder holds its place until the sites arrive.
 */
export default function SiteFilter({
  value,
  onChange,
  placeholder,
}: {
  value: number | null;
  onChange: (site: number | null) => void;
  placeholder: string;
}) {
  // undefined while the sites load; null when they could not be read (no filter then).
  const [tree, setTree] = useState<SiteTreeNode[] | null>();
  const initial = useRef({ value, onChange });

  useEffect(() => {
    let current = true;
    apiRequest<SiteOption>('GET', '/tb-site-template/siteSelect', { silent: true, loading: false })
      .then((reply) => {
        if (!current) return;
        setTree(siteTree(reply.result.rows));
        const remembered = initial.current.value;
        if (remembered !== null && !reply.result.rows.some((site) => site.id === remembered)) {
          initial.current.onChange(null);
        }
      })
      .catch(() => {
        if (current) setTree(null);
      });
    return () => {
      current = false;
    };
  }, []);

  if (tree === undefined) return <SiteFilterPlaceholder text={placeholder} />;
  if (tree === null) return null;
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
