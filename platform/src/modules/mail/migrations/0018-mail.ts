import type { Migration } from '../../../module.js';

/**
 * The email server settings (one row) and the outbox every email of the console goes through: a
 * message is a row before it is a connection, so an SMTP outage or a restart delays mail and loses
 * none. `org_id` is the organization the message is about (its tenant), for the tenancy checks.
 */
export const mail: Migration = {
  name: '0018-mail',
  async up(db, transaction) {
    await db.execute(
      `CREATE TABLE mail_settings (
         id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
         enabled boolean NOT NULL DEFAULT false,
         server text NOT NULL DEFAULT '' CHECK (length(server) <= 128),
         port integer NOT NULL DEFAULT 587 CHECK (port BETWEEN 1 AND 65535),
         user_name text NOT NULL DEFAULT '' CHECK (length(user_name) <= 128),
         password text NOT NULL DEFAULT '' CHECK (length(password) <= 128),
         tls boolean NOT NULL DEFAULT true,
         updated_at timestamptz NOT NULL DEFAULT now()
       );
       CREATE TABLE mail_outbox (
         id bigserial PRIMARY KEY,
         org_id bigint NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
         kind text NOT NULL,
         to_address text NOT NULL CHECK (length(to_address) <= 128),
         subject text NOT NULL CHECK (length(subject) <= 500),
         body text NOT NULL CHECK (length(body) <= 20000),
         created_at timestamptz NOT NULL DEFAULT now(),
         attempts integer NOT NULL DEFAULT 0,
         next_attempt_at timestamptz NOT NULL DEFAULT now(),
         sent_at timestamptz,
         last_error text
       );
       CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL;`,
      [],
      transaction,
    );
  },
};
