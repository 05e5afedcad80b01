import type { SeedDeps, SeedOutcome } from '../../module.js';
import { ROOT_ORG_ID } from '../tenancy/root-organization.js';
import { generatePassword, hashPassword } from './password.js';

export const ADMIN_USER_NAME = 'admin';

/**
 * The first start creates the administrator with ADMIN_PASSWORD, or with a generated password it
 * reports once (a chosen password is never reported back).
 */
export async function seedAdministrator({ db, config, logger, transaction }: SeedDeps): Promise<SeedOutcome> {
  const existing = await db.query('SELECT 1 FROM users WHERE user_type = $1', ['admin'], transaction);
  if (existing.length > 0) return {};
  const password = config.adminPassword ?? generatePassword();
  await db.execute(
    // No time zone until the administrator chooses one: the browser's zone is shown meanwhile.
    `INSERT INTO users (org_id, user_name, email, password_hash, user_type)
     VALUES ($1, $2, NULL, $3, 'admin')`,
    [ROOT_ORG_ID, ADMIN_USER_NAME, await hashPassword(password)],
    transaction,
  );
  logger.info({ userName: ADMIN_USER_NAME }, 'administrator created');
  return config.adminPassword ? { adminPasswordFromEnvironment: true } : { generatedAdminPassword: password };
}
