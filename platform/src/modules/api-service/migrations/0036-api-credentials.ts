import type { Migration } from '../../../module.js';

/**
 * API credentials (docs/api-service.md): an organisation's API ID and the SHA-256 hash of its key,
 * bound to a role and acting for the user who created it. `revision` moves on every change that
 * alters what the credential may do (rotate, revoke), so each instance's cached description is
 * checked against the row on every call. The seen nonces (replay protection, 5 minutes each way) are
 * unlogged: a crash forgets at most requests that are already too old to be accepted.
 */
export const apiCredentials: Migration = {
  name: '0036-api-credentials',
  async up(db, transaction) {
    await db.execute(
      `CREATE TABLE api_credentials (
         id bigserial PRIMARY KEY,
         org_id bigint NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
         user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
         role_id bigint NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
         api_id text NOT NULL UNIQUE,
         name text NOT NULL CHECK (length(name) BETWEEN 1 AND 128),
         key_hash bytea NOT NULL UNIQUE,
         rate_per_minute integer NOT NULL CHECK (rate_per_minute BETWEEN 1 AND 100000),
         revision integer NOT NULL DEFAULT 1,
         created_at timestamptz NOT NULL DEFAULT now(),
         rotated_at timestamptz,
         expires_at timestamptz,
         revoked_at timestamptz,
         last_used_at timestamptz
       );
       CREATE INDEX api_credentials_org ON api_credentials (org_id);
       CREATE UNIQUE INDEX api_credentials_name ON api_credentials (org_id, lower(name));
       CREATE UNLOGGED TABLE api_request_nonces (
         credential_id bigint NOT NULL,
         nonce text NOT NULL,
         seen_at timestamptz NOT NULL DEFAULT now(),
         PRIMARY KEY (credential_id, nonce)
       );
       CREATE INDEX api_request_nonces_seen ON api_request_nonces (seen_at);`,
      [],
      transaction,
    );
  },
};
