import type { Migration } from '../../../module.js';

/**
 * The one operation lock of the cluster (backup, restore, upgrade) with the last outcome, backup
 * plans and the finished archives (docs/backup.md). `operation_lock` has exactly one row: held while
 * `holder` is set and its heartbeat is fresh; a killed holder's lock is taken over once stale.
 */
const sql = `
CREATE TABLE operation_lock (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, 3)),
  holder text,
  heartbeat_at timestamptz,
  started_at timestamptz,
  step text,
  cancellable boolean NOT NULL DEFAULT false,
  cancel_requested boolean NOT NULL DEFAULT false,
  last_status smallint,
  last_outcome text CHECK (last_outcome IN ('done', 'failed', 'cancelled', 'interrupted')),
  last_message text,
  last_at timestamptz,
  CHECK ((status = 0) = (holder IS NULL))
);
INSERT INTO operation_lock (id) VALUES (1);

CREATE TABLE backup_plans (
  id bigserial PRIMARY KEY,
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 128),
  content text[] NOT NULL CHECK (cardinality(content) > 0),
  destination text NOT NULL CHECK (destination IN ('local', 'remote')),
  remote_url text NOT NULL DEFAULT '' CHECK (length(remote_url) <= 512),
  username text NOT NULL DEFAULT '' CHECK (length(username) <= 128),
  password text NOT NULL DEFAULT '' CHECK (length(password) <= 128),
  host_key text,
  automatic smallint NOT NULL DEFAULT 0 CHECK (automatic IN (0, 1, 2)),
  run_time text NOT NULL DEFAULT '02:00' CHECK (run_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  weekday smallint NOT NULL DEFAULT 1 CHECK (weekday BETWEEN 1 AND 7),
  keep integer NOT NULL DEFAULT 7 CHECK (keep BETWEEN 1 AND 1000),
  next_run_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX backup_plans_due_idx ON backup_plans (next_run_at) WHERE next_run_at IS NOT NULL;

CREATE TABLE backups (
  id bigserial PRIMARY KEY,
  plan_id bigint REFERENCES backup_plans (id) ON DELETE SET NULL,
  file_name text NOT NULL,
  backup_time timestamptz NOT NULL,
  content text[] NOT NULL,
  destination text NOT NULL CHECK (destination IN ('local', 'remote', 'upload')),
  remote_url text NOT NULL DEFAULT '',
  size bigint NOT NULL,
  sha256 char(64) NOT NULL,
  console_version text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX backups_plan_idx ON backups (plan_id, backup_time DESC);
`;

export const backupTables: Migration = {
  name: '0035-backup',
  async up(db, transaction) {
    await db.execute(sql, [], transaction);
  },
};
