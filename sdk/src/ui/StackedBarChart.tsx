/** One series of a stacked bar chart (a quality, a status), bottom first. */
export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

/** One bar: its axis label (and a longer one for its tooltip) and each series' value. */
export interface StackedBar {
  key: string;
  label: string;
  title?: string;
  values: Readonly<Record<string, number>>;
}

export interface StackedBarChartProps {
  series: readonly ChartSeries[];
  bars: readonly StackedBar[];
  /** Accessible name of the chart. */
  title: string;
  /** Shown instead of the chart when every value is zero. */
  emptyText: string;
  /** Height of the drawing; it is as wide as its container. */
  height?: number;
}

const WIDTH = 720;
const MARGIN = { top: 8, right: 8, bottom: 24, left: 44 };
const AXIS_TEXT = { fontSize: 11, fill: 'rgba(0,0,0,0.45)' };
/** At most this many axis labels, so they never overlap. */
const MAX_LABELS = 8;

/** The smallest 1, 2 or 5 × 10ⁿ at or above `value`: the axis maximum. */
export function niceMaximum(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= value) ?? 10;
  return step * power;
}

/**
 * Values over time as stacked bars (calls per hour by quality), with a value axis, a few time
 * labels, a tooltip per bar and a legend (see DonutChart.tsx for why charts are hand-rolled).
 */
export function StackedBarChart({ series, bars, title, emptyText, height = 220 }: StackedBarChartProps) {
  const totals = bars.map((bar) => series.reduce((sum, s) => sum + Math.max(0, bar.values[s.key] ?? 0), 0));
  if (totals.every((total) => total === 0)) {
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
  const max = niceMaximum(Math.max(...totals));
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const slot = plotWidth / bars.length;
  const barWidth = Math.max(1, slot * 0.7);
  const y = (value: number) => MARGIN.top + plotHeight - (value / max) * plotHeight;
  const labelEvery = Math.ceil(bars.length / MAX_LABELS);
  const ticks = [0, max / 2, max];
  return (
    <div>
      <svg
        width="100%"
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-label={title}
        style={{ display: 'block', maxHeight: height }}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} stroke="#f0f0f0" />
            <text
              x={MARGIN.left - 6}
              y={y(tick)}
              textAnchor="end"
              dominantBaseline="central"
              style={AXIS_TEXT}
            >
              {Number.isInteger(tick) ? tick : tick.toFixed(1)}
            </text>
          </g>
        ))}
        {bars.map((bar, index) => {
          const x = MARGIN.left + index * slot + (slot - barWidth) / 2;
          let base = 0;
          return (
            <g key={bar.key} data-bar={bar.key}>
              <title>
                {`${bar.title ?? bar.label}: ${series.map((s) => `${s.label} ${bar.values[s.key] ?? 0}`).join(', ')}`}
              </title>
              {/* The whole slot answers the tooltip, also over a short bar. */}
              <rect
                x={MARGIN.left + index * slot}
                y={MARGIN.top}
                width={slot}
                height={plotHeight}
                fill="transparent"
              />
              {series.map((s) => {
                const value = Math.max(0, bar.values[s.key] ?? 0);
                if (value === 0) return null;
                const top = y(base + value);
                const bottom = y(base);
                base += value;
                return (
                  <rect key={s.key} x={x} y={top} width={barWidth} height={bottom - top} fill={s.color} />
                );
              })}
              {index % labelEvery === 0 ? (
                <text x={x + barWidth / 2} y={height - 6} textAnchor="middle" style={AXIS_TEXT}>
                  {bar.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <ul
        style={{
          listStyle: 'none',
          margin: '8px 0 0',
          padding: 0,
          display: 'flex',
          gap: 16,
          flexWrap: 'wrap',
        }}
      >
        {series.map((s) => (
          <li key={s.key} data-series={s.key} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            <span
              aria-hidden
              style={{ width: 10, height: 10, borderRadius: 2, background: s.color, display: 'inline-block' }}
            />
            <span style={{ color: 'rgba(0,0,0,0.65)' }}>{s.label}</span>
            <span style={{ fontWeight: 600 }}>
              {bars.reduce((sum, bar) => sum + Math.max(0, bar.values[s.key] ?? 0), 0)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
