/*
 * Hand-rolled SVG charts. The dashboard needs a donut and a bar list; a chart library
 * (echarts, @ant-design/charts) would be bundled into each plugin that uses it, because only
 * react/antd/pro-components/sdk are shared, and would break a plugin's 60 KiB gzip budget.
 */

export interface ChartSlice {
  key: string;
  label: string;
  value: number;
  color: string;
}

export interface DonutChartProps {
  slices: readonly ChartSlice[];
  /** Text in the hole; defaults to the total. */
  centerLabel?: string;
  size?: number;
  /** Accessible name of the chart. */
  title: string;
}

const EMPTY_RING = '#f0f0f0';

function arcPath(cx: number, cy: number, radius: number, start: number, end: number): string {
  const point = (angle: number) => [cx + radius * Math.sin(angle), cy - radius * Math.cos(angle)] as const;
  const [x1, y1] = point(start);
  const [x2, y2] = point(end);
  const large = end - start > Math.PI ? 1 : 0;
  return `M ${x1.toFixed(3)} ${y1.toFixed(3)} A ${radius} ${radius} 0 ${large} 1 ${x2.toFixed(3)} ${y2.toFixed(3)}`;
}

/** A ring of slices with a legend beside it; an all-zero data set shows a grey ring and zeros. */
export function DonutChart({ slices, centerLabel, size = 140, title }: DonutChartProps) {
  const total = slices.reduce((sum, slice) => sum + Math.max(0, slice.value), 0);
  const stroke = size * 0.14;
  const radius = size / 2 - stroke / 2;
  const centre = size / 2;
  let angle = 0;
  const arcs = slices
    .filter((slice) => slice.value > 0)
    .map((slice) => {
      const sweep = (slice.value / total) * Math.PI * 2;
      const start = angle;
      angle += sweep;
      return { slice, start, end: angle, full: sweep >= Math.PI * 2 - 1e-6 };
    });
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 24, flexWrap: 'wrap' }}>
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={title}>
        <circle cx={centre} cy={centre} r={radius} fill="none" stroke={EMPTY_RING} strokeWidth={stroke} />
        {arcs.map(({ slice, start, end, full }) =>
          full ? (
            <circle
              key={slice.key}
              cx={centre}
              cy={centre}
              r={radius}
              fill="none"
              stroke={slice.color}
              strokeWidth={stroke}
            />
          ) : (
            <path
              key={slice.key}
              d={arcPath(centre, centre, radius, start, end)}
              fill="none"
              stroke={slice.color}
              strokeWidth={stroke}
            />
          ),
        )}
        <text
          x={centre}
          y={centre}
          textAnchor="middle"
          dominantBaseline="central"
          style={{ fontSize: size * 0.16, fontWeight: 600, fill: 'rgba(0,0,0,0.85)' }}
        >
          {centerLabel ?? String(total)}
        </text>
      </svg>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, minWidth: 140 }}>
        {slices.map((slice) => (
          <li
            key={slice.key}
            data-slice={slice.key}
            style={{ display: 'flex', alignItems: 'center', gap: 8, lineHeight: '28px' }}
          >
            <span
              aria-hidden
              style={{
                width: 10,
                height: 10,
                borderRadius: 2,
                background: slice.color,
                display: 'inline-block',
              }}
            />
            <span style={{ color: 'rgba(0,0,0,0.65)', flex: 1 }}>{slice.label}</span>
            <span style={{ fontWeight: 600, marginLeft: 16 }}>{slice.value}</span>
            <span style={{ color: 'rgba(0,0,0,0.45)', width: 48, textAlign: 'right' }}>
              {total > 0 ? `${Math.round((slice.value / total) * 100)}%` : '0%'}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
