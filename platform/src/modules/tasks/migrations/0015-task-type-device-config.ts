import type { Migration } from '../../../module.js';

/**
 * Task type 14, the configuration of listed devices (docs/tasks.md "Task types"): a device's
 * Save and update and MAC file pushes were type 7 (global configuration) tasks with
 * `params.relationName` `device` or `mac`; they are named for what they are now, old rows too.
 */
export const taskTypeDeviceConfig: Migration = {
  name: '0015-task-type-device-config',
  async up(db, transaction) {
    await db.execute(
      `ALTER TABLE tasks DROP CONSTRAINT tasks_type_check;
       ALTER TABLE tasks ADD CONSTRAINT tasks_type_check CHECK (type BETWEEN 1 AND 14);
       UPDATE tasks SET type = 14 WHERE type = 7 AND params->>'relationName' IN ('device', 'mac');`,
      [],
      transaction,
    );
  },
};
