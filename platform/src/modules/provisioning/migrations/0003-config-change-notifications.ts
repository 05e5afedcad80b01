import type { Migration } from '../../../module.js';

/**
 * Every change that can alter a phone's file raises a NOTIFY on `phonefleet_config`, whoever made
 * it (any instance, a migration, psql). Provisioning caches device lookups until the next one.
 */
const sql = `
CREATE FUNCTION phonefleet_notify_config() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('phonefleet_config', TG_TABLE_NAME);
  RETURN NULL;
END $$;

CREATE TRIGGER config_layers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON config_layers
  FOR EACH STATEMENT EXECUTE FUNCTION phonefleet_notify_config();
CREATE TRIGGER devices_changed AFTER INSERT OR DELETE OR TRUNCATE
  OR UPDATE OF org_id, site_id, model, mac, prov_ha1 ON devices
  FOR EACH STATEMENT EXECUTE FUNCTION phonefleet_notify_config();
CREATE TRIGGER sites_changed AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF parent_id, path ON sites
  FOR EACH STATEMENT EXECUTE FUNCTION phonefleet_notify_config();
CREATE TRIGGER orgs_changed AFTER INSERT OR DELETE OR TRUNCATE
  OR UPDATE OF parent_id, path, prov_username, prov_ha1, prov_allow_cidrs ON orgs
  FOR EACH STATEMENT EXECUTE FUNCTION phonefleet_notify_config();
CREATE TRIGGER model_templates_changed AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF site_id, model ON model_templates
  FOR EACH STATEMENT EXECUTE FUNCTION phonefleet_notify_config();
CREATE TRIGGER group_devices_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON group_devices
  FOR EACH STATEMENT EXECUTE FUNCTION phonefleet_notify_config();
`;

export const configChangeNotifications: Migration = {
  name: '0003-config-change-notifications',
  async up(db, transaction) {
    await db.execute(sql, [], transaction);
  },
};
