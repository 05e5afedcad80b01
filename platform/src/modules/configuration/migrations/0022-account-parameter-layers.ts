import type { Migration } from '../../../module.js';

/** A SIP account's own parameters are a layer too (relation `account`, docs/sip.md). */
export const accountParameterLayers: Migration = {
  name: '0022-account-parameter-layers',
  async up(db, transaction) {
    await db.execute(
      `ALTER TABLE config_layers DROP CONSTRAINT config_layers_relation_check;
       ALTER TABLE config_layers ADD CONSTRAINT config_layers_relation_check
         CHECK (relation IN ('global', 'site', 'model', 'group', 'device', 'account'));`,
      [],
      transaction,
    );
  },
};
