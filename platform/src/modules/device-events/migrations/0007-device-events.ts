import type { Migration } from '../../../module.js';

/**
 * What phones report about themselves through action URLs (docs/device-events.md) and scans by
 * IP range (one row per scan, so any instance can answer its progress).
 * Presence: `last_seen_at` is the last event; the offline sweep reads the later of it and the last
 * fetch through a partial expression index over the devices not yet offline.
 */
const sql = `
ALTER TABLE devices ADD COLUMN last_seen_at timestamptz;
CREATE INDEX devices_presence_idx ON devices ((coalesce(greatest(last_fetch_at, last_seen_at), created_at)))
  WHERE status <> 0;

CREATE TABLE device_events (
  id bigserial PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES orgs (id),
  device_id bigint NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  event text NOT NULL CHECK (event IN ('setupCompleted', 'registered', 'unregistered', 'registrationFailed',
                                       'reboot', 'callEnd', 'offline')),
  ip inet,
  account text,
  detail jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_events_device_idx ON device_events (device_id, created_at DESC);
CREATE INDEX device_events_org_idx ON device_events (org_id, created_at);

ALTER TABLE call_records
  ADD COLUMN caller text,
  ADD COLUMN callee text,
  ADD COLUMN local_url text,
  ADD COLUMN remote_url text,
  ADD COLUMN codec text,
  ADD COLUMN delay_min_ms real, ADD COLUMN delay_avg_ms real, ADD COLUMN delay_max_ms real,
  ADD COLUMN jitter_min_ms real, ADD COLUMN jitter_avg_ms real, ADD COLUMN jitter_max_ms real,
  ADD COLUMN loss_min_percent real, ADD COLUMN loss_avg_percent real, ADD COLUMN loss_max_percent real;
CREATE INDEX call_records_device_idx ON call_records (device_id, ended_at);

CREATE TABLE scans (
  id bigserial PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES orgs (id),
  site_id bigint REFERENCES sites (id) ON DELETE SET NULL,
  start_ip inet NOT NULL,
  end_ip inet NOT NULL,
  state text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'finished', 'stopped')),
  total integer NOT NULL,
  probed integer NOT NULL DEFAULT 0,
  log jsonb NOT NULL DEFAULT '[]',
  found jsonb NOT NULL DEFAULT '[]',
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX scans_org_idx ON scans (org_id, created_at);
`;

export const deviceEvents: Migration = {
  name: '0007-device-events',
  async up(db, transaction) {
    await db.execute(sql, [], transaction);
  },
};
