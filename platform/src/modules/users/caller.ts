import { ErrorCode } from '@phonefleet/sdk';
import { AppError } from '../../http/envelope.js';
import type { SessionInfo } from '../auth/session-info.js';

/**
 * Who is acting on users and roles, and the SQL that says what it may give and whom it may manage
 * (docs/organisation.md, "Users and roles"). Users and roles are per organisation: the caller's
 * organisation is `scope.orgId` (the enterprise it entered, when it entered one).
 */
export interface Caller {
  userId: number;
  orgId: number;
  /** Power → the buttons the caller holds (the session's, read from its role on every request). */
  grants: Record<string, string[]>;
}

export function callerOf(session: SessionInfo): Caller {
  return { userId: session.login.user.id, orgId: session.scope.orgId, grants: session.login.buttons };
}

/** The id the route named is the caller's own account. */
export function refuseSelf(caller: Caller, ids: number[]): void {
  if (ids.includes(caller.userId)) throw AppError.invalid('notOnSelf');
}

/** 'Not found' naming the field or the ids refused. */
export function notFound(messageExt: string): AppError {
  return new AppError(ErrorCode.notFound, 'notFound', 404, messageExt);
}

/**
 * CTEs every users and roles statement starts from; pushes its bind values onto `bind`.
 * - `me`: the caller's organisation, the user type its users and roles have (`admin` for the
 *   platform organisation), and the caller's own sites (NULL: every site);
 * - `grantable`: what a role given by the caller may hold: the caller's own resources and buttons,
 *   within the built-in role of that user type (so a custom role never grants more than its creator
 *   holds, nor what the user type may not have).
 */
export function callerCtes(caller: Caller, bind: unknown[]): string {
  bind.push(caller.orgId, caller.userId, JSON.stringify(caller.grants));
  const [org, user, grants] = [bind.length - 2, bind.length - 1, bind.length];
  return `me AS (
      SELECT o.id AS org_id, o.name AS org_name, $${user}::bigint AS caller_id,
             CASE o.type WHEN 'platform' THEN 'admin' ELSE o.type END AS user_type,
             (SELECT c.site_ids FROM users c WHERE c.id = $${user} AND c.org_id = o.id) AS site_ids
        FROM orgs o WHERE o.id = $${org}),
    grantable AS (
      SELECT s.id AS resource_id, s.power, s.rs_name, s.rs_name_cn, s.sort,
             ARRAY(SELECT b FROM unnest(rr.buttons) b
                    WHERE b IN (SELECT jsonb_array_elements_text(g.value))) AS buttons
        FROM jsonb_each($${grants}::jsonb) g
        JOIN resources s ON s.power = g.key
        JOIN role_resources rr ON rr.resource_id = s.id
        JOIN roles br ON br.id = rr.role_id AND br.builtin
       WHERE br.user_type = (SELECT user_type FROM me))`;
}

/** Roles the caller sees: the built-in one of its user type and its organisation's custom roles. */
export const VISIBLE_ROLE = `r.user_type = (SELECT user_type FROM me)
   AND (r.builtin OR r.org_id = (SELECT org_id FROM me))`;

/** The role `r` holds nothing beyond `grantable`: the caller may give it. */
export const GIVABLE_ROLE = `NOT EXISTS (
     SELECT 1 FROM role_resources x LEFT JOIN grantable ga ON ga.resource_id = x.resource_id
      WHERE x.role_id = r.id AND (ga.resource_id IS NULL OR NOT x.buttons <@ ga.buttons))`;

/** Every id of the array expression `sites` is within the caller's own sites (and their subtrees). */
export const withinCallerSites = (sites: string) => `(
  (SELECT site_ids FROM me) IS NULL OR (${sites} IS NOT NULL AND NOT EXISTS (
     SELECT 1 FROM unnest(${sites}) AS t(id) LEFT JOIN sites ts ON ts.id = t.id
      WHERE ts.id IS NULL OR NOT EXISTS (
        SELECT 1 FROM sites cs WHERE cs.id = ANY ((SELECT site_ids FROM me)::bigint[]) AND ts.path LIKE cs.path || '%'))))`;

/**
 * The user `u` is one the caller may manage: its role is one the caller may give and its sites are
 * within the caller's. A weaker sub-user cannot take over a stronger one (by its email, say).
 */
export const MANAGEABLE_USER = `(u.role_id IS NULL OR EXISTS (
     SELECT 1 FROM roles r WHERE r.id = u.role_id AND ${GIVABLE_ROLE}))
   AND ${withinCallerSites('u.site_ids')}`;

/**
 * The parent of users the caller creates or takes over: the caller, or, when it entered this
 * organisation from above, the organisation's first user (so no user hangs from another organisation).
 */
export const PARENT_USER = `coalesce(
  (SELECT c.id FROM users c WHERE c.id = (SELECT caller_id FROM me) AND c.org_id = (SELECT org_id FROM me)),
  (SELECT p.id FROM users p WHERE p.org_id = (SELECT org_id FROM me) AND p.parent_user_id IS NULL
    ORDER BY p.id LIMIT 1),
  (SELECT caller_id FROM me))`;

/** The organisation's first user (created with it): the one user without a parent user. */
export const PRIMARY_USER = 'u.parent_user_id IS NULL';

/** A user that has chosen a password (an activated or forbidden one; never a new, unactivated user). */
export const HAS_PASSWORD = `u.password_hash LIKE 'scrypt$%'`;

/** What a user never activated holds instead of a password hash: no password matches it. */
export const NO_PASSWORD = '!';
