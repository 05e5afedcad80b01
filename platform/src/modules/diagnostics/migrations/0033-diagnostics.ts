import type { Migration } from '../../../module.js';

/**
 * Diagnostics over SSH (docs/diagnostics.md).
 * - `device_ssh`: what reaching one phone takes beyond its configuration: a port, a user name and
 *   password set for it (the password is write-only: no route returns it), and the host key pinned
 *   at the first connection (a changed key is refused).
 * - `diagnostic_sessions`: one row per diagnostic (who, which device, what, state, bytes). Its
 *   output grows in a large object (`oid`) as it arrives, each write with the byte count in one
 *   statement, so the row always tells how much of the object is whole. The instance running it
 *   writes `heartbeat_at` every second; a running row whose heartbeat stopped belonged to an
 *   instance that died, and is ended as interrupted with what it kept.
 */
const sql = `
CREATE TABLE device_ssh (
  device_id bigint PRIMARY KEY REFERENCES devices (id) ON DELETE CASCADE,
  port integer NOT NULL DEFAULT 22 CHECK (port BETWEEN 1 AND 65535),
  username text NOT NULL DEFAULT 'admin' CHECK (length(username) BETWEEN 1 AND 64),
  password text CHECK (length(password) <= 128),
  host_key text
);

CREATE TABLE diagnostic_sessions (
  id bigserial PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES orgs (id),
  device_id bigint REFERENCES devices (id) ON DELETE SET NULL,
  mac char(12) NOT NULL,
  device_name text NOT NULL DEFAULT '',
  model text NOT NULL DEFAULT '',
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  user_name text NOT NULL DEFAULT '',
  action text NOT NULL CHECK (action IN ('log', 'trace', 'screenshot', 'ping', 'traceroute', 'systemLog', 'config')),
  params jsonb NOT NULL DEFAULT '{}',
  state text NOT NULL DEFAULT 'connecting'
    CHECK (state IN ('connecting', 'running', 'done', 'stopped', 'limit', 'failed', 'interrupted')),
  message text NOT NULL DEFAULT '',
  result jsonb,
  oid oid,
  bytes bigint NOT NULL DEFAULT 0,
  started_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX diagnostic_sessions_org_idx ON diagnostic_sessions (org_id, id DESC);
CREATE INDEX diagnostic_sessions_device_idx ON diagnostic_sessions (device_id, id DESC);
CREATE INDEX diagnostic_sessions_open_idx ON diagnostic_sessions (heartbeat_at)
  WHERE state IN ('connecting', 'running');
`;

export const diagnostics: Migration = {
  name: '0033-diagnostics',
  async up(db, transaction) {
    await db.execute(sql, [], transaction);
  },
};
