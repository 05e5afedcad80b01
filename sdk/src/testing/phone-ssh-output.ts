/* What a simulated phone's diagnostic programs print: syslog lines, iputils ping, traceroute, pcap, PNG. */
import { crc32, deflateSync } from 'node:zlib';
import { LOG_LEVELS, type LogLevel } from '../diagnostics.js';

/** Syslog priority names as `logread` prints them (`user.warn`). */
const PRIORITY: Record<LogLevel, string> = {
  emergency: 'emerg',
  alert: 'alert',
  critical: 'crit',
  error: 'err',
  warning: 'warn',
  notice: 'notice',
  info: 'info',
  debug: 'debug',
};

const TEXTS: Record<LogLevel, string[]> = {
  emergency: ['kernel: Kernel panic - not syncing: watchdog timeout'],
  alert: ['watchdog[88]: voice engine stalled, restarting'],
  critical: ['sipd[812]: TLS certificate store unreadable'],
  error: ['sipd[812]: REGISTER to pbx failed: 403 Forbidden', 'provd[640]: fetch failed: timeout'],
  warning: ['sipd[812]: RTP jitter 42 ms on line 1', 'netd[301]: DNS server 2 not answering'],
  notice: ['sipd[812]: line 1 registered', 'provd[640]: configuration unchanged (304)'],
  info: ['sipd[812]: call from 1002 answered', 'lcd[220]: backlight off', 'netd[301]: DHCP lease renewed'],
  debug: ['sipd[812]: OPTIONS keep-alive sent', 'audio[412]: codec PCMA selected, ptime 20'],
};

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** One `logread` line (OpenWrt/BusyBox style): `Wed Nov 25 19:20:01 2026 user.warn sipd[812]: …`. */
export function simulatedLogLine(time: Date, level: LogLevel, index = 0): string {
  const texts = TEXTS[level];
  const text = texts[index % texts.length] ?? '';
  const clock = `${two(time.getUTCHours())}:${two(time.getUTCMinutes())}:${two(time.getUTCSeconds())}`;
  const date = `${DAYS[time.getUTCDay()]} ${MONTHS[time.getUTCMonth()]} ${String(time.getUTCDate()).padStart(2, ' ')}`;
  return `${date} ${clock} ${time.getUTCFullYear()} user.${PRIORITY[level]} ${text}`;
}

/** A log line with the phone's send time at its end (` t=<epoch ms>`), for latency measures. */
export function withSendStamp(line: string, sentAt: number): string {
  return `${line} t=${sentAt}`;
}

/** The send time `withSendStamp` put at the end of `line` (epoch ms), or undefined. */
export function sendStampOf(line: string): number | undefined {
  const found = / t=(\d{13})$/.exec(line);
  return found ? Number(found[1]) : undefined;
}

/** The levels a capture at `level` shows: it and every more severe one. */
export function levelsUpTo(level: LogLevel): LogLevel[] {
  return LOG_LEVELS.slice(0, LOG_LEVELS.indexOf(level) + 1);
}

export const pingOutput = {
  header: (host: string, address: string) => `PING ${host} (${address}) 56(84) bytes of data.`,
  reply: (address: string, seq: number, timeMs: number) =>
    `64 bytes from ${address}: icmp_seq=${seq} ttl=64 time=${timeMs.toFixed(3)} ms`,
  timeout: (seq: number) => `no answer yet for icmp_seq=${seq}`,
  statistics: (host: string) => `--- ${host} ping statistics ---`,
  summary: (transmitted: number, received: number, elapsedMs: number) =>
    `${transmitted} packets transmitted, ${received} received, ${Math.round(
      ((transmitted - received) / Math.max(transmitted, 1)) * 100,
    )}% packet loss, time ${elapsedMs}ms`,
  roundTrip: (times: number[]) => {
    const avg = times.reduce((a, b) => a + b, 0) / times.length;
    return `rtt min/avg/max/mdev = ${Math.min(...times).toFixed(3)}/${avg.toFixed(3)}/${Math.max(...times).toFixed(3)}/0.050 ms`;
  },
};

export const tracerouteOutput = {
  header: (host: string, address: string, maxHops: number) =>
    `traceroute to ${host} (${address}), ${maxHops} hops max, 60 byte packets`,
  hop: (hop: number, address: string, timesMs: number[]) =>
    `${String(hop).padStart(2, ' ')}  ${address}  ${timesMs.map((t) => `${t.toFixed(3)} ms`).join('  ')}`,
  silentHop: (hop: number) => `${String(hop).padStart(2, ' ')}  * * *`,
};

/** The pcap global header (microsecond timestamps, little-endian, Ethernet). */
export function pcapGlobalHeader(): Buffer {
  const header = Buffer.alloc(24);
  header.writeUInt32LE(0xa1b2c3d4, 0);
  header.writeUInt16LE(2, 4);
  header.writeUInt16LE(4, 6);
  header.writeUInt32LE(262144, 16);
  header.writeUInt32LE(1, 20);
  return header;
}

function ipv4Checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < header.length; i += 2) sum += header.readUInt16BE(i);
  while (sum > 0xffff) sum = (sum & 0xffff) + (sum >>> 16);
  return ~sum & 0xffff;
}

/** One pcap record: an Ethernet/IPv4/UDP datagram from the phone to its PBX carrying a SIP OPTIONS. */
export function pcapRecord(time: Date, sequence: number, from = '192.168.1.20', to = '192.168.1.1'): Buffer {
  const payload = Buffer.from(
    `OPTIONS sip:${to} SIP/2.0\r\nCSeq: ${sequence} OPTIONS\r\nContent-Length: 0\r\n\r\n`,
  );
  const ethernet = Buffer.from('001565aabbcc0015650000010800', 'hex');
  const ip = Buffer.alloc(20);
  ip.writeUInt8(0x45, 0);
  ip.writeUInt16BE(20 + 8 + payload.length, 2);
  ip.writeUInt16BE(sequence & 0xffff, 4);
  ip.writeUInt8(64, 8);
  ip.writeUInt8(17, 9);
  Buffer.from(from.split('.').map(Number)).copy(ip, 12);
  Buffer.from(to.split('.').map(Number)).copy(ip, 16);
  ip.writeUInt16BE(ipv4Checksum(ip), 10);
  const udp = Buffer.alloc(8);
  udp.writeUInt16BE(5060, 0);
  udp.writeUInt16BE(5060, 2);
  udp.writeUInt16BE(8 + payload.length, 4);
  const frame = Buffer.concat([ethernet, ip, udp, payload]);
  const record = Buffer.alloc(16);
  record.writeUInt32LE(Math.floor(time.getTime() / 1000), 0);
  record.writeUInt32LE((time.getTime() % 1000) * 1000, 4);
  record.writeUInt32LE(frame.length, 8);
  record.writeUInt32LE(frame.length, 12);
  return Buffer.concat([record, frame]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A small valid PNG of the phone's screen (RGB, 8 bits), with a band per line of `seed`. */
export function simulatedScreenPng(width = 160, height = 64, seed = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y += 1) {
    const row = y * (1 + width * 3);
    const shade = (Math.floor(y / 8) + seed) % 2 === 0 ? 0xe0 : 0x30;
    rows.fill(shade, row + 1, row + 1 + width * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
