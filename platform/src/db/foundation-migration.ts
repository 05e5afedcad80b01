import type { Migration } from '../module.js';

/**
 * Tenancy: every tenant-owned row carries `org_id`. Organizations form a tree under the
 * platform root (id 1): channels, sub-channels and enterprises. `path` ('/1/4/9/') makes a
 * subtree one indexed prefix match.
 */
const sql = `
CREATE EXTENSION IF NOT EXISTS citext;

CREATE TABLE orgs (
  id bigserial PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('platform', 'channel', 'enterprise')),
  name text NOT NULL CHECK (length(name) <= 128),
  parent_id bigint REFERENCES orgs (id),
  path text NOT NULL,
  email citext,
  contact text,
  phone text,
  country text,
  status text NOT NULL DEFAULT 'normal' CHECK (status IN ('normal', 'frozen', 'inactivated')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orgs_path_idx ON orgs (path text_pattern_ops);
CREATE INDEX orgs_parent_idx ON orgs (parent_id);

CREATE TABLE resources (
  id serial PRIMARY KEY,
  power text NOT NULL UNIQUE,
  rs_name text NOT NULL,
  rs_name_cn text NOT NULL,
  path text NOT NULL,
  sort integer NOT NULL DEFAULT 100,
  buttons text[] NOT NULL DEFAULT '{}'
);

CREATE TABLE roles (
  id bigserial PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES orgs (id),
  name text NOT NULL CHECK (length(name) <= 128),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  user_type text NOT NULL CHECK (user_type IN ('admin', 'channel', 'enterprise')),
  builtin boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, name)
);

CREATE TABLE role_resources (
  role_id bigint NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  resource_id integer NOT NULL REFERENCES resources (id) ON DELETE CASCADE,
  buttons text[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (role_id, resource_id)
);

CREATE TABLE users (
  id bigserial PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES orgs (id),
  user_name citext NOT NULL UNIQUE CHECK (length(user_name) <= 128),
  email citext UNIQUE CHECK (length(email) <= 128),
  password_hash text NOT NULL,
  user_type text NOT NULL CHECK (user_type IN ('admin', 'channel', 'enterprise')),
  role_id bigint REFERENCES roles (id),
  parent_user_id bigint REFERENCES users (id),
  status text NOT NULL DEFAULT 'activated' CHECK (status IN ('activated', 'inactivated')),
  zone_id integer,
  failed_logins integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_org_idx ON users (org_id);

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE captchas (
  id uuid PRIMARY KEY,
  answer text NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE time_zones (
  id integer PRIMARY KEY,
  description text NOT NULL,
  "offset" text NOT NULL
);

CREATE TABLE sites (
  id bigserial PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES orgs (id),
  name text NOT NULL CHECK (length(name) <= 128),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  parent_id bigint REFERENCES sites (id),
  path text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, name)
);
CREATE INDEX sites_path_idx ON sites (path text_pattern_ops);
CREATE UNIQUE INDEX sites_one_default_idx ON sites (org_id) WHERE is_default;

CREATE TABLE devices (
  id bigserial PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES orgs (id),
  site_id bigint NOT NULL REFERENCES sites (id),
  mac char(12) NOT NULL CHECK (mac ~ '^[0-9a-f]{12}$'),
  serial_number text,
  device_name text NOT NULL DEFAULT '' CHECK (length(device_name) <= 128),
  model text NOT NULL,
  firmware text NOT NULL DEFAULT '',
  status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  account_status smallint NOT NULL DEFAULT 0 CHECK (account_status IN (0, 1, 2)),
  push_enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (mac)
);
CREATE INDEX devices_org_idx ON devices (org_id);
CREATE INDEX devices_site_idx ON devices (site_id);

CREATE TABLE unknown_devices (
  id bigserial PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES orgs (id),
  mac char(12),
  user_agent text NOT NULL DEFAULT '',
  path text NOT NULL,
  ip inet,
  reason text NOT NULL,
  hits integer NOT NULL DEFAULT 1,
  first_seen timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX unknown_devices_org_idx ON unknown_devices (org_id);

CREATE TABLE sip_accounts (
  id bigserial PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES orgs (id),
  site_id bigint REFERENCES sites (id),
  label_name text NOT NULL DEFAULT '',
  register_name text NOT NULL,
  status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sip_accounts_org_idx ON sip_accounts (org_id);

CREATE TABLE call_records (
  id bigserial PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES orgs (id),
  device_id bigint REFERENCES devices (id) ON DELETE SET NULL,
  quality smallint NOT NULL CHECK (quality IN (0, 1, 2)),
  ended_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX call_records_org_idx ON call_records (org_id, ended_at);
`;

export const foundation: Migration = {
  name: '0001-foundation',
  async up(db, transaction) {
    await db.execute(sql, [], transaction);
  },
};
