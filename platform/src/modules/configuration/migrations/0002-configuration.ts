import type { Migration } from '../../../module.js';

/**
 * Parameter layers and what they hang on. A layer stores the editor's payload (`config`) and, for
 * the merge, the flat map of its pushed values (`pushed`: dotted catalogue path → value).
 * Model templates and groups get their full screens in the fleet issue; the columns here are the
 * ones the merge needs.
 */
const sql = `
CREATE EXTENSION IF NOT EXISTS pgcrypto;
CREATE TABLE model_templates (
  id bigserial PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES orgs (id),
  site_id bigint NOT NULL REFERENCES sites (id),
  name text NOT NULL CHECK (length(name) <= 128),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  model text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (site_id, model)
);
CREATE INDEX model_templates_org_idx ON model_templates (org_id);

CREATE TABLE device_groups (
  id bigserial PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES orgs (id),
  site_id bigint REFERENCES sites (id),
  name text NOT NULL CHECK (length(name) <= 128),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_groups_org_idx ON device_groups (org_id);

CREATE TABLE group_devices (
  group_id bigint NOT NULL REFERENCES device_groups (id) ON DELETE CASCADE,
  device_id bigint NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, device_id)
);
CREATE INDEX group_devices_device_idx ON group_devices (device_id);

CREATE TABLE config_layers (
  org_id bigint NOT NULL REFERENCES orgs (id),
  relation text NOT NULL CHECK (relation IN ('global', 'site', 'model', 'group', 'device')),
  relation_id bigint NOT NULL,
  config jsonb NOT NULL,
  pushed jsonb NOT NULL DEFAULT '{}',
  config_push boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (relation, relation_id)
);
CREATE INDEX config_layers_org_idx ON config_layers (org_id);

ALTER TABLE orgs
  ADD COLUMN prov_username text UNIQUE,
  ADD COLUMN prov_ha1 text,
  ADD COLUMN prov_allow_cidrs cidr[];

ALTER TABLE devices
  ADD COLUMN prov_ha1 text,
  ADD COLUMN last_fetch_at timestamptz,
  ADD COLUMN last_fetch_ip inet,
  ADD COLUMN reported_model text,
  ADD COLUMN reported_firmware text;

CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL
);
INSERT INTO app_secrets (name, value) VALUES ('provisioningNonce', encode(gen_random_bytes(32), 'hex'));

ALTER TABLE unknown_devices ADD CONSTRAINT unknown_devices_key UNIQUE (org_id, mac, reason);
`;

export const configuration: Migration = {
  name: '0002-configuration',
  async up(db, transaction) {
    await db.execute(sql, [], transaction);
  },
};
