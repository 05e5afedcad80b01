import type { DiagnosticCommands, PingResult, TracerouteResult } from '@phonefleet/sdk';

/** Reads a command's output line by line into what the session shows as its result. */
export interface ResultReader {
  read(line: string): void;
  result(): PingResult | TracerouteResult | null;
}

/** Ping's summary and round trip lines, parsed by the driver. */
export function pingReader(ping: DiagnosticCommands['ping']): ResultReader {
  let result: PingResult | null = null;
  return {
    read(line) {
      const parsed = ping.parseLine(line);
      if (parsed?.kind === 'summary') {
        const { transmitted, received, lossPercent } = parsed;
        result = { ...result, transmitted, received, lossPercent };
      } else if (parsed?.kind === 'roundTrip' && result) {
        result = { ...result, minMs: parsed.minMs, avgMs: parsed.avgMs, maxMs: parsed.maxMs };
      }
    },
    result: () => result,
  };
}

/** Traceroute's hops, parsed by the driver. */
export function tracerouteReader(traceroute: DiagnosticCommands['traceroute']): ResultReader {
  const hops: TracerouteResult['hops'] = [];
  return {
    read(line) {
      const hop = traceroute.parseLine(line);
      if (hop) hops.push({ hop: hop.hop, address: hop.address ?? null, timesMs: hop.timesMs });
    },
    result: () => (hops.length > 0 ? { hops } : null),
  };
}
