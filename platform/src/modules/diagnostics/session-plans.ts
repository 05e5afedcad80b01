import {
  checkDiagnosticHost,
  type DiagnosticAction,
  type DiagnosticCommands,
  type DiagnosticStartBody,
  isLogLevel,
  MAX_PING_COUNT,
  type SystemLogRange,
} from '@phonefleet/sdk';
import { AppError } from '../../http/envelope.js';
import { pingReader, type ResultReader, tracerouteReader } from './results.js';

/** What an action runs on the phone and how its output is read; the range of a system log export. */
export interface ActionPlan {
  argv: readonly string[];
  text: boolean;
  result?: ResultReader;
  answerCodes?: readonly number[];
  /** What is stored of the request, for the history's "detail". */
  params: Record<string, string | number>;
  range?: { from: Date | null; to: Date | null };
  parseLogLine?: DiagnosticCommands['exportLog']['parseLine'];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The download's extension and type per action. */
export const OUTPUT_FILES: Record<DiagnosticAction, { extension: string; contentType: string }> = {
  log: { extension: 'log', contentType: 'text/plain; charset=utf-8' },
  trace: { extension: 'pcap', contentType: 'application/vnd.tcpdump.pcap' },
  screenshot: { extension: 'png', contentType: 'image/png' },
  ping: { extension: 'txt', contentType: 'text/plain; charset=utf-8' },
  traceroute: { extension: 'txt', contentType: 'text/plain; charset=utf-8' },
  systemLog: { extension: 'log', contentType: 'text/plain; charset=utf-8' },
  config: { extension: 'cfg', contentType: 'text/plain; charset=utf-8' },
};

/** Checks a start request's fields for its action (spec §5) and says what to run. */
export function planAction(
  commands: DiagnosticCommands,
  body: DiagnosticStartBody,
  now = new Date(),
): ActionPlan {
  switch (body.action) {
    case 'log': {
      const level = body.level ?? 'info';
      if (!isLogLevel(level)) throw AppError.invalid('diagnosticsLevelInvalid');
      return { argv: commands.log.command(level), text: true, params: { level } };
    }
    case 'trace':
      return { argv: commands.trace.command(), text: false, params: {} };
    case 'screenshot':
      return { argv: commands.screenshot.command(), text: false, params: {} };
    case 'ping': {
      const host = checkedHost(body.host);
      const count = body.count ?? 4;
      if (!Number.isInteger(count) || count < 1 || count > MAX_PING_COUNT) {
        throw AppError.invalid('diagnosticsCountInvalid');
      }
      return {
        argv: commands.ping.command(host, count),
        text: true,
        result: pingReader(commands.ping),
        answerCodes: [1],
        params: { host, count },
      };
    }
    case 'traceroute': {
      const host = checkedHost(body.host);
      return {
        argv: commands.traceroute.command(host),
        text: true,
        result: tracerouteReader(commands.traceroute),
        params: { host },
      };
    }
    case 'systemLog': {
      const range = rangeOf(body.range ?? '1d', body.startTime, body.endTime, now);
      return {
        argv: commands.exportLog.command(),
        text: true,
        params: {
          range: body.range ?? '1d',
          ...(range.from ? { from: range.from.toISOString() } : {}),
          ...(range.to ? { to: range.to.toISOString() } : {}),
        },
        range,
        parseLogLine: commands.exportLog.parseLine,
      };
    }
    case 'config':
      return { argv: commands.exportConfig.command(), text: true, params: {} };
  }
}

function checkedHost(input: string | undefined) {
  const checked = checkDiagnosticHost(input);
  if (!checked.ok) throw AppError.invalid(checked.message);
  return checked.host;
}

function rangeOf(
  range: SystemLogRange,
  startTime: string | undefined,
  endTime: string | undefined,
  now: Date,
): { from: Date | null; to: Date | null } {
  if (range === 'all') return { from: null, to: null };
  if (range === '1d') return { from: new Date(now.getTime() - DAY_MS), to: null };
  if (range === '7d') return { from: new Date(now.getTime() - 7 * DAY_MS), to: null };
  const from = startTime ? new Date(startTime) : undefined;
  const to = endTime ? new Date(endTime) : undefined;
  if (!from || !to || Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || from >= to) {
    throw AppError.invalid('diagnosticsRangeRequired');
  }
  return { from, to };
}

/**
 * Whether a line of the phone's log falls in the range: by the time the driver parsed from it;
 * a line whose time cannot be read (a continuation, a clock not set) is kept, not guessed away.
 */
export function inRange(
  parse: DiagnosticCommands['exportLog']['parseLine'],
  range: { from: Date | null; to: Date | null },
): (line: string) => boolean {
  return (line) => {
    if (line.trim() === '') return false;
    const entry = parse(line);
    if (!entry) return true;
    const time = Date.parse(entry.time);
    if (Number.isNaN(time)) return true;
    return (!range.from || time >= range.from.getTime()) && (!range.to || time <= range.to.getTime());
  };
}
