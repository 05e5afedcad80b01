import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../../db/database.js';
import type { DeviceRequest } from '../../http/device-app.js';
import type { GateVerdict } from '../device-gate/device-gate.js';
import { ROOT_ORG_ID } from '../tenancy/root-organization.js';

/** Distinct unknown MACs one address may add in an hour; more roll up into one row. */
export const UNKNOWN_MACS_PER_ADDRESS_HOUR = 100;
const TEXT_LIMIT = 128;
const MANY_UNKNOWN = 'many unknown MACs from this address';
/** The reason of a request for a MAC the inventory lacks: the only record a new device may learn from. */
export const NOT_IN_INVENTORY = 'MAC not in inventory';

/** What a phone showed of itself while unknown: kept with its record, given to the device when added. */
export interface Sighting {
  model?: string | undefined;
  firmware?: string | undefined;
  sipPort?: number | undefined;
}

/**
 * The latest trustworthy sighting of each new device in `rows` (a relation with `org_id` and `mac`
 * text): a record of its own MAC, reason `NOT_IN_INVENTORY`, from an address the device's
 * allow-list admits, and either authenticated with the phone credentials of the device's
 * organization or one above it, or, when no organization above the device has credentials (it
 * would be served anonymously anyway), any such record. A stranger's anonymous request never
 * gives an address to a device whose tenant set credentials (docs/devices.md "First contact").
 * Columns: `mac, ip, sip_port, model, firmware, last_seen`.
 */
export function sightingsSql(rows: string): string {
  return `SELECT DISTINCT ON (u.mac) u.mac, u.ip, u.sip_port, u.model, u.firmware, u.last_seen
      FROM ${rows} r
      JOIN orgs dorg ON dorg.id = r.org_id
      JOIN unknown_devices u ON u.mac = r.mac::char(12) AND u.reason = '${NOT_IN_INVENTORY}'
     WHERE u.ip IS NOT NULL
       AND coalesce((SELECT u.ip <<= ANY(o.prov_allow_cidrs) FROM orgs o
                      WHERE dorg.path LIKE o.path || '%' AND o.prov_allow_cidrs IS NOT NULL
                      ORDER BY length(o.path) DESC LIMIT 1), true)
       AND CASE WHEN u.authenticated
                THEN dorg.path LIKE (SELECT a.path FROM orgs a WHERE a.id = u.org_id) || '%'
                ELSE NOT EXISTS (SELECT 1 FROM orgs o WHERE dorg.path LIKE o.path || '%' AND o.prov_ha1 IS NOT NULL)
           END
     ORDER BY u.mac, u.authenticated DESC, u.last_seen DESC`;
}

/** Every unknown-device record of the MACs in `rows` (a relation with `mac`): settled by an add or removal. */
export function settleUnknownSql(rows: string): string {
  return `DELETE FROM unknown_devices u USING ${rows} r WHERE u.mac = r.mac::char(12)`;
}

/**
 * The record of refused and unmatched phone requests (`unknown_devices`, the home page's count),
 * bounded whatever a client sends: one row per (organization, MAC, reason), counting hits; requests
 * without a MAC, and one address's unknown MACs beyond the hourly allowance, roll up into one row
 * per (organization, address, reason). Texts a client chose are cut short.
 */
export class UnknownDevices {
  private readonly newMacs: RateLimiterPostgres;

  constructor(private readonly db: Database) {
    this.newMacs = new RateLimiterPostgres({
      storeClient: db.sequelize,
      storeType: 'sequelize',
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix: 'unknown-macs',
      points: UNKNOWN_MACS_PER_ADDRESS_HOUR,
      duration: 3600,
    });
  }

  /**
   * A request for a MAC not in the inventory. A stranger that authenticated with an
   * organization's phone credentials is that organization's phone (filed under it, `authenticated`);
   * anything else is filed under the platform.
   */
  recordStranger(request: DeviceRequest, mac: string, verdict: GateVerdict, seen: Sighting): Promise<void> {
    const stranger = verdict.kind === 'challenged' ? verdict.stranger : undefined;
    return this.record(request, mac, NOT_IN_INVENTORY, stranger?.orgId ?? ROOT_ORG_ID, {
      ...seen,
      authenticated: stranger !== undefined,
    });
  }

  async record(
    request: DeviceRequest,
    mac: string | undefined,
    reason: string,
    orgId: number,
    seen: Sighting & { authenticated?: boolean } = {},
  ): Promise<void> {
    let why = reason;
    let recordedMac = mac;
    const authenticated = seen.authenticated === true;
    // The hourly allowance bounds what unauthenticated clients can add; a tenant's phones pass.
    if (
      mac &&
      !authenticated &&
      !(await this.known(orgId, mac, reason)) &&
      !(await this.allowance(request.ip))
    ) {
      recordedMac = undefined;
      why = MANY_UNKNOWN;
    }
    const values = [
      orgId,
      request.userAgent.slice(0, TEXT_LIMIT),
      request.rest.slice(0, TEXT_LIMIT),
      request.ip || null,
      why,
    ];
    const update = `DO UPDATE SET hits = unknown_devices.hits + 1, last_seen = now(),
                    user_agent = EXCLUDED.user_agent, path = EXCLUDED.path, ip = EXCLUDED.ip`;
    if (recordedMac) {
      await this.db.execute(
        `INSERT INTO unknown_devices (org_id, user_agent, path, ip, reason, mac, authenticated, model, firmware, sip_port)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (org_id, mac, reason, authenticated) ${update},
           model = coalesce(EXCLUDED.model, unknown_devices.model),
           firmware = coalesce(EXCLUDED.firmware, unknown_devices.firmware),
           sip_port = coalesce(EXCLUDED.sip_port, unknown_devices.sip_port)`,
        [
          ...values,
          recordedMac,
          authenticated,
          seen.model?.slice(0, TEXT_LIMIT) ?? null,
          seen.firmware?.slice(0, TEXT_LIMIT) ?? null,
          seen.sipPort ?? null,
        ],
      );
    } else {
      await this.db.execute(
        `INSERT INTO unknown_devices (org_id, user_agent, path, ip, reason) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (org_id, coalesce(ip, '0.0.0.0'::inet), reason) WHERE mac IS NULL ${update}`,
        values,
      );
    }
  }

  private async known(orgId: number, mac: string, reason: string): Promise<boolean> {
    return (
      (await this.db.one('SELECT 1 FROM unknown_devices WHERE org_id = $1 AND mac = $2 AND reason = $3', [
        orgId,
        mac,
        reason,
      ])) !== undefined
    );
  }

  private async allowance(address: string): Promise<boolean> {
    try {
      await this.newMacs.consume(address || 'none');
      return true;
    } catch (error) {
      if (error instanceof RateLimiterRes) return false;
      throw error;
    }
  }
}
