import { macWithColons, type UnknownDeviceRow } from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import type { TenantScope } from '../tenancy/scope.js';
import { type UnknownSearch, unknownSortFields } from './schemas.js';

/**
 * The unknown-device records the caller may see, as the home page counts them: filed under its
 * scope's organizations, and not (any longer) a device's MAC. `$1` is the reason (empty: any), `$2`
 * a LIKE pattern on address, model, firmware and path, `$3` one on the MAC (empty: no keyword).
 */
const VISIBLE_SQL = `
  SELECT u.* FROM unknown_devices u
   WHERE {scope:u.org_id}
     AND (u.mac IS NULL OR NOT EXISTS (SELECT 1 FROM devices d WHERE d.mac = u.mac))
     AND ($1::text = '' OR u.reason = $1)
     AND ($2::text = '' OR u.mac LIKE $3 OR host(u.ip) LIKE $2 OR lower(u.model) LIKE $2
          OR lower(u.firmware) LIKE $2 OR lower(u.path) LIKE $2)`;

/**
 * One row per phone: the records of a MAC (several reasons or organizations), or of an address whose
 * requests named none, together, as the home page's count takes them. What the phone showed is the
 * latest record's; the model and firmware the latest that reported them.
 */
const GROUPED_SQL = `
  SELECT min(v.id) AS id, max(v.mac) AS mac,
         (array_agg(host(v.ip) ORDER BY v.last_seen DESC, v.id DESC))[1] AS ip,
         (array_agg(v.model ORDER BY v.last_seen DESC, v.id DESC) FILTER (WHERE v.model IS NOT NULL))[1] AS model,
         (array_agg(v.firmware ORDER BY v.last_seen DESC, v.id DESC) FILTER (WHERE v.firmware IS NOT NULL))[1] AS firmware,
         (array_agg(v.path ORDER BY v.last_seen DESC, v.id DESC))[1] AS path,
         (array_agg(v.user_agent ORDER BY v.last_seen DESC, v.id DESC))[1] AS user_agent,
         (array_agg(v.reason ORDER BY v.last_seen DESC, v.id DESC))[1] AS reason,
         (array_agg(v.org_id ORDER BY v.last_seen DESC, v.id DESC))[1] AS org_id,
         sum(v.hits) AS hits, min(v.first_seen) AS first_seen, max(v.last_seen) AS last_seen
    FROM visible v
   GROUP BY coalesce(v.mac::text, host(v.ip), '')`;

interface GroupRow {
  id: string;
  mac: string | null;
  ip: string | null;
  model: string | null;
  firmware: string | null;
  path: string;
  user_agent: string;
  reason: string;
  hits: string;
  first_seen: Date;
  last_seen: Date;
  org_name: string;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Bind values of `VISIBLE_SQL` for a reason and keywords. */
function filterValues(reason: string, keywords: string): [string, string, string] {
  if (!keywords) return [reason, '', ''];
  const lower = keywords.toLowerCase();
  const mac = /^[0-9a-f:.-]+$/.test(lower) ? lower.replace(/[:.-]/g, '') : lower;
  return [reason, `%${escapeLike(lower)}%`, `%${escapeLike(mac)}%`];
}

function toRow(row: GroupRow): UnknownDeviceRow {
  const mac = row.mac?.trim();
  return {
    id: Number(row.id),
    macAddress: mac ? macWithColons(mac) : null,
    deviceModel: row.model,
    firmwareVersion: row.firmware,
    ip: row.ip,
    path: row.path,
    userAgent: row.user_agent,
    reason: row.reason,
    hits: Number(row.hits),
    firstSeen: row.first_seen.toISOString(),
    lastSeen: row.last_seen.toISOString(),
    organizationName: row.org_name,
  };
}

/**
 * The list behind the home page's "Unknown devices" (docs/devices.md "Unknown devices"): phones that
 * asked for their configuration and were refused, within the caller's scope. The records are bounded
 * by provisioning (one row per organization, MAC and reason; an address's hourly allowance), so a
 * page groups and counts them in one statement.
 */
export class UnknownDeviceList {
  private readonly db: Database;

  constructor({ db }: { db: Database }) {
    this.db = db;
  }

  async search(
    scope: TenantScope,
    query: UnknownSearch,
  ): Promise<{ list: UnknownDeviceRow[]; total: number }> {
    const order = `${unknownSortFields[query.sortField]} ${query.sortOrder === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, g.id`;
    const [found] = await scope.query<{ total: string; list: GroupRow[] | null }>(
      this.db,
      `WITH visible AS (${VISIBLE_SQL}), grouped AS (${GROUPED_SQL})
       SELECT (SELECT count(*) FROM grouped) AS total,
              (SELECT json_agg(p ORDER BY p.n) FROM (
                 SELECT g.*, o.name AS org_name, row_number() OVER (ORDER BY ${order}) AS n
                   FROM grouped g JOIN orgs o ON o.id = g.org_id
                  ORDER BY ${order} LIMIT $4 OFFSET $5) p) AS list`,
      [
        ...filterValues(query.reason, query.keywords),
        query.pageSize,
        (query.currentPage - 1) * query.pageSize,
      ],
    );
    const list = (found?.list ?? []).map((row) =>
      toRow({ ...row, first_seen: new Date(row.first_seen), last_seen: new Date(row.last_seen) }),
    );
    return { list, total: Number(found?.total ?? 0) };
  }

  /** The reasons of the caller's unknown devices, for the list's filter. */
  async reasons(scope: TenantScope): Promise<{ reason: string; count: number }[]> {
    const rows = await scope.query<{ reason: string; count: string }>(
      this.db,
      `WITH visible AS (${VISIBLE_SQL})
       SELECT reason, count(DISTINCT coalesce(mac::text, host(ip), '')) AS count
         FROM visible GROUP BY reason ORDER BY count DESC, reason`,
      filterValues('', ''),
    );
    return rows.map((row) => ({ reason: row.reason, count: Number(row.count) }));
  }
}
