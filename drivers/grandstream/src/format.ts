import type { ParameterMap, VendorValue } from '@phonefleet/sdk';

/**
 * Grandstream XML provisioning files: `<gs_provision version="1">`, the phone's MAC (the phone checks
 * it when present), then `<config version="1">` with one element per P-value, `<P270>Office</P270>`.
 * Values are XML-escaped; control characters are written as character references so that no value can
 * add an element.
 */
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must be escaped
const ESCAPED = /[&<>\u0000-\u001f\u007f\u2028\u2029]/g;

/** Self-defined time zone (P246) is read only when the time-zone choice (P64) says `customize`. */
const TIME_ZONE_RULE = 'P246';
const TIME_ZONE_CHOICE: readonly [string, string] = ['P64', 'customize'];

const escapeXml = (value: string) =>
  value.replace(ESCAPED, (char) => {
    if (char === '&') return '&amp;';
    if (char === '<') return '&lt;';
    if (char === '>') return '&gt;';
    return `&#${char.charCodeAt(0)};`;
  });

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&([^;&\s]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) throw new Error(`unterminated entity ${JSON.stringify(whole)}`);
    const code = /^#x([0-9a-fA-F]{1,6})$/.exec(name)?.[1] ?? /^#(\d{1,7})$/.exec(name)?.[1];
    if (code !== undefined) return String.fromCodePoint(Number.parseInt(code, name[1] === 'x' ? 16 : 10));
    const named = NAMED[name];
    if (named === undefined) throw new Error(`unknown entity &${name};`);
    return named;
  });
}

export function renderXml(
  values: ReadonlyMap<string, string>,
  map: ParameterMap,
  mac: string,
  model: string,
) {
  const lines = [
    DECLARATION,
    `<!-- ${model} ${mac} -->`,
    '<gs_provision version="1">',
    `  <mac>${mac}</mac>`,
  ];
  lines.push('  <config version="1">');
  for (const [key, vendorValue] of map.toVendorAll(values)) {
    if (key === TIME_ZONE_RULE)
      lines.push(`    <${TIME_ZONE_CHOICE[0]}>${TIME_ZONE_CHOICE[1]}</${TIME_ZONE_CHOICE[0]}>`);
    lines.push(`    <${key}>${escapeXml(vendorValue)}</${key}>`);
  }
  lines.push('  </config>', '</gs_provision>');
  return `${lines.join('\n')}\n`;
}

/** Reads a file `renderXml` wrote, or one written by hand in the same shape; errors name the line. */
export function parseXml(text: string, map: ParameterMap): Map<string, string> {
  const read: VendorValue[] = [];
  if (text.trim() === '') return new Map();
  let at = 0;
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  const fail = (message: string, offset = at): never => {
    throw new Error(`line ${lineAt(offset)}: ${message}`);
  };
  const skip = () => {
    for (;;) {
      const space = /\s*/y;
      space.lastIndex = at;
      space.exec(text);
      at = space.lastIndex;
      if (!text.startsWith('<!--', at)) return;
      const end = text.indexOf('-->', at + 4);
      if (end === -1) fail('unterminated comment');
      at = end + 3;
    }
  };
  const take = (pattern: RegExp, expected: string) => {
    skip();
    const sticky = new RegExp(pattern.source, 'y');
    sticky.lastIndex = at;
    const match = sticky.exec(text);
    if (!match) return fail(`expected ${expected}`);
    at = sticky.lastIndex;
    return match;
  };
  skip();
  if (text.startsWith('<?xml', at)) take(/<\?xml[^?]*\?>/, 'an XML declaration');
  take(/<gs_provision(?:\s+version="1")?\s*>/, '<gs_provision version="1">');
  skip();
  if (text.startsWith('<mac>', at)) take(/<mac>[0-9A-Fa-f]{12}<\/mac>/, '<mac> with 12 hexadecimal digits');
  take(/<config(?:\s+version="1")?\s*>/, '<config version="1">');
  for (;;) {
    skip();
    if (text.startsWith('</config>', at)) break;
    const start = at;
    const match = take(/<(P\d{1,5})>([^<]*)<\/\1>|<(P\d{1,5})\s*\/>/, '<Pnnn>value</Pnnn>');
    const element = match[1] ?? match[3] ?? '';
    const raw = match[2] ?? '';
    let value: string;
    try {
      value = unescapeXml(raw);
    } catch (error) {
      return fail((error as Error).message, start);
    }
    if (element === TIME_ZONE_CHOICE[0] && value === TIME_ZONE_CHOICE[1]) continue;
    read.push([element, value, lineAt(start)]);
  }
  take(/<\/config>/, '</config>');
  take(/<\/gs_provision>/, '</gs_provision>');
  skip();
  if (at < text.length) fail('unexpected text after </gs_provision>');
  return map.fromVendorAll(read);
}
