import type { Language, UserRow, UserStatus } from '@phonefleet/sdk';

/** A `users u` row as the API answers it (`UserRow`); `u` must be in the FROM list. */
export const USER_COLUMNS = `u.id, u.user_name, u.email, u.role_id, u.status, u.created_at,
  coalesce(r.name, CASE WHEN u.user_type = 'admin' THEN 'admin' ELSE '' END) AS role_name,
  u.parent_user_id IS NULL AS is_primary,
  CASE WHEN u.site_ids IS NULL THEN NULL ELSE
    (SELECT coalesce(json_agg(json_build_object('id', s.id, 'siteName', s.name) ORDER BY s.name, s.id), '[]'::json)
       FROM sites s WHERE s.id = ANY (u.site_ids) AND s.org_id = u.org_id) END AS sites`;

/** The joins `USER_COLUMNS` needs after `users u`. */
export const USER_JOINS = 'LEFT JOIN roles r ON r.id = u.role_id';

export interface UserDbRow {
  id: string;
  user_name: string;
  email: string | null;
  role_id: string | null;
  status: UserStatus;
  created_at: Date;
  role_name: string;
  is_primary: boolean;
  sites: { id: number | string; siteName: string }[] | null;
}

export function toUserRow(row: UserDbRow): UserRow {
  return {
    id: Number(row.id),
    userName: row.user_name,
    email: row.email ?? '',
    roleId: row.role_id === null ? null : Number(row.role_id),
    roleName: row.role_name,
    status: row.status,
    sites:
      row.sites === null ? null : row.sites.map((site) => ({ id: Number(site.id), siteName: site.siteName })),
    primary: row.is_primary,
    createTime: new Date(row.created_at).toISOString(),
  };
}

/** Where an emailed link points and in which language its email is written. */
export interface LinkOptions {
  publicUrl: string;
  language: Language;
}
