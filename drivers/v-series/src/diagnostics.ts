import {
  type DiagnosticCommands,
  type DiagnosticsDeclaration,
  type LogLevel,
  MAX_PING_COUNT,
  parsePingOutputLine,
  parseSyslogLine,
  parseTracerouteOutputLine,
} from '@phonefleet/sdk';

/**
 * V-series phones (V64 and up) run a BusyBox userland with iputils ping; the bridge `br0` joins the
 * LAN and PC ports, `screencap -p` writes the colour screen as PNG, the log is kept in
 * /var/log/messages and the configuration in /data/config/phone.xml.
 */
const PRIORITY_OF: Record<LogLevel, string> = {
  emergency: 'emerg',
  alert: 'alert',
  critical: 'crit',
  error: 'err',
  warning: 'warning',
  notice: 'notice',
  info: 'info',
  debug: 'debug',
};

function pingCount(count: number): string {
  if (!Number.isInteger(count) || count < 1 || count > MAX_PING_COUNT) {
    throw new RangeError(`ping count must be 1..${MAX_PING_COUNT}`);
  }
  return String(count);
}

export const diagnostics: DiagnosticCommands = {
  log: {
    command: (level) => ['/usr/sbin/logread', '-f', '-l', PRIORITY_OF[level]],
    parseLine: parseSyslogLine,
  },
  trace: { command: () => ['tcpdump', '-i', 'br0', '-U', '-w', '-'] },
  screenshot: { command: () => ['screencap', '-p'] },
  ping: {
    command: (host, count) => ['ping', '-O', '-c', pingCount(count), host],
    parseLine: parsePingOutputLine,
  },
  traceroute: { command: (host) => ['traceroute', '-n', host], parseLine: parseTracerouteOutputLine },
  exportLog: { command: () => ['cat', '/var/log/messages'], parseLine: parseSyslogLine },
  exportConfig: { command: () => ['cat', '/data/config/phone.xml'] },
};

/** The V62's firmware ships without an SSH daemon. */
export const noDiagnostics: DiagnosticsDeclaration = {
  unsupported: {
    en: 'The V62 firmware has no SSH server, so diagnostics cannot run on it',
    'zh-CN': 'V62 固件没有 SSH 服务，无法在其上运行诊断',
  },
};
