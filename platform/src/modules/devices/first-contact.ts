import { DeviceStatus } from '@phonefleet/sdk';

/**
 * A new device takes over what its phone showed while unknown (docs/devices.md "First contact"):
 * the columns of `devices` an add or import fills from a sighting (`sightingsSql`, provisioning's
 * record of unknown devices), so status, address and pushability agree from the first moment.
 */
export const FIRST_CONTACT_COLUMNS =
  'last_fetch_ip, sip_port, reported_model, reported_firmware, last_seen_at, status';

/** Values for `FIRST_CONTACT_COLUMNS` from the sighting relation `seen` (NULLs without one). */
export function firstContactValues(seen: string): string {
  return `${seen}.ip, ${seen}.sip_port, ${seen}.model, ${seen}.firmware, ${seen}.last_seen,
          CASE WHEN ${seen}.mac IS NULL THEN ${DeviceStatus.offline} ELSE ${DeviceStatus.online} END`;
}
