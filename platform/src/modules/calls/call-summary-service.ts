import {
  type CallBucket,
  type CallFigures,
  CallQuality,
  type CallQualityCounts,
  type CallSummary,
  macWithColons,
  type WorstCallDevice,
  type WorstCallSite,
} from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import type { TenantScope } from '../tenancy/scope.js';
import { Binds, inSiteSubtree, keywordPattern } from './call-filters.js';
import { type CallSummaryQuery, HOURLY_BY_DEFAULT_MS, rangeOf } from './schemas.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const WORST_SHOWN = 10;

/** Sums of a set of rollup rows (PostgreSQL answers bigint sums as text). */
interface Sums {
  good: string;
  fair: string;
  poor: string;
  delay_sum: number | null;
  delay_count: string | null;
  delay_max: number | null;
  jitter_sum: number | null;
  jitter_count: string | null;
  jitter_max: number | null;
  loss_sum: number | null;
  loss_count: string | null;
  loss_max: number | null;
}

/** One row of the site-level query: a bucket (`site_id` null) or a site (`bucket` null). */
interface SiteLevelRow extends Sums {
  bucket: Date | null;
  site_id: string | null;
  site_name: string | null;
  org_name: string | null;
}

/**
 * The hours a summary reads: the range widened to whole hours, and inside it the whole UTC days
 * the day rollup answers (`dayStart` = `dayEnd` when there is none).
 */
export interface SummaryWindow {
  start: number;
  end: number;
  dayStart: number;
  dayEnd: number;
  bucket: CallBucket;
}

export function summaryWindow(query: CallSummaryQuery, now = Date.now()): SummaryWindow {
  const range = rangeOf(query, now);
  const start = Math.floor(range.start / HOUR_MS) * HOUR_MS;
  const end = Math.ceil(range.end / HOUR_MS) * HOUR_MS;
  let dayStart = Math.ceil(start / DAY_MS) * DAY_MS;
  let dayEnd = Math.floor(end / DAY_MS) * DAY_MS;
  if (dayEnd <= dayStart) [dayStart, dayEnd] = [start, start];
  const bucket = query.bucket ?? (end - start <= HOURLY_BY_DEFAULT_MS ? 'hour' : 'day');
  return { start, end, dayStart, dayEnd, bucket };
}

const number = (value: string | number | null | undefined) => Number(value ?? 0);
const rounded = (value: number) => Math.round(value * 10) / 10;

function counts(row: Pick<Sums, 'good' | 'fair' | 'poor'> | undefined): CallQualityCounts {
  return { good: number(row?.good), fair: number(row?.fair), poor: number(row?.poor) };
}

/** Averages of the rows' sums; none with a quality filter (figures are kept per hour, not per quality). */
function averages(rows: Sums[], quality: number | undefined): CallFigures {
  const average = (
    sum: 'delay_sum' | 'jitter_sum' | 'loss_sum',
    count: 'delay_count' | 'jitter_count' | 'loss_count',
  ) => {
    const calls = rows.reduce((total, row) => total + number(row[count]), 0);
    if (quality !== undefined || calls === 0) return null;
    return rounded(rows.reduce((total, row) => total + number(row[sum]), 0) / calls);
  };
  return {
    delayMs: average('delay_sum', 'delay_count'),
    jitterMs: average('jitter_sum', 'jitter_count'),
    lossPercent: average('loss_sum', 'loss_count'),
  };
}

function maxima(rows: Sums[], quality: number | undefined): CallFigures {
  const maximum = (column: 'delay_max' | 'jitter_max' | 'loss_max') => {
    const values = rows.map((row) => row[column]).filter((value): value is number => value !== null);
    return quality !== undefined || values.length === 0 ? null : rounded(Math.max(...values));
  };
  return { delayMs: maximum('delay_max'), jitterMs: maximum('jitter_max'), lossPercent: maximum('loss_max') };
}

/** Worst first: poor share, then poor calls; only rows with a poor call. */
function worstFirst<Row extends CallQualityCounts>(rows: Row[], tieBreak: (a: Row, b: Row) => number): Row[] {
  const share = (row: Row) => row.poor / (row.good + row.fair + row.poor);
  return rows
    .filter((row) => row.poor > 0)
    .sort((a, b) => share(b) - share(a) || b.poor - a.poor || tieBreak(a, b))
    .slice(0, WORST_SHOWN);
}

/** The sums every rollup query selects, from rows aliased `r` whose counts are `m`'s expressions. */
const SUMS = (m: { good: string; fair: string; poor: string }) =>
  `sum(${m.good}) AS good, sum(${m.fair}) AS fair, sum(${m.poor}) AS poor,
   sum(r.delay_sum) AS delay_sum, sum(r.delay_count) AS delay_count, max(r.delay_max) AS delay_max,
   sum(r.jitter_sum) AS jitter_sum, sum(r.jitter_count) AS jitter_count, max(r.jitter_max) AS jitter_max,
   sum(r.loss_sum) AS loss_sum, sum(r.loss_count) AS loss_count, max(r.loss_max) AS loss_max`;

/**
 * Call statistics over a time range (docs/call-statistics.md), read from the rollups of migration
 * 0032, never from `call_records`: calls over time, the quality distribution with average and
 * maximum figures and the worst sites from one pass over the hour rollup; the worst devices by
 * poor share from the device rollups. Both queries run within the caller's scope.
 */
export class CallSummaryService {
  private readonly db: Database;

  constructor({ db }: { db: Database }) {
    this.db = db;
  }

  async summary(
    scope: TenantScope,
    query: CallSummaryQuery,
    zoneOffsetMinutes: number,
  ): Promise<CallSummary> {
    const window = summaryWindow(query);
    const [sites, worstDevices] = await Promise.all([
      this.siteLevel(scope, query, window, zoneOffsetMinutes),
      this.worstDevices(scope, query, window),
    ]);
    const sum = (quality: keyof CallQualityCounts) =>
      sites.overTime.reduce((total, bucket) => total + bucket[quality], 0);
    const distribution = { good: sum('good'), fair: sum('fair'), poor: sum('poor') };
    return {
      startTime: new Date(window.start).toISOString(),
      endTime: new Date(window.end).toISOString(),
      bucket: window.bucket,
      total: distribution.good + distribution.fair + distribution.poor,
      distribution,
      averages: averages(sites.bucketRows, query.quality),
      maxima: maxima(sites.bucketRows, query.quality),
      overTime: sites.overTime,
      worstDevices,
      worstSites: sites.worstSites,
    };
  }

  /** A quality filter keeps its own count and zeroes the others, on rollup rows aliased `r`. */
  private counted(query: CallSummaryQuery) {
    const kept = (quality: CallQuality, column: string) =>
      query.quality === undefined || query.quality === quality ? `r.${column}` : '0';
    return {
      good: kept(CallQuality.good, 'good'),
      fair: kept(CallQuality.fair, 'fair'),
      poor: kept(CallQuality.poor, 'poor'),
    };
  }

  /** Scope and site subtree on rollup rows aliased `r`. */
  private filters(query: CallSummaryQuery, binds: Binds): string {
    const conditions = ['{scope:r.org_id}', '{sites:r.site_id}'];
    if (query.siteId !== undefined) conditions.push(inSiteSubtree('r.site_id', query.siteId, binds));
    return conditions.join(' AND ');
  }

  /**
   * Calls over time, their totals and the worst sites, in one pass over the hour rows of the
   * window (per site; per device when keywords name phones), grouped by bucket and by site.
   */
  private async siteLevel(
    scope: TenantScope,
    query: CallSummaryQuery,
    window: SummaryWindow,
    zoneOffsetMinutes: number,
  ): Promise<{ overTime: CallSummary['overTime']; bucketRows: Sums[]; worstSites: WorstCallSite[] }> {
    const step = window.bucket === 'hour' ? HOUR_MS : DAY_MS;
    // Days are the caller's: a bucket starts at its local midnight.
    const offset = window.bucket === 'day' ? zoneOffsetMinutes * 60_000 : 0;
    const bucketOf = (time: number) => Math.floor((time + offset) / step) * step - offset;
    const first = bucketOf(window.start);
    const binds = new Binds();
    const bucket = `date_bin(${binds.add(`${step / 1000} seconds`)}::interval, r.hour, ${binds.time(first)})`;
    // Keywords name phones: their rows are per device.
    const table = query.keywords ? 'call_device_hours' : 'call_site_hours';
    const source = this.rollupRows(query, binds, {
      table,
      column: 'hour',
      from: window.start,
      to: window.end,
    });
    const rows = await scope.query<SiteLevelRow>(
      this.db,
      `WITH grouped AS (
         SELECT r.site_id, ${bucket} AS bucket, ${SUMS(this.counted(query))}
           FROM ${source}
          GROUP BY GROUPING SETS ((r.site_id), (${bucket})))
       SELECT g.*, s.name AS site_name, o.name AS org_name
         FROM grouped g
         LEFT JOIN sites s ON g.site_id IS NOT NULL AND s.id = g.site_id AND {site:s}
         LEFT JOIN orgs o ON o.id = s.org_id`,
      binds.values,
    );
    const bucketRows = rows.filter((row) => row.bucket !== null);
    const counted = new Map(bucketRows.map((row) => [new Date(row.bucket ?? 0).getTime(), counts(row)]));
    const overTime: CallSummary['overTime'] = [];
    // Every bucket of the range, the empty ones as zeros.
    for (let time = first; time <= bucketOf(window.end - HOUR_MS); time += step) {
      overTime.push({ time: new Date(time).toISOString(), ...(counted.get(time) ?? counts(undefined)) });
    }
    const sites = rows
      .filter((row) => row.bucket === null && row.site_name !== null)
      .map((row): WorstCallSite => {
        const shown = counts(row);
        const total = shown.good + shown.fair + shown.poor;
        return {
          siteId: Number(row.site_id),
          siteName: row.site_name ?? '',
          orgName: row.org_name ?? '',
          ...shown,
          total,
          poorShare: total ? shown.poor / total : 0,
          averages: averages([row], query.quality),
        };
      });
    const worstSites = worstFirst(
      sites,
      (a, b) => a.siteName.localeCompare(b.siteName) || a.siteId - b.siteId,
    );
    return { overTime, bucketRows, worstSites };
  }

  /**
   * Rows of `table` whose `column` is in [from, to) and that pass the filters, as `r`: by range,
   * or phone by phone through the primary key when keywords name a few phones.
   */
  private rollupRows(
    query: CallSummaryQuery,
    binds: Binds,
    part: { table: string; column: string; from: number; to: number },
  ): string {
    const range = `r.${part.column} >= ${binds.time(part.from)} AND r.${part.column} < ${binds.time(part.to)}`;
    if (!query.keywords) return `${part.table} r WHERE ${range} AND ${this.filters(query, binds)}`;
    // A plain range would read every phone's rows of the range and drop most of them.
    return `devices d CROSS JOIN LATERAL (SELECT r.* FROM ${part.table} r WHERE r.device_id = d.id AND ${range} OFFSET 0) r
             WHERE {devices:d} AND d.search_text LIKE ${binds.add(keywordPattern(query.keywords))}
               AND ${this.filters(query, binds)}`;
  }

  /** The whole UTC days of the window from the day rollup, the hours around them from the hour rollup. */
  private async worstDevices(
    scope: TenantScope,
    query: CallSummaryQuery,
    window: SummaryWindow,
  ): Promise<WorstCallDevice[]> {
    const binds = new Binds();
    const m = this.counted(query);
    const columns = `r.device_id, ${m.good} AS good, ${m.fair} AS fair, ${m.poor} AS poor, r.delay_sum,
      r.delay_count, r.delay_max, r.jitter_sum, r.jitter_count, r.jitter_max, r.loss_sum, r.loss_count, r.loss_max`;
    const parts = [
      { table: 'call_device_hours', column: 'hour', from: window.start, to: window.dayStart },
      { table: 'call_device_days', column: 'day', from: window.dayStart, to: window.dayEnd },
      { table: 'call_device_hours', column: 'hour', from: window.dayEnd, to: window.end },
    ]
      .filter((part) => part.from < part.to)
      .map((part) => `SELECT ${columns} FROM ${this.rollupRows(query, binds, part)}`);
    const rows = await scope.query<
      Sums & { device_id: string; device_name: string; mac: string; site_name: string }
    >(
      this.db,
      `SELECT w.*, d.device_name, d.mac, s.name AS site_name
         FROM (SELECT r.device_id, ${SUMS({ good: 'r.good', fair: 'r.fair', poor: 'r.poor' })}
                 FROM (${parts.join(' UNION ALL ')}) r
                GROUP BY r.device_id HAVING sum(r.poor) > 0) w
         JOIN devices d ON d.id = w.device_id AND {devices:d}
         JOIN sites s ON s.id = d.site_id
        ORDER BY w.poor::float8 / (w.good + w.fair + w.poor) DESC, w.poor DESC, w.device_id
        LIMIT ${WORST_SHOWN}`,
      binds.values,
    );
    return rows.map((row) => {
      const shown = counts(row);
      const total = shown.good + shown.fair + shown.poor;
      return {
        deviceId: Number(row.device_id),
        deviceName: row.device_name,
        macAddress: macWithColons(row.mac),
        siteName: row.site_name,
        ...shown,
        total,
        poorShare: shown.poor / total,
        averages: averages([row], query.quality),
      };
    });
  }
}
