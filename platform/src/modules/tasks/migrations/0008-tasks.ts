import type { Migration } from '../../../module.js';

/**
 * Tasks and their per-device results (docs/tasks.md). `task_devices` is also the engine's work
 * queue: instances claim due rows with `FOR UPDATE SKIP LOCKED`, so no second copy of the state
 * exists. `next_attempt_at` is both the retry time and the lease of a claimed row.
 */
const sql = `
ALTER TABLE devices ADD COLUMN sip_port integer CHECK (sip_port BETWEEN 1 AND 65535);

CREATE TABLE tasks (
  id bigserial PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES orgs (id),
  name text NOT NULL DEFAULT '' CHECK (length(name) <= 128),
  type smallint NOT NULL CHECK (type BETWEEN 1 AND 13),
  time_type smallint NOT NULL CHECK (time_type IN (1, 2, 3)),
  begin_time timestamptz NOT NULL,
  end_time timestamptz,
  repeat_type smallint CHECK (repeat_type IN (1, 2, 3)),
  repeat_time text CHECK (repeat_time ~ '^([1-9]|[12][0-9]|3[01]|Last)$'),
  interval_seconds integer CHECK (interval_seconds BETWEEN 1 AND 7200),
  zone_offset_minutes integer NOT NULL DEFAULT 0,
  state smallint NOT NULL DEFAULT 0 CHECK (state IN (0, 1, 4, 5, 7)),
  run integer NOT NULL DEFAULT 1,
  next_run_at timestamptz,
  params jsonb NOT NULL DEFAULT '{}',
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX tasks_org_idx ON tasks (org_id, created_at);
CREATE INDEX tasks_due_idx ON tasks (next_run_at) WHERE state = 0;
CREATE INDEX tasks_running_idx ON tasks (id) WHERE state = 1;

CREATE TABLE task_devices (
  task_id bigint NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  run integer NOT NULL,
  device_id bigint NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  org_id bigint NOT NULL REFERENCES orgs (id),
  result smallint NOT NULL DEFAULT 0 CHECK (result BETWEEN 0 AND 7),
  attempts smallint NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  notified_at timestamptz,
  confirm_by timestamptz,
  finished_at timestamptz,
  message text NOT NULL DEFAULT '',
  PRIMARY KEY (task_id, run, device_id)
);
CREATE INDEX task_devices_device_idx ON task_devices (device_id, task_id);
CREATE INDEX task_devices_due_idx ON task_devices (next_attempt_at) WHERE result = 0;
CREATE INDEX task_devices_waiting_idx ON task_devices (device_id) WHERE result IN (0, 1);
CREATE INDEX task_devices_confirm_idx ON task_devices (confirm_by) WHERE result = 1;
`;

export const tasks: Migration = {
  name: '0008-tasks',
  async up(db, transaction) {
    await db.execute(sql, [], transaction);
  },
};
