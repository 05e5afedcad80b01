import {
  ErrorCode,
  type GrantableResource,
  type RoleDetail,
  type RolePermission,
  type RoleRow,
} from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import { type Caller, callerCtes, GIVABLE_ROLE, notFound, VISIBLE_ROLE } from './caller.js';
import type { SaveRole, SearchRoles } from './schemas.js';

interface RoleDbRow {
  id: string;
  name: string;
  description: string;
  builtin: boolean;
  user_count: string;
  created_at: Date;
}

/** Advisory lock key space of role names: saves of one organisation's roles queue. */
const ROLE_NAMES_LOCK = 4301;

const ROLE_COLUMNS = `r.id, r.name, r.description, r.builtin, r.created_at,
  (SELECT count(*) FROM users u WHERE u.role_id = r.id AND u.org_id = (SELECT org_id FROM me)) AS user_count`;

function toRoleRow(row: RoleDbRow): RoleRow {
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    builtin: row.builtin,
    userCount: Number(row.user_count),
    createTime: new Date(row.created_at).toISOString(),
  };
}

/**
 * Roles (docs/organisation.md, "Users and roles"): the built-in role of the caller's user type
 * (read-only) and its organisation's custom roles, whose function permissions never go beyond what
 * the caller holds. A role's users get its changes on their next request (the session lookup reads
 * `role_resources` every time).
 */
export class RoleService {
  private readonly db: Database;

  constructor({ db }: { db: Database }) {
    this.db = db;
  }

  /** The roles the caller may give a user. */
  async givable(caller: Caller): Promise<RoleRow[]> {
    const bind: unknown[] = [];
    const rows = await this.db.query<RoleDbRow>(
      `WITH ${callerCtes(caller, bind)}
       SELECT ${ROLE_COLUMNS} FROM roles r WHERE ${VISIBLE_ROLE} AND ${GIVABLE_ROLE}
        ORDER BY r.builtin DESC, r.created_at, r.id`,
      bind,
    );
    return rows.map(toRoleRow);
  }

  async search(caller: Caller, query: SearchRoles): Promise<{ list: RoleRow[]; total: number }> {
    const bind: unknown[] = [];
    const ctes = callerCtes(caller, bind);
    let filter = '';
    if (query.keywords) {
      bind.push(`%${query.keywords.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      filter = `AND (r.name ILIKE $${bind.length} OR r.description ILIKE $${bind.length})`;
    }
    const direction = query.sortOrder === 'desc' ? 'DESC' : 'ASC';
    const [rows, count] = await Promise.all([
      this.db.query<RoleDbRow>(
        `WITH ${ctes}
         SELECT ${ROLE_COLUMNS} FROM roles r WHERE ${VISIBLE_ROLE} ${filter}
          ORDER BY r.builtin DESC, r.created_at ${direction}, r.id ${direction}
          LIMIT ${query.pageSize} OFFSET ${(query.currentPage - 1) * query.pageSize}`,
        bind,
      ),
      this.db.one<{ total: string }>(
        `WITH ${ctes} SELECT count(*) AS total FROM roles r WHERE ${VISIBLE_ROLE} ${filter}`,
        bind,
      ),
    ]);
    return { list: rows.map(toRoleRow), total: Number(count?.total ?? 0) };
  }

  async get(caller: Caller, id: number): Promise<RoleDetail> {
    const bind: unknown[] = [];
    const ctes = callerCtes(caller, bind);
    bind.push(id);
    const row = await this.db.one<RoleDbRow & { permissions: RolePermission[] }>(
      `WITH ${ctes}
       SELECT ${ROLE_COLUMNS},
              (SELECT coalesce(json_agg(json_build_object('power', s.power, 'buttons', to_json(x.buttons))
                                        ORDER BY s.sort, s.id), '[]'::json)
                 FROM role_resources x JOIN resources s ON s.id = x.resource_id
                WHERE x.role_id = r.id) AS permissions
         FROM roles r WHERE r.id = $${bind.length} AND ${VISIBLE_ROLE}`,
      bind,
    );
    if (!row) throw AppError.notFound();
    return { ...toRoleRow(row), permissions: row.permissions };
  }

  /** What a custom role of the caller may hold: its own resources with the buttons it holds. */
  async grantable(caller: Caller): Promise<GrantableResource[]> {
    const bind: unknown[] = [];
    return this.db.query<GrantableResource>(
      `WITH ${callerCtes(caller, bind)}
       SELECT power, rs_name AS "rsName", rs_name_cn AS "rsNameCn", buttons
         FROM grantable ORDER BY sort, resource_id`,
      bind,
    );
  }

  /** Adds (no id) or edits a custom role of the caller's organisation. */
  async save(caller: Caller, input: SaveRole): Promise<{ id: number }> {
    const grantable = new Map((await this.grantable(caller)).map((g) => [g.power, new Set(g.buttons)]));
    // One entry per power; a power named twice holds the buttons of both.
    const wanted = new Map<string, Set<string>>();
    for (const permission of input.permissions) {
      const allowed = grantable.get(permission.power);
      const refused = permission.buttons.filter((button) => !allowed?.has(button));
      if (!allowed || refused.length) {
        throw AppError.invalid(
          'invalidFormat',
          refused.length ? `${permission.power}: ${refused.join(', ')}` : permission.power,
        );
      }
      const buttons = wanted.get(permission.power) ?? new Set<string>();
      for (const button of permission.buttons) buttons.add(button);
      wanted.set(permission.power, buttons);
    }
    const powers = [...wanted.keys()];
    const buttons = powers.map((power) => [...(wanted.get(power) ?? [])].join(','));
    return this.db.transaction(async (transaction) => {
      await this.db.execute(
        'SELECT pg_advisory_xact_lock($1::int, $2::int) AS locked',
        [ROLE_NAMES_LOCK, caller.orgId],
        transaction,
      );
      const bind: unknown[] = [];
      const ctes = callerCtes(caller, bind);
      bind.push(input.id ?? 0, input.name);
      const [id, name] = [bind.length - 1, bind.length];
      const state = await this.db.one<{
        user_type: string;
        found: boolean;
        builtin: boolean;
        name_taken: boolean;
      }>(
        `WITH ${ctes}
         SELECT (SELECT user_type FROM me) AS user_type,
                EXISTS (SELECT 1 FROM roles r WHERE r.id = $${id} AND ${VISIBLE_ROLE}) AS found,
                EXISTS (SELECT 1 FROM roles r WHERE r.id = $${id} AND r.builtin) AS builtin,
                EXISTS (SELECT 1 FROM roles r WHERE lower(r.name) = lower($${name}) AND r.id <> $${id}
                           AND ${VISIBLE_ROLE}) AS name_taken`,
        bind,
        transaction,
      );
      if (!state || state.user_type === 'admin') throw AppError.invalid('customRolesUnsupported');
      if (input.id !== undefined && !state.found) throw notFound(String(input.id));
      if (state.builtin) throw AppError.forbidden();
      if (state.name_taken) throw new AppError(ErrorCode.conflict, 'roleNameExists');
      const saved = await this.db.one<{ id: string }>(
        input.id === undefined
          ? `INSERT INTO roles (org_id, name, description, user_type) VALUES ($1, $2, $3, $4) RETURNING id`
          : `UPDATE roles SET name = $2, description = $3
              WHERE id = $4 AND org_id = $1 AND NOT builtin RETURNING id`,
        [caller.orgId, input.name, input.description, input.id === undefined ? state.user_type : input.id],
        transaction,
      );
      const roleId = Number(saved?.id);
      await this.db.execute(
        `WITH wanted AS (
           SELECT s.id AS resource_id, string_to_array(b, ',') AS buttons
             FROM unnest($2::text[], $3::text[]) AS t(p, b) JOIN resources s ON s.power = t.p),
         dropped AS (
           DELETE FROM role_resources x WHERE x.role_id = $1
              AND x.resource_id NOT IN (SELECT resource_id FROM wanted))
         INSERT INTO role_resources (role_id, resource_id, buttons)
         SELECT $1, resource_id, buttons FROM wanted
         ON CONFLICT (role_id, resource_id) DO UPDATE SET buttons = EXCLUDED.buttons`,
        [roleId, powers, buttons],
        transaction,
      );
      return { id: roleId };
    });
  }

  /** Deletes custom roles; nothing is deleted when any is built in, in use or not the caller's. */
  async remove(caller: Caller, ids: number[]): Promise<void> {
    await this.db.transaction(async (transaction) => {
      await this.db.execute(
        'SELECT pg_advisory_xact_lock($1::int, $2::int) AS locked',
        [ROLE_NAMES_LOCK, caller.orgId],
        transaction,
      );
      const bind: unknown[] = [];
      const ctes = callerCtes(caller, bind);
      bind.push(ids);
      const rows = await this.db.query<{
        id: string;
        found: boolean;
        builtin: boolean;
        name: string;
        in_use: boolean;
      }>(
        `WITH ${ctes}, named AS (SELECT DISTINCT unnest($${bind.length}::bigint[]) AS id)
         SELECT n.id, r.id IS NOT NULL AS found, coalesce(r.builtin, false) AS builtin, r.name,
                EXISTS (SELECT 1 FROM users u WHERE u.role_id = n.id) AS in_use
           FROM named n LEFT JOIN roles r ON r.id = n.id AND ${VISIBLE_ROLE}
          ORDER BY n.id`,
        bind,
        transaction,
      );
      const missing = rows.filter((r) => !r.found).map((r) => r.id);
      if (missing.length) throw notFound(missing.join(','));
      const builtin = rows.filter((r) => r.builtin).map((r) => r.name);
      if (builtin.length) throw AppError.invalid('roleBuiltin', builtin.join(', '));
      const used = rows.filter((r) => r.in_use).map((r) => r.name);
      if (used.length) throw AppError.invalid('roleInUse', used.join(', '));
      await this.db
        .execute(
          'DELETE FROM roles WHERE id = ANY ($1::bigint[]) AND org_id = $2 AND NOT builtin',
          [ids, caller.orgId],
          transaction,
        )
        .catch((error: unknown) => {
          // A user was given the role meanwhile.
          const code = (error as { parent?: { code?: string } }).parent?.code;
          throw code === '23503' ? AppError.invalid('roleInUse') : error;
        });
    });
  }
}
