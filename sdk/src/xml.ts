/**
 * The few XML rules a vendor's settings file needs (Snom, Fanvil): escaping (control characters as
 * character references) and a reader of `<name attr="…">text</name>` trees that names the line of
 * anything it cannot read.
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function escapeXml(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must be escaped
  return value.replace(/[&<>"'\u0000-\u001f\u007f]/g, (c) => {
    const named = Object.entries(ENTITIES).find(([, char]) => char === c);
    return named ? `&${named[0]};` : `&#${c.charCodeAt(0)};`;
  });
}

function unescapeXml(raw: string, line: number): string {
  if (/[<>]/.test(raw)) throw new Error(`line ${line}: unexpected ${raw.includes('<') ? '<' : '>'}`);
  return raw.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);|&/g, (whole, entity: string | undefined) => {
    if (!entity) throw new Error(`line ${line}: a bare & must be written &amp;`);
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    const named = ENTITIES[entity];
    if (named === undefined) throw new Error(`line ${line}: unknown entity ${whole}`);
    return named;
  });
}

export interface XmlElement {
  name: string;
  attributes: Map<string, string>;
  /** Text of a leaf element; undefined for an element with children. */
  text: string | undefined;
  children: XmlElement[];
  line: number;
}

const TAG = /<(\/?)([A-Za-z_][\w-]*)((?:\s+[A-Za-z_][\w.-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
const ATTRIBUTE = /([A-Za-z_][\w.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Blanks the XML declaration and comments, keeping the line numbers. */
function withoutProlog(text: string): string {
  const blank = (part: string) => part.replace(/[^\n]/g, ' ');
  return text.replace(/^\uFEFF/, '').replace(/<\?xml[^>]*\?>|<!--[\s\S]*?-->/g, blank);
}

/** The document's root element; `root` names the element an empty document lacks. */
export function readXml(source: string, root: string): XmlElement {
  const text = withoutProlog(source);
  const lineAt = (index: number) => text.slice(0, index).split('\n').length;
  const top: XmlElement = { name: '', attributes: new Map(), text: undefined, children: [], line: 0 };
  const stack: XmlElement[] = [top];
  let position = 0;
  while (position < text.length) {
    const next = text.indexOf('<', position);
    const chunk = text.slice(position, next === -1 ? text.length : next);
    const open = stack[stack.length - 1] as XmlElement;
    if (chunk.trim() !== '') {
      if (open === top || open.children.length > 0) {
        throw new Error(`line ${lineAt(position + chunk.search(/\S/))}: unexpected text outside an element`);
      }
      open.text = (open.text ?? '') + unescapeXml(chunk, lineAt(position));
    } else if (open !== top && open.children.length === 0) {
      open.text = (open.text ?? '') + chunk;
    }
    if (next === -1) break;
    TAG.lastIndex = next;
    const tag = TAG.exec(text);
    if (!tag) throw new Error(`line ${lineAt(next)}: expected an XML element`);
    position = TAG.lastIndex;
    const [, closing, name = '', attributeText = '', selfClosing] = tag;
    if (closing) {
      if (open.name !== name)
        throw new Error(`line ${lineAt(next)}: </${name}> closes <${open.name || 'nothing'}>`);
      stack.pop();
      continue;
    }
    const attributes = new Map<string, string>();
    for (const attribute of attributeText.matchAll(ATTRIBUTE)) {
      attributes.set(attribute[1] ?? '', unescapeXml(attribute[2] ?? attribute[3] ?? '', lineAt(next)));
    }
    const element: XmlElement = { name, attributes, text: undefined, children: [], line: lineAt(next) };
    if (open.text !== undefined && open.text.trim() !== '') {
      throw new Error(`line ${element.line}: <${open.name}> mixes text and elements`);
    }
    open.text = undefined;
    open.children.push(element);
    if (selfClosing) element.text = '';
    else stack.push(element);
  }
  if (stack.length > 1)
    throw new Error(`line ${lineAt(text.length)}: <${stack[stack.length - 1]?.name}> is not closed`);
  const [document, ...more] = top.children;
  if (!document) throw new Error(`line 1: expected <${root}>`);
  if (more[0]) throw new Error(`line ${more[0].line}: a second root element`);
  return document;
}
