import type { Migration } from '../../../module.js';

/**
 * Device inventory: the SIP account a device is bound to, what phones report about themselves
 * (details screen), the per-device operation log, and the list's indexes for sorted pages inside a
 * site: each sort column paired with the site, so a subtree page is a merge of per-site index scans.
 */
const sql = `
ALTER TABLE devices
  ADD COLUMN sip_account_id bigint REFERENCES sip_accounts (id) ON DELETE SET NULL,
  ADD COLUMN hardware_version text,
  ADD COLUMN last_reboot_at timestamptz,
  ADD COLUMN ipv4 jsonb,
  ADD COLUMN ipv6 jsonb;
CREATE INDEX devices_sip_account_idx ON devices (sip_account_id) WHERE sip_account_id IS NOT NULL;

-- What keywords match, kept in the row: the site indexes carry it, so a keyword inside a site
-- subtree is filtered from the index alone instead of intersecting trigram lists of the whole fleet.
ALTER TABLE devices ADD COLUMN search_text text NOT NULL
  GENERATED ALWAYS AS (mac || ' ' || lower(device_name) || ' ' || lower(coalesce(serial_number, ''))) STORED;
DROP INDEX devices_keywords_idx;
CREATE INDEX devices_keywords_idx ON devices USING gin (search_text gin_trgm_ops);

-- The list's usual sorts (MAC, name) inside a site; the rarer ones sort a site's rows. Every index
-- costs imports time, so there are no more of them.
DROP INDEX devices_site_mac_idx;
DROP INDEX devices_site_idx;
CREATE INDEX devices_site_mac_idx ON devices (site_id, mac, id) INCLUDE (org_id, search_text);
CREATE INDEX devices_site_name_idx ON devices (site_id, device_name, id) INCLUDE (org_id, search_text);

CREATE TABLE device_logs (
  id bigserial PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES orgs (id),
  device_id bigint NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  user_name text NOT NULL,
  ip text,
  action text NOT NULL CHECK (action IN ('add', 'update', 'transfer', 'enablePush', 'disablePush', 'import')),
  detail text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_logs_device_idx ON device_logs (device_id, created_at DESC, id DESC);
CREATE INDEX device_logs_org_idx ON device_logs (org_id);
`;

export const deviceInventory: Migration = {
  name: '0006-device-inventory',
  async up(db, transaction) {
    await db.execute(sql, [], transaction);
  },
};
