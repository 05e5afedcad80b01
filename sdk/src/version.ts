/** The sdk contract version. Plugins and drivers declare the range they need; load checks it. */
export const SDK_VERSION = '1.1.0';

/** True when `version` satisfies `range` ("1", "1.0", "^1.0.0", ">=1.0.0" or an exact version). */
export function satisfiesSdk(range: string, version: string = SDK_VERSION): boolean {
  const parse = (v: string): [number, number, number] => {
    const [a = 0, b = 0, c = 0] = v.split('.').map((p) => Number.parseInt(p, 10) || 0);
    return [a, b, c];
  };
  const [major, minor, patch] = parse(version);
  const trimmed = range.trim();
  if (trimmed.startsWith('>=')) {
    const [a, b, c] = parse(trimmed.slice(2));
    return major * 1e6 + minor * 1e3 + patch >= a * 1e6 + b * 1e3 + c;
  }
  const wanted = parse(trimmed.replace(/^[\^~]/, ''));
  if (wanted[0] !== major) return false;
  return minor * 1e3 + patch >= wanted[1] * 1e3 + wanted[2];
}
