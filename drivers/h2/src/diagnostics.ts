import {
  type DiagnosticCommands,
  type DiagnosticHost,
  type LogLevel,
  MAX_PING_COUNT,
  parsePingOutputLine,
  parseSyslogLine,
  parseTracerouteOutputLine,
} from '@phonefleet/sdk';

/**
 * H2 phones run BusyBox/OpenWrt userland with iputils ping: `logread` for the syslog ring buffer,
 * `tcpdump`, `fbgrab` for the LCD frame buffer, and the configuration at /config/phone.cfg.
 */

/** Syslog priority names `logread -l` takes. */
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
  log: { command: (level) => ['logread', '-f', '-l', PRIORITY_OF[level]], parseLine: parseSyslogLine },
  trace: { command: () => ['tcpdump', '-i', 'eth0', '-s', '0', '-U', '-w', '-'] },
  screenshot: { command: () => ['fbgrab', '-d', '/dev/fb0', '/dev/stdout'] },
  ping: {
    command: (host: DiagnosticHost, count) => ['ping', '-n', '-O', '-W', '2', '-c', pingCount(count), host],
    parseLine: parsePingOutputLine,
  },
  traceroute: {
    command: (host: DiagnosticHost) => ['traceroute', '-n', '-q', '3', '-w', '2', '-m', '30', host],
    parseLine: parseTracerouteOutputLine,
  },
  exportLog: { command: () => ['logread'], parseLine: parseSyslogLine },
  exportConfig: { command: () => ['cat', '/config/phone.cfg'] },
};
