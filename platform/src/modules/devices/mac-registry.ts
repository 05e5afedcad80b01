import type { Database } from '../../db/database.js';
import type { TenantScope } from '../tenancy/scope.js';

/**
 * MACs are unique platform-wide: a phone identifies itself by its MAC on the device-facing side
 * (provisioning file names, the digest user name), so two organizations cannot each hold one MAC.
 * Whether a MAC is registered is therefore no secret (adding the device would find out), but
 * who holds it is: every answer about a MAC outside the caller's scope says that it is registered
 * to another organization, and nothing more (docs/api.md "MAC addresses").
 */
export async function macsRegisteredElsewhere(
  db: Database,
  scope: TenantScope,
  macs: readonly string[],
): Promise<Set<string>> {
  if (!macs.length) return new Set();
  const rows = await scope.query<{ mac: string }>(
    db,
    'SELECT d.mac FROM devices d WHERE d.mac = ANY($1::text[]) AND NOT ({scope:d.org_id})',
    [macs],
  );
  return new Set(rows.map((row) => row.mac));
}
