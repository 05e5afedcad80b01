import type { Migration } from '../../../module.js';

/**
 * What a phone showed while unknown, so adding its device can take it over (docs/devices.md
 * "First contact"): whether the request authenticated with an organization's phone credentials
 * (then it is filed under that organization, apart from anonymous requests for the same MAC),
 * the model, firmware and SIP port it reported. Records are found by MAC when devices are added
 * or removed; organizations by phone user name when an unknown MAC offers credentials.
 */
export const unknownDeviceSightings: Migration = {
  name: '0016-unknown-device-sightings',
  async up(db, transaction) {
    await db.execute(
      `ALTER TABLE unknown_devices
         ADD COLUMN authenticated boolean NOT NULL DEFAULT false,
         ADD COLUMN model text,
         ADD COLUMN firmware text,
         ADD COLUMN sip_port integer CHECK (sip_port BETWEEN 1 AND 65535),
         DROP CONSTRAINT unknown_devices_key,
         ADD CONSTRAINT unknown_devices_key UNIQUE (org_id, mac, reason, authenticated);
       CREATE INDEX unknown_devices_mac_idx ON unknown_devices (mac) WHERE mac IS NOT NULL;
       CREATE INDEX orgs_prov_username_idx ON orgs (prov_username) WHERE prov_ha1 IS NOT NULL;`,
      [],
      transaction,
    );
  },
};
