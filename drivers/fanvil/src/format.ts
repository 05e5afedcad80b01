import { escapeXml, type ParameterMap, readXml, type VendorValue, type XmlElement } from '@phonefleet/sdk';

/**
 * Fanvil `sysConf` XML (X-series firmware 2.x): `<sysConf>`, `<Version>2.0002</Version>`, then the
 * settings as nested elements, a numbered element carrying `index` (`<line index="1">`). A vendor key
 * is the dotted element path (`sip.line.1.PhoneNumber`); values are XML-escaped.
 */
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
export const VERSION = '2.0002';
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const INDEX = /^[1-9]\d{0,2}$/;

interface Node {
  children: Map<string, Node>;
  value?: string;
}

/** `sip.line.1.PhoneNumber` → [`sip`, `line index="1"`, `PhoneNumber`]; throws on a key XML cannot carry. */
function elements(key: string): { tag: string; name: string }[] {
  const segments = key.split('.');
  const result: { tag: string; name: string }[] = [];
  for (const [position, segment] of segments.entries()) {
    if (INDEX.test(segment) && position > 0 && result.length > 0) {
      const last = result[result.length - 1] as { tag: string; name: string };
      if (last.tag !== last.name) throw new Error(`invalid parameter name: ${JSON.stringify(key)}`);
      last.tag = `${last.name} index="${segment}"`;
      continue;
    }
    if (!NAME.test(segment)) throw new Error(`invalid parameter name: ${JSON.stringify(key)}`);
    result.push({ tag: segment, name: segment });
  }
  return result;
}

function write(node: Node, depth: number, lines: string[]) {
  const indent = '  '.repeat(depth);
  for (const [tag, child] of node.children) {
    const name = tag.split(' ')[0];
    if (child.value !== undefined) lines.push(`${indent}<${tag}>${escapeXml(child.value)}</${name}>`);
    else {
      lines.push(`${indent}<${tag}>`);
      write(child, depth + 1, lines);
      lines.push(`${indent}</${name}>`);
    }
  }
}

export function renderSysConf(values: ReadonlyMap<string, string>, map: ParameterMap, comment: string) {
  const root: Node = { children: new Map([['Version', { children: new Map(), value: VERSION }]]) };
  for (const [key, vendorValue] of map.toVendorAll(values)) {
    let node = root;
    for (const { tag } of elements(key)) {
      let child = node.children.get(tag);
      if (!child) {
        child = { children: new Map() };
        node.children.set(tag, child);
      }
      node = child;
    }
    node.value = vendorValue;
  }
  const lines = [DECLARATION, `<!-- ${comment.replace(/--/g, '- -')} -->`, '<sysConf>'];
  write(root, 1, lines);
  lines.push('</sysConf>');
  return `${lines.join('\n')}\n`;
}

/** A common (model-wide) file: the version only, every setting is in the phone's `<mac>.cfg`. */
export function renderCommon(model: string): string {
  return `${DECLARATION}\n<!-- ${model}: settings are per phone in <mac>.cfg -->\n<sysConf>\n  <Version>${VERSION}</Version>\n</sysConf>\n`;
}

function collect(
  element: XmlElement,
  prefix: string,
  found: (key: string, value: string, line: number) => void,
) {
  const index = element.attributes.get('index');
  if (index !== undefined && !INDEX.test(index))
    throw new Error(`line ${element.line}: index must be a number from 1`);
  const key = `${prefix}${element.name}${index === undefined ? '' : `.${index}`}`;
  if (element.children.length === 0) found(key, element.text ?? '', element.line);
  for (const child of element.children) collect(child, `${key}.`, found);
}

export function parseSysConf(text: string, map: ParameterMap): Map<string, string> {
  if (text.trim() === '') return new Map();
  const document = readXml(text, 'sysConf');
  if (document.name !== 'sysConf') throw new Error(`line ${document.line}: expected <sysConf>`);
  const read: VendorValue[] = [];
  for (const element of document.children) {
    if (element.name === 'Version' && element.children.length === 0) continue;
    collect(element, '', (key, value, line) => read.push([key, value, line]));
  }
  return map.fromVendorAll(read);
}
