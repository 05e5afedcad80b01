import type { DeviceListRow } from '@phonefleet/sdk';
import { macWithColons } from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { TenantScope } from '../tenancy/scope.js';
import { type DeviceSearch, sortFields } from './schemas.js';
import { ShortCache } from './short-cache.js';

export interface DeviceRow {
  id: string;
  mac: string;
  serial_number: string | null;
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
}

/** The list's columns, from `devices d JOIN sites s`. */
export const LIST_COLUMNS = `d.id, d.mac, d.serial_number, d.device_name, d.model, coalesce(d.reported_firmware, d.firmware) AS firmware, d.site_id, s.name AS site_name, d.status,
  d.account_status, d.push_enabled, d.created_at, d.last_fetch_at, host(d.last_fetch_ip) AS ip`;

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

/** Counts are exact up to here; past it the planner's estimate is answered (`totalExact: false`). */
const COUNT_CAP = 10_000;
/**
 * Counts and site subtrees are reused this long at most. Any change to devices or sites, by any
 * instance, clears them at once (NOTIFY phonefleet_config, migration 0003); edits that do not
 * notify (a device renamed) show in the count after this.
 */
const CACHE_TTL_MS = 10_000;
const CACHE_ENTRIES = 1_000;
/** "Select all matching" picks at most this many devices: a task's or group's device limit. */
export const MATCHING_IDS_MAX = 100_000;
/** Up to this many sites, a page is merged from per-site (site, sort column, id) index scans. */
const MERGE_SITES = 64;
/** Deeper OFFSET pages than this are not merged (each site would have to read that many rows). */
const MERGE_DEPTH = 1_000;

export interface DevicePage {
  list: DeviceListRow[];
  total: number;
  /** False when `total` is an estimate (more than 10,000 matching devices). */
  totalExact: boolean;
  nextCursor: string | null;
}

export type DeviceFilter = Omit<
  DeviceSearch,
  'currentPage' | 'pageSize' | 'sortField' | 'sortOrder' | 'cursor'
>;
type Count = { total: number; exact: boolean };

/** A filter as SQL over `devices d`, without the scope and sites (added by each query). */
interface FilterSql {
  conditions: string[];
  bind: unknown[];
  /**
   * The sites the devices can be in, when known: the named site's subtree inside the scope, or
   * the scope's sites for a user below the platform; null for the administrator's whole fleet.
   */
  siteIds: string[] | null;
  /** Whether the devices must be in `siteIds` (a site was named) or merely are (the scope's sites). */
  bySite: boolean;
}

/** The fleet's device list: filters, sorts and pages on indexes, inside the caller's scope. */
export class DeviceService {
  private readonly db: Database;
  private readonly counts = new ShortCache<Count>(CACHE_TTL_MS, CACHE_ENTRIES);
  private readonly subtrees = new ShortCache<string[]>(CACHE_TTL_MS, CACHE_ENTRIES);

  constructor({ db }: { db: Database }) {
    this.db = db;
    this.counts.enabled = false;
    this.subtrees.enabled = false;
    this.db.listen(
      'phonefleet_config',
      () => this.forgetCounts(),
      (listening) => {
        this.forgetCounts();
        this.counts.enabled = listening;
        this.subtrees.enabled = listening;
      },
    );
  }

  async search(scope: TenantScope, query: DeviceSearch): Promise<DevicePage> {
    const filter = await this.filterSql(scope, query);
    if (filter.siteIds?.length === 0) return { list: [], total: 0, totalExact: true, nextCursor: null };
    const offset = query.cursor ? 0 : (query.currentPage - 1) * query.pageSize;
    const key = JSON.stringify([scope.key, query.keywords, query.site, query.types, query.groupId]);
    const [page, count] = await Promise.all([
      this.page(scope, filter, query, query.pageSize, offset),
      this.counts.get(key, () => this.count(scope, filter)),
    ]);
    return {
      list: page.list,
      total: count.total,
      totalExact: count.exact,
      nextCursor: page.last && page.list.length === query.pageSize ? encodeCursor(...page.last) : null,
    };
  }

  /** Every matching device in the list's order, `batch` at a time (keyset), at most `limit`. */
  async *each(
    scope: TenantScope,
    query: DeviceSearch,
    batch: number,
    limit: number,
  ): AsyncGenerator<DeviceListRow[]> {
    const filter = await this.filterSql(scope, query);
    if (filter.siteIds?.length === 0) return;
    let cursor: string | undefined;
    let sent = 0;
    while (sent < limit) {
      const size = Math.min(batch, limit - sent);
      const { list, last } = await this.page(scope, filter, { ...query, cursor }, size, 0);
      if (list.length) yield list;
      sent += list.length;
      if (!last || list.length < size) return;
      cursor = encodeCursor(...last);
    }
  }

  /**
   * The ids of every device `query` matches (the list's filters, inside the scope), by MAC: what
   * "select all matching" picks for a task or a group. More than `MATCHING_IDS_MAX` is refused
   * (a task or group takes at most that many devices), naming the count, and returns nothing.
   */
  async matchingIds(scope: TenantScope, query: DeviceFilter): Promise<{ ids: number[]; total: number }> {
    const filter = await this.filterSql(scope, query);
    if (filter.siteIds?.length === 0) return { ids: [], total: 0 };
    const bind = [...filter.bind];
    const conditions = ['{devices:d}', ...filter.conditions];
    if (filter.siteIds && filter.bySite) {
      bind.push(filter.siteIds);
      conditions.push(`d.site_id = ANY($${bind.length}::bigint[])`);
    }
    const rows = await scope.query<{ id: string }>(
      this.db,
      `SELECT d.id FROM devices d WHERE ${conditions.join(' AND ')}
        ORDER BY d.mac, d.id LIMIT ${MATCHING_IDS_MAX + 1}`,
      bind,
    );
    if (rows.length > MATCHING_IDS_MAX) {
      const limit = MATCHING_IDS_MAX.toLocaleString('en-US');
      throw AppError.validation(
        {
          en: `More than ${limit} devices match: narrow the search (at most ${limit} devices can be selected)`,
          zh: `匹配的设备超过 ${limit} 台：请缩小搜索范围（最多可选择 ${limit} 台设备）`,
        },
        'matchingDevices',
      );
    }
    return { ids: rows.map((row) => Number(row.id)), total: rows.length };
  }

  /** Counts may have changed (devices added, moved or removed). */
  forgetCounts(): void {
    this.counts.clear();
    this.subtrees.clear();
  }

  private async filterSql(scope: TenantScope, query: DeviceFilter): Promise<FilterSql> {
    const bind: unknown[] = [];
    const conditions: string[] = [];
    const add = (value: unknown) => {
      bind.push(value);
      return `$${bind.length}`;
    };
    // Resolved first, so that a few sites are read site by site in the list's order.
    let siteIds: string[] | null = null;
    if (query.site !== undefined) {
      siteIds = await this.sites(scope, query.site);
    } else if (!scope.isPlatform) {
      siteIds = await this.sites(scope, undefined);
    }
    if (query.keywords) conditions.push(`d.search_text LIKE ${add(keywordPattern(query.keywords))}`);
    if (query.types.length) conditions.push(`d.model = ANY(${add(query.types)}::text[])`);
    if (query.groupId)
      conditions.push(`d.id IN (SELECT device_id FROM group_devices WHERE group_id = ${add(query.groupId)})`);
    return { conditions, bind, siteIds, bySite: query.site !== undefined };
  }

  /** A site's subtree (or every site) inside the scope. */
  private sites(scope: TenantScope, root: number | undefined): Promise<string[]> {
    return this.subtrees.get(JSON.stringify([scope.key, root]), async () => {
      const sites = await scope.query<{ id: string }>(
        this.db,
        root === undefined
          ? 'SELECT s.id FROM sites s WHERE {site:s}'
          : `SELECT s.id FROM sites s
              WHERE s.path LIKE (SELECT p.path FROM sites p WHERE p.id = $1) || '%' AND {site:s}`,
        root === undefined ? [] : [root],
      );
      return sites.map((site) => site.id);
    });
  }

  /** One page in the list's order, and the sort value and id of its last row (the next cursor). */
  private async page(
    scope: TenantScope,
    filter: FilterSql,
    query: Pick<DeviceSearch, 'sortField' | 'sortOrder' | 'cursor'>,
    limit: number,
    offset: number,
  ): Promise<{ list: DeviceListRow[]; last: [string, string] | null }> {
    const bind = [...filter.bind];
    const add = (value: unknown) => {
      bind.push(value);
      return `$${bind.length}`;
    };
    const column = sortFields[query.sortField];
    const descending = query.sortOrder === 'desc';
    const direction = descending ? 'DESC' : 'ASC';
    const conditions = [...filter.conditions];
    if (query.cursor) {
      const [value, id] = decodeCursor(query.cursor);
      conditions.push(
        `(${column}, d.id) ${descending ? '<' : '>'} (${add(value)}::${columnTypes[query.sortField]}, ${add(id)}::bigint)`,
      );
    }
    const sites = filter.siteIds;
    let rows: unknown[][];
    if (sites && sites.length <= MERGE_SITES && offset + limit <= MERGE_DEPTH) {
      // The first rows of each site from its (site, column, id) index, merged: the subtree is never
      // sorted. The plan is the same whatever the values, so it is planned once per connection.
      rows = await scope.rows(
        this.db,
        `SELECT ${LIST_COLUMNS}, ${column}::text AS sort_value
           FROM (SELECT k.id, k.sort FROM unnest(${add(sites)}::bigint[]) AS u(site_id)
                  CROSS JOIN LATERAL (
                        SELECT d.id, ${column} AS sort FROM devices d
                         WHERE d.site_id = u.site_id AND {devices:d}
                               ${conditions.map((condition) => `AND ${condition}`).join(' ')}
                         ORDER BY ${column} ${direction}, d.id ${direction} LIMIT ${add(offset + limit)}) k
                  ORDER BY k.sort ${direction}, k.id ${direction} LIMIT ${add(limit)} OFFSET ${add(offset)}) page
           JOIN devices d ON d.id = page.id
           JOIN sites s ON s.id = d.site_id
          ORDER BY page.sort ${direction}, page.id ${direction}`,
        bind,
        { prepared: true },
      );
    } else {
      if (sites && filter.bySite) conditions.push(`d.site_id = ANY(${add(sites)}::bigint[])`);
      rows = conditions.length
        ? // Filters (a keyword's selectivity above all) choose the plan: planned for their values each
          // time. The page's ids come first, then its rows: the ordered scan and its filters read the
          // sort's index alone where it carries them (a keyword across the fleet by name: the name
          // index has `search_text`) instead of fetching every row it passes over from the table.
          await scope.rows(
            this.db,
            `SELECT ${LIST_COLUMNS}, ${column}::text AS sort_value
               FROM (SELECT d.id, ${column} AS sort FROM devices d
                      WHERE {devices:d} ${conditions.map((condition) => `AND ${condition}`).join(' ')}
                      ORDER BY ${column} ${direction}, d.id ${direction}
                      LIMIT ${add(limit)} OFFSET ${add(offset)}) page
               JOIN devices d ON d.id = page.id
               JOIN sites s ON s.id = d.site_id
              ORDER BY page.sort ${direction}, page.id ${direction}`,
            bind,
            { prepared: false },
          )
        : // Unfiltered: the first rows of the sort's index. For the whole fleet one plan suits every
          // value (the ids-first form above does not: planned without its LIMIT, it joins every
          // device); below the platform the scope's organizations choose it, planned each time.
          await scope.rows(
            this.db,
            `SELECT ${LIST_COLUMNS}, ${column}::text AS sort_value
               FROM devices d JOIN sites s ON s.id = d.site_id
              WHERE {devices:d}
              ORDER BY ${column} ${direction}, d.id ${direction}
              LIMIT ${add(limit)} OFFSET ${add(offset)}`,
            bind,
            { prepared: scope.isPlatform },
          );
    }
    const last = rows.at(-1);
    return {
      list: rows.map(listRowOf),
      last: last ? [String(last[LIST_COLUMN_COUNT]), String(last[0])] : null,
    };
  }

  /** Exact up to COUNT_CAP (counting stops there), else the planner's estimate. */
  private async count(scope: TenantScope, filter: FilterSql): Promise<Count> {
    const conditions = ['{devices:d}', ...filter.conditions].join(' AND ');
    const sites = filter.siteIds;
    const siteBind = [...filter.bind, sites];
    // Site by site, a keyword is filtered from the site indexes; the fleet-wide trigram index the
    // planner would pick costs far more for common words ('room').
    const [counted] =
      sites && sites.length <= MERGE_SITES
        ? await scope.query<{ total: string }>(
            this.db,
            `SELECT count(*) AS total FROM (
               SELECT 1 FROM unnest($${siteBind.length}::bigint[]) AS u(site_id)
                CROSS JOIN LATERAL (SELECT 1 FROM devices d WHERE d.site_id = u.site_id AND ${conditions}
                                     LIMIT ${COUNT_CAP + 1}) k
                LIMIT ${COUNT_CAP + 1}) capped`,
            siteBind,
          )
        : await scope.query<{ total: string }>(
            this.db,
            `SELECT count(*) AS total FROM (SELECT 1 FROM devices d WHERE ${this.allSites(conditions, filter, siteBind)}
               LIMIT ${COUNT_CAP + 1}) capped`,
            filter.bySite ? siteBind : filter.bind,
          );
    const total = Number(counted?.total ?? 0);
    if (total <= COUNT_CAP) return { total, exact: true };
    const [plan] = await scope.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      this.db,
      `EXPLAIN (FORMAT JSON) SELECT 1 FROM devices d WHERE ${this.allSites(conditions, filter, siteBind)}`,
      filter.bySite ? siteBind : filter.bind,
    );
    const estimate = Math.round(plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
    return { total: Math.max(estimate, COUNT_CAP + 1), exact: false };
  }

  /** `conditions` plus the named site's subtree, whose ids are the last of `siteBind`. */
  private allSites(conditions: string, filter: FilterSql, siteBind: unknown[]): string {
    return filter.bySite ? `${conditions} AND d.site_id = ANY($${siteBind.length}::bigint[])` : conditions;
  }
}

/** The number of `LIST_COLUMNS`; the list's pages add the sort value after them. */
const LIST_COLUMN_COUNT = 14;

/** A list row from the values of `LIST_COLUMNS`, in their order (a page's rows come as arrays). */
function listRowOf(values: unknown[]): DeviceListRow {
  const [
    id,
    mac,
    serial,
    name,
    model,
    firmware,
    siteId,
    siteName,
    status,
    account,
    push,
    created,
    fetched,
    ip,
  ] = values as [
    string,
    string,
    string | null,
    string,
    string,
    string,
    string,
    string,
    number,
    number,
    boolean,
    Date,
    Date | null,
    string | null,
  ];
  return {
    id: Number(id),
    macAddress: macWithColons(mac),
    serialNumber: serial,
    deviceName: name,
    deviceModel: model,
    firmwareVersion: firmware,
    siteId: Number(siteId),
    siteName,
    status,
    accountStatus: account,
    pushEnabled: push,
    createTime: created.toISOString(),
    lastFetchTime: fetched?.toISOString() ?? null,
    ip,
  };
}

export function toListRow(row: DeviceRow): DeviceListRow {
  return listRowOf([
    row.id,
    row.mac,
    row.serial_number,
    row.device_name,
    row.model,
    row.firmware,
    row.site_id,
    row.site_name,
    row.status,
    row.account_status,
    row.push_enabled,
    row.created_at,
    row.last_fetch_at,
    row.ip,
  ]);
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
