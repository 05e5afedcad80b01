import type { MessageKey } from '@phonefleet/sdk';
import type { Transaction } from 'sequelize';
import type { Database } from '../../db/database.js';

/** Who made a change, as the operation log shows it. */
export interface Actor {
  userName: string;
  ip: string;
}

export type DeviceLogAction = 'add' | 'update' | 'transfer' | 'enablePush' | 'disablePush' | 'import';

/** Stored as the action; shown in the reader's language (plus the detail, e.g. the target site). */
export const deviceLogText: Record<DeviceLogAction, MessageKey> = {
  add: 'deviceLogAdd',
  update: 'deviceLogUpdate',
  transfer: 'deviceLogTransfer',
  enablePush: 'deviceLogEnablePush',
  disablePush: 'deviceLogDisablePush',
  import: 'deviceLogImport',
};

/** One operation-log row per device, in one statement, inside the change's transaction. */
export async function writeDeviceLog(
  db: Database,
  transaction: Transaction,
  deviceIds: number[],
  actor: Actor,
  action: DeviceLogAction,
  detail = '',
): Promise<void> {
  await db.execute(
    `INSERT INTO device_logs (org_id, device_id, user_name, ip, action, detail)
     SELECT d.org_id, d.id, $2, $3, $4, $5 FROM devices d WHERE d.id = ANY($1::bigint[])`,
    [deviceIds, actor.userName, actor.ip, action, detail],
    transaction,
  );
}
