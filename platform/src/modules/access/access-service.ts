import type { LoginInfo, LoginUser, Resource, UserType } from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { ROOT_ORG_ID } from '../tenancy/root-organization.js';
import { TenantScope } from '../tenancy/scope.js';

interface UserRow {
  id: string;
  user_name: string;
  email: string | null;
  user_type: UserType;
  role_id: string | null;
  role_name: string | null;
  org_id: string;
  org_type: 'platform' | 'channel' | 'enterprise';
  org_path: string;
  zone_id: number | null;
  zone_description: string | null;
  zone_offset: string | null;
  /** Paths of the sites a sub-user is limited to; null: every site. */
  site_paths: string[] | null;
  /** The enterprise the session entered, when the user may still enter it. */
  entered_id: string | null;
  entered_name: string | null;
  entered_path: string | null;
  /** `access_grants.version` as this statement saw it. */
  grants_version: string;
}

interface ResourceRow {
  id: number;
  power: string;
  rs_name: string;
  rs_name_cn: string;
  path: string;
  buttons: string[];
}

export interface AccessDescription {
  login: LoginInfo;
  powers: ReadonlySet<string>;
  scope: TenantScope;
}

/** What a user type and role hold (inside an entered enterprise or not): shared by all its sessions. */
interface Grants {
  resources: readonly Resource[];
  buttons: Readonly<Record<string, string[]>>;
  powers: ReadonlySet<string>;
}

/**
 * A user with its organization, time zone, sites, the enterprise its session entered and the
 * version of the grants (every API call resolves its session through it). `{users}` names the row
 * source that picks the user; `entered` the id of the enterprise its session entered, honoured only
 * while the user may enter it: an enterprise below the user's organization that, for a channel
 * user, has authorized its channels.
 */
const describeSql = (users: string, entered: string) => `
  SELECT u.id, u.user_name, u.email, u.user_type, u.role_id, r.name AS role_name,
         o.id AS org_id, o.type AS org_type, o.path AS org_path,
         u.zone_id, z.description AS zone_description, z."offset" AS zone_offset,
         CASE WHEN u.site_ids IS NOT NULL THEN coalesce(
           (SELECT array_agg(s.path) FROM sites s WHERE s.id = ANY(u.site_ids) AND s.org_id = u.org_id),
           '{}') END AS site_paths,
         eo.id AS entered_id, eo.name AS entered_name, eo.path AS entered_path,
         (SELECT version FROM access_grants) AS grants_version
    FROM ${users}
    JOIN orgs o ON o.id = u.org_id
    LEFT JOIN orgs eo ON eo.id = ${entered} AND eo.type = 'enterprise' AND eo.id <> o.id
                     AND eo.path LIKE o.path || '%' AND (u.user_type = 'admin' OR eo.channel_authorized)
                     AND u.site_ids IS NULL
    LEFT JOIN roles r ON r.id = u.role_id
    LEFT JOIN time_zones z ON z.id = u.zone_id`;

const BY_ID = `${describeSql('users u', 'NULL')} WHERE u.id = $1`;

/**
 * The signed-in user of a live session, sliding the session's idle expiry at most once a minute:
 * a write (and its WAL flush) on every call would serialise concurrent requests of one session.
 */
const BY_SESSION = `
  WITH live AS (SELECT user_id, entered_org_id FROM sessions WHERE token_hash = $1 AND expires_at > now()),
       slid AS (UPDATE sessions SET expires_at = now() + make_interval(mins => $2)
                 WHERE token_hash = $1 AND expires_at > now()
                   AND expires_at < now() + make_interval(mins => $2) - interval '1 minute')
  ${describeSql('live JOIN users u ON u.id = live.user_id', 'live.entered_org_id')}`;

/**
 * Resources (menu) with their buttons for a user type and role ($1, $2): administrators hold every
 * resource with every button, others what their role grants; inside an entered enterprise ($3)
 * only what an enterprise's own console offers.
 */
const GRANTS = `
  SELECT s.id, s.power, s.rs_name, s.rs_name_cn, s.path,
         CASE WHEN $1 = 'admin' THEN s.buttons ELSE rr.buttons END AS buttons
    FROM resources s
    LEFT JOIN role_resources rr ON rr.resource_id = s.id AND rr.role_id = $2
   WHERE ($1 = 'admin' OR rr.role_id IS NOT NULL)
     AND (NOT $3 OR EXISTS (
           SELECT 1 FROM role_resources er JOIN roles er_role ON er_role.id = er.role_id
            WHERE er.resource_id = s.id AND er_role.builtin AND er_role.user_type = 'enterprise'
              AND er_role.org_id = ${ROOT_ORG_ID}))
   ORDER BY s.sort, s.id`;

/** Grants kept per (user type, role, entered) of one grants version; far more than the roles in use. */
const GRANTS_KEPT = 10_000;

/** Resources (menu), permission buttons and data scope of a user: what login returns and routes check. */
export class AccessService {
  private readonly db: Database;
  private grantsVersion = '';
  private readonly grants = new Map<string, Promise<Grants>>();

  constructor({ db }: { db: Database }) {
    this.db = db;
  }

  async describe(userId: number): Promise<AccessDescription | undefined> {
    const [user] = await this.db.prepared<UserRow>('access-describe-user', BY_ID, [userId]);
    return user && this.toDescription(user);
  }

  /** The session's user, or undefined for an unknown or idle-expired session. */
  async describeSession(tokenHash: string, idleMinutes: number): Promise<AccessDescription | undefined> {
    const [user] = await this.db.prepared<UserRow>('access-describe-session', BY_SESSION, [
      tokenHash,
      idleMinutes,
    ]);
    return user && this.toDescription(user);
  }

  /**
   * A principal that is no user's session (an API credential, docs/api-service.md): `users` is a row
   * source yielding the one row `u` it acts as, with the columns of `users`; it enters no enterprise.
   */
  async describeAs(
    statement: string,
    users: string,
    bind: unknown[],
  ): Promise<AccessDescription | undefined> {
    const [user] = await this.db.prepared<UserRow>(statement, describeSql(users, 'NULL'), bind);
    return user && this.toDescription(user);
  }

  /**
   * The grants of the user's type and role as of the version its row was read with: built once per
   * version and shared. A change commits with a new version, so the next call of any instance
   * builds them again; nothing waits for a notification.
   */
  private grantsOf(user: UserRow): Promise<Grants> {
    if (user.grants_version !== this.grantsVersion || this.grants.size >= GRANTS_KEPT) {
      this.grantsVersion = user.grants_version;
      this.grants.clear();
    }
    const entered = user.entered_id !== null && user.entered_path !== null;
    const key = `${user.user_type}:${user.role_id ?? ''}:${entered}`;
    let found = this.grants.get(key);
    if (!found) {
      found = this.db
        .prepared<ResourceRow>('access-grants', GRANTS, [user.user_type, user.role_id, entered])
        .then(toGrants);
      found.catch(() => this.grants.delete(key));
      this.grants.set(key, found);
    }
    return found;
  }

  private async toDescription(user: UserRow): Promise<AccessDescription> {
    return describeUser(user, await this.grantsOf(user));
  }
}

function toGrants(rows: ResourceRow[]): Grants {
  const resources: Resource[] = rows.map((row) =>
    Object.freeze({
      id: row.id,
      rsName: row.rs_name,
      rsNameCn: row.rs_name_cn,
      power: row.power,
      path: row.path,
    }),
  );
  const buttons: Record<string, string[]> = {};
  for (const row of rows) buttons[row.power] = Object.freeze([...row.buttons]) as string[];
  return {
    resources: Object.freeze(resources),
    buttons: Object.freeze(buttons),
    powers: new Set(rows.map((row) => row.power)),
  };
}

function describeUser(user: UserRow, grants: Grants): AccessDescription {
  const orgId = Number(user.org_id);
  const loginUser: LoginUser = {
    id: Number(user.id),
    userName: user.user_name,
    email: user.email ?? '',
    role: user.user_type === 'admin' ? 'admin' : (user.role_name ?? ''),
    userType: user.user_type,
    enterpriseType: user.org_type === 'platform' ? 'others' : user.org_type,
    channelId: user.org_type === 'channel' ? orgId : null,
    enterpriseId: user.org_type === 'enterprise' ? orgId : null,
    zoneId: user.zone_id,
    timezone: user.zone_description,
    zoneOffset: user.zone_offset,
  };
  const entered = user.entered_id ? { id: Number(user.entered_id), name: user.entered_name ?? '' } : null;
  return {
    login: { user: loginUser, entered, resources: grants.resources as Resource[], buttons: grants.buttons },
    powers: grants.powers,
    scope:
      entered && user.entered_path
        ? new TenantScope(entered.id, user.entered_path)
        : new TenantScope(orgId, user.org_path, {
            channel: user.org_type === 'channel',
            sitePaths: user.site_paths ?? undefined,
          }),
  };
}
