import {
  type DiagnosticCommands,
  type DiagnosticHost,
  parsePingOutputLine,
  parseSyslogLine,
  parseTracerouteOutputLine,
  pingCountArgument,
  SYSLOG_PRIORITY,
} from '@phonefleet/sdk';

/**
 * H2 phones run BusyBox/OpenWrt userland with iputils ping: `logread` for the syslog ring buffer,
 * `tcpdump`, `fbgrab` for the LCD frame buffer, and the configuration at /config/phone.cfg.
 */

export const diagnostics: DiagnosticCommands = {
  log: { command: (level) => ['logread', '-f', '-l', SYSLOG_PRIORITY[level]], parseLine: parseSyslogLine },
  trace: { command: () => ['tcpdump', '-i', 'eth0', '-s', '0', '-U', '-w', '-'] },
  screenshot: { command: () => ['fbgrab', '-d', '/dev/fb0', '/dev/stdout'] },
  ping: {
    command: (host: DiagnosticHost, count) => [
      'ping',
      '-n',
      '-O',
      '-W',
      '2',
      '-c',
      pingCountArgument(count),
      host,
    ],
    parseLine: parsePingOutputLine,
  },
  traceroute: {
    command: (host: DiagnosticHost) => ['traceroute', '-n', '-q', '3', '-w', '2', '-m', '30', host],
    parseLine: parseTracerouteOutputLine,
  },
  exportLog: { command: () => ['logread'], parseLine: parseSyslogLine },
  exportConfig: { command: () => ['cat', '/config/phone.cfg'] },
};
