import { useSession } from '@phonefleet/sdk/ui';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { type RelationOption, searchRelations } from '../api.js';
import { taskText } from '../texts.js';

export interface RelationSelectProps {
  kind: 'model' | 'group';
  value?: number;
  onChange?(id: number | undefined, label: string | undefined): void;
  /** Shown until the options arrive (editing a task: the stored relation's name). */
  initialLabel?: string | undefined;
  disabled?: boolean;
  id?: string;
}

/** A model template or group, searched by name on the server (first 50 matches). */
export function RelationSelect({ kind, value, onChange, initialLabel, disabled, id }: RelationSelectProps) {
  const { language } = useSession();
  const [keywords, setKeywords] = useState('');
  const [options, setOptions] = useState<RelationOption[]>([]);

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      searchRelations(kind, keywords)
        .then((found) => {
          if (current) setOptions(found);
        })
        .catch(() => undefined);
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [kind, keywords]);

  const shown =
    value !== undefined && initialLabel && !options.some((option) => option.id === value)
      ? [{ id: value, name: initialLabel, detail: '' }, ...options]
      : options;
  return (
    <Select<number>
      id={id}
      data-testid={`task-${kind}-select`}
      showSearch
      allowClear
      disabled={disabled}
      filterOption={false}
      value={value}
      placeholder={taskText(kind === 'model' ? 'searchTemplate' : 'searchGroup', language)}
      onSearch={setKeywords}
      onChange={(picked) => onChange?.(picked, shown.find((option) => option.id === picked)?.name)}
      options={shown.map((option) => ({
        value: option.id,
        label: option.detail ? `${option.name} (${option.detail})` : option.name,
      }))}
      style={{ width: 360 }}
    />
  );
}
