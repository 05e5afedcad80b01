/** The spec's call qualities (§4: 0 good, 1 fair, 2 poor) with their words and colours (as on the home dashboard). */
export const QUALITIES = [
  { value: 0, key: 'good', color: '#52c41a', tag: 'success' },
  { value: 1, key: 'fair', color: '#faad14', tag: 'warning' },
  { value: 2, key: 'poor', color: '#ff4d4f', tag: 'error' },
] as const;

export function qualityOf(value: number) {
  return QUALITIES.find((quality) => quality.value === value);
}
