import { type LineKey, linePath } from '@phonefleet/sdk';

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
    for (const [key, value] of Object.entries(of)) values.set(linePath(line.line, key as LineKey), value);
    for (const [path, value] of Object.entries(line.parameters ?? {}))
      if (OWN_PARAMETER.test(path)) values.set(path.replace(OWN_PARAMETER, `account.${line.line}.`), value);
  }
  return values;
}
