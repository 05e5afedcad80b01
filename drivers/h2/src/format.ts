/**
 * The H2 file format: one `key = value` line per parameter, `#` comments. Values are escaped so that
 * no value can start a new line or hide its edges: backslash, CR, LF and TAB become `\\`, `\r`,
 * `\n`, `\t`; white space at the start or end becomes `\s` (a space) or `\u{hex}`.
 */
const KEY = /^[A-Za-z][A-Za-z0-9_.]*$/;

/** What `escapeValue` changes: a backslash, a line break or tab anywhere, white space at either end. */
const NEEDS_ESCAPING = /[\\\r\n\t]|^\s|\s$/;

export function escapeValue(value: string): string {
  if (!NEEDS_ESCAPING.test(value)) return value;
  const escaped = value.replace(
    /[\\\r\n\t]/g,
    (c) => ({ '\\': '\\\\', '\r': '\\r', '\n': '\\n', '\t': '\\t' })[c] ?? c,
  );
  return escaped.replace(/^\s+|\s+$/g, (edge) =>
    [...edge].map((c) => (c === ' ' ? '\\s' : `\\u{${c.codePointAt(0)?.toString(16)}}`)).join(''),
  );
}

export function unescapeValue(raw: string): string {
  return raw.replace(/\\(u\{[0-9a-f]{1,6}\}|.)/g, (_match, c: string) =>
    c.startsWith('u{')
      ? String.fromCodePoint(Number.parseInt(c.slice(2, -1), 16))
      : ({ n: '\n', r: '\r', t: '\t', s: ' ', '\\': '\\' }[c] ?? c),
  );
}

export function renderLines(values: ReadonlyMap<string, string>, header: string): string {
  const lines = [`# ${header}`];
  for (const [key, value] of values) {
    if (!KEY.test(key)) throw new Error(`invalid parameter name: ${JSON.stringify(key)}`);
    lines.push(`${key} = ${escapeValue(value)}`);
  }
  return `${lines.join('\n')}\n`;
}

export function parseLines(text: string): Map<string, string> {
  const values = new Map<string, string>();
  text.split(/\r?\n/).forEach((line, index) => {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) return;
    const equals = trimmed.indexOf('=');
    const key = equals > 0 ? trimmed.slice(0, equals).trim() : '';
    if (!KEY.test(key)) throw new Error(`line ${index + 1}: expected key = value`);
    values.set(key, unescapeValue(trimmed.slice(equals + 1).trim()));
  });
  return values;
}
