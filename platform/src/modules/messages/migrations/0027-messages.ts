import type { Migration } from '../../../module.js';

/**
 * In-station messages (spec §3 Message: status, type 9 firmware else alarm, content, num, alarmTime,
 * taskId), one row per recipient user (docs/messages.md). `content` is a message key with its detail
 * (`key:detail`), translated when read.
 */
const sql = `
CREATE TABLE messages (
  id bigserial PRIMARY KEY,
  org_id bigint NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type smallint NOT NULL,
  status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
  content text NOT NULL,
  num integer NOT NULL DEFAULT 1,
  alarm_time timestamptz NOT NULL DEFAULT now(),
  task_id bigint REFERENCES tasks (id) ON DELETE SET NULL
);
CREATE INDEX messages_unread_idx ON messages (user_id, id DESC) WHERE status = 0;
`;

export const messages: Migration = {
  name: '0027-messages',
  async up(db, transaction) {
    await db.execute(sql, [], transaction);
  },
};
