import { Button, Checkbox, Popover, Space } from 'antd';

export interface ColumnChooserProps {
  columns: readonly { key: string; title: string }[];
  hidden: readonly string[];
  label: string;
  resetLabel: string;
  onToggle(key: string, visible: boolean): void;
  onReset(): void;
}

/** The table toolbar's column chooser: one checkbox per column. */
export function ColumnChooser({ columns, hidden, label, resetLabel, onToggle, onReset }: ColumnChooserProps) {
  const content = (
    <Space direction="vertical" size={4} data-testid="column-chooser">
      {columns.map((column) => (
        <Checkbox
          key={column.key}
          checked={!hidden.includes(column.key)}
          onChange={(event) => onToggle(column.key, event.target.checked)}
        >
          {column.title}
        </Checkbox>
      ))}
      <Button size="small" type="link" onClick={onReset} style={{ padding: 0 }}>
        {resetLabel}
      </Button>
    </Space>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Button data-testid="column-chooser-button">{label}</Button>
    </Popover>
  );
}
