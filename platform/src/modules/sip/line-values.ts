import { LINE_KEYS, type LineKey, linePath } from '@phonefleet/sdk';

/** A bound line as `boundLinesSql` answers it. */
export interface BoundLine {
  line: number;
  label: string;
  displayName: string;
  userName: string;
  registerName: string;
  password: string;
  server: string;
  port: number;
  transport: number;
  expires: number;
  outboundProxy: string;
  outboundPort: number | null;
  natTraversal: number;
  backupServer: string;
  backupPort: number;
  backupTransport: number;
  backupExpires: number;
  backupOutboundProxy: string;
  backupOutboundPort: number | null;
  /** The account's own parameters (its `account` layer), at `account.1.…` paths. */
  parameters: Record<string, string> | null;
}

const OWN_PARAMETER = /^account\.1\./;

/** Each line's paths, made once (a fetch with lines asks for them every time). */
const linePathsByLine = new Map<number, Record<LineKey, string>>();
function pathsOfLine(line: number): Record<LineKey, string> {
  let paths = linePathsByLine.get(line);
  if (!paths) {
    paths = Object.fromEntries(LINE_KEYS.map((key) => [key, linePath(line, key)])) as Record<LineKey, string>;
    linePathsByLine.set(line, paths);
  }
  return paths;
}

/**
 * A line's values at `account.N.register.<Key>` (sdk `LINE_KEYS`), in key order, then the bound
 * account's own parameters moved from account 1 to line N.
 */
export function lineValues(lines: readonly BoundLine[]): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of lines) {
    const of: Record<LineKey, string> = {
      Enable: '1',
      Label: line.label || line.userName,
      DisplayName: line.displayName,
      UserName: line.userName,
      RegisterName: line.registerName,
      Password: line.password,
      ServerAddress: line.server,
      ServerPort: String(line.port),
      Transport: String(line.transport),
      RegisterExpires: String(line.expires),
      OutboundProxy: line.outboundProxy,
      OutboundProxyPort: line.outboundPort === null ? '' : String(line.outboundPort),
      BackupServerAddress: line.backupServer,
      BackupServerPort: String(line.backupPort),
      BackupTransport: String(line.backupTransport),
      BackupRegisterExpires: String(line.backupExpires),
      BackupOutboundProxy: line.backupOutboundProxy,
      BackupOutboundProxyPort: line.backupOutboundPort === null ? '' : String(line.backupOutboundPort),
      NatTraversal: String(line.natTraversal),
    };
    const paths = pathsOfLine(line.line);
    for (const key of LINE_KEYS) values.set(paths[key], of[key]);
    for (const [path, value] of Object.entries(line.parameters ?? {}))
      if (OWN_PARAMETER.test(path)) values.set(path.replace(OWN_PARAMETER, `account.${line.line}.`), value);
  }
  return values;
}
