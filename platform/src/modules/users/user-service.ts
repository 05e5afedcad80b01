import { ErrorCode, type UserRow } from '@phonefleet/sdk';
import type { Transaction } from 'sequelize';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { AuthService } from '../auth/auth-service.js';
import {
  type Caller,
  callerCtes,
  GIVABLE_ROLE,
  HAS_PASSWORD,
  MANAGEABLE_USER,
  NO_PASSWORD,
  notFound,
  PARENT_USER,
  PRIMARY_USER,
  refuseSelf,
  VISIBLE_ROLE,
  withinCallerSites,
} from './caller.js';
import type { AddUser, SearchUsers, SendEmailType, UpdateUser } from './schemas.js';
import { type LinkOptions, toUserRow, USER_COLUMNS, USER_JOINS, type UserDbRow } from './user-rows.js';

interface TargetRow {
  id: string;
  found: boolean;
  user_name: string | null;
  email: string | null;
  is_primary: boolean;
  manageable: boolean;
  has_password: boolean;
}

interface Checks {
  user_type: string;
  name_taken: boolean;
  email_taken: boolean;
  role_ok: boolean;
  sites_exist: boolean;
  sites_within: boolean;
}

/** Database error behind a failed statement (sequelize wraps it). */
function pgError(error: unknown): { code?: string; constraint?: string } {
  return (error as { parent?: { code?: string; constraint?: string } }).parent ?? {};
}

/** A duplicate the checks did not see (two requests at once) answers as the checks would. */
function duplicateOf(error: unknown): AppError | undefined {
  const { code, constraint } = pgError(error);
  // The role was deleted meanwhile.
  if (code === '23503' && constraint === 'users_role_id_fkey') return notFound('roleId');
  if (code !== '23505') return undefined;
  if (constraint === 'users_user_name_key') return new AppError(ErrorCode.conflict, 'userNameExists');
  if (constraint === 'users_email_key') return new AppError(ErrorCode.conflict, 'emailExists');
  return undefined;
}

/**
 * The users of the caller's organisation (docs/organisation.md, "Users and roles"): its sub-users
 * with a role and the sites they see, activation by emailed link, forbid and enable, removal.
 */
export class UserService {
  private readonly db: Database;
  private readonly authService: AuthService;

  constructor({ db, authService }: { db: Database; authService: AuthService }) {
    this.db = db;
    this.authService = authService;
  }

  async search(caller: Caller, query: SearchUsers): Promise<{ list: UserRow[]; total: number }> {
    const bind: unknown[] = [caller.orgId];
    let filter = '';
    if (query.keywords) {
      bind.push(`%${query.keywords.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      filter = `AND (u.user_name ILIKE $2 OR u.email ILIKE $2)`;
    }
    const sort = query.sortField === 'userName' ? 'u.user_name' : 'u.created_at';
    const direction = query.sortOrder === 'desc' ? 'DESC' : 'ASC';
    const [rows, count] = await Promise.all([
      this.db.query<UserDbRow>(
        `SELECT ${USER_COLUMNS} FROM users u ${USER_JOINS}
          WHERE u.org_id = $1 ${filter}
          ORDER BY ${sort} ${direction}, u.id ${direction}
          LIMIT ${query.pageSize} OFFSET ${(query.currentPage - 1) * query.pageSize}`,
        bind,
      ),
      this.db.one<{ total: string }>(
        `SELECT count(*) AS total FROM users u WHERE u.org_id = $1 ${filter}`,
        bind,
      ),
    ]);
    return { list: rows.map(toUserRow), total: Number(count?.total ?? 0) };
  }

  /** A sub-user of the caller's organisation, inactivated until it follows its activation link. */
  async add(caller: Caller, input: AddUser, link: LinkOptions): Promise<{ id: number }> {
    const siteIds = input.siteIds ? [...new Set(input.siteIds)].sort((a, b) => a - b) : null;
    return this.db.transaction(async (transaction) => {
      const checks = await this.checks(caller, input, siteIds, null, transaction);
      this.refuse(checks);
      const bind: unknown[] = [];
      const ctes = callerCtes(caller, bind);
      bind.push(input.userName, input.email, NO_PASSWORD, input.roleId, siteIds);
      const n = bind.length;
      const created = await this.db
        .one<{ id: string }>(
          `WITH ${ctes}
           INSERT INTO users (org_id, user_name, email, password_hash, user_type, role_id, parent_user_id,
                              status, site_ids)
           SELECT org_id, $${n - 4}, $${n - 3}, $${n - 2}, user_type, $${n - 1}, ${PARENT_USER},
                  'inactivated', $${n}::bigint[]
             FROM me RETURNING id`,
          bind,
          transaction,
        )
        .catch((error: unknown) => {
          throw duplicateOf(error) ?? error;
        });
      const id = Number(created?.id);
      await this.authService.issueLink(
        { id, orgId: caller.orgId, userName: input.userName, email: input.email },
        'activate',
        link,
        transaction,
      );
      return { id };
    });
  }

  /**
   * Edits a user's name, email, role and sites. A new email of a user who never set a password gets
   * a new activation link; any new email ends the links sent to the old one.
   */
  async update(caller: Caller, input: UpdateUser, link: LinkOptions): Promise<void> {
    const keepSites = input.siteIds === undefined;
    const siteIds = input.siteIds ? [...new Set(input.siteIds)].sort((a, b) => a - b) : null;
    await this.db.transaction(async (transaction) => {
      const [target] = await this.targets(caller, [input.id], transaction);
      if (!target?.found) throw notFound(String(input.id));
      refuseSelf(caller, [input.id]);
      if (target.is_primary) throw AppError.invalid('primaryUserProtected', target.user_name);
      if (!target.manageable) throw new AppError(ErrorCode.forbidden, 'userNotManageable');
      const checks = await this.checks(caller, input, keepSites ? [] : siteIds, input.id, transaction);
      this.refuse(checks);
      const emailChanged = (target.email ?? '').toLowerCase() !== input.email.toLowerCase();
      await this.db
        .execute(
          `UPDATE users SET user_name = $2, email = $3, role_id = $4,
                  site_ids = CASE WHEN $5 THEN site_ids ELSE $6::bigint[] END
            WHERE id = $1`,
          [input.id, input.userName, input.email, input.roleId, keepSites, siteIds],
          transaction,
        )
        .catch((error: unknown) => {
          throw duplicateOf(error) ?? error;
        });
      if (!emailChanged) return;
      await this.db.execute(
        'UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL',
        [input.id],
        transaction,
      );
      if (!target.has_password) {
        await this.authService.issueLink(
          { id: input.id, orgId: caller.orgId, userName: input.userName, email: input.email },
          'activate',
          link,
          transaction,
        );
      }
    });
  }

  /** Inactivates users: their sessions and unused links end at once. */
  async forbid(caller: Caller, ids: number[]): Promise<void> {
    await this.db.transaction(async (transaction) => {
      await this.assertManageable(caller, ids, true, transaction);
      await this.db.query(
        `WITH forbidden AS (UPDATE users SET status = 'inactivated' WHERE id = ANY ($1::bigint[]) RETURNING id),
              signed_out AS (DELETE FROM sessions WHERE user_id IN (SELECT id FROM forbidden)),
              links AS (UPDATE password_resets SET used_at = now()
                         WHERE used_at IS NULL AND user_id IN (SELECT id FROM forbidden))
         SELECT count(*) AS n FROM forbidden`,
        [ids],
        transaction,
      );
    });
  }

  /** Activates forbidden users again; a user who never chose a password needs its activation link. */
  async activate(caller: Caller, ids: number[]): Promise<void> {
    await this.db.transaction(async (transaction) => {
      const targets = await this.assertManageable(caller, ids, false, transaction);
      const unset = targets.filter((t) => !t.has_password).map((t) => t.user_name);
      if (unset.length) throw AppError.invalid('userNeverActivated', unset.join(', '));
      await this.db.execute(
        `UPDATE users SET status = 'activated' WHERE id = ANY ($1::bigint[])`,
        [ids],
        transaction,
      );
    });
  }

  /** Deletes users; users they had created are taken over by the caller. */
  async remove(caller: Caller, ids: number[]): Promise<void> {
    await this.db.transaction(async (transaction) => {
      await this.assertManageable(caller, ids, true, transaction);
      const bind: unknown[] = [];
      const ctes = callerCtes(caller, bind);
      bind.push(ids);
      await this.db.execute(
        `WITH ${ctes} UPDATE users SET parent_user_id = ${PARENT_USER}
          WHERE parent_user_id = ANY ($${bind.length}::bigint[])`,
        bind,
        transaction,
      );
      await this.db.execute('DELETE FROM users WHERE id = ANY ($1::bigint[])', [ids], transaction);
    });
  }

  /** Emails a user its activation link (never set a password) or a password reset link. */
  async sendLink(caller: Caller, type: SendEmailType, id: number, link: LinkOptions): Promise<void> {
    await this.db.transaction(async (transaction) => {
      const [target] = await this.targets(caller, [id], transaction);
      if (!target?.found) throw notFound(String(id));
      if (!target.manageable) throw new AppError(ErrorCode.forbidden, 'userNotManageable');
      if (type === 'activate' && target.has_password) throw AppError.invalid('userHasPassword');
      if (type === 'reset' && !target.has_password) throw AppError.invalid('userNeverActivated');
      await this.authService.issueLink(
        { id, orgId: caller.orgId, userName: target.user_name ?? '', email: target.email },
        type,
        link,
        transaction,
      );
    });
  }

  /** The named users of the caller's organisation with what the rules ask about each. */
  private targets(caller: Caller, ids: number[], transaction: Transaction): Promise<TargetRow[]> {
    const bind: unknown[] = [];
    const ctes = callerCtes(caller, bind);
    bind.push(ids);
    return this.db.query<TargetRow>(
      `WITH ${ctes}, named AS (SELECT DISTINCT unnest($${bind.length}::bigint[]) AS id)
       SELECT n.id, u.id IS NOT NULL AS found, u.user_name, u.email,
              coalesce(${PRIMARY_USER}, false) AS is_primary,
              coalesce(${MANAGEABLE_USER}, false) AS manageable,
              coalesce(${HAS_PASSWORD}, false) AS has_password
         FROM named n LEFT JOIN users u ON u.id = n.id AND u.org_id = (SELECT org_id FROM me)
        ORDER BY n.id`,
      bind,
      transaction,
    );
  }

  /** Refuses the whole batch unless every user is found, none is the caller or (optionally) primary. */
  private async assertManageable(
    caller: Caller,
    ids: number[],
    protectPrimary: boolean,
    transaction: Transaction,
  ): Promise<TargetRow[]> {
    const targets = await this.targets(caller, ids, transaction);
    const missing = targets.filter((t) => !t.found).map((t) => t.id);
    if (missing.length) throw notFound(missing.join(','));
    if (protectPrimary) refuseSelf(caller, ids);
    const primary = targets.filter((t) => t.is_primary).map((t) => t.user_name);
    if (protectPrimary && primary.length) throw AppError.invalid('primaryUserProtected', primary.join(', '));
    const beyond = targets.filter((t) => !t.manageable).map((t) => t.user_name);
    if (beyond.length) throw new AppError(ErrorCode.forbidden, 'userNotManageable', 403, beyond.join(', '));
    return targets;
  }

  /**
   * Whether the name and email are free (as user names and as emails: sign-in takes either), the
   * role is one the caller may give, and the sites are the organisation's and within the caller's.
   */
  private async checks(
    caller: Caller,
    input: { userName: string; email: string; roleId: number },
    siteIds: number[] | null,
    self: number | null,
    transaction: Transaction,
  ): Promise<Checks> {
    const bind: unknown[] = [];
    const ctes = callerCtes(caller, bind);
    bind.push(input.userName, input.email, input.roleId, siteIds, self ?? 0);
    const n = bind.length;
    const [name, email, role, sites, id] = [n - 4, n - 3, n - 2, n - 1, n];
    const checks = await this.db.one<Checks>(
      `WITH ${ctes}
       SELECT (SELECT user_type FROM me) AS user_type,
              EXISTS (SELECT 1 FROM users o WHERE (o.user_name = $${name}::citext OR o.email = $${name}::citext)
                         AND o.id <> $${id}) AS name_taken,
              EXISTS (SELECT 1 FROM users o WHERE (o.email = $${email}::citext OR o.user_name = $${email}::citext)
                         AND o.id <> $${id}) AS email_taken,
              EXISTS (SELECT 1 FROM roles r WHERE r.id = $${role} AND ${VISIBLE_ROLE} AND ${GIVABLE_ROLE}) AS role_ok,
              $${sites}::bigint[] IS NULL OR (SELECT count(*) FROM sites s
                 WHERE s.id = ANY ($${sites}::bigint[]) AND s.org_id = (SELECT org_id FROM me))
                 = cardinality($${sites}::bigint[]) AS sites_exist,
              cardinality($${sites}::bigint[]) = 0 OR ${withinCallerSites(`$${sites}::bigint[]`)} AS sites_within`,
      bind,
      transaction,
    );
    if (!checks) throw AppError.notFound();
    return checks;
  }

  private refuse(checks: Checks): void {
    if (checks.user_type === 'admin') throw AppError.invalid('customRolesUnsupported');
    if (checks.name_taken) throw new AppError(ErrorCode.conflict, 'userNameExists');
    if (checks.email_taken) throw new AppError(ErrorCode.conflict, 'emailExists');
    if (!checks.role_ok) throw notFound('roleId');
    if (!checks.sites_exist) throw notFound('siteIds');
    if (!checks.sites_within) throw new AppError(ErrorCode.forbidden, 'userNotManageable', 403, 'siteIds');
  }
}
