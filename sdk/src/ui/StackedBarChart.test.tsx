// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { niceMaximum, type StackedBar, StackedBarChart } from './StackedBarChart.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const series = [
  { key: 'good', label: 'Good', color: 'green' },
  { key: 'poor', label: 'Poor', color: 'red' },
];
let root: Root | undefined;

async function draw(bars: StackedBar[]): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () =>
    root?.render(<StackedBarChart title="Calls" emptyText="No calls" series={series} bars={bars} />),
  );
  return container;
}

afterEach(async () => {
  await act(async () => root?.unmount());
  document.body.innerHTML = '';
});

describe('StackedBarChart', () => {
  it('stacks each bar’s series bottom first, names them in its tooltip and totals them in the legend', async () => {
    const shown = await draw([
      { key: 'a', label: '09:00', title: '2026/03/10 09:00', values: { good: 3, poor: 1 } },
      { key: 'b', label: '10:00', values: { good: 0, poor: 0 } },
      { key: 'c', label: '11:00', values: { good: 1, poor: 4 } },
    ]);
    const first = shown.querySelector('[data-bar="a"]');
    expect(first?.querySelector('title')?.textContent).toBe('2026/03/10 09:00: Good 3, Poor 1');
    const [good, poor] = [...(first?.querySelectorAll('rect[fill="green"], rect[fill="red"]') ?? [])];
    expect(good?.getAttribute('fill')).toBe('green');
    // Good (3 of an axis up to 5) sits below poor (1).
    expect(Number(good?.getAttribute('y'))).toBeGreaterThan(Number(poor?.getAttribute('y')));
    expect(Number(good?.getAttribute('height'))).toBeCloseTo(3 * Number(poor?.getAttribute('height')));
    expect(shown.querySelector('[data-bar="b"] rect[fill="red"]')).toBeNull();
    expect(
      [...shown.querySelectorAll('[data-series]')].map((item) => item.textContent?.replace(/\s/g, '')),
    ).toEqual(['Good4', 'Poor5']);
    expect(shown.querySelector('svg')?.getAttribute('aria-label')).toBe('Calls');
  });

  it('says why it is empty instead of drawing zeros', async () => {
    const shown = await draw([{ key: 'a', label: '09:00', values: { good: 0, poor: 0 } }]);
    expect(shown.querySelector('svg')).toBeNull();
    expect(shown.textContent).toBe('No calls');
  });

  it('rounds the axis up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 12, 49, 51, 180, 2001].map(niceMaximum)).toEqual([
      1, 1, 5, 10, 20, 50, 100, 200, 5000,
    ]);
  });
});
