import type { Database } from '../../db/database.js';
import type { DeviceReply } from '../../http/device-app.js';
import { ancestorIdsSql } from '../tenancy/ancestors.js';
import { challenge, parseAuthorization, verifyDigest } from './digest.js';
import { GuessThrottle } from './guess-throttle.js';
import { NonceBook } from './nonces.js';

/**
 * The one door of the device-facing side. Every phone request (`/prov`, `/events`, and later
 * firmware and resource downloads) is judged here: HTTP digest against the device's own password
 * or any organization above it (nonces bound to the client's address and to this instance, each
 * use recorded so a replay fails: nonces.ts), wrong guesses throttled per MAC and address, then the address allow-list of the
 * nearest organization that has one. An unknown MAC is challenged like a known one, so the
 * answer tells nothing about the inventory. The "never serve a secret to an unauthenticated
 * device" invariant rests on this file; see docs/security.md.
 */

/** The gate's columns for a device row `d` that carries its organization's `org_path`. */
export function gateColumns(device = 'd', ip = '$2::inet'): string {
  return `${device}.mac, ${device}.prov_ha1 AS device_ha1,
         coalesce((SELECT ${ip} <<= ANY(o.prov_allow_cidrs) FROM orgs o
                    WHERE o.id = ANY (${ancestorIdsSql(`${device}.org_path`)}) AND o.prov_allow_cidrs IS NOT NULL
                    ORDER BY length(o.path) DESC LIMIT 1), true) AS allowed,
         (SELECT json_agg(json_build_object('username', o.prov_username, 'ha1', o.prov_ha1))
            FROM orgs o WHERE o.id = ANY (${ancestorIdsSql(`${device}.org_path`)}) AND o.prov_ha1 IS NOT NULL) AS credentials,
         EXISTS (SELECT 1 FROM orgs o WHERE o.id = ANY (${ancestorIdsSql(`${device}.org_path`)}) AND o.status = 'frozen') AS frozen`;
}

/** What `gateColumns` selects. The caller's address is `ip` (by default the query's `$2`). */
export interface GateRow {
  mac: string;
  device_ha1: string | null;
  allowed: boolean;
  credentials: { username: string; ha1: string }[] | null;
  /** Its organization or one above it is frozen: its phones are not provisioned (docs/organisation.md). */
  frozen: boolean;
}

export interface GateRequest {
  method: string;
  /** Request URI as sent (digest signs it). */
  uri: string;
  ip: string;
  authorization: string | undefined;
}

export type GateVerdict =
  /** `authenticated` false: the tenant set no credentials; secrets must be withheld. */
  | { kind: 'admitted'; authenticated: boolean }
  | { kind: 'forbidden' }
  /** The phone is who it says, but its organization (or one above) is frozen. */
  | { kind: 'frozen' }
  /**
   * `offered`: the phone sent credentials that failed (worth recording), not just none yet.
   * `stranger`: a MAC not in the inventory that authenticated with the credentials of organization
   * `orgId` (a tenant's own phone, not yet added). It is challenged like any unknown MAC, so the
   * answer still says nothing of the inventory; only its record may later give the device its address.
   */
  | { kind: 'challenged'; offered: boolean; reply: DeviceReply; stranger?: { orgId: number } }
  /** Too many wrong digests for this MAC or address: refused whatever it sent. */
  | { kind: 'waiting'; reply: DeviceReply };

const WAITING_REPLY: DeviceReply = {
  status: 429,
  headers: { 'Retry-After': '600', 'Content-Type': 'text/plain' },
  body: 'Too many failed attempts\n',
};

export class DeviceGate {
  private readonly db: Database;
  private readonly throttle: GuessThrottle;
  private nonceBook: Promise<NonceBook> | undefined;

  constructor({ db }: { db: Database }) {
    this.db = db;
    this.throttle = new GuessThrottle(db);
  }

  /**
   * `device` undefined: the MAC is not in the inventory. `requireCredentials`: refuse a device
   * whose tenants set no credentials (events change state, so they are never anonymous);
   * provisioning admits it unauthenticated.
   */
  async judge(
    mac: string,
    device: GateRow | undefined,
    request: GateRequest,
    requireCredentials: boolean,
  ): Promise<GateVerdict> {
    const credentials: { username: string; ha1: string; orgId?: number }[] = device
      ? [
          ...(device.device_ha1 ? [{ username: device.mac, ha1: device.device_ha1 }] : []),
          ...(device.credentials ?? []),
        ]
      : [];
    if (device && credentials.length === 0) {
      if (!device.allowed) return { kind: 'forbidden' };
      if (!requireCredentials)
        return device.frozen ? { kind: 'frozen' } : { kind: 'admitted', authenticated: false };
    }
    const nonces = await this.nonces();
    const offered = parseAuthorization(request.authorization);
    // An unknown MAC: the organizations whose phone credentials carry the offered user name.
    if (!device && offered) credentials.push(...(await this.organizationCredentials(offered.username)));
    let verdict: ReturnType<typeof verifyDigest> = 'invalid';
    let credential: (typeof credentials)[number] | undefined;
    if (offered) {
      for (const candidate of credentials) {
        if (candidate.username !== offered.username) continue;
        verdict = verifyDigest(offered, candidate.ha1, request.method, request.uri, nonces, request.ip);
        credential = candidate;
        if (verdict !== 'invalid') break;
      }
    }
    if (verdict !== 'ok' || !offered) {
      if (offered && verdict === 'invalid' && !(await this.throttle.wrong(mac, request.ip))) {
        return { kind: 'waiting', reply: WAITING_REPLY };
      }
      return this.challenge(nonces, request.ip, offered !== undefined, verdict === 'stale');
    }
    if (await this.throttle.waits(mac, request.ip)) return { kind: 'waiting', reply: WAITING_REPLY };
    // Sent before with this count: a replay (or a phone that lost count): ask for a fresh nonce.
    if (!nonces.use(offered.nonce, Number.parseInt(offered.nc ?? '0', 16) || 0)) {
      return this.challenge(nonces, request.ip, true, true);
    }
    if (!device && credential?.orgId !== undefined) {
      return { ...this.challenge(nonces, request.ip, true, false), stranger: { orgId: credential.orgId } };
    }
    if (!device?.allowed) return { kind: 'forbidden' };
    if (device.frozen) return { kind: 'frozen' };
    return { kind: 'admitted', authenticated: true };
  }

  /** Phone credentials of every organization using `username` (names are per organization). */
  private async organizationCredentials(
    username: string,
  ): Promise<{ username: string; ha1: string; orgId: number }[]> {
    const rows = await this.db.prepared<{ id: string; ha1: string }>(
      'device-gate-organization-credentials',
      'SELECT id, prov_ha1 AS ha1 FROM orgs WHERE prov_username = $1 AND prov_ha1 IS NOT NULL LIMIT 20',
      [username],
    );
    return rows.map((row) => ({ username, ha1: row.ha1, orgId: Number(row.id) }));
  }

  private challenge(
    nonces: NonceBook,
    address: string,
    offered: boolean,
    stale: boolean,
  ): Extract<GateVerdict, { kind: 'challenged' }> {
    return {
      kind: 'challenged',
      offered,
      reply: {
        status: 401,
        headers: { 'WWW-Authenticate': challenge(nonces, address, stale), 'Content-Type': 'text/plain' },
        body: 'Authentication required\n',
      },
    };
  }

  private nonces(): Promise<NonceBook> {
    this.nonceBook ??= this.db
      .one<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'provisioningNonce'`)
      .then((row) => new NonceBook(row?.value ?? ''));
    return this.nonceBook;
  }
}
