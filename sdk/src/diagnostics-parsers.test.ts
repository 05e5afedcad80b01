import { describe, expect, it } from 'vitest';
import { parsePingOutputLine, parseSyslogLine, parseTracerouteOutputLine } from './diagnostics-parsers.js';

describe('parsers of Linux phone tools', () => {
  it.each([
    [
      'Wed Nov 25 19:20:01 2026 user.warn sipd[812]: RTP jitter 42 ms',
      { time: '2026-11-25 19:20:01', level: 'warning', text: 'sipd[812]: RTP jitter 42 ms' },
    ],
    [
      'Thu Nov  5 01:02:03 2026 kern.emerg kernel: panic',
      { time: '2026-11-05 01:02:03', level: 'emergency', text: 'kernel: panic' },
    ],
    [
      'Nov 25 19:20:01 2026 daemon.err provd: x',
      { time: '2026-11-25 19:20:01', level: 'error', text: 'provd: x' },
    ],
  ])('reads the log line %j', (line, entry) => expect(parseSyslogLine(line)).toEqual(entry));

  it.each([
    '',
    'garbage',
    'Wed Foo 25 19:20:01 2026 user.info x',
    'Wed Nov 25 19:20:01 2026 user.loud x',
    'Wed Nov 25 19:20:01 2026 user.constructor x',
  ])('ignores %j', (line) => expect(parseSyslogLine(line)).toBeUndefined());

  it.each([
    ['64 bytes from 10.0.0.1: icmp_seq=1 ttl=64 time=0.512 ms', { kind: 'reply', seq: 1, timeMs: 0.512 }],
    ['64 bytes from 10.0.0.1: seq=0 ttl=64 time=1.204 ms', { kind: 'reply', seq: 0, timeMs: 1.204 }],
    ['no answer yet for icmp_seq=2', { kind: 'timeout', seq: 2 }],
    [
      '3 packets transmitted, 0 received, 100% packet loss, time 2034ms',
      { kind: 'summary', transmitted: 3, received: 0, lossPercent: 100 },
    ],
    [
      '4 packets transmitted, 4 packets received, 0% packet loss',
      { kind: 'summary', transmitted: 4, received: 4, lossPercent: 0 },
    ],
    [
      'round-trip min/avg/max = 0.401/0.512/0.733 ms',
      { kind: 'roundTrip', minMs: 0.401, avgMs: 0.512, maxMs: 0.733 },
    ],
    ['PING pbx (10.0.0.1) 56(84) bytes of data.', undefined],
  ])('reads the ping line %j', (line, result) => expect(parsePingOutputLine(line)).toEqual(result));

  it.each([
    [
      ' 1  192.168.1.1  0.512 ms  0.433 ms  0.401 ms',
      { hop: 1, address: '192.168.1.1', timesMs: [0.512, 0.433, 0.401] },
    ],
    [' 3  10.0.0.1  1.204 ms  *  1.3 ms', { hop: 3, address: '10.0.0.1', timesMs: [1.204, null, 1.3] }],
    ['12  * * *', { hop: 12, address: undefined, timesMs: [null, null, null] }],
    ['traceroute to pbx (10.0.0.1), 30 hops max, 60 byte packets', undefined],
    [' 4  10.0.0.1  ; rm -rf /', undefined],
  ])('reads the traceroute line %j', (line, hop) => expect(parseTracerouteOutputLine(line)).toEqual(hop));
});
