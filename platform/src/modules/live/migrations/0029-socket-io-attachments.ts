import type { Migration } from '../../../module.js';

/**
 * What `@socket.io/postgres-adapter` needs (docs/live.md): broadcasts whose payload passes
 * PostgreSQL's NOTIFY limit (8,000 bytes, e.g. events for thousands of organisations' rooms) are
 * stored here and announced by id. Rows live 30 s (the adapter deletes older ones).
 */
const sql = `
CREATE TABLE socket_io_attachments (
  id bigserial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  payload bytea NOT NULL
);
CREATE INDEX socket_io_attachments_created_idx ON socket_io_attachments (created_at);
`;

export const socketIoAttachments: Migration = {
  name: '0029-socket-io-attachments',
  async up(db, transaction) {
    await db.execute(sql, [], transaction);
  },
};
