import type { Migration } from '../../../module.js';

/**
 * New-version notification settings (spec §2 Firmware, §7 `newVersionNotify`,
 * `searchNotifiedModels`): the models each user wants a type 9 message for when a newer firmware
 * for them appears (docs/firmware.md "New-version notifications").
 */
const sql = `
CREATE TABLE firmware_subscriptions (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  model text NOT NULL CHECK (length(model) BETWEEN 1 AND 64),
  PRIMARY KEY (user_id, model)
);
CREATE INDEX firmware_subscriptions_model_idx ON firmware_subscriptions (model);
`;

export const firmwareSubscriptions: Migration = {
  name: '0028-firmware-subscriptions',
  async up(db, transaction) {
    await db.execute(sql, [], transaction);
  },
};
