import type { Migration } from '../../../module.js';

/**
 * The console's HTTP/HTTPS setting (spec §3): one row, absent until the administrator saves one.
 * Every instance applies it at start and when PostgreSQL announces a change (`phonefleet_http`).
 * The key is write-only: no route returns it.
 */
export const httpListener: Migration = {
  name: '0036-http-listener',
  async up(db, transaction) {
    await db.execute(
      `CREATE TABLE http_listener (
         id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
         protocol text NOT NULL CHECK (protocol IN ('http', 'https')),
         port integer NOT NULL CHECK (port BETWEEN 1 AND 65535),
         certificate text,
         private_key text,
         ca text,
         CHECK (protocol = 'http' OR (certificate IS NOT NULL AND private_key IS NOT NULL AND ca IS NOT NULL)),
         updated_at timestamptz NOT NULL DEFAULT now()
       );`,
      [],
      transaction,
    );
  },
};
