import type { Readable } from 'node:stream';
import type { Language } from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import { streamingWorkbook } from '../../http/xlsx.js';
import { escapeLike } from '../sites/fleet-common.js';
import type { TenantScope } from '../tenancy/scope.js';
import type { OperationLogExport, OperationLogLevel, OperationLogSearch } from './schemas.js';

/** One record as the list shows it (spec §3 "Log": username, IP address, operating time, level, contents). */
export interface OperationLogRow {
  id: number;
  userName: string;
  /** The signed-in user behind an entered enterprise; null otherwise. */
  realUserName: string | null;
  ipAddress: string;
  operatingTime: string;
  level: OperationLogLevel;
  contents: string;
}

interface StoredRow {
  id: string;
  user_name: string;
  real_user_name: string | null;
  ip: string;
  at: Date;
  level: OperationLogLevel;
  contents: string;
}

type Filters = Pick<OperationLogSearch, 'userName' | 'level' | 'keywords'> & {
  from?: Date | undefined;
  to?: Date | undefined;
  onlyUserName?: string | undefined;
};

/**
 * Whose records a reader sees: every record of its scope's organisations, except that a user
 * limited to some sites sees only its own (others' records name devices and sites it may not see).
 */
export interface Reader {
  scope: TenantScope;
  /** Set for a site-limited user: the only user name whose records it sees. */
  onlyUserName?: string | undefined;
}

/** At most this many records in one export, newest first (as the other exports). */
export const OPERATION_LOG_EXPORT_MAX = 100_000;
const EXPORT_BATCH = 2_000;
const DAY_MS = 24 * 60 * 60 * 1000;

const EXPORT_HEADERS: Record<Language, string[]> = {
  'en-US': ['Username', 'IP Address', 'Operating Time', 'Level', 'Contents'],
  'zh-CN': ['用户名', 'IP 地址', '操作时间', '级别', '内容'],
};

const contentsColumn = (language: Language) => (language === 'zh-CN' ? 'l.contents_zh' : 'l.contents_en');

/** The operation log's list, export and retention (docs/operation-log.md). */
export class OperationLogService {
  private readonly db: Database;

  constructor({ db }: { db: Database }) {
    this.db = db;
  }

  async search(
    { scope, onlyUserName }: Reader,
    query: OperationLogSearch,
    language: Language,
  ): Promise<{ list: OperationLogRow[]; total: number }> {
    const filters: Filters = {
      ...query,
      from: query.startTime ? new Date(query.startTime) : undefined,
      to: query.endTime ? new Date(query.endTime) : undefined,
      onlyUserName,
    };
    const bind: unknown[] = [];
    const where = this.where(filters, language, bind);
    const [rows, count] = await Promise.all([
      scope.query<StoredRow>(
        this.db,
        `SELECT ${this.columns(language)} FROM operation_log l WHERE ${where}
          ORDER BY l.at DESC, l.id DESC
          LIMIT ${query.pageSize} OFFSET ${(query.currentPage - 1) * query.pageSize}`,
        bind,
      ),
      scope.query<{ total: string }>(
        this.db,
        `SELECT count(*) AS total FROM operation_log l WHERE ${where}`,
        bind,
      ),
    ]);
    return { list: rows.map(toRow), total: Number(count[0]?.total ?? 0) };
  }

  /** The records of the chosen range (and the list's filters), newest first, as a streamed workbook. */
  async export(
    { scope, onlyUserName }: Reader,
    body: OperationLogExport,
    language: Language,
  ): Promise<Readable> {
    const filters: Filters = { ...body, ...rangeOf(body, new Date()), onlyUserName };
    const { stream, workbook } = await streamingWorkbook();
    const sheet = workbook.addWorksheet(language === 'zh-CN' ? '系统日志' : 'System Log');
    sheet.columns = EXPORT_HEADERS[language].map((header, index) => ({
      header,
      key: String(index),
      width: index === 4 ? 80 : 22,
    }));
    const write = async () => {
      for await (const batch of this.batches(scope, filters, language)) {
        for (const row of batch)
          sheet
            .addRow([
              row.realUserName ? `${row.userName} (${row.realUserName})` : row.userName,
              row.ipAddress,
              row.operatingTime,
              row.level,
              row.contents,
            ])
            .commit();
      }
      sheet.commit();
      await workbook.commit();
    };
    write().catch((error: Error) => stream.destroy(error));
    return stream;
  }

  async retention(): Promise<{ retentionDays: number }> {
    const row = await this.db.one<{ retention_days: number }>(
      'SELECT retention_days FROM operation_log_settings WHERE id = 1',
    );
    return { retentionDays: row?.retention_days ?? 180 };
  }

  /** The retention is the console's, set by the platform administrator only. */
  async setRetention(scope: TenantScope, retentionDays: number): Promise<{ retentionDays: number }> {
    if (!scope.isPlatform) throw AppError.forbidden();
    await this.db.execute('UPDATE operation_log_settings SET retention_days = $1 WHERE id = 1', [
      retentionDays,
    ]);
    return { retentionDays };
  }

  /**
   * Deletes records older than the retention, at most once an hour in the cluster: the instance
   * whose UPDATE moves `purged_at` forward does it. Answers how many records went (undefined when
   * another instance purged within the hour).
   */
  async purgeExpired(): Promise<number | undefined> {
    return this.db.transaction(async (transaction) => {
      const claimed = await this.db.one<{ retention_days: number }>(
        `UPDATE operation_log_settings SET purged_at = now()
          WHERE id = 1 AND purged_at < now() - interval '1 hour' RETURNING retention_days`,
        [],
        transaction,
      );
      if (!claimed) return undefined;
      return this.db.execute(
        'DELETE FROM operation_log WHERE at < now() - make_interval(days => $1)',
        [claimed.retention_days],
        transaction,
      );
    });
  }

  private columns(language: Language): string {
    return `l.id, l.user_name, l.real_user_name, l.ip, l.at, l.level, ${contentsColumn(language)} AS contents`;
  }

  private where(filters: Filters, language: Language, bind: unknown[]): string {
    // A record older than its organisation is of one a restore removed, whose id was given again.
    const conditions = [
      '{scope:l.org_id}',
      'EXISTS (SELECT 1 FROM orgs o WHERE o.id = l.org_id AND o.created_at <= l.at)',
    ];
    if (filters.from) conditions.push(`l.at >= $${bind.push(filters.from.toISOString())}::timestamptz`);
    if (filters.to) conditions.push(`l.at <= $${bind.push(filters.to.toISOString())}::timestamptz`);
    if (filters.onlyUserName !== undefined)
      conditions.push(`l.user_name = $${bind.push(filters.onlyUserName)} AND l.real_user_name IS NULL`);
    if (filters.level) conditions.push(`l.level = $${bind.push(filters.level)}`);
    if (filters.userName) {
      const n = bind.push(`%${escapeLike(filters.userName)}%`);
      conditions.push(`(l.user_name ILIKE $${n} OR l.real_user_name ILIKE $${n})`);
    }
    if (filters.keywords) {
      const n = bind.push(`%${escapeLike(filters.keywords)}%`);
      conditions.push(`(${contentsColumn(language)} ILIKE $${n} OR l.ip ILIKE $${n})`);
    }
    return conditions.join(' AND ');
  }

  /** Keyset batches, newest first: (at, id) before the last row sent. */
  private async *batches(
    scope: TenantScope,
    filters: Filters,
    language: Language,
  ): AsyncGenerator<OperationLogRow[]> {
    let after: { at: Date; id: string } | undefined;
    let sent = 0;
    while (sent < OPERATION_LOG_EXPORT_MAX) {
      const size = Math.min(EXPORT_BATCH, OPERATION_LOG_EXPORT_MAX - sent);
      const bind: unknown[] = [];
      let where = this.where(filters, language, bind);
      if (after)
        where += ` AND (l.at, l.id) < ($${bind.push(after.at.toISOString())}::timestamptz, $${bind.push(after.id)}::bigint)`;
      const rows = await scope.query<StoredRow>(
        this.db,
        `SELECT ${this.columns(language)} FROM operation_log l WHERE ${where}
          ORDER BY l.at DESC, l.id DESC LIMIT ${size}`,
        bind,
      );
      if (rows.length === 0) return;
      yield rows.map(toRow);
      sent += rows.length;
      const last = rows[rows.length - 1] as StoredRow;
      after = { at: last.at, id: last.id };
      if (rows.length < size) return;
    }
  }
}

/** The moments an export range covers (spec §9: 1 day, 7 days, custom, all). */
export function rangeOf(
  body: Pick<OperationLogExport, 'range' | 'startTime' | 'endTime'>,
  now: Date,
): { from?: Date; to?: Date } {
  switch (body.range) {
    case '1d':
      return { from: new Date(now.getTime() - DAY_MS) };
    case '7d':
      return { from: new Date(now.getTime() - 7 * DAY_MS) };
    case 'custom':
      return { from: new Date(body.startTime as string), to: new Date(body.endTime as string) };
    case 'all':
      return {};
  }
}

function toRow(row: StoredRow): OperationLogRow {
  return {
    id: Number(row.id),
    userName: row.user_name,
    realUserName: row.real_user_name,
    ipAddress: row.ip,
    operatingTime: new Date(row.at).toISOString(),
    level: row.level,
    contents: row.contents,
  };
}
