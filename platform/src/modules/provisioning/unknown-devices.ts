import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../../db/database.js';
import type { DeviceRequest } from '../../http/device-app.js';

/** Distinct unknown MACs one address may add in an hour; more roll up into one row. */
export const UNKNOWN_MACS_PER_ADDRESS_HOUR = 100;
const TEXT_LIMIT = 128;
const MANY_UNKNOWN = 'many unknown MACs from this address';

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

  async record(
    request: DeviceRequest,
    mac: string | undefined,
    reason: string,
    orgId: number,
  ): Promise<void> {
    let why = reason;
    let recordedMac = mac;
    if (mac && !(await this.known(orgId, mac, reason)) && !(await this.allowance(request.ip))) {
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
        `INSERT INTO unknown_devices (org_id, user_agent, path, ip, reason, mac) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (org_id, mac, reason) ${update}`,
        [...values, recordedMac],
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
