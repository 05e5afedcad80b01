/**
 * The V-series file format: `<setting id="…" value="…" override="true"/>` elements inside
 * `<settings>`. Attribute values are XML-escaped, control characters as character references, so a
 * value can never close its attribute or element.
 */
const ID = /^[A-Za-z][A-Za-z0-9_.]*$/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function escapeAttribute(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must be escaped
  return value.replace(/[&<>"'\u0000-\u001f\u007f]/g, (c) => {
    switch (c) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      case "'":
        return '&apos;';
      default:
        return `&#${c.charCodeAt(0)};`;
    }
  });
}

export function unescapeAttribute(raw: string, line: number): string {
  return raw.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (_match, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    const named = ENTITIES[entity];
    if (named === undefined) throw new Error(`line ${line}: unknown entity &${entity};`);
    return named;
  });
}

export function renderSettings(values: ReadonlyMap<string, string>, comment: string): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<!-- ${comment.replace(/--/g, '- -')} -->`,
    '<settings>',
  ];
  for (const [id, value] of values) {
    if (!ID.test(id)) throw new Error(`invalid parameter name: ${JSON.stringify(id)}`);
    lines.push(`  <setting id="${id}" value="${escapeAttribute(value)}" override="true"/>`);
  }
  lines.push('</settings>');
  return `${lines.join('\n')}\n`;
}

/** Reads `<setting>` elements in any attribute order, with single or double quotes. */
export function parseSettings(text: string): Map<string, string> {
  const values = new Map<string, string>();
  const element = /<setting\b([^>]*?)\/?>/g;
  for (let match = element.exec(text); match; match = element.exec(text)) {
    const line = text.slice(0, match.index).split('\n').length;
    const attributes = new Map<string, string>();
    const attribute = /([A-Za-z]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
    for (let a = attribute.exec(match[1] ?? ''); a; a = attribute.exec(match[1] ?? '')) {
      attributes.set(a[1] ?? '', a[2] ?? a[3] ?? '');
    }
    const id = attributes.get('id');
    const value = attributes.get('value');
    if (!id || !ID.test(id) || value === undefined)
      throw new Error(`line ${line}: a setting needs id and value`);
    values.set(id, unescapeAttribute(value, line));
  }
  const stripped = text
    .replace(/<\?xml[^>]*\?>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(element, '')
    .replace(/<\/?settings\s*>/g, '')
    .trim();
  if (stripped) throw new Error(`unexpected content: ${stripped.slice(0, 40)}`);
  return values;
}
