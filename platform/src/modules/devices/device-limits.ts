import type { Transaction } from 'sequelize';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';

/**
 * An organisation's device numbers (`orgs.device_limit`, set on the enterprise; docs/organisation.md)
 * bound what it holds. Run in the adding transaction: it locks the organisations' rows first, so two
 * adds at once cannot both take the last place, and call `check` after the insert — a refusal rolls
 * the whole add or import back.
 */
export async function lockDeviceLimits(
  db: Database,
  orgIds: number[],
  transaction: Transaction,
): Promise<void> {
  await db.execute(
    'SELECT id FROM orgs WHERE id = ANY($1::bigint[]) AND device_limit IS NOT NULL ORDER BY id FOR UPDATE',
    [orgIds],
    transaction,
  );
}

export async function checkDeviceLimits(
  db: Database,
  orgIds: number[],
  transaction: Transaction,
): Promise<void> {
  const over = await db.query<{ name: string; device_limit: number }>(
    `SELECT o.name, o.device_limit FROM orgs o
      WHERE o.id = ANY($1::bigint[]) AND o.device_limit IS NOT NULL
        AND (SELECT count(*) FROM devices d WHERE d.org_id = o.id) > o.device_limit
      ORDER BY o.name`,
    [orgIds],
    transaction,
  );
  if (over.length > 0) {
    throw AppError.invalid(
      'deviceLimitReached',
      over.map((org) => `${org.name}: ${org.device_limit}`).join(', '),
    );
  }
}
