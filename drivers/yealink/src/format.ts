import type { ParameterMap, VendorValue } from '@phonefleet/sdk';

/**
 * Yealink `.cfg` files: `#!version:1.0.0.1` on the first line, then one `key = value` per line and
 * `#` comments. The format has no escapes (a value runs to the end of its line), so values that
 * would change the file's lines are refused instead of written.
 */
export const HEADER = '#!version:1.0.0.1';
const KEY = /^[A-Za-z0-9_.]+$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what cannot be written
const UNWRITABLE = /[\u0000-\u001f\u007f\u2028\u2029]|^\s|\s$/;

/** Lines the driver always writes (not catalogue values): the parser skips them. */
export const FIXED_LINES: ReadonlyMap<string, string> = new Map([
  // Plain `check-sync` re-fetches without a reboot; `check-sync;reboot=true` still reboots.
  ['sip.notify_reboot_enable', '0'],
]);

export function renderCfg(values: ReadonlyMap<string, string>, map: ParameterMap, comment: string): string {
  const lines = [HEADER, `# ${comment.replace(/[\r\n]/g, ' ')}`];
  for (const [key, value] of FIXED_LINES) lines.push(`${key} = ${value}`);
  for (const [key, vendorValue] of map.toVendorAll(values)) {
    if (UNWRITABLE.test(vendorValue)) {
      throw new Error(`${key}: a Yealink file cannot carry control characters or edge spaces in a value`);
    }
    lines.push(`${key} = ${vendorValue}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A common (model-wide) file: the header only, every setting is in the phone's `<mac>.cfg`. */
export function renderCommon(model: string): string {
  return `${HEADER}\n# ${model}: settings are per phone in <mac>.cfg\n`;
}

export function parseCfg(text: string, map: ParameterMap): Map<string, string> {
  const pairs: VendorValue[] = [];
  const lines = text.split(/\r?\n/);
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first === -1) return new Map();
  if (lines[first]?.trim() !== HEADER) throw new Error(`line ${first + 1}: expected ${HEADER}`);
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    if (index === first || !trimmed || trimmed.startsWith('#')) return;
    const equals = trimmed.indexOf('=');
    const key = equals > 0 ? trimmed.slice(0, equals).trim() : '';
    if (!KEY.test(key)) throw new Error(`line ${index + 1}: expected key = value`);
    if (FIXED_LINES.has(key)) return;
    pairs.push([key, trimmed.slice(equals + 1).trim(), index + 1]);
  });
  return map.fromVendorAll(pairs);
}
