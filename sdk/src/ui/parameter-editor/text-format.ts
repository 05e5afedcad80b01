import { defaultConfig, pushedValues } from '../../catalogue/config.js';
import type { ParameterConfig, ParameterTree } from '../../catalogue/types.js';
import { type ConfigIssue, validateConfig } from '../../validation/config.js';
import { formatValidationMessage } from '../../validation/messages.js';
import { getItems, keyRowOf, pathIndex, setItems, setKeyRow } from './model.js';

/**
 * The text editor's two formats; each line maps a dotted path of `pushedValues` to a value.
 * - `lines` (H2/H2P): `path = value`, backslash and line breaks escaped as `\\`, `\n`;
 * - `settings` (other models): `<setting id="path" value="xml-escaped" override="true"/>`.
 */
export type TextFormat = 'lines' | 'settings';

const ID = /^[A-Za-z][A-Za-z0-9_.]*$/;

function escapeXml(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters must become references
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

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(raw: string): string | null {
  let failed = false;
  const out = raw.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);|&/g, (_all, entity: string | undefined) => {
    if (entity === undefined) {
      failed = true;
      return '';
    }
    if (entity.startsWith('#')) {
      const code = entity.startsWith('#x') ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      if (!(code <= 0x10ffff)) failed = true;
      return failed ? '' : String.fromCodePoint(code);
    }
    const named = ENTITIES[entity];
    if (named === undefined) failed = true;
    return named ?? '';
  });
  return failed ? null : out;
}

function escapeLine(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\r/g, '\\r').replace(/\n/g, '\\n');
}

function unescapeLine(value: string): string {
  return value.replace(/\\([\\nr])/g, (_all, c: string) => (c === 'n' ? '\n' : c === 'r' ? '\r' : '\\'));
}

/** The text of a configuration: one line per pushed value, in `pushedValues` order. */
export function renderText(config: ParameterConfig, format: TextFormat): string {
  const lines: string[] = [];
  for (const [path, value] of pushedValues(config)) {
    lines.push(
      format === 'lines'
        ? `${path} = ${escapeLine(value)}`
        : `<setting id="${path}" value="${escapeXml(value)}" override="true"/>`,
    );
  }
  return lines.join('\n');
}

export interface TextParseResult {
  config: ParameterConfig;
  /** Syntax problems, unknown ids and the engine's value issues; empty when the text is good. */
  issues: ConfigIssue[];
}

function syntaxIssue(line: number): ConfigIssue {
  return {
    path: `line.${line}`,
    messageKey: 'textInvalid',
    params: { line },
    message: {
      en: `Line ${line}: the line cannot be read`,
      zh: `第 ${line} 行：无法识别该行`,
    },
  };
}

function readLine(raw: string, format: TextFormat): { id: string; value: string } | 'skip' | null {
  const line = raw.trim();
  if (line === '') return 'skip';
  if (format === 'lines') {
    if (line.startsWith('#')) return 'skip';
    const eq = line.indexOf('=');
    if (eq <= 0) return null;
    const id = line.slice(0, eq).trim();
    return { id, value: unescapeLine(line.slice(eq + 1).trim()) };
  }
  if (/^<\?xml\b[^>]*\?>$/.test(line) || /^<\/?settings\s*>$/.test(line) || /^<!--.*-->$/.test(line)) {
    return 'skip';
  }
  const element = /^<setting\b([^>]*?)\/>$/.exec(line);
  if (!element) return null;
  const attributes = new Map<string, string>();
  const attribute = /([A-Za-z]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  const source = element[1] ?? '';
  for (let a = attribute.exec(source); a; a = attribute.exec(source)) {
    attributes.set(a[1] ?? '', a[2] ?? a[3] ?? '');
  }
  const id = attributes.get('id');
  const rawValue = attributes.get('value');
  if (id === undefined || rawValue === undefined) return null;
  const value = unescapeXml(rawValue);
  if (value === null) return null;
  return { id, value };
}

/**
 * Reads the text editor: every value read gets Push = true; every parameter absent from the text
 * returns to its default with Push = false. Unknown ids and bad values give the engine's messages.
 */
export function parseText(tree: ParameterTree, text: string, format: TextFormat): TextParseResult {
  const index = pathIndex(tree);
  let config = defaultConfig(tree);
  const issues: ConfigIssue[] = [];
  const lines = text.split('\n');
  for (const [i, raw] of lines.entries()) {
    const read = readLine(raw.replace(/\r$/, ''), format);
    if (read === 'skip') continue;
    if (read === null || !ID.test(read.id)) {
      issues.push(syntaxIssue(i + 1));
      continue;
    }
    if (read.id === 'extent') {
      config = { ...config, extent: read.value };
      continue;
    }
    const target = index.get(read.id);
    if (!target) {
      const key = 'unknownParameter';
      issues.push({
        path: read.id,
        messageKey: key,
        params: { key: read.id },
        message: formatValidationMessage(key, { key: read.id }),
      });
      continue;
    }
    if (target.kind === 'item') {
      const items = getItems(config, target.ref) ?? {};
      const item = items[target.node.id];
      if (!item) continue;
      config = setItems(config, target.ref, {
        ...items,
        [target.node.id]: { ...item, Value: read.value, Push: true },
      });
    } else {
      const row = keyRowOf(config, target.section, target.rowId);
      const cell = row[target.cell];
      if (!cell) continue;
      config = setKeyRow(config, target.section.key, target.rowId, {
        ...row,
        Push: true,
        [target.cell]: { ...cell, Value: read.value },
      });
    }
  }
  if (issues.length === 0) issues.push(...validateConfig(tree, config, { allowEmpty: true }));
  return { config, issues };
}
