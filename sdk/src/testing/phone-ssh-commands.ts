/* How a simulated phone reads an SSH `exec` string back into argv and finds which driver command it is. */
import { type DiagnosticCommands, type DiagnosticHost, LOG_LEVELS, type LogLevel } from '../diagnostics.js';

/**
 * Splits a command the way a POSIX shell splits words, for the quoting the platform uses (single
 * quotes, `\` outside quotes) and double quotes; undefined for an unterminated quote. Nothing is
 * expanded or run: the simulator only compares words.
 */
export function splitShellWords(command: string): string[] | undefined {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < command.length; i += 1) {
    const c = command[i] ?? '';
    if (c === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) return undefined;
      word = (word ?? '') + command.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let text = '';
      let j = i + 1;
      for (; j < command.length && command[j] !== '"'; j += 1) {
        if (command[j] === '\\' && /["\\$`]/.test(command[j + 1] ?? '')) j += 1;
        text += command[j];
      }
      if (j >= command.length) return undefined;
      word = (word ?? '') + text;
      i = j;
    } else if (c === '\\') {
      word = (word ?? '') + (command[i + 1] ?? '');
      i += 1;
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

export type PhoneCommand =
  | { action: 'log'; level: LogLevel }
  | { action: 'trace' | 'screenshot' | 'exportLog' | 'exportConfig' }
  | { action: 'ping'; host: string; count: number }
  | { action: 'traceroute'; host: string };

const HOST_MARKER = 'phonefleet-host-marker.invalid';
const COUNT_MARKER = 97;

interface Template {
  words: readonly string[];
  build(values: { host: string; count: string }): PhoneCommand;
}

const templates = new WeakMap<DiagnosticCommands, Template[]>();

function templatesOf(commands: DiagnosticCommands): Template[] {
  const known = templates.get(commands);
  if (known) return known;
  const host = HOST_MARKER as DiagnosticHost;
  const fixed = (action: 'trace' | 'screenshot' | 'exportLog' | 'exportConfig'): Template => ({
    words: commands[action].command(),
    build: () => ({ action }),
  });
  const list: Template[] = [
    ...LOG_LEVELS.map(
      (level): Template => ({ words: commands.log.command(level), build: () => ({ action: 'log', level }) }),
    ),
    fixed('trace'),
    fixed('screenshot'),
    fixed('exportLog'),
    fixed('exportConfig'),
    {
      words: commands.ping.command(host, COUNT_MARKER),
      build: (values) => ({ action: 'ping', host: values.host, count: Number(values.count) }),
    },
    {
      words: commands.traceroute.command(host),
      build: (values) => ({ action: 'traceroute', host: values.host }),
    },
  ];
  templates.set(commands, list);
  return list;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches argv word by word against the driver's commands, reading the host and count back. */
export function recogniseCommand(
  commands: DiagnosticCommands | undefined,
  argv: readonly string[],
): PhoneCommand | undefined {
  if (!commands) return undefined;
  for (const template of templatesOf(commands)) {
    if (template.words.length !== argv.length) continue;
    const values = { host: '', count: '' };
    const matches = template.words.every((expected, index) => {
      const actual = argv[index] ?? '';
      if (!expected.includes(HOST_MARKER) && !expected.includes(String(COUNT_MARKER)))
        return expected === actual;
      const pattern = escapeRegExp(expected)
        .replace(escapeRegExp(HOST_MARKER), '(?<host>.+)')
        .replace(String(COUNT_MARKER), '(?<count>\\d+)');
      const match = new RegExp(`^${pattern}$`).exec(actual);
      if (!match) return false;
      values.host = match.groups?.host ?? values.host;
      values.count = match.groups?.count ?? values.count;
      return true;
    });
    if (matches) return template.build(values);
  }
  return undefined;
}
