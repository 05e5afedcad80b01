import type { Readable } from 'node:stream';
import { type CallRecordRow, type Language, macWithColons } from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { streamingWorkbook } from '../../http/xlsx.js';
import type { TenantScope } from '../tenancy/scope.js';
import { Binds, inSiteSubtree, keywordPattern } from './call-filters.js';
import { type CallExport, type CallSearch, callSortFields, rangeOf } from './schemas.js';

/** An export holds at most this many calls, read in batches of this size. */
export const CALL_EXPORT_MAX_ROWS = 100_000;
const EXPORT_BATCH = 2_000;

interface CallRecord {
  id: string;
  ended_at: Date;
  caller: string | null;
  callee: string | null;
  local_url: string | null;
  remote_url: string | null;
  codec: string | null;
  delay_min_ms: number | null;
  delay_avg_ms: number | null;
  delay_max_ms: number | null;
  jitter_min_ms: number | null;
  jitter_avg_ms: number | null;
  jitter_max_ms: number | null;
  loss_min_percent: number | null;
  loss_avg_percent: number | null;
  loss_max_percent: number | null;
  quality: number;
  device_id: string | null;
  device_name: string | null;
  mac: string | null;
  site_name: string | null;
  /** The sort column's value as text (exact), for the export's keyset. */
  sort_value?: string;
}

function toRow(row: CallRecord): CallRecordRow {
  return {
    id: Number(row.id),
    endTime: row.ended_at.toISOString(),
    caller: row.caller,
    callee: row.callee,
    localUrl: row.local_url,
    remoteUrl: row.remote_url,
    codec: row.codec,
    delayMinMs: row.delay_min_ms,
    delayAvgMs: row.delay_avg_ms,
    delayMaxMs: row.delay_max_ms,
    jitterMinMs: row.jitter_min_ms,
    jitterAvgMs: row.jitter_avg_ms,
    jitterMaxMs: row.jitter_max_ms,
    lossMinPercent: row.loss_min_percent,
    lossAvgPercent: row.loss_avg_percent,
    lossMaxPercent: row.loss_max_percent,
    quality: Number(row.quality),
    deviceId: row.device_id === null ? null : Number(row.device_id),
    deviceName: row.device_name ?? '',
    macAddress: row.mac ? macWithColons(row.mac) : '',
    siteName: row.site_name ?? '',
  };
}

const COLUMNS = `c.id, c.ended_at, c.caller, c.callee, c.local_url, c.remote_url, c.codec,
  c.delay_min_ms, c.delay_avg_ms, c.delay_max_ms, c.jitter_min_ms, c.jitter_avg_ms, c.jitter_max_ms,
  c.loss_min_percent, c.loss_avg_percent, c.loss_max_percent, c.quality,
  d.id AS device_id, d.device_name, d.mac, s.name AS site_name`;

/** The type of each sort's value, to read a keyset value back exactly. */
const SORT_TYPES: Record<keyof typeof callSortFields, string> = {
  endTime: 'timestamptz',
  quality: 'smallint',
  delay: 'real',
  jitter: 'real',
  loss: 'real',
};

/** The phone of a call as it is now, only when the caller sees it (a phone moved to another tenant shows nothing). */
const FROM = `FROM call_records c
  LEFT JOIN devices d ON d.id = c.device_id AND {devices:d}
  LEFT JOIN sites s ON s.id = d.site_id`;

const QUALITY_NAMES: Record<Language, string[]> = {
  'en-US': ['Good', 'Fair', 'Poor'],
  'zh-CN': ['良好', '一般', '较差'],
};

const EXPORT_HEADERS: Record<Language, Record<string, string>> = {
  'en-US': {
    endTime: 'End Time',
    deviceName: 'Device Name',
    macAddress: 'MAC Address',
    siteName: 'Site',
    caller: 'Caller',
    callee: 'Callee',
    localUrl: 'Local URL',
    remoteUrl: 'Remote URL',
    codec: 'Codec',
    delay: 'Delay min/avg/max (ms)',
    jitter: 'Jitter min/avg/max (ms)',
    loss: 'Loss min/avg/max (%)',
    quality: 'Quality',
  },
  'zh-CN': {
    endTime: '结束时间',
    deviceName: '设备名称',
    macAddress: 'MAC 地址',
    siteName: '站点',
    caller: '主叫',
    callee: '被叫',
    localUrl: '本端 URL',
    remoteUrl: '远端 URL',
    codec: '编解码',
    delay: '时延 最小/平均/最大 (ms)',
    jitter: '抖动 最小/平均/最大 (ms)',
    loss: '丢包 最小/平均/最大 (%)',
    quality: '通话质量',
  },
};

/** `10 / 12 / 30`; '' when the phone reported none of them. */
function figureText(min: number | null, avg: number | null, max: number | null): string {
  if (min === null && avg === null && max === null) return '';
  return [min, avg, max].map((value) => (value === null ? '--' : String(value))).join(' / ');
}

/**
 * The per-call detail of call statistics (docs/call-statistics.md): a page of `call_records` of the
 * caller's scope with its filters, and the same calls as an xlsx export. Calls are filtered and
 * shown by their phone as it is now.
 */
export class CallRecordService {
  private readonly db: Database;

  constructor({ db }: { db: Database }) {
    this.db = db;
  }

  async search(scope: TenantScope, query: CallSearch): Promise<{ list: CallRecordRow[]; total: number }> {
    const binds = new Binds();
    const where = this.where(scope, query, binds);
    const direction = query.sortOrder === 'asc' ? 'ASC' : 'DESC';
    const [rows, count] = await Promise.all([
      scope.query<CallRecord>(
        this.db,
        `SELECT ${COLUMNS} ${FROM} WHERE ${where}
          ORDER BY ${callSortFields[query.sortField]} ${direction}, c.id ${direction}
          LIMIT ${query.pageSize} OFFSET ${(query.currentPage - 1) * query.pageSize}`,
        binds.values,
      ),
      scope.query<{ total: string }>(
        this.db,
        `SELECT count(*) AS total ${FROM} WHERE ${where}`,
        binds.values,
      ),
    ]);
    return { list: rows.map(toRow), total: Number(count[0]?.total ?? 0) };
  }

  /** The calls the list shows for `query` (filters and order), at most CALL_EXPORT_MAX_ROWS, streamed. */
  async export(scope: TenantScope, query: CallExport, language: Language): Promise<Readable> {
    const { stream, workbook } = await streamingWorkbook();
    const headers = EXPORT_HEADERS[language];
    const sheet = workbook.addWorksheet(language === 'zh-CN' ? '通话记录' : 'Calls');
    sheet.columns = Object.entries(headers).map(([key, header]) => ({
      key,
      header,
      width: key === 'localUrl' || key === 'remoteUrl' ? 36 : 22,
    }));
    const write = async () => {
      for await (const batch of this.batches(scope, query)) {
        for (const row of batch) {
          sheet
            .addRow({
              endTime: row.endTime,
              deviceName: row.deviceName,
              macAddress: row.macAddress,
              siteName: row.siteName,
              caller: row.caller ?? '',
              callee: row.callee ?? '',
              localUrl: row.localUrl ?? '',
              remoteUrl: row.remoteUrl ?? '',
              codec: row.codec ?? '',
              delay: figureText(row.delayMinMs, row.delayAvgMs, row.delayMaxMs),
              jitter: figureText(row.jitterMinMs, row.jitterAvgMs, row.jitterMaxMs),
              loss: figureText(row.lossMinPercent, row.lossAvgPercent, row.lossMaxPercent),
              quality: QUALITY_NAMES[language][row.quality] ?? String(row.quality),
            })
            .commit();
        }
      }
      sheet.commit();
      await workbook.commit();
    };
    write().catch((error: Error) => stream.destroy(error));
    return stream;
  }

  /** Keyset batches in the list's order: (sort value, id) after the last row sent. */
  private async *batches(scope: TenantScope, query: CallExport): AsyncGenerator<CallRecordRow[]> {
    const sortColumn = callSortFields[query.sortField];
    const direction = query.sortOrder === 'asc' ? 'ASC' : 'DESC';
    let after: { value: string; id: string } | undefined;
    let sent = 0;
    while (sent < CALL_EXPORT_MAX_ROWS) {
      const size = Math.min(EXPORT_BATCH, CALL_EXPORT_MAX_ROWS - sent);
      const binds = new Binds();
      const conditions = [this.where(scope, query, binds)];
      if (after) {
        const past = direction === 'ASC' ? '>' : '<';
        const type = SORT_TYPES[query.sortField];
        conditions.push(
          `(${sortColumn}, c.id) ${past} (${binds.add(after.value)}::${type}, ${binds.add(after.id)}::bigint)`,
        );
      }
      const rows = await scope.query<CallRecord>(
        this.db,
        `SELECT ${COLUMNS}, (${sortColumn})::text AS sort_value
           ${FROM} WHERE ${conditions.join(' AND ')}
          ORDER BY ${sortColumn} ${direction}, c.id ${direction} LIMIT ${size}`,
        binds.values,
      );
      if (rows.length) yield rows.map(toRow);
      sent += rows.length;
      const last = rows.at(-1);
      if (!last || rows.length < size) return;
      after = { value: last.sort_value ?? '', id: last.id };
    }
  }

  /**
   * The filters on `call_records c` joined to its phone `d`: the range, quality, site subtree and
   * keywords (the phone as it is now). A sub-user limited to sites sees only calls of its phones.
   */
  private where(scope: TenantScope, query: CallExport, binds: Binds): string {
    const { start, end } = rangeOf(query);
    const conditions = [
      '{scope:c.org_id}',
      `c.ended_at >= ${binds.time(start)}`,
      `c.ended_at < ${binds.time(end)}`,
    ];
    if (scope.siteLimited) conditions.push('d.id IS NOT NULL');
    if (query.quality !== undefined) conditions.push(`c.quality = ${binds.add(query.quality)}`);
    if (query.siteId !== undefined) conditions.push(inSiteSubtree('d.site_id', query.siteId, binds));
    if (query.keywords) conditions.push(`d.search_text LIKE ${binds.add(keywordPattern(query.keywords))}`);
    return conditions.join(' AND ');
  }
}
