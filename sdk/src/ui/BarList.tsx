import { EMPTY_CELL } from '../envelope.js';

export interface BarItem {
  key: string | number;
  label: string;
  value: number;
}

export interface BarListProps {
  items: readonly BarItem[];
  color?: string;
  /** Shown when there are no items. */
  emptyText: string;
  title: string;
}

/** Horizontal bars scaled to the largest value (see DonutChart.tsx for why charts are hand-rolled). */
export function BarList({ items, color = '#1677ff', emptyText, title }: BarListProps) {
  if (items.length === 0) {
    return (
      <div
        role="img"
        aria-label={title}
        style={{ color: 'rgba(0,0,0,0.45)', padding: '24px 0', textAlign: 'center' }}
      >
        {emptyText}
      </div>
    );
  }
  const max = Math.max(1, ...items.map((item) => item.value));
  return (
    <ul aria-label={title} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => (
        <li
          key={item.key}
          style={{ display: 'grid', gridTemplateColumns: '120px 1fr 48px', gap: 12, lineHeight: '30px' }}
        >
          <span
            title={item.label}
            style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {item.label || EMPTY_CELL}
          </span>
          <span style={{ display: 'flex', alignItems: 'center' }}>
            <span
              style={{
                height: 12,
                width: `${Math.max(2, (item.value / max) * 100)}%`,
                background: color,
                borderRadius: 6,
              }}
            />
          </span>
          <span style={{ textAlign: 'right', fontWeight: 600 }}>{item.value}</span>
        </li>
      ))}
    </ul>
  );
}
