import {
  type LogEntry,
  type LogLevel,
  MAX_PING_COUNT,
  type PingLine,
  type TracerouteHop,
} from './diagnostics.js';

/**
 * Parsers for the output of the usual Linux tools on a desk phone (BusyBox/OpenWrt `logread`,
 * iputils or BusyBox `ping`, `traceroute`), for drivers whose phones print these formats. A driver
 * may use them as its `parseLine`s or write its own.
 */

/** Each level's syslog priority name, as `logread -l` takes it. */
export const SYSLOG_PRIORITY: Record<LogLevel, string> = {
  emergency: 'emerg',
  alert: 'alert',
  critical: 'crit',
  error: 'err',
  warning: 'warning',
  notice: 'notice',
  info: 'info',
  debug: 'debug',
};

/** A ping count as the `-c` argument: an integer 1..MAX_PING_COUNT, else a RangeError. */
export function pingCountArgument(count: number): string {
  if (!Number.isInteger(count) || count < 1 || count > MAX_PING_COUNT) {
    throw new RangeError(`ping count must be 1..${MAX_PING_COUNT}`);
  }
  return String(count);
}

/** Syslog priority names as `logread` prints them, to levels. */
const LEVEL_OF = new Map<string, LogLevel>([
  ['emerg', 'emergency'],
  ['panic', 'emergency'],
  ['alert', 'alert'],
  ['crit', 'critical'],
  ['err', 'error'],
  ['error', 'error'],
  ['warn', 'warning'],
  ['warning', 'warning'],
  ['notice', 'notice'],
  ['info', 'info'],
  ['debug', 'debug'],
]);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// `Wed Nov 25 19:20:01 2026 user.warn sipd[812]: RTP jitter 42 ms on line 1`
const LOG_LINE =
  /^(?:[A-Z][a-z]{2} )?([A-Z][a-z]{2}) +(\d{1,2}) (\d{2}:\d{2}:\d{2}) (\d{4}) [a-z0-9]+\.([a-z]+) (.*)$/;

/** A `logread` line; `time` as `YYYY-MM-DD HH:MM:SS` on the phone's clock. */
export function parseSyslogLine(line: string): LogEntry | undefined {
  const match = LOG_LINE.exec(line.trimEnd());
  if (!match) return undefined;
  const [, month = '', day = '', clock = '', year = '', priority = '', text = ''] = match;
  const level = LEVEL_OF.get(priority);
  const monthIndex = MONTHS.indexOf(month);
  if (!level || monthIndex < 0) return undefined;
  return {
    time: `${year}-${String(monthIndex + 1).padStart(2, '0')}-${day.padStart(2, '0')} ${clock}`,
    level,
    text,
  };
}

const number = (text: string | undefined) => Number.parseFloat(text ?? '');

/** iputils ping lines (and BusyBox's `seq=`); headers and blank lines are not results. */
export function parsePingOutputLine(line: string): PingLine | undefined {
  let match = /^\d+ bytes from .+: (?:icmp_)?seq=(\d+) .*time[=<]([\d.]+) ?ms/.exec(line);
  if (match) return { kind: 'reply', seq: number(match[1]), timeMs: number(match[2]) };
  match = /^no answer yet for icmp_seq=(\d+)/.exec(line);
  if (match) return { kind: 'timeout', seq: number(match[1]) };
  match = /^(\d+) packets transmitted, (\d+) (?:packets )?received,.*?([\d.]+)% packet loss/.exec(line);
  if (match) {
    return {
      kind: 'summary',
      transmitted: number(match[1]),
      received: number(match[2]),
      lossPercent: number(match[3]),
    };
  }
  match = /^(?:rtt|round-trip) min\/avg\/max(?:\/mdev)? = ([\d.]+)\/([\d.]+)\/([\d.]+)/.exec(line);
  if (match)
    return { kind: 'roundTrip', minMs: number(match[1]), avgMs: number(match[2]), maxMs: number(match[3]) };
  return undefined;
}

/** ` 3  10.0.0.1  1.204 ms  1.113 ms  *` → hop 3, who answered, each probe's time (null: no answer). */
export function parseTracerouteOutputLine(line: string): TracerouteHop | undefined {
  const match = /^\s*(\d+)\s+(.*)$/.exec(line);
  if (!match || line.startsWith('traceroute')) return undefined;
  let address: string | undefined;
  const timesMs: (number | null)[] = [];
  const words = (match[2] ?? '').split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i] ?? '';
    if (word === '*') timesMs.push(null);
    else if (/^[\d.]+$/.test(word) && words[i + 1] === 'ms') {
      timesMs.push(number(word));
      i += 1;
    } else if (address === undefined && /^[0-9A-Fa-f:.]+$/.test(word)) address = word;
    else return undefined;
  }
  if (timesMs.length === 0) return undefined;
  return { hop: number(match[1]), address, timesMs };
}
