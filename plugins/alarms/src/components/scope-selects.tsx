import { apiRequest, type SiteOption, siteTree, useTexts } from '@phonefleet/sdk/ui';
import { Select, TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { fetchModelNames, type GroupOption, searchGroupOptions } from '../api.js';
import { alarmText } from '../texts.js';

/** A form control over a list of ids or names (the device scope's list). */
interface ListControl<Value> {
  value?: Value[];
  onChange?(value: Value[]): void;
  id?: string;
}

const WIDE = { width: '100%', maxWidth: 560 } as const;

/** Loads once on mount; `fallback` when the call fails (it was shown, or was silent). */
function useLoaded<T>(load: () => Promise<T>, fallback: T): [T, boolean] {
  const [state, setState] = useState<{ value: T; loading: boolean }>({ value: fallback, loading: true });
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once, when the control mounts.
  useEffect(() => {
    let current = true;
    load()
      .then((value) => current && setState({ value, loading: false }))
      .catch(() => current && setState({ value: fallback, loading: false }));
    return () => {
      current = false;
    };
  }, []);
  return [state.value, state.loading];
}

/**
 * Several sites from the caller's site tree (`GET /tb-site-template/siteSelect`, as the kit's site
 * select reads it); each chosen site counts with its sub-sites.
 */
export function SitesSelect({ value, onChange, id }: ListControl<number>) {
  const t = useTexts(alarmText);
  const [sites, loading] = useLoaded(
    async () => (await apiRequest<SiteOption>('GET', '/tb-site-template/siteSelect')).result.rows,
    [] as SiteOption[],
  );
  const treeData = useMemo(() => siteTree(sites), [sites]);
  return (
    <TreeSelect<number[]>
      id={id}
      data-testid="strategy-sites"
      multiple
      value={value}
      onChange={(ids) => onChange?.(ids)}
      treeData={treeData}
      loading={loading}
      placeholder={t('chooseSites')}
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      style={WIDE}
    />
  );
}

/** Several groups, searched by name on the server. */
export function GroupsSelect({ value, onChange, id }: ListControl<number>) {
  const t = useTexts(alarmText);
  const [keywords, setKeywords] = useState('');
  const [options, setOptions] = useState<GroupOption[]>([]);
  // Names of every group seen, so chosen groups keep their names while another search shows.
  const [known, setKnown] = useState<Map<number, string>>(new Map());

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      void searchGroupOptions(keywords).then((found) => {
        if (!current) return;
        setOptions(found);
        setKnown(
          (names) => new Map([...names, ...found.map((group) => [group.id, group.groupName] as const)]),
        );
      });
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [keywords]);

  const shown = [
    ...(value ?? [])
      .filter((chosen) => !options.some((group) => group.id === chosen))
      .map((chosen) => ({ value: chosen, label: known.get(chosen) ?? `#${chosen}` })),
    ...options.map((group) => ({ value: group.id, label: `${group.groupName} (${group.deviceCount})` })),
  ];
  return (
    <Select<number[]>
      id={id}
      data-testid="strategy-groups"
      mode="multiple"
      showSearch
      filterOption={false}
      value={value}
      onChange={(ids) => onChange?.(ids)}
      onSearch={setKeywords}
      options={shown}
      placeholder={t('chooseGroups')}
      style={WIDE}
    />
  );
}

/** Several phone models of the loaded drivers. */
export function ModelsSelect({ value, onChange, id }: ListControl<string>) {
  const t = useTexts(alarmText);
  const [models, loading] = useLoaded(fetchModelNames, [] as string[]);
  return (
    <Select<string[]>
      id={id}
      data-testid="strategy-models"
      mode="multiple"
      value={value}
      onChange={(names) => onChange?.(names)}
      loading={loading}
      options={models.map((model) => ({ value: model, label: model }))}
      placeholder={t('chooseModels')}
      style={WIDE}
    />
  );
}
