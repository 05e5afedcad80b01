import { type ApiCredentialRow, ErrorCode, type IssuedApiKey } from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { SessionInfo } from '../auth/session-info.js';
import { callerCtes, callerOf, GIVABLE_ROLE, notFound, VISIBLE_ROLE } from '../users/caller.js';
import { issueKey } from './credential-keys.js';
import type { AddCredential } from './schemas.js';

interface CredentialDbRow {
  id: string;
  name: string;
  api_id: string;
  role_id: string;
  role_name: string;
  rate_per_minute: number;
  status: ApiCredentialRow['status'];
  created_at: Date;
  rotated_at: Date | null;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  created_by: string;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

function toRow(row: CredentialDbRow): ApiCredentialRow {
  return {
    id: Number(row.id),
    name: row.name,
    apiId: row.api_id,
    roleId: Number(row.role_id),
    roleName: row.role_name,
    ratePerMinute: row.rate_per_minute,
    status: row.status,
    createTime: new Date(row.created_at).toISOString(),
    rotateTime: iso(row.rotated_at),
    expireTime: iso(row.expires_at),
    revokeTime: iso(row.revoked_at),
    lastUseTime: iso(row.last_used_at),
    createdBy: row.created_by,
  };
}

/**
 * An organisation's API credentials (docs/api-service.md): listed without their keys; created and
 * rotated answering the key once; revoked for good. The organisation is the caller's scope (the
 * enterprise it entered, when it entered one). A credential's role is one the caller may give a
 * user, so no credential does more than its creator may.
 */
export class CredentialService {
  private readonly db: Database;

  constructor({ db }: { db: Database }) {
    this.db = db;
  }

  async list(session: SessionInfo): Promise<ApiCredentialRow[]> {
    const rows = await this.db.query<CredentialDbRow>(
      `SELECT c.id, c.name, c.api_id, c.role_id, r.name AS role_name, c.rate_per_minute,
              CASE WHEN c.revoked_at IS NOT NULL THEN 'revoked'
                   WHEN c.expires_at <= now() THEN 'expired' ELSE 'active' END AS status,
              c.created_at, c.rotated_at, c.expires_at, c.revoked_at, c.last_used_at, u.user_name AS created_by
         FROM api_credentials c JOIN roles r ON r.id = c.role_id JOIN users u ON u.id = c.user_id
        WHERE c.org_id = $1
        ORDER BY c.created_at, c.id`,
      [session.scope.orgId],
    );
    return rows.map(toRow);
  }

  async add(session: SessionInfo, input: AddCredential): Promise<IssuedApiKey> {
    if (input.expireTime != null && input.expireTime <= Date.now()) throw AppError.invalid('apiExpiryPast');
    const issued = issueKey();
    const bind: unknown[] = [];
    const ctes = callerCtes(callerOf(session), bind);
    bind.push(
      input.name,
      input.roleId,
      issued.apiId,
      issued.keyHash,
      input.ratePerMinute,
      input.expireTime ?? null,
    );
    const at = bind.length - 5;
    try {
      const created = await this.db.one<{ id: string }>(
        `WITH ${ctes}
         INSERT INTO api_credentials (org_id, user_id, role_id, name, api_id, key_hash, rate_per_minute, expires_at)
         SELECT (SELECT org_id FROM me), (SELECT caller_id FROM me), r.id, $${at}, $${at + 2}, $${at + 3}, $${at + 4},
                to_timestamp($${at + 5}::bigint / 1000.0)
           FROM roles r WHERE r.id = $${at + 1} AND ${VISIBLE_ROLE} AND ${GIVABLE_ROLE}
         RETURNING id`,
        bind,
      );
      if (!created) throw notFound('roleId');
      return { id: Number(created.id), apiId: issued.apiId, apiKey: issued.apiKey };
    } catch (error) {
      if ((error as { parent?: { constraint?: string } }).parent?.constraint === 'api_credentials_name') {
        throw new AppError(ErrorCode.conflict, 'apiCredentialNameExists');
      }
      throw error;
    }
  }

  /** A new key for the same API ID; the old key stops working at once, on every instance. */
  async rotate(session: SessionInfo, id: number): Promise<IssuedApiKey> {
    const issued = issueKey();
    const rotated = await this.db.one<{ api_id: string }>(
      `UPDATE api_credentials SET key_hash = $3, revision = revision + 1, rotated_at = now()
        WHERE id = $1 AND org_id = $2 AND revoked_at IS NULL
        RETURNING api_id`,
      [id, session.scope.orgId, issued.keyHash],
    );
    if (!rotated) throw notFound('id');
    return { id, apiId: rotated.api_id, apiKey: issued.apiKey };
  }

  async revoke(session: SessionInfo, id: number): Promise<void> {
    const revoked = await this.db.execute(
      `UPDATE api_credentials SET revoked_at = now(), revision = revision + 1
        WHERE id = $1 AND org_id = $2 AND revoked_at IS NULL`,
      [id, session.scope.orgId],
    );
    if (revoked === 0) throw notFound('id');
  }
}
