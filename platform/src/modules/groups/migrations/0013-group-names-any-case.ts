import type { Migration } from '../../../module.js';
import { renameCaseDuplicates } from '../../sites/migrations/0012-site-names-any-case.js';

/**
 * Group names are unique per organization whatever their case, like site names (docs/api.md
 * "Names"): the case-sensitive index gives way to one on lower(name).
 */
export const groupNamesAnyCase: Migration = {
  name: '0013-group-names-any-case',
  async up(db, transaction) {
    await renameCaseDuplicates(db, transaction, 'device_groups');
    await db.execute(
      `DROP INDEX device_groups_org_name_idx;
       CREATE UNIQUE INDEX device_groups_org_lower_name_idx ON device_groups (org_id, lower(name));`,
      [],
      transaction,
    );
  },
};
