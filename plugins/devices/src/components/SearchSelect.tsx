import { Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';

/** A chosen entry: its id and what the select shows for it. */
export interface Choice {
  value: number;
  label: string;
}

export interface SearchSelectProps {
  /** The entries matching the typed words (asked again as the user types, after a pause). */
  search(keywords: string): Promise<Choice[]>;
  /** Chosen entries, in the order they were chosen. */
  value?: Choice[];
  onChange?(value: Choice[]): void;
  /** One entry (the value then holds at most one). */
  single?: boolean;
  placeholder?: string;
  id?: string;
  'data-testid'?: string;
}

const PAUSE_MS = 300;

/**
 * An antd Select whose options come from the server as the user types (device and account
 * pickers). Keeps each chosen entry's label, so the choice reads the same after another search.
 */
export function SearchSelect({
  search,
  value = [],
  onChange,
  single,
  placeholder,
  id,
  ...rest
}: SearchSelectProps) {
  const [options, setOptions] = useState<Choice[]>([]);
  const [keywords, setKeywords] = useState('');
  const [loading, setLoading] = useState(false);
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      setLoading(true);
      searchRef
        .current(keywords.trim())
        .then((found) => current && setOptions(found))
        .catch(() => current && setOptions([]))
        .finally(() => current && setLoading(false));
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [keywords]);

  return (
    <Select<Choice | Choice[]>
      id={id}
      data-testid={rest['data-testid']}
      mode={single ? undefined : 'multiple'}
      labelInValue
      showSearch
      allowClear
      filterOption={false}
      placeholder={placeholder}
      value={single ? value[0] : value}
      onSearch={setKeywords}
      onChange={(chosen) => {
        const list = (Array.isArray(chosen) ? chosen : chosen ? [chosen] : []).map((choice) => ({
          value: Number(choice.value),
          label: String(choice.label),
        }));
        onChange?.(list);
      }}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      options={options}
      style={{ width: '100%' }}
    />
  );
}
