import {
  type DiagnosticCommands,
  type DiagnosticsDeclaration,
  parsePingOutputLine,
  parseSyslogLine,
  parseTracerouteOutputLine,
  pingCountArgument,
  SYSLOG_PRIORITY,
} from '@phonefleet/sdk';

/**
 * V-series phones (V64 and up) run a BusyBox userland with iputils ping; the bridge `br0` joins the
 * LAN and PC ports, `screencap -p` writes the colour screen as PNG, the log is kept in
 * /var/log/messages and the configuration in /data/config/phone.xml.
 */

export const diagnostics: DiagnosticCommands = {
  log: {
    command: (level) => ['/usr/sbin/logread', '-f', '-l', SYSLOG_PRIORITY[level]],
    parseLine: parseSyslogLine,
  },
  trace: { command: () => ['tcpdump', '-i', 'br0', '-U', '-w', '-'] },
  screenshot: { command: () => ['screencap', '-p'] },
  ping: {
    command: (host, count) => ['ping', '-O', '-c', pingCountArgument(count), host],
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
