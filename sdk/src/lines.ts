/**
 * A bound SIP account in a phone's configuration: the registration parameters of line N, at
 * `account.N.register.<Key>` beside the catalogue's `account.N.codec` and `account.N.advanced`.
 * They are not edited in the parameter screens; the platform writes them from the account bound to
 * the line, above every layer (docs/sip.md). Drivers map them to their own keys like any path.
 */

export const LINE_KEYS = [
  'Enable',
  'Label',
  'DisplayName',
  'UserName',
  'RegisterName',
  'Password',
  'ServerAddress',
  'ServerPort',
  'Transport',
  'RegisterExpires',
  'OutboundProxy',
  'OutboundProxyPort',
  'BackupServerAddress',
  'BackupServerPort',
  'BackupTransport',
  'BackupRegisterExpires',
  'BackupOutboundProxy',
  'BackupOutboundProxyPort',
  'NatTraversal',
] as const;
export type LineKey = (typeof LINE_KEYS)[number];

/** Keys never served to a phone that has not authenticated. */
export const SECRET_LINE_KEYS: ReadonlySet<LineKey> = new Set<LineKey>(['Password']);

export function linePath(line: number, key: LineKey): string {
  return `account.${line}.register.${key}`;
}

/** Every line path of a model with `lines` accounts, in file order (line 1 first). */
export function linePaths(lines: number): { path: string; secret: boolean }[] {
  const paths: { path: string; secret: boolean }[] = [];
  for (let line = 1; line <= lines; line += 1) {
    for (const key of LINE_KEYS) paths.push({ path: linePath(line, key), secret: SECRET_LINE_KEYS.has(key) });
  }
  return paths;
}

/** A line as a phone reads it from its file. */
export interface ProvisionedLine {
  line: number;
  values: Partial<Record<LineKey, string>>;
}

const LINE_PATH = /^account\.(\d{1,2})\.register\.([A-Za-z]+)$/;

/** The enabled lines in a phone's parsed file, by line number. */
export function readLines(values: ReadonlyMap<string, string>): ProvisionedLine[] {
  const lines = new Map<number, ProvisionedLine>();
  for (const [path, value] of values) {
    const match = LINE_PATH.exec(path);
    if (!match) continue;
    const line = Number(match[1]);
    const key = match[2] as LineKey;
    if (!(LINE_KEYS as readonly string[]).includes(key)) continue;
    const entry = lines.get(line) ?? { line, values: {} };
    entry.values[key] = value;
    lines.set(line, entry);
  }
  return [...lines.values()]
    .filter((entry) => entry.values.Enable === '1' && entry.values.UserName && entry.values.ServerAddress)
    .sort((a, b) => a.line - b.line);
}
