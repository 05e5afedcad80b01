import { escapeXml, type ParameterMap, readXml, type VendorValue, type XmlElement } from '@phonefleet/sdk';

/**
 * Snom XML settings: `<settings>` holding `<phone-settings>` (one element per setting, `idx` for
 * per-identity settings) and `<functionKeys>` (`<fkey idx context label>type argument</fkey>`).
 * The map's vendor keys spell these as `name`, `name[idx]` and `fkey[n].type|value|context|label`,
 * where `n` is the catalogue's key number and the file's `idx` is `n - 1` (Snom counts from 0). The
 * firmware image URL goes in `<firmware-settings>`.
 */
const SETTING = /^([a-z][a-z0-9_]*)(?:\[(\d{1,3})\])?$/;
const FKEY = /^fkey\[(\d{1,3})\]\.(type|value|context|label)$/;
const CONTAINERS = new Set(['phone-settings', 'firmware-settings', 'functionKeys', 'function-keys']);
/** Settings Snom reads from `<firmware-settings>` rather than `<phone-settings>`. */
const FIRMWARE_SETTINGS = new Set(['firmware']);

export const XML_HEADER = '<?xml version="1.0" encoding="utf-8"?>';

interface FunctionKey {
  type?: string;
  value?: string;
  context?: string;
  label?: string;
}

const attribute = (name: string, value: string | undefined) =>
  value === undefined ? '' : ` ${name}="${escapeXml(value)}"`;

export function renderSettings(
  values: ReadonlyMap<string, string>,
  map: ParameterMap,
  comment: string,
): string {
  const settings: string[] = [];
  const firmware: string[] = [];
  const keys = new Map<number, FunctionKey>();
  for (const [key, vendorValue] of map.toVendorAll(values)) {
    const fkey = FKEY.exec(key);
    if (fkey) {
      const n = Number(fkey[1]);
      const cells = keys.get(n) ?? {};
      cells[fkey[2] as keyof FunctionKey] = vendorValue;
      keys.set(n, cells);
      continue;
    }
    const setting = SETTING.exec(key);
    if (!setting?.[1]) throw new Error(`invalid parameter name: ${JSON.stringify(key)}`);
    const [, name, idx] = setting;
    const element = `    <${name}${attribute('idx', idx)} perm="">${escapeXml(vendorValue)}</${name}>`;
    (FIRMWARE_SETTINGS.has(key) ? firmware : settings).push(element);
  }
  const lines = [XML_HEADER, `<!-- ${comment.replace(/--/g, '- -')} -->`, '<settings>'];
  lines.push('  <phone-settings e="2">', ...settings, '  </phone-settings>');
  if (firmware.length > 0) lines.push('  <firmware-settings>', ...firmware, '  </firmware-settings>');
  if (keys.size > 0) {
    lines.push('  <functionKeys e="2">');
    for (const [n, key] of keys) {
      const text = `${key.type ?? ''}${key.value === undefined ? '' : ` ${key.value}`}`;
      const attributes = `${attribute('context', key.context)}${attribute('label', key.label)}`;
      lines.push(`    <fkey idx="${n - 1}"${attributes} perm="">${escapeXml(text)}</fkey>`);
    }
    lines.push('  </functionKeys>');
  }
  lines.push('</settings>');
  return `${lines.join('\n')}\n`;
}

/** A model-wide file: no settings, every setting is in the phone's `<mac>.xml`. */
export function renderModelFile(model: string): string {
  return `${XML_HEADER}\n<!-- snom${model}: settings are per phone in <mac>.xml -->\n<settings>\n  <phone-settings e="2">\n  </phone-settings>\n</settings>\n`;
}

function readFunctionKey(element: XmlElement, pairs: VendorValue[]) {
  const idx = element.attributes.get('idx') ?? '';
  if (element.name !== 'fkey' || !/^\d{1,3}$/.test(idx)) {
    throw new Error(`line ${element.line}: expected <fkey idx="…">`);
  }
  const base = `fkey[${Number(idx) + 1}]`;
  const text = element.text ?? '';
  const space = text.indexOf(' ');
  const type = space === -1 ? text : text.slice(0, space);
  if (type) pairs.push([`${base}.type`, type, element.line]);
  if (space !== -1) pairs.push([`${base}.value`, text.slice(space + 1), element.line]);
  for (const name of ['context', 'label'] as const) {
    const value = element.attributes.get(name);
    if (value !== undefined) pairs.push([`${base}.${name}`, value, element.line]);
  }
}

export function parseSettings(text: string, map: ParameterMap): Map<string, string> {
  const pairs: VendorValue[] = [];
  if (text.trim() === '') return new Map();
  const document = readXml(text, 'settings');
  if (document.name !== 'settings') throw new Error(`line ${document.line}: expected <settings>`);
  for (const container of document.children) {
    if (!CONTAINERS.has(container.name))
      throw new Error(`line ${container.line}: unexpected <${container.name}>`);
    for (const element of container.children) {
      if (element.children.length > 0)
        throw new Error(`line ${element.line}: unexpected elements in <${element.name}>`);
      if (container.name.startsWith('function')) {
        readFunctionKey(element, pairs);
        continue;
      }
      const idx = element.attributes.get('idx');
      if (idx !== undefined && !/^\d{1,3}$/.test(idx))
        throw new Error(`line ${element.line}: idx must be a number`);
      const key = idx === undefined ? element.name : `${element.name}[${Number(idx)}]`;
      pairs.push([key, element.text ?? '', element.line]);
    }
  }
  return map.fromVendorAll(pairs);
}
