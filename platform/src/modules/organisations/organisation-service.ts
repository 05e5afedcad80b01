import type { ChannelRow, EnterpriseRow } from '@phonefleet/sdk';
import type { Transaction } from 'sequelize';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { AuthService } from '../auth/auth-service.js';
import { distinct, escapeLike } from '../sites/fleet-common.js';
import type { TenantScope } from '../tenancy/scope.js';
import type { LinkContext, OrganisationCreation } from './organisation-creation.js';
import {
  type ChannelRecord,
  channelRow,
  type EnterpriseRecord,
  enterpriseRow,
  FROM_ORGS,
  listColumns,
  managedCondition,
  ORG_NAME_LOCK,
  type OrgKind,
} from './organisation-rows.js';
import {
  type ChannelUpdate,
  type EnterpriseUpdate,
  type OrganisationFilters,
  type OrganisationSearch,
  organisationSortFields,
} from './schemas.js';

type RowOf<K extends OrgKind> = K extends 'channel' ? ChannelRow : EnterpriseRow;

interface Editable {
  id: string;
  parent_id: string;
  email: string | null;
  first_user_id: string | null;
  first_user_status: 'activated' | 'inactivated' | null;
}

/** The list, one organisation, edits and freezing of channels and enterprises (docs/organisation.md). */
export class OrganisationService {
  private readonly db: Database;
  private readonly authService: AuthService;
  private readonly organisationCreation: OrganisationCreation;

  constructor(deps: { db: Database; authService: AuthService; organisationCreation: OrganisationCreation }) {
    this.db = deps.db;
    this.authService = deps.authService;
    this.organisationCreation = deps.organisationCreation;
  }

  /** The `WHERE` of a list: kind, the caller's managed subtree, keywords and status. */
  private where(scope: TenantScope, kind: OrgKind, filters: OrganisationFilters, bind: unknown[]): string {
    bind.push(kind);
    const parts = [`o.type = $${bind.length}`, managedCondition(scope, 'o', bind)];
    if (filters.keywords) {
      bind.push(`%${escapeLike(filters.keywords)}%`);
      const k = `$${bind.length}`;
      parts.push(`(o.name ILIKE ${k} OR o.email::text ILIKE ${k} OR o.contact ILIKE ${k})`);
    }
    if (filters.status) {
      bind.push(filters.status);
      parts.push(`o.status = $${bind.length}`);
    }
    return parts.join(' AND ');
  }

  private order(filters: OrganisationFilters): string {
    const direction = filters.sortOrder === 'desc' ? 'DESC' : 'ASC';
    return `${organisationSortFields[filters.sortField]} ${direction}, o.id ${direction}`;
  }

  private toRows<K extends OrgKind>(kind: K, records: (ChannelRecord | EnterpriseRecord)[]): RowOf<K>[] {
    return records.map((record) =>
      kind === 'channel' ? channelRow(record as ChannelRecord) : enterpriseRow(record as EnterpriseRecord),
    ) as RowOf<K>[];
  }

  async search<K extends OrgKind>(
    scope: TenantScope,
    kind: K,
    query: OrganisationSearch,
  ): Promise<{ list: RowOf<K>[]; total: number }> {
    const bind: unknown[] = [];
    const where = this.where(scope, kind, query, bind);
    const [records, counted] = await Promise.all([
      this.db.query<ChannelRecord | EnterpriseRecord>(
        `SELECT ${listColumns[kind]} FROM ${FROM_ORGS} WHERE ${where} ORDER BY ${this.order(query)}
          LIMIT ${query.pageSize} OFFSET ${(query.currentPage - 1) * query.pageSize}`,
        bind,
      ),
      this.db.one<{ total: number }>(`SELECT count(*)::int AS total FROM orgs o WHERE ${where}`, bind),
    ]);
    return { list: this.toRows(kind, records), total: counted?.total ?? 0 };
  }

  /** Every row the filters match, in the list's order (for the export), at most `limit`. */
  async all<K extends OrgKind>(
    scope: TenantScope,
    kind: K,
    filters: OrganisationFilters,
    limit: number,
  ): Promise<RowOf<K>[]> {
    const bind: unknown[] = [];
    const where = this.where(scope, kind, filters, bind);
    const records = await this.db.query<ChannelRecord | EnterpriseRecord>(
      `SELECT ${listColumns[kind]} FROM ${FROM_ORGS} WHERE ${where} ORDER BY ${this.order(filters)} LIMIT ${limit}`,
      bind,
    );
    return this.toRows(kind, records);
  }

  async get<K extends OrgKind>(scope: TenantScope, kind: K, id: number): Promise<RowOf<K>> {
    const bind: unknown[] = [id, kind];
    const records = await this.db.query<ChannelRecord | EnterpriseRecord>(
      `SELECT ${listColumns[kind]} FROM ${FROM_ORGS}
        WHERE o.id = $1 AND o.type = $2 AND ${managedCondition(scope, 'o', bind)}`,
      bind,
    );
    const [row] = this.toRows(kind, records);
    if (!row) throw AppError.notFound();
    return row;
  }

  /** The organisation with its first user (the oldest user of the organisation), locked for an edit. */
  private async editable(
    scope: TenantScope,
    kind: OrgKind,
    id: number,
    transaction: Transaction,
  ): Promise<Editable> {
    const bind: unknown[] = [id, kind];
    const found = await this.db.one<Editable>(
      `SELECT o.id, o.parent_id, o.email, f.id AS first_user_id, f.status AS first_user_status
         FROM orgs o
         LEFT JOIN LATERAL (SELECT u.id, u.status FROM users u WHERE u.org_id = o.id ORDER BY u.id LIMIT 1) f ON true
        WHERE o.id = $1 AND o.type = $2 AND ${managedCondition(scope, 'o', bind)}
        FOR UPDATE OF o`,
      bind,
      transaction,
    );
    if (!found) throw AppError.notFound();
    return found;
  }

  /**
   * Edits an organisation in place (it is not moved: another parent is refused). While its first
   * user has not activated, a new register email becomes that user's email and user name and a new
   * activation link goes to it; afterwards the email is only the organisation's contact address.
   */
  async update(
    scope: TenantScope,
    wanted: { kind: 'channel'; input: ChannelUpdate } | { kind: 'enterprise'; input: EnterpriseUpdate },
    links: LinkContext,
  ): Promise<void> {
    const { kind, input } = wanted;
    const newParent = wanted.kind === 'channel' ? wanted.input.parentId : wanted.input.channelId;
    await this.db.transaction(async (transaction) => {
      const org = await this.editable(scope, kind, input.id, transaction);
      // The parent as the list shows it: null for an organisation directly under the platform.
      const shownParent = Number(org.parent_id) === 1 ? null : Number(org.parent_id);
      if (newParent != null && newParent !== shownParent && newParent !== Number(org.parent_id)) {
        throw AppError.invalid('organisationMoveUnsupported');
      }
      await this.db.execute(
        'SELECT pg_advisory_xact_lock($1, $2)',
        [ORG_NAME_LOCK, org.parent_id],
        transaction,
      );
      await this.organisationCreation.assertNameFree(kind, org.parent_id, input.name, input.id, transaction);
      const reissue =
        org.first_user_status === 'inactivated' && org.first_user_id !== null && org.email !== input.email;
      if (reissue)
        await this.organisationCreation.assertEmailFree(input.email, Number(org.first_user_id), transaction);
      await this.db.execute(
        `UPDATE orgs SET name = $2, email = $3, contact = coalesce($4, contact), phone = coalesce($5, phone),
                country = CASE WHEN type = 'enterprise' THEN $6 ELSE country END,
                device_limit = CASE WHEN type = 'enterprise' AND $9 THEN $7::integer ELSE device_limit END,
                may_create_subchannels = CASE WHEN type = 'channel' THEN coalesce($8, may_create_subchannels)
                                              ELSE may_create_subchannels END
          WHERE id = $1`,
        [
          input.id,
          input.name,
          input.email,
          input.contact ?? null,
          input.phone ?? null,
          wanted.kind === 'enterprise' ? wanted.input.country : null,
          wanted.kind === 'enterprise' ? (wanted.input.deviceLimit ?? null) : null,
          wanted.kind === 'channel' ? (wanted.input.maySubChannels ?? null) : null,
          wanted.kind === 'enterprise' && wanted.input.deviceLimit !== undefined,
        ],
        transaction,
      );
      if (reissue) {
        const userId = Number(org.first_user_id);
        await this.db.execute(
          'UPDATE users SET email = $2, user_name = $2 WHERE id = $1',
          [userId, input.email],
          transaction,
        );
        await this.authService.issueLink(
          { id: userId, orgId: input.id, userName: input.email, email: input.email },
          'activate',
          links,
          transaction,
        );
      }
    });
  }

  /** The ids, all of the caller's managed organisations of this kind, locked; else 'Not found'. */
  async lockManaged(
    scope: TenantScope,
    kind: OrgKind,
    ids: number[],
    transaction: Transaction,
  ): Promise<{ id: string; path: string; name: string }[]> {
    const wanted = distinct(ids);
    const bind: unknown[] = [wanted, kind];
    const rows = await this.db.query<{ id: string; path: string; name: string }>(
      `SELECT o.id, o.path, o.name FROM orgs o
        WHERE o.id = ANY($1::bigint[]) AND o.type = $2 AND ${managedCondition(scope, 'o', bind)}
        ORDER BY o.id FOR UPDATE OF o`,
      bind,
      transaction,
    );
    if (rows.length !== wanted.length) throw AppError.notFound();
    return rows;
  }

  /**
   * Freezes organisations: each and everything below it. Their users (and the users of every
   * organisation below) cannot sign in, and their open sessions end now. Refused for the caller's
   * own organisation.
   */
  async freeze(scope: TenantScope, kind: OrgKind, ids: number[]): Promise<void> {
    if (ids.includes(scope.orgId)) throw AppError.invalid('freezeOwnOrganisation');
    await this.db.transaction(async (transaction) => {
      const orgs = await this.lockManaged(scope, kind, ids, transaction);
      const paths = orgs.map((org) => `${org.path}%`);
      await this.db.execute(
        `UPDATE orgs SET status = 'frozen' WHERE id = ANY($1::bigint[])`,
        [orgs.map((org) => org.id)],
        transaction,
      );
      await this.db.execute(
        `DELETE FROM sessions s USING users u, orgs o
          WHERE s.user_id = u.id AND o.id = u.org_id AND o.path LIKE ANY($1::text[])`,
        [paths],
        transaction,
      );
    });
  }

  /** Unfreezes: 'normal', or 'inactivated' again when no user of the organisation has activated. */
  async unfreeze(scope: TenantScope, kind: OrgKind, ids: number[]): Promise<void> {
    await this.db.transaction(async (transaction) => {
      const orgs = await this.lockManaged(scope, kind, ids, transaction);
      await this.db.execute(
        `UPDATE orgs o SET status = CASE WHEN EXISTS (SELECT 1 FROM users u WHERE u.org_id = o.id AND u.status = 'activated')
                                         THEN 'normal' ELSE 'inactivated' END
          WHERE o.id = ANY($1::bigint[]) AND o.status = 'frozen'`,
        [orgs.map((org) => org.id)],
        transaction,
      );
    });
  }
}
