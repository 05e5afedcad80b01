import type { LoginInfo, LoginUser, Resource, UserType } from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
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
}

interface ResourceRow {
  id: number;
  power: string;
  rs_name: string;
  rs_name_cn: string;
  path: string;
  buttons: string[];
}

/** Resources (menu), permission buttons and data scope of a user: what login returns and routes check. */
export class AccessService {
  private readonly db: Database;

  constructor({ db }: { db: Database }) {
    this.db = db;
  }

  async describe(
    userId: number,
  ): Promise<{ login: LoginInfo; powers: Set<string>; scope: TenantScope } | undefined> {
    const user = await this.db.one<UserRow>(
      `SELECT u.id, u.user_name, u.email, u.user_type, u.role_id, r.name AS role_name,
              o.id AS org_id, o.type AS org_type, o.path AS org_path,
              u.zone_id, z.description AS zone_description, z."offset" AS zone_offset
         FROM users u
         JOIN orgs o ON o.id = u.org_id
         LEFT JOIN roles r ON r.id = u.role_id
         LEFT JOIN time_zones z ON z.id = u.zone_id
        WHERE u.id = $1`,
      [userId],
    );
    if (!user) return undefined;
    // Administrators hold every resource with every button; others what their role grants.
    const resources =
      user.user_type === 'admin'
        ? await this.db.query<ResourceRow>(
            'SELECT id, power, rs_name, rs_name_cn, path, buttons FROM resources ORDER BY sort, id',
          )
        : await this.db.query<ResourceRow>(
            `SELECT s.id, s.power, s.rs_name, s.rs_name_cn, s.path, rr.buttons
               FROM role_resources rr JOIN resources s ON s.id = rr.resource_id
              WHERE rr.role_id = $1 ORDER BY s.sort, s.id`,
            [user.role_id],
          );
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
    const list: Resource[] = resources.map((row) => ({
      id: row.id,
      rsName: row.rs_name,
      rsNameCn: row.rs_name_cn,
      power: row.power,
      path: row.path,
    }));
    const buttons: Record<string, string[]> = {};
    for (const row of resources) buttons[row.power] = row.buttons;
    return {
      login: { user: loginUser, resources: list, buttons },
      powers: new Set(resources.map((row) => row.power)),
      scope: new TenantScope(orgId, user.org_path),
    };
  }
}
