import { type AlarmRow, AlarmStatus, type Language, macWithColons } from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { excel } from '../../http/xlsx.js';
import { escapeLike } from '../sites/fleet-common.js';
import type { TenantScope } from '../tenancy/scope.js';
import { alarmReason, alarmTypeName } from './alarm-texts.js';
import type { AlarmFilters, AlarmSearch } from './schemas.js';

interface AlarmRecord {
  id: string;
  type: number;
  level: number;
  status: number;
  first_at: Date;
  last_at: Date;
  num: number;
  device_id: string | null;
  device_name: string | null;
  mac: string | null;
  site_name: string | null;
  update_type: number | null;
  reason: string;
}

/** An export holds at most this many alarms (the newest). */
export const ALARM_EXPORT_MAX = 100_000;

const COLUMNS = `a.id, a.type, a.level, a.status, a.first_at, a.last_at, a.num, a.device_id, d.device_name,
  a.mac, s.name AS site_name, a.update_type, a.reason`;
const FROM = 'FROM alarms a LEFT JOIN devices d ON d.id = a.device_id LEFT JOIN sites s ON s.id = d.site_id';
/** A sub-user limited to some sites sees the alarms of their devices only. */
const VISIBLE = '{scope:a.org_id} AND (a.device_id IS NULL OR {sites:d.site_id})';

function toRow(row: AlarmRecord, language: Language): AlarmRow {
  return {
    id: Number(row.id),
    type: row.type,
    level: row.level,
    status: row.status,
    firstTime: row.first_at.toISOString(),
    alarmTime: row.last_at.toISOString(),
    num: row.num,
    deviceId: row.device_id === null ? null : Number(row.device_id),
    deviceName: row.device_name ?? '',
    macAddress: row.mac ? macWithColons(row.mac) : '',
    siteName: row.site_name ?? '',
    updateType: row.update_type,
    reason: alarmReason(row.reason, language),
  };
}

/** The alarm list (docs/alarms.md): search, the state changes, delete and export, in the caller's scope. */
export class AlarmService {
  private readonly db: Database;

  constructor({ db }: { db: Database }) {
    this.db = db;
  }

  private where(filters: AlarmFilters, bind: unknown[]): string {
    const where = [VISIBLE];
    const add = (value: unknown, condition: (n: number) => string) => {
      bind.push(value);
      where.push(condition(bind.length));
    };
    if (filters.level !== undefined) add(filters.level, (n) => `a.level = $${n}`);
    if (filters.type !== undefined) add(filters.type, (n) => `a.type = $${n}`);
    if (filters.status !== undefined) add(filters.status, (n) => `a.status = $${n}`);
    if (filters.startTime) add(filters.startTime, (n) => `a.last_at >= $${n}`);
    if (filters.endTime) add(filters.endTime, (n) => `a.last_at <= $${n}`);
    if (filters.keywords) {
      const mac = filters.keywords.toLowerCase().replace(/[:\-.]/g, '');
      bind.push(`%${escapeLike(filters.keywords.toLowerCase())}%`);
      add(`%${escapeLike(mac)}%`, (n) => `(lower(d.device_name) LIKE $${n - 1} OR a.mac LIKE $${n})`);
    }
    if (filters.siteId)
      add(filters.siteId, (n) => `s.path LIKE (SELECT p.path FROM sites p WHERE p.id = $${n}) || '%'`);
    return where.join(' AND ');
  }

  async search(
    scope: TenantScope,
    query: AlarmSearch,
    language: Language,
  ): Promise<{ list: AlarmRow[]; total: number }> {
    const bind: unknown[] = [];
    const where = this.where(query, bind);
    const [list, count] = await Promise.all([
      this.rows(scope, query, query.pageSize, (query.currentPage - 1) * query.pageSize, language),
      scope.query<{ total: string }>(this.db, `SELECT count(*) AS total ${FROM} WHERE ${where}`, bind),
    ]);
    return { list, total: Number(count[0]?.total ?? 0) };
  }

  private async rows(
    scope: TenantScope,
    filters: AlarmFilters,
    limit: number,
    offset: number,
    language: Language,
  ): Promise<AlarmRow[]> {
    const bind: unknown[] = [];
    const rows = await scope.query<AlarmRecord>(
      this.db,
      `SELECT ${COLUMNS} ${FROM} WHERE ${this.where(filters, bind)}
        ORDER BY a.last_at DESC, a.id DESC LIMIT ${Math.trunc(limit)} OFFSET ${Math.trunc(offset)}`,
      bind,
    );
    return rows.map((row) => toRow(row, language));
  }

  /**
   * Moves alarms of the scope to `status`: read only from unread, resolved and ignored from unread or
   * read (an alarm already closed stays as it was). `ids` absent: every unread alarm (All read).
   */
  async setStatus(scope: TenantScope, ids: number[] | undefined, status: AlarmStatus): Promise<number> {
    const from =
      status === AlarmStatus.read ? `${AlarmStatus.unread}` : `${AlarmStatus.unread}, ${AlarmStatus.read}`;
    const changed = await scope.query<{ id: string }>(
      this.db,
      `UPDATE alarms a SET status = $1
         FROM alarms x LEFT JOIN devices d ON d.id = x.device_id
        WHERE a.id = x.id AND a.status IN (${from}) AND ($2::bigint[] IS NULL OR a.id = ANY ($2::bigint[]))
          AND ${VISIBLE.replaceAll('a.', 'x.')}
       RETURNING a.id`,
      [status, ids ?? null],
    );
    return changed.length;
  }

  /** Deletes the alarms named, or (`ids` absent) every alarm that is not unread. */
  async remove(scope: TenantScope, ids: number[] | undefined): Promise<number> {
    const removed = await scope.query<{ id: string }>(
      this.db,
      `DELETE FROM alarms a USING alarms x LEFT JOIN devices d ON d.id = x.device_id
        WHERE a.id = x.id AND ($1::bigint[] IS NULL OR a.id = ANY ($1::bigint[]))
          AND ($1::bigint[] IS NOT NULL OR a.status <> ${AlarmStatus.unread})
          AND ${VISIBLE.replaceAll('a.', 'x.')}
       RETURNING a.id`,
      [ids ?? null],
    );
    return removed.length;
  }

  async exportWorkbook(scope: TenantScope, filters: AlarmFilters, language: Language): Promise<Buffer> {
    const list = await this.rows(scope, filters, ALARM_EXPORT_MAX, 0, language);
    const zh = language === 'zh-CN';
    const book = new (await excel()).Workbook();
    const sheet = book.addWorksheet(zh ? '告警' : 'Alarms');
    const levels = zh ? ['', '严重', '重要', '次要'] : ['', 'Critical', 'Major', 'Minor'];
    const states = zh ? ['未读', '已读', '已解决', '已忽略'] : ['Unread', 'Read', 'Resolved', 'Ignore'];
    sheet.columns = (
      zh
        ? ['级别', '类型', '时间', '次数', '设备', 'MAC', '站点', '状态', '原因']
        : ['Level', 'Type', 'Time', 'Count', 'Device', 'MAC', 'Site', 'State', 'Reason']
    ).map((header, index) => ({ header, key: String(index), width: index === 8 ? 48 : 20 }));
    for (const row of list)
      sheet.addRow([
        levels[row.level],
        alarmTypeName(row.type, language),
        row.alarmTime,
        row.num,
        row.deviceName,
        row.macAddress,
        row.siteName,
        states[row.status],
        row.reason,
      ]);
    return Buffer.from(await book.xlsx.writeBuffer());
  }
}
