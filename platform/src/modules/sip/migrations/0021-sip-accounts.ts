import type { Migration } from '../../../module.js';

/**
 * SIP servers, the accounts on them and the bindings of accounts to device lines (docs/sip.md).
 * A device's lines replace the one `sip_account_id` of the first schema. An account is bound to at
 * most one line of one device; the line's registration as the phone last reported it is kept on
 * the binding. Changes that alter a phone's file announce themselves like every other (0003).
 */
const sql = `
CREATE TABLE sip_servers (
  id bigserial PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES orgs (id),
  site_id bigint NOT NULL REFERENCES sites (id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 128),
  address text NOT NULL CHECK (length(address) BETWEEN 1 AND 128),
  port integer NOT NULL DEFAULT 5060 CHECK (port BETWEEN 1 AND 65535),
  outbound_proxy text NOT NULL DEFAULT '' CHECK (length(outbound_proxy) <= 128),
  outbound_port integer CHECK (outbound_port BETWEEN 1 AND 65535),
  expires integer NOT NULL DEFAULT 3600 CHECK (expires BETWEEN 30 AND 604800),
  transport smallint NOT NULL DEFAULT 0 CHECK (transport BETWEEN 0 AND 3),
  nat_traversal smallint NOT NULL DEFAULT 0 CHECK (nat_traversal BETWEEN 0 AND 3),
  secondary_address text NOT NULL DEFAULT '' CHECK (length(secondary_address) <= 128),
  secondary_port integer NOT NULL DEFAULT 5060 CHECK (secondary_port BETWEEN 1 AND 65535),
  secondary_expires integer NOT NULL DEFAULT 3600 CHECK (secondary_expires BETWEEN 30 AND 604800),
  secondary_transport smallint NOT NULL DEFAULT 0 CHECK (secondary_transport BETWEEN 0 AND 3),
  secondary_outbound_proxy text NOT NULL DEFAULT '' CHECK (length(secondary_outbound_proxy) <= 128),
  secondary_outbound_port integer CHECK (secondary_outbound_port BETWEEN 1 AND 65535),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX sip_servers_org_lower_name_idx ON sip_servers (org_id, lower(name));
CREATE INDEX sip_servers_site_idx ON sip_servers (site_id);

-- Accounts of the first schema had no server: none were ever created through the API.
DELETE FROM sip_accounts;
ALTER TABLE sip_accounts
  DROP COLUMN status,
  ALTER COLUMN site_id SET NOT NULL,
  ADD COLUMN server_id bigint NOT NULL REFERENCES sip_servers (id) ON DELETE CASCADE,
  ADD COLUMN user_name text NOT NULL CHECK (length(user_name) BETWEEN 1 AND 128),
  ADD COLUMN display_name text NOT NULL DEFAULT '' CHECK (length(display_name) <= 128),
  ADD COLUMN password text NOT NULL DEFAULT '' CHECK (length(password) <= 128),
  ADD COLUMN model text NOT NULL DEFAULT '' CHECK (length(model) <= 64),
  ADD CONSTRAINT sip_accounts_label_length CHECK (length(label_name) <= 128),
  ADD CONSTRAINT sip_accounts_register_name_length CHECK (length(register_name) BETWEEN 1 AND 128);
CREATE UNIQUE INDEX sip_accounts_server_user_idx ON sip_accounts (server_id, lower(user_name));
CREATE INDEX sip_accounts_site_idx ON sip_accounts (site_id);

CREATE TABLE sip_bindings (
  device_id bigint NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  line smallint NOT NULL CHECK (line BETWEEN 1 AND 20),
  account_id bigint NOT NULL UNIQUE REFERENCES sip_accounts (id) ON DELETE CASCADE,
  status smallint NOT NULL DEFAULT 2 CHECK (status IN (1, 2)),
  failure text CHECK (length(failure) <= 128),
  reported_at timestamptz,
  bound_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_id, line)
);

DROP INDEX devices_sip_account_idx;
ALTER TABLE devices DROP COLUMN sip_account_id;

CREATE TRIGGER sip_servers_changed AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE ON sip_servers
  FOR EACH STATEMENT EXECUTE FUNCTION phonefleet_notify_config();
CREATE TRIGGER sip_accounts_changed AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE ON sip_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION phonefleet_notify_config();
CREATE TRIGGER sip_bindings_changed AFTER INSERT OR DELETE OR TRUNCATE
  OR UPDATE OF device_id, line, account_id ON sip_bindings
  FOR EACH STATEMENT EXECUTE FUNCTION phonefleet_notify_config();
`;

export const sipAccounts: Migration = {
  name: '0021-sip-accounts',
  async up(db, transaction) {
    await db.execute(sql, [], transaction);
  },
};
