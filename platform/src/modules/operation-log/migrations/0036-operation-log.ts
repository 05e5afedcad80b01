import type { Migration } from '../../../module.js';

/**
 * The console's operation log (docs/operation-log.md): what people and API clients did, one row per
 * state-changing call, sign-in, sign-out and failed sign-in, owned by the organisation the caller
 * worked in (the entered enterprise, when one was entered). Contents are written in both languages
 * so the list answers and searches in the reader's. One settings row holds the retention and when
 * the retention purge last ran (the claim that makes it run once in the cluster). No foreign key
 * to orgs: a restore replaces organisations but never rewinds this log (docs/operation-log.md
 * "Backup"), so emptying organisations never has to touch it.
 */
const sql = `
CREATE TABLE operation_log (
  id bigserial PRIMARY KEY,
  org_id bigint NOT NULL,
  at timestamptz NOT NULL,
  user_name text NOT NULL,
  real_user_name text,
  ip text NOT NULL,
  level text NOT NULL CHECK (level IN ('notice', 'info', 'warning')),
  method text NOT NULL,
  path text NOT NULL,
  contents_en text NOT NULL,
  contents_zh text NOT NULL
);
CREATE INDEX operation_log_org_at_idx ON operation_log (org_id, at DESC, id DESC);
CREATE INDEX operation_log_at_idx ON operation_log (at);

CREATE TABLE operation_log_settings (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  retention_days integer NOT NULL DEFAULT 180 CHECK (retention_days BETWEEN 1 AND 3650),
  purged_at timestamptz NOT NULL DEFAULT '-infinity'
);
INSERT INTO operation_log_settings (id) VALUES (1);
`;

export const operationLog: Migration = {
  name: '0036-operation-log',
  up: async (db, transaction) => {
    await db.execute(sql, [], transaction);
  },
};
