import { macWithColons } from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { TenantScope } from '../tenancy/scope.js';
import { type DeviceSearch, sortFields } from './schemas.js';

export interface DeviceListRow {
  id: number;
  macAddress: string;
  deviceName: string;
  deviceModel: string;
  firmwareVersion: string;
  siteId: number;
  siteName: string;
  status: number;
  accountStatus: number;
  pushEnabled: boolean;
  createTime: string;
  lastFetchTime: string | null;
  ip: string | null;
}

interface Row {
  id: string;
  mac: string;
  device_name: string;
  model: string;
  firmware: string;
  site_id: string;
  site_name: string;
  status: number;
  account_status: number;
  push_enabled: boolean;
  created_at: Date;
  last_fetch_at: Date | null;
  ip: string | null;
  sort_value: string;
}

const columnTypes: Record<keyof typeof sortFields, string> = {
  macAddress: 'char(12)',
  deviceName: 'text',
  deviceModel: 'text',
  status: 'smallint',
  createTime: 'timestamptz',
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Keywords that look like part of a MAC match stored MACs whatever separators were typed. */
function keywordPattern(keywords: string): string {
  const lower = keywords.toLowerCase();
  const compact = /^[0-9a-f:.-]+$/.test(lower) ? lower.replace(/[:.-]/g, '') : lower;
  return `%${escapeLike(compact || lower)}%`;
}

/** The fleet's device list: filters, sorts and pages on indexes, inside the caller's scope. */
export class DeviceService {
  private readonly db: Database;

  constructor({ db }: { db: Database }) {
    this.db = db;
  }

  async search(
    scope: TenantScope,
    query: DeviceSearch,
  ): Promise<{ list: DeviceListRow[]; total: number; nextCursor: string | null }> {
    const bind: unknown[] = [];
    const where = ['{scope:d.org_id}'];
    const add = (value: unknown) => {
      bind.push(value);
      return `$${bind.length}`;
    };
    if (query.keywords) {
      where.push(
        `(d.mac || ' ' || lower(d.device_name) || ' ' || lower(coalesce(d.serial_number, ''))) LIKE ${add(keywordPattern(query.keywords))}`,
      );
    }
    if (query.site) {
      where.push(
        `d.site_id IN (SELECT s.id FROM sites s WHERE s.path LIKE (SELECT p.path FROM sites p WHERE p.id = ${add(query.site)}) || '%')`,
      );
    }
    if (query.types.length) where.push(`d.model = ANY(${add(query.types)}::text[])`);
    if (query.groupId)
      where.push(`d.id IN (SELECT device_id FROM group_devices WHERE group_id = ${add(query.groupId)})`);
    const filters = where.join(' AND ');
    const countBind = [...bind];

    const column = sortFields[query.sortField];
    const descending = query.sortOrder === 'desc';
    let page = where;
    let offset = (query.currentPage - 1) * query.pageSize;
    if (query.cursor) {
      const [value, id] = decodeCursor(query.cursor);
      const type = columnTypes[query.sortField];
      page = [
        ...where,
        `(${column}, d.id) ${descending ? '<' : '>'} (${add(value)}::${type}, ${add(id)}::bigint)`,
      ];
      offset = 0;
    }
    const direction = descending ? 'DESC' : 'ASC';
    const [rows, count] = await Promise.all([
      scope.query<Row>(
        this.db,
        `SELECT d.id, d.mac, d.device_name, d.model, d.firmware, d.site_id, s.name AS site_name, d.status,
                d.account_status, d.push_enabled, d.created_at, d.last_fetch_at, host(d.last_fetch_ip) AS ip,
                ${column}::text AS sort_value
           FROM devices d JOIN sites s ON s.id = d.site_id
          WHERE ${page.join(' AND ')}
          ORDER BY ${column} ${direction}, d.id ${direction}
          LIMIT ${query.pageSize} OFFSET ${offset}`,
        bind,
      ),
      scope.query<{ total: string }>(
        this.db,
        `SELECT count(*) AS total FROM devices d WHERE ${filters}`,
        countBind,
      ),
    ]);
    const last = rows.at(-1);
    return {
      list: rows.map(toListRow),
      total: Number(count[0]?.total ?? 0),
      nextCursor: last && rows.length === query.pageSize ? encodeCursor(last.sort_value, last.id) : null,
    };
  }
}

function toListRow(row: Row): DeviceListRow {
  return {
    id: Number(row.id),
    macAddress: macWithColons(row.mac),
    deviceName: row.device_name,
    deviceModel: row.model,
    firmwareVersion: row.firmware,
    siteId: Number(row.site_id),
    siteName: row.site_name,
    status: row.status,
    accountStatus: row.account_status,
    pushEnabled: row.push_enabled,
    createTime: row.created_at.toISOString(),
    lastFetchTime: row.last_fetch_at?.toISOString() ?? null,
    ip: row.ip,
  };
}

function encodeCursor(value: string, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

function decodeCursor(cursor: string): [string, string] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      typeof parsed[0] === 'string' &&
      typeof parsed[1] === 'string' &&
      /^\d+$/.test(parsed[1])
    ) {
      return [parsed[0], parsed[1]];
    }
  } catch {
    // fall through
  }
  throw AppError.invalid('invalidFormat', 'cursor');
}
