import type { Migration } from '../../../module.js';

/**
 * One version of everything a menu and its buttons are made of (resources, roles' grants, the
 * enterprise console's built-in role): any statement that changes them moves it, in its own
 * transaction, so a reader sees the new version exactly when it sees the new grants. Every API call
 * reads it with the session (access-service.ts) and reuses the grants it built for that version.
 * The version is the changing transaction's id, which the cluster never gives twice: a restored
 * backup brings back a version together with exactly the grants it named.
 */
const sql = `
CREATE TABLE access_grants (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO access_grants DEFAULT VALUES;
CREATE FUNCTION access_grants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE access_grants SET version = pg_current_xact_id()::text::bigint;
  RETURN NULL;
END $$;
CREATE TRIGGER resources_access_grants AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON resources
  FOR EACH STATEMENT EXECUTE FUNCTION access_grants_changed();
CREATE TRIGGER role_resources_access_grants AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_resources
  FOR EACH STATEMENT EXECUTE FUNCTION access_grants_changed();
CREATE TRIGGER roles_access_grants AFTER UPDATE OF builtin, user_type, org_id OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION access_grants_changed();
`;

export const accessGrantsVersion: Migration = {
  name: '0035-access-grants-version',
  async up(db, transaction) {
    await db.execute(sql, [], transaction);
  },
};
