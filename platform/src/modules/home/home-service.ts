import { AccountStatus, DeviceAccountStatus, DeviceStatus, type HomeTotals } from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { QUALITY_TOTALS_SQL } from '../calls/quality-totals.js';
import type { TenantScope } from '../tenancy/scope.js';

/** The home dashboard's figures (spec §2), each one aggregate query within the caller's scope. */
export class HomeService {
  private readonly db: Database;

  constructor({ db }: { db: Database }) {
    this.db = db;
  }

  async totals(scope: TenantScope): Promise<HomeTotals> {
    const query = <Row extends object>(sql: string, bind: unknown[] = []) =>
      scope.query<Row>(this.db, sql, bind);
    const [devices, unknown, models, organizations, accounts, calls] = await Promise.all([
      query<{ total: string; online: string; offline: string; abnormal: string; disabled: string }>(
        `SELECT count(*) AS total,
                count(*) FILTER (WHERE status = ${DeviceStatus.online} AND push_enabled) AS online,
                count(*) FILTER (WHERE status = ${DeviceStatus.offline} AND push_enabled) AS offline,
                count(*) FILTER (WHERE status = ${DeviceStatus.abnormal} AND push_enabled) AS abnormal,
                count(*) FILTER (WHERE NOT push_enabled) AS disabled
           FROM devices d WHERE {devices:d}`,
      ),
      // MACs that asked while not in the inventory, plus one per address whose requests had no MAC.
      query<{ total: string }>(
        `SELECT count(DISTINCT coalesce(u.mac::text, host(u.ip), '')) AS total FROM unknown_devices u
          WHERE {scope:u.org_id}
            AND (u.mac IS NULL OR NOT EXISTS (SELECT 1 FROM devices d WHERE d.mac = u.mac))`,
      ),
      query<{ model: string; count: string }>(
        `SELECT model, count(*) AS count FROM devices d WHERE {devices:d}
          GROUP BY model ORDER BY count(*) DESC, model LIMIT 10`,
      ),
      // Organizations one level below the caller (an enterprise: itself), with the devices of their
      // whole subtree.
      query<{ id: string; name: string; type: 'channel' | 'enterprise'; count: string }>(
        `SELECT o.id, o.name, o.type,
                (SELECT count(*) FROM devices d JOIN orgs od ON od.id = d.org_id
                  WHERE od.path LIKE o.path || '%') AS count
           FROM orgs o
          WHERE (o.parent_id = $1 OR (o.id = $1 AND o.type = 'enterprise')) AND {scope:o.id}
          ORDER BY count DESC, o.name LIMIT 10`,
        [scope.orgId],
      ),
      // SIP accounts by registration (docs/home.md): each bound line as its phone reported it; a
      // phone without bound lines as its own account status says; an account on no line unassigned.
      query<{ unassigned: string; registered: string; unregistered: string }>(
        `SELECT (SELECT count(*) FROM sip_accounts s WHERE {scope:s.org_id} AND {sites:s.site_id}
                   AND NOT EXISTS (SELECT 1 FROM sip_bindings b WHERE b.account_id = s.id)) AS unassigned,
                coalesce(sum(CASE WHEN l.bound IS NULL THEN (d.account_status = ${DeviceAccountStatus.normal})::int
                                  ELSE l.registered END), 0) AS registered,
                coalesce(sum(CASE WHEN l.bound IS NULL THEN (d.account_status = ${DeviceAccountStatus.abnormal})::int
                                  ELSE l.bound - l.registered END), 0) AS unregistered
           FROM devices d
           LEFT JOIN (SELECT b.device_id, count(*) AS bound,
                             count(*) FILTER (WHERE b.status = ${AccountStatus.registered}) AS registered
                        FROM sip_bindings b GROUP BY b.device_id) l ON l.device_id = d.id
          WHERE {devices:d}`,
      ),
      query<{ good: string; fair: string; poor: string }>(QUALITY_TOTALS_SQL),
    ]);
    const d = devices[0];
    const a = accounts[0];
    const c = calls[0];
    return {
      totalDevices: Number(d?.total ?? 0),
      unknownDevices: Number(unknown[0]?.total ?? 0),
      deviceStatus: {
        online: Number(d?.online ?? 0),
        offline: Number(d?.offline ?? 0),
        abnormal: Number(d?.abnormal ?? 0),
        disabled: Number(d?.disabled ?? 0),
      },
      models: models.map((row) => ({ model: row.model, count: Number(row.count) })),
      organizations: organizations.map((row) => ({
        id: Number(row.id),
        name: row.name,
        type: row.type,
        count: Number(row.count),
      })),
      sipAccounts: {
        unassigned: Number(a?.unassigned ?? 0),
        registered: Number(a?.registered ?? 0),
        unregistered: Number(a?.unregistered ?? 0),
      },
      callQuality: { good: Number(c?.good ?? 0), fair: Number(c?.fair ?? 0), poor: Number(c?.poor ?? 0) },
    };
  }
}
