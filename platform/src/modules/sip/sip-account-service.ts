import { AccountStatus, ErrorCode, macWithColons, type SipAccountRow } from '@phonefleet/sdk';
import type { Transaction } from 'sequelize';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import { distinct, escapeLike, isUniqueViolation } from '../sites/fleet-common.js';
import type { TenantScope } from '../tenancy/scope.js';
import { refreshAccountStatusSql, removeAccountsSql, unbindStray } from './binding-sql.js';
import { type AccountInput, type AccountSearch, type AccountUpdate, accountSortFields } from './schemas.js';

export const ACCOUNT_USER_INDEX = 'sip_accounts_server_user_idx';

/** Spec §4 account status: 0 unassigned (no line), 1 registered, 2 unregistered. */
export const ACCOUNT_STATUS_SQL = `CASE WHEN b.account_id IS NULL THEN ${AccountStatus.unassigned}
  WHEN b.status = ${AccountStatus.registered} THEN ${AccountStatus.registered} ELSE ${AccountStatus.unregistered} END`;

export interface AccountRecord {
  id: string;
  label_name: string;
  register_name: string;
  display_name: string;
  user_name: string;
  has_password: boolean;
  server_id: string;
  server_name: string;
  model: string;
  site_id: string;
  site_name: string;
  status: number;
  device_id: string | null;
  mac: string | null;
  device_name: string | null;
  line: number | null;
  line_status: number | null;
  failure: string | null;
  reported_at: Date | null;
  created_at: Date;
}

/** Everything an account row shows; never the password. */
export const ACCOUNT_FROM = `FROM sip_accounts a JOIN sip_servers v ON v.id = a.server_id JOIN sites s ON s.id = a.site_id
  LEFT JOIN sip_bindings b ON b.account_id = a.id LEFT JOIN devices d ON d.id = b.device_id`;
export const ACCOUNT_COLUMNS = `a.id, a.label_name, a.register_name, a.display_name, a.user_name,
  a.password <> '' AS has_password, a.server_id, v.name AS server_name, a.model, a.site_id, s.name AS site_name,
  ${ACCOUNT_STATUS_SQL} AS status, b.device_id, d.mac, d.device_name, b.line, b.status AS line_status, b.failure,
  b.reported_at, a.created_at`;

export function toAccountRow(row: AccountRecord): SipAccountRow {
  return {
    id: Number(row.id),
    labelName: row.label_name,
    registerName: row.register_name,
    displayName: row.display_name,
    userName: row.user_name,
    hasPassword: row.has_password,
    serverId: Number(row.server_id),
    serverName: row.server_name,
    model: row.model,
    siteId: Number(row.site_id),
    siteName: row.site_name,
    status: row.status,
    binding:
      row.device_id === null
        ? null
        : {
            deviceId: Number(row.device_id),
            macAddress: macWithColons(row.mac ?? ''),
            deviceName: row.device_name ?? '',
            line: row.line ?? 0,
            status: row.line_status ?? AccountStatus.unregistered,
            failure: row.failure,
            reportedAt: row.reported_at?.toISOString() ?? null,
          },
    createTime: row.created_at.toISOString(),
  };
}

/**
 * SIP accounts (extensions) on the organization's servers. An account lives at a site in its
 * server's site subtree; its password is write-only. User names are unique per server.
 */
export class SipAccountService {
  private readonly db: Database;

  constructor({ db }: { db: Database }) {
    this.db = db;
  }

  async search(scope: TenantScope, query: AccountSearch): Promise<{ list: SipAccountRow[]; total: number }> {
    const { from, bind } = this.filtered(query);
    const [list, count] = await Promise.all([
      this.page(scope, query, query.pageSize, (query.currentPage - 1) * query.pageSize),
      scope.query<{ total: string }>(this.db, `SELECT count(*) AS total ${from}`, bind),
    ]);
    return { list, total: Number(count[0]?.total ?? 0) };
  }

  /** The list's rows for its filters and order, the first `limit` of them (the export). */
  exportRows(scope: TenantScope, query: AccountSearch, limit: number): Promise<SipAccountRow[]> {
    return this.page(scope, query, limit, 0);
  }

  private async page(scope: TenantScope, query: AccountSearch, limit: number, offset: number) {
    const { from, bind } = this.filtered(query);
    const direction = query.sortOrder === 'desc' ? 'DESC' : 'ASC';
    const rows = await scope.query<AccountRecord>(
      this.db,
      `SELECT ${ACCOUNT_COLUMNS} ${from}
        ORDER BY ${accountSortFields[query.sortField]} ${direction}, a.id ${direction}
        LIMIT ${limit} OFFSET ${offset}`,
      bind,
    );
    return rows.map(toAccountRow);
  }

  private filtered(query: AccountSearch): { from: string; bind: unknown[] } {
    const bind: unknown[] = [];
    const where = ['{scope:a.org_id} AND {sites:a.site_id}'];
    if (query.keywords) {
      bind.push(`%${escapeLike(query.keywords.toLowerCase())}%`);
      const like = `$${bind.length}`;
      where.push(`(lower(a.user_name) LIKE ${like} OR lower(a.register_name) LIKE ${like}
                   OR lower(a.label_name) LIKE ${like} OR lower(a.display_name) LIKE ${like})`);
    }
    if (query.site) {
      bind.push(query.site);
      where.push(`s.path LIKE (SELECT p.path FROM sites p WHERE p.id = $${bind.length}) || '%'`);
    }
    if (query.serverId) {
      bind.push(query.serverId);
      where.push(`a.server_id = $${bind.length}`);
    }
    if (query.status !== undefined) {
      bind.push(query.status);
      where.push(`${ACCOUNT_STATUS_SQL} = $${bind.length}`);
    }
    return { from: `${ACCOUNT_FROM} WHERE ${where.join(' AND ')}`, bind };
  }

  async get(scope: TenantScope, id: number): Promise<SipAccountRow> {
    const [row] = await scope.query<AccountRecord>(
      this.db,
      `SELECT ${ACCOUNT_COLUMNS} ${ACCOUNT_FROM} WHERE a.id = $1 AND {scope:a.org_id} AND {sites:a.site_id}`,
      [id],
    );
    if (!row) throw AppError.notFound();
    return toAccountRow(row);
  }

  async add(scope: TenantScope, input: AccountInput): Promise<{ id: number }> {
    try {
      return await this.db.transaction(async (transaction) => {
        const orgId = await this.placement(scope, input, transaction);
        const [row] = await this.db.query<{ id: string }>(
          `INSERT INTO sip_accounts (org_id, site_id, server_id, label_name, register_name, display_name, user_name,
                                     password, model)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
          [
            orgId,
            input.siteId,
            input.serverId,
            input.labelName,
            input.registerName,
            input.displayName,
            input.userName,
            input.password,
            input.model,
          ],
          transaction,
        );
        return { id: Number(row?.id) };
      });
    } catch (error) {
      if (isUniqueViolation(error, ACCOUNT_USER_INDEX))
        throw new AppError(ErrorCode.conflict, 'sipAccountExists');
      throw error;
    }
  }

  /** An empty or absent password keeps the stored one; another site or server may unbind it. */
  async update(scope: TenantScope, input: AccountUpdate): Promise<{ unbound: number }> {
    try {
      return await this.db.transaction(async (transaction) => {
        const bind: unknown[] = [input.id];
        const [account] = await this.db.query<{ org_id: string }>(
          `SELECT a.org_id FROM sip_accounts a
            WHERE a.id = $1 AND ${scope.condition('a.org_id', bind)} AND ${scope.siteCondition('a.site_id', bind)}
              FOR UPDATE`,
          bind,
          transaction,
        );
        if (!account) throw AppError.notFound();
        const orgId = await this.placement(scope, input, transaction);
        if (orgId !== account.org_id) throw AppError.invalid('siteNotFound', 'siteId');
        await this.db.execute(
          `UPDATE sip_accounts SET site_id = $2, server_id = $3, label_name = $4, register_name = $5,
                  display_name = $6, user_name = $7, model = $8,
                  password = CASE WHEN $9::text IS NULL OR $9 = '' THEN password ELSE $9 END
            WHERE id = $1`,
          [
            input.id,
            input.siteId,
            input.serverId,
            input.labelName,
            input.registerName,
            input.displayName,
            input.userName,
            input.model,
            input.password ?? null,
          ],
          transaction,
        );
        return { unbound: await unbindStray(this.db, orgId, transaction) };
      });
    } catch (error) {
      if (isUniqueViolation(error, ACCOUNT_USER_INDEX))
        throw new AppError(ErrorCode.conflict, 'sipAccountExists');
      throw error;
    }
  }

  /** Deletes accounts; their devices lose those lines (spec §8). */
  async remove(scope: TenantScope, ids: number[]): Promise<void> {
    await this.withLines(scope, ids, removeAccountsSql('SELECT unnest($1::bigint[])'));
  }

  /** Unbinds accounts from their devices (spec §8 "unbind account"). */
  async unbind(scope: TenantScope, ids: number[]): Promise<void> {
    await this.withLines(scope, ids, 'DELETE FROM sip_bindings WHERE account_id = ANY($1::bigint[])');
  }

  private async withLines(scope: TenantScope, ids: number[], statement: string): Promise<void> {
    const wanted = distinct(ids);
    await this.db.transaction(async (transaction) => {
      const bind: unknown[] = [wanted];
      const found = await this.db.query<{ id: string; device_id: string | null }>(
        `SELECT a.id, b.device_id FROM sip_accounts a LEFT JOIN sip_bindings b ON b.account_id = a.id
          WHERE a.id = ANY($1::bigint[]) AND ${scope.condition('a.org_id', bind)}
            AND ${scope.siteCondition('a.site_id', bind)}
            FOR UPDATE OF a`,
        bind,
        transaction,
      );
      if (found.length !== wanted.length) throw AppError.notFound();
      await this.db.execute(statement, [wanted], transaction);
      const devices = found.flatMap((row) => (row.device_id ? [row.device_id] : []));
      if (devices.length)
        await this.db.execute(
          refreshAccountStatusSql('SELECT DISTINCT unnest($1::bigint[]) AS id'),
          [devices],
          transaction,
        );
    });
  }

  /**
   * The organization an account at this site on this server belongs to: both in the caller's
   * scope and organization, the site in the server's site subtree.
   */
  private async placement(
    scope: TenantScope,
    input: { siteId: number; serverId: number },
    transaction: Transaction,
  ): Promise<string> {
    const bind: unknown[] = [input.siteId, input.serverId];
    const [row] = await this.db.query<{
      site_org: string | null;
      server_org: string | null;
      inside: boolean;
    }>(
      `SELECT s.org_id AS site_org, v.org_id AS server_org, s.path LIKE sv.path || '%' AS inside
         FROM (SELECT 1) one
         LEFT JOIN sites s ON s.id = $1 AND ${scope.sitesCondition('s', bind)}
         LEFT JOIN sip_servers v ON v.id = $2 AND ${scope.condition('v.org_id', bind)}
         LEFT JOIN sites sv ON sv.id = v.site_id`,
      bind,
      transaction,
    );
    if (!row?.server_org) throw AppError.invalid('sipServerNotFound', 'serverId');
    if (!row.site_org || row.site_org !== row.server_org) throw AppError.invalid('siteNotFound', 'siteId');
    if (!row.inside) throw AppError.invalid('sipAccountOutsideServerSite', 'siteId');
    return row.site_org;
  }
}
