import type { Migration } from '../../../module.js';

/**
 * Alarm strategies (spec §3 Alarm strategy, §4 mode/frequency/status, §5 rule): who is told about which
 * alarms of which devices, how and how often. The device scope is kept as the ids or model names it
 * names (a deleted group, site or device simply matches nothing). `digest_at` is the last digest slot
 * sent: claiming a slot and queueing its mail happen in one transaction, so each digest goes out once
 * whatever number of instances tick.
 */
const sql = `
CREATE TABLE alarm_strategies (
  id bigserial PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) <= 128),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  mode smallint NOT NULL CHECK (mode IN (1, 2, 3)),
  frequency smallint NOT NULL CHECK (frequency IN (1, 2, 3)),
  status smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  alarm_types smallint[] NOT NULL,
  levels smallint[] NOT NULL,
  device_scope text NOT NULL CHECK (device_scope IN ('all', 'site', 'group', 'model', 'device')),
  site_ids bigint[] NOT NULL DEFAULT '{}',
  group_ids bigint[] NOT NULL DEFAULT '{}',
  models text[] NOT NULL DEFAULT '{}',
  device_ids bigint[] NOT NULL DEFAULT '{}',
  digest_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, name)
);
CREATE INDEX alarm_strategies_on_idx ON alarm_strategies (org_id) WHERE status = 1;

CREATE TABLE alarm_strategy_receivers (
  strategy_id bigint NOT NULL REFERENCES alarm_strategies (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (strategy_id, user_id)
);
CREATE INDEX alarm_strategy_receivers_user_idx ON alarm_strategy_receivers (user_id);
`;

export const alarmStrategies: Migration = {
  name: '0031-alarm-strategies',
  async up(db, transaction) {
    await db.execute(sql, [], transaction);
  },
};
