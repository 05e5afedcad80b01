import { Input, Pagination, Select, Tabs } from 'antd';
import { memo, useEffect, useMemo, useState } from 'react';
import { defaultKeyRow } from '../../catalogue/config.js';
import type {
  KeySectionNode,
  OptionDef,
  ParameterDef,
  PhoneKeyCellName,
  PhoneKeyItem,
  PhoneKeyItems,
} from '../../catalogue/types.js';
import type { Language } from '../../envelope.js';
import { phoneKeyCellRules } from '../../validation/phone-keys.js';
import { Preview, PushBox } from './Preview.js';
import { editorText, pick } from './texts.js';

export type KeyPatch =
  | { kind: 'push'; push: boolean }
  | { kind: 'type'; value: string }
  | { kind: 'cell'; cell: Exclude<PhoneKeyCellName, 'Type'>; value: string };

export interface PhoneKeyTableProps {
  section: KeySectionNode;
  rows: PhoneKeyItems | undefined;
  language: Language;
  /** Show the SubType column (H2/H2P). */
  keySubtype: boolean;
  /** Row to bring into view (a save error points at it); a new object each time. */
  focus?: { row: string } | undefined;
  onKeyChange(section: string, rowId: string, patch: KeyPatch): void;
}

const ruleOf: Record<
  Exclude<PhoneKeyCellName, 'Type'>,
  'subtype' | 'account' | 'value' | 'label' | 'extension'
> = {
  SubType: 'subtype',
  Account: 'account',
  Value: 'value',
  Label: 'label',
  Extension: 'extension',
};

interface CellProps {
  row: PhoneKeyItem;
  cell: PhoneKeyCellName;
  def: ParameterDef;
  language: Language;
  sectionKey: string;
  onKeyChange: PhoneKeyTableProps['onKeyChange'];
}

function selectOptions(options: readonly OptionDef[] | undefined, language: Language) {
  return (options ?? []).map((o) => ({ value: o.value, label: pick(o.label, language) }));
}

/** One cell; memoised on its row, so a keystroke re-renders only the row it changes. */
const KeyCell = memo(function KeyCell({ row, cell, def, language, sectionKey, onKeyChange }: CellProps) {
  const value = row[cell]?.Value ?? '';
  const testId = `key-${sectionKey}-${row.Key}-${cell}`;
  const rules = phoneKeyCellRules(row.Type.Value);
  const disabled = !row.Push || (cell !== 'Type' && rules[ruleOf[cell]]);
  if (disabled) {
    const option = def.options?.find((o) => o.value === value);
    return (
      <Preview
        testId={testId}
        value={option ? pick(option.label, language) : value}
        width={cell === 'Type' ? 160 : cell === 'SubType' ? 180 : def.Type === 'select' ? 110 : '100%'}
        label={`${row.Name} ${cell}`}
      />
    );
  }
  if (cell === 'Type') {
    return (
      <Select
        data-testid={testId}
        aria-label={`${row.Name} ${editorText('type', language)}`}
        value={value}
        style={{ width: 160 }}
        options={selectOptions(def.options, language)}
        onChange={(v: string) => onKeyChange(sectionKey, row.Key, { kind: 'type', value: v })}
      />
    );
  }
  if (def.Type === 'select') {
    return (
      <Select
        data-testid={testId}
        aria-label={`${row.Name} ${cell}`}
        value={value}
        style={{ width: cell === 'SubType' ? 180 : 110 }}
        options={selectOptions(def.options, language)}
        onChange={(v: string) => onKeyChange(sectionKey, row.Key, { kind: 'cell', cell, value: v })}
      />
    );
  }
  const invalid = cell === 'Value' && value.trim() === '';
  return (
    <Input
      data-testid={testId}
      aria-label={`${row.Name} ${cell}`}
      status={invalid ? 'error' : undefined}
      value={value}
      maxLength={def.maxLength ?? 512}
      onChange={(e) => onKeyChange(sectionKey, row.Key, { kind: 'cell', cell, value: e.target.value })}
    />
  );
});

const PushCell = memo(function PushCell({
  row,
  language,
  sectionKey,
  onKeyChange,
}: Omit<CellProps, 'cell' | 'def'>) {
  return (
    <PushBox
      checked={row.Push}
      testId={`key-${sectionKey}-${row.Key}-push`}
      label={`${editorText('push', language)} ${row.Name}`}
      onChange={(push) => onKeyChange(sectionKey, row.Key, { kind: 'push', push })}
    />
  );
});

/**
 * The phone-key table: key, type, subtype (only with `keySubtype`), account, value, label,
 * extension; 20 rows a page; extension-module keys on tabs Aom1ProgKey .. Aom3ProgKey.
 */
export const PhoneKeyTable = memo(function PhoneKeyTable({
  section,
  rows,
  language,
  keySubtype,
  focus,
  onKeyChange,
}: PhoneKeyTableProps) {
  const modules = useMemo(
    () => [...new Set(section.rows.map((r) => r.module).filter((m): m is number => m !== undefined))],
    [section],
  );
  const [module, setModule] = useState<number | undefined>(modules[0]);
  const visibleRows = useMemo(
    () => section.rows.filter((r) => modules.length === 0 || r.module === module),
    [section, modules, module],
  );
  const [page, setPage] = useState(1);
  useEffect(() => {
    if (!focus) return;
    const row = section.rows.find((r) => r.id === focus.row);
    if (!row) return;
    const inModule = section.rows.filter((r) => modules.length === 0 || r.module === row.module);
    setModule(row.module);
    setPage(Math.floor(inModule.findIndex((r) => r.id === focus.row) / section.pageSize) + 1);
  }, [focus, section, modules]);

  const cells = useMemo(() => {
    const list: { cell: PhoneKeyCellName; title: string; width?: number; def: ParameterDef }[] = [];
    const add = (cell: PhoneKeyCellName, title: string, width?: number) => {
      const def = section.cells[cell];
      if (def) list.push({ cell, title, def, ...(width ? { width } : {}) });
    };
    add('Type', editorText('type', language), 176);
    if (keySubtype) add('SubType', editorText('subtype', language), 196);
    add('Account', editorText('account', language), 126);
    add('Value', editorText('value', language));
    add('Label', editorText('label', language));
    add('Extension', editorText('extension', language));
    return list;
  }, [section, language, keySubtype]);

  const first = (page - 1) * section.pageSize;
  const pageRows = visibleRows.slice(first, first + section.pageSize);

  return (
    <div data-testid={`keys-${section.key}`}>
      {modules.length > 0 ? (
        <Tabs
          size="small"
          activeKey={String(module)}
          onChange={(key) => {
            setModule(Number(key));
            setPage(1);
          }}
          items={modules.map((m) => ({ key: String(m), label: `Aom${m}ProgKey` }))}
        />
      ) : null}
      <table
        className="pf-key-table"
        style={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' }}
      >
        <thead>
          <tr>
            <th style={{ ...thStyle, width: 64 }}>{editorText('push', language)}</th>
            <th style={{ ...thStyle, width: 130 }}>{editorText('key', language)}</th>
            {cells.map((c) => (
              <th key={c.cell} style={c.width ? { ...thStyle, width: c.width } : thStyle}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {pageRows.map((node) => (
            <KeyRow
              key={node.id}
              row={rows?.[node.id] ?? defaultKeyRow(section, node)}
              cells={cells}
              language={language}
              sectionKey={section.key}
              onKeyChange={onKeyChange}
            />
          ))}
        </tbody>
      </table>
      <Pagination
        size="small"
        style={{ marginTop: 12, justifyContent: 'flex-end' }}
        current={page}
        pageSize={section.pageSize}
        total={visibleRows.length}
        showSizeChanger={false}
        showTotal={(total) => editorText('total', language, { total })}
        onChange={setPage}
      />
    </div>
  );
});

const thStyle = {
  padding: '8px',
  textAlign: 'left',
  fontWeight: 600,
  background: '#fafafa',
  borderBottom: '1px solid #f0f0f0',
} as const;
const tdStyle = { padding: '6px 8px', borderBottom: '1px solid #f0f0f0', verticalAlign: 'middle' } as const;

interface KeyRowProps {
  row: PhoneKeyItem;
  cells: { cell: PhoneKeyCellName; def: ParameterDef }[];
  language: Language;
  sectionKey: string;
  onKeyChange: PhoneKeyTableProps['onKeyChange'];
}

/** One key; memoised on its row item, so an edit re-renders only that row. */
const KeyRow = memo(function KeyRow({ row, cells, language, sectionKey, onKeyChange }: KeyRowProps) {
  return (
    <tr data-row-key={row.Key}>
      <td style={tdStyle}>
        <PushCell row={row} language={language} sectionKey={sectionKey} onKeyChange={onKeyChange} />
      </td>
      <td style={tdStyle}>{row.Name}</td>
      {cells.map((c) => (
        <td key={c.cell} style={tdStyle}>
          <KeyCell
            row={row}
            cell={c.cell}
            def={c.def}
            language={language}
            sectionKey={sectionKey}
            onKeyChange={onKeyChange}
          />
        </td>
      ))}
    </tr>
  );
});
