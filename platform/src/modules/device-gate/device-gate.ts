import type { Database } from '../../db/database.js';
import type { DeviceReply } from '../../http/device-app.js';
import { challenge, parseAuthorization, verifyDigest } from './digest.js';

/**
 * The one door of the device-facing side. Every phone request (`/prov`, `/events`, and later
 * firmware and resource downloads) is judged here: the address allow-list of the nearest
 * organization that has one, then HTTP digest against the device's own password or any
 * organization above it (stateless nonces signed with a secret every instance shares). The
 * "never serve a secret to an unauthenticated device" invariant rests on this file.
 */

/** The gate's columns for a device row `d` that carries its organization's `org_path`. */
export function gateColumns(device = 'd'): string {
  return `${device}.mac, ${device}.prov_ha1 AS device_ha1,
         coalesce((SELECT $2::inet <<= ANY(o.prov_allow_cidrs) FROM orgs o
                    WHERE ${device}.org_path LIKE o.path || '%' AND o.prov_allow_cidrs IS NOT NULL
                    ORDER BY length(o.path) DESC LIMIT 1), true) AS allowed,
         (SELECT json_agg(json_build_object('username', o.prov_username, 'ha1', o.prov_ha1))
            FROM orgs o WHERE ${device}.org_path LIKE o.path || '%' AND o.prov_ha1 IS NOT NULL) AS credentials`;
}

/** What `gateColumns` selects. The query binds the caller's address as `$2`. */
export interface GateRow {
  mac: string;
  device_ha1: string | null;
  allowed: boolean;
  credentials: { username: string; ha1: string }[] | null;
}

export interface GateRequest {
  method: string;
  /** Request URI as sent (digest signs it). */
  uri: string;
  authorization: string | undefined;
}

export type GateVerdict =
  /** `authenticated` false: the tenant set no credentials; secrets must be withheld. */
  | { kind: 'admitted'; authenticated: boolean }
  | { kind: 'forbidden' }
  /** `offered`: the phone sent credentials that failed (worth recording), not just none yet. */
  | { kind: 'challenged'; offered: boolean; reply: DeviceReply };

export class DeviceGate {
  private readonly db: Database;
  private nonceSecret: Promise<string> | undefined;

  constructor({ db }: { db: Database }) {
    this.db = db;
  }

  /**
   * `requireCredentials`: refuse a device whose tenants set no credentials (events change state,
   * so they are never anonymous); provisioning admits it unauthenticated.
   */
  async judge(device: GateRow, request: GateRequest, requireCredentials: boolean): Promise<GateVerdict> {
    if (!device.allowed) return { kind: 'forbidden' };
    const credentials = [
      ...(device.device_ha1 ? [{ username: device.mac, ha1: device.device_ha1 }] : []),
      ...(device.credentials ?? []),
    ];
    if (credentials.length === 0 && !requireCredentials) return { kind: 'admitted', authenticated: false };
    const secret = await this.secret();
    const offered = parseAuthorization(request.authorization);
    const credential = offered && credentials.find((c) => c.username === offered.username);
    const verdict =
      offered && credential
        ? verifyDigest(offered, credential.ha1, request.method, request.uri, secret)
        : 'invalid';
    if (verdict === 'ok') return { kind: 'admitted', authenticated: true };
    return {
      kind: 'challenged',
      offered: offered !== undefined,
      reply: {
        status: 401,
        headers: { 'WWW-Authenticate': challenge(secret, verdict === 'stale'), 'Content-Type': 'text/plain' },
        body: 'Authentication required\n',
      },
    };
  }

  private secret(): Promise<string> {
    this.nonceSecret ??= this.db
      .one<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'provisioningNonce'`)
      .then((row) => row?.value ?? '');
    return this.nonceSecret;
  }
}
