/**
 * What the call statistics APIs answer (docs/call-statistics.md). Lists answer `rows[0] = { list, total }`;
 * times are ISO strings.
 */

/** Calls by quality (spec §4: 0 good, 1 fair, 2 poor). */
export interface CallQualityCounts {
  good: number;
  fair: number;
  poor: number;
}

/** How the calls-over-time figure is cut: whole hours, or whole days of the caller's zone. */
export type CallBucket = 'hour' | 'day';

/** One bucket of calls over time; `time` is where it starts. */
export interface CallBucketCounts extends CallQualityCounts {
  time: string;
}

/**
 * Figures of a set of calls: averages of the calls' average figures (or maxima of their maxima).
 * Null when no call reported the figure, and with a quality filter (the rollups keep figures per
 * hour, not per quality).
 */
export interface CallFigures {
  delayMs: number | null;
  jitterMs: number | null;
  lossPercent: number | null;
}

/** A device among the worst by poor share. */
export interface WorstCallDevice extends CallQualityCounts {
  deviceId: number;
  deviceName: string;
  macAddress: string;
  siteName: string;
  total: number;
  /** poor / total, 0–1. */
  poorShare: number;
  averages: CallFigures;
}

/** A site among the worst by poor share, with its organisation (sites of two enterprises may share a name). */
export interface WorstCallSite extends CallQualityCounts {
  siteId: number;
  siteName: string;
  orgName: string;
  total: number;
  poorShare: number;
  averages: CallFigures;
}

/** `POST /callStatistics/summary`: the figures of a time range, read from the rollups. */
export interface CallSummary {
  /** The range counted: the one asked for, widened to whole hours. */
  startTime: string;
  endTime: string;
  bucket: CallBucket;
  total: number;
  distribution: CallQualityCounts;
  averages: CallFigures;
  maxima: CallFigures;
  /** Every bucket of the range, empty ones as zeros. */
  overTime: CallBucketCounts[];
  /** At most 10 each, only those with a poor call, worst first. */
  worstDevices: WorstCallDevice[];
  worstSites: WorstCallSite[];
}

/** One row of `POST /callStatistics/search` (spec §3 "Call record"). */
export interface CallRecordRow {
  id: number;
  endTime: string;
  caller: string | null;
  callee: string | null;
  localUrl: string | null;
  remoteUrl: string | null;
  codec: string | null;
  delayMinMs: number | null;
  delayAvgMs: number | null;
  delayMaxMs: number | null;
  jitterMinMs: number | null;
  jitterAvgMs: number | null;
  jitterMaxMs: number | null;
  lossMinPercent: number | null;
  lossAvgPercent: number | null;
  lossMaxPercent: number | null;
  /** 0 good, 1 fair, 2 poor. */
  quality: number;
  /** The phone as it is now; null (and empty texts) once it was deleted or left the caller's view. */
  deviceId: number | null;
  deviceName: string;
  macAddress: string;
  siteName: string;
}
