import type { Language } from './envelope.js';
import { isMessageKey, messages, translate } from './messages.js';

/**
 * Diagnostics over SSH (issue 17): what a driver says to run on its phones for each diagnostic
 * action, as an argv array (program and arguments), and how to read what comes back. The platform
 * sends an argv over SSH with `shellCommand`, which quotes every argument: SSH `exec` takes one
 * string that the phone's shell reads, and the host a user types must never reach it unquoted.
 */

/** Syslog severities, most severe first (RFC 5424); a log capture at a level shows it and those above. */
export const LOG_LEVELS = [
  'emergency',
  'alert',
  'critical',
  'error',
  'warning',
  'notice',
  'info',
  'debug',
] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

/** Spec §4 and §9: a capture stops by itself above 100 MB. */
export const DIAGNOSTIC_CAPTURE_LIMIT_BYTES = 100 * 1024 * 1024;
/** Pings a user may ask for in one run. */
export const MAX_PING_COUNT = 100;

/** A program and its arguments; never a shell string. */
export type Argv = readonly [program: string, ...args: string[]];

declare const validatedHost: unique symbol;
/** A host that passed `checkDiagnosticHost`: a host name or an IPv4/IPv6 literal, nothing else. */
export type DiagnosticHost = string & { readonly [validatedHost]: true };

/** One log line as the phone wrote it; `time` is the phone's clock, as written. */
export interface LogEntry {
  time: string;
  level: LogLevel;
  text: string;
}

export type PingLine =
  | { kind: 'reply'; seq: number; timeMs: number }
  | { kind: 'timeout'; seq: number }
  | { kind: 'summary'; transmitted: number; received: number; lossPercent: number }
  | { kind: 'roundTrip'; minMs: number; avgMs: number; maxMs: number };

/** One line of a traceroute: the hop, who answered (undefined when nobody did) and each probe (null: `*`). */
export interface TracerouteHop {
  hop: number;
  address: string | undefined;
  timesMs: (number | null)[];
}

/**
 * The commands of one model, one entry per action of the diagnostics screen (spec §2). `trace`
 * writes pcap to stdout until the platform closes the channel or signals it; `screenshot` writes
 * one PNG to stdout; `exportConfig` writes the phone's configuration file as text.
 */
export interface DiagnosticCommands {
  log: { command(level: LogLevel): Argv; parseLine(line: string): LogEntry | undefined };
  trace: { command(): Argv };
  screenshot: { command(): Argv };
  ping: { command(host: DiagnosticHost, count: number): Argv; parseLine(line: string): PingLine | undefined };
  traceroute: { command(host: DiagnosticHost): Argv; parseLine(line: string): TracerouteHop | undefined };
  exportLog: { command(): Argv; parseLine(line: string): LogEntry | undefined };
  exportConfig: { command(): Argv };
}

/** A reason users read beside the disabled actions. */
export interface LocalizedReason {
  en: string;
  'zh-CN': string;
}

/** What a driver declares for its family (and a model for itself, where models differ). */
export type DiagnosticsDeclaration = { commands: DiagnosticCommands } | { unsupported: LocalizedReason };

export type ModelDiagnostics =
  | { supported: true; commands: DiagnosticCommands }
  | { supported: false; reason: LocalizedReason };

/** The diagnostics of a model: its own declaration, else its family's, else none with the default reason. */
export function diagnosticsFor(
  driver: {
    diagnostics?: DiagnosticsDeclaration;
    models: readonly { id: string; diagnostics?: DiagnosticsDeclaration }[];
  },
  modelId: string,
): ModelDiagnostics {
  const model = driver.models.find((m) => m.id.toUpperCase() === modelId.toUpperCase());
  const declared = model?.diagnostics ?? driver.diagnostics;
  if (declared && 'commands' in declared) return { supported: true, commands: declared.commands };
  if (declared) return { supported: false, reason: declared.unsupported };
  const { en, zh } = messages.diagnosticsUnsupported;
  return { supported: false, reason: { en, 'zh-CN': zh } };
}

export type HostCheck =
  | { ok: true; host: DiagnosticHost }
  | { ok: false; message: 'diagnosticsHostRequired' | 'diagnosticsHostInvalid' };

const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const OCTET = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

function isIpv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((part) => OCTET.test(part));
}

function isIpv6(text: string): boolean {
  const [address = '', zone, extra] = text.split('%');
  if (extra !== undefined || (zone !== undefined && !/^[A-Za-z0-9_.-]{1,32}$/.test(zone))) return false;
  const halves = address.split('::');
  if (halves.length > 2) return false;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const all = halves.flatMap(groups);
  let count = all.length;
  const last = all.at(-1);
  if (last?.includes('.')) {
    if (!isIpv4(last)) return false;
    all.pop();
    count += 1;
  }
  if (!all.every((group) => /^[0-9A-Fa-f]{1,4}$/.test(group))) return false;
  return halves.length === 2 ? count <= 7 : count === 8;
}

function isHostName(text: string): boolean {
  const name = text.endsWith('.') ? text.slice(0, -1) : text;
  if (name.length === 0 || name.length > 253) return false;
  const labels = name.split('.');
  // A name whose last label is all digits would be read as an address (`999.1.1.1`, `10.0.0.1.`).
  return labels.every((label) => LABEL.test(label)) && !/^\d+$/.test(labels.at(-1) ?? '');
}

/**
 * Spec §5: the host of ping and traceroute is required. It must be a host name or an IPv4/IPv6
 * literal: no spaces, no shell characters, and no leading `-` that a program would read as an option.
 */
export function checkDiagnosticHost(input: string | null | undefined): HostCheck {
  const text = (input ?? '').trim();
  if (text === '') return { ok: false, message: 'diagnosticsHostRequired' };
  if (isIpv4(text) || isHostName(text) || (text.includes(':') && isIpv6(text))) {
    return { ok: true, host: text as DiagnosticHost };
  }
  return { ok: false, message: 'diagnosticsHostInvalid' };
}

/** POSIX shell quoting of one argument: inside single quotes nothing is special but `'` itself. */
export function quoteShellArgument(argument: string): string {
  if (argument.includes('\0')) throw new Error('a shell argument cannot hold a NUL character');
  return `'${argument.replaceAll("'", `'\\''`)}'`;
}

/** The one string SSH `exec` sends for an argv: every word quoted, so the remote shell runs exactly it. */
export function shellCommand(argv: readonly string[]): string {
  if (argv.length === 0 || argv[0] === '') throw new Error('a command needs a program');
  return argv.map(quoteShellArgument).join(' ');
}

/** A pcap stream starts with its magic number (microsecond or nanosecond, either byte order). */
export function startsWithPcapHeader(bytes: Uint8Array): boolean {
  if (bytes.length < 24) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, 4);
  return [view.getUint32(0, false), view.getUint32(0, true)].some(
    (magic) => magic === 0xa1b2c3d4 || magic === 0xa1b23c4d,
  );
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function startsWithPngSignature(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && PNG_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

/**
 * A session's end message as stored and sent live (`key` or `key:detail`, docs/diagnostics.md) in
 * the reader's language: the message, then the detail (an exit code and what the phone printed).
 */
export function diagnosticMessage(stored: string, language: Language): string {
  if (stored === '') return '';
  const at = stored.indexOf(':');
  const key = at < 0 ? stored : stored.slice(0, at);
  const detail = at < 0 ? '' : stored.slice(at + 1);
  const text = isMessageKey(key) ? translate(key, language) : key;
  return detail ? `${text} ${detail}` : text;
}
