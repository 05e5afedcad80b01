/**
 * What the organisation APIs answer (docs/organisation.md): channels, enterprises, users, roles,
 * entering an enterprise and authorizing a channel. Lists answer `rows[0] = { list, total }`.
 */

/** Spec §4: an organisation is normal, frozen or inactivated (its first user not activated yet). */
export type OrganisationStatus = 'normal' | 'frozen' | 'inactivated';

/** A channel (reseller) row and `GET /tb-channel/query`. */
export interface ChannelRow {
  id: number;
  name: string;
  /** Register email: its first user's address and user name. */
  email: string;
  contact: string;
  phone: string;
  status: OrganisationStatus;
  /** May create sub-channels below itself. */
  maySubChannels: boolean;
  /** The channel above (null: directly under the platform). */
  parentId: number | null;
  parentName: string | null;
  enterpriseCount: number;
  createTime: string;
}

/** An enterprise row and `GET /tb-enterprise/query`. */
export interface EnterpriseRow {
  id: number;
  name: string;
  email: string;
  contact: string;
  phone: string;
  /** Country or area (spec §5: required). */
  country: string;
  /** How many devices it may hold (null: no limit). */
  deviceLimit: number | null;
  deviceCount: number;
  status: OrganisationStatus;
  /** The channel it belongs to (null: directly under the platform). */
  channelId: number | null;
  channelName: string | null;
  /** It authorized the channels above it to manage it (spec §6). */
  channelAuthorized: boolean;
  createTime: string;
}

/** `POST /tb-channel/add` and `/update` (with `id`). */
export interface ChannelInput {
  name: string;
  email: string;
  contact?: string;
  phone?: string;
  maySubChannels?: boolean;
  /** Under which channel (a sub-channel); absent: under the caller's own organisation. */
  parentId?: number | null;
}

/** `POST /tb-enterprise/add` and `/update` (with `id`). */
export interface EnterpriseInput {
  name: string;
  email: string;
  contact?: string;
  phone?: string;
  country: string;
  deviceLimit?: number | null;
  /** Under which channel; absent: under the caller's own organisation. */
  channelId?: number | null;
}

/** `POST /tb-enterprise/sendEmail`, `/tb-channel/sendEmail`: a notice to the organisations' register emails. */
export interface NotificationInput {
  ids: number[];
  /** Spec §2: template English or Chinese. */
  template: 'en' | 'zh';
  /** At most 500 characters. */
  title: string;
  /** At most 10,000 characters. */
  body: string;
}

/** An organisation a caller may enter or pick (`POST /allEnterprise`, `/allChannel`). */
export interface OrganisationOption {
  id: number;
  name: string;
  type: 'channel' | 'enterprise';
  parentId: number | null;
}

/** `GET /tb-channel-enter/getUserTrees`: channels with their children and enterprises. */
export interface OrganisationTreeNode extends OrganisationOption {
  /** Entering is allowed (an enterprise that authorized its channel, for a channel user). */
  enterable: boolean;
  children: OrganisationTreeNode[];
}

/** `GET /tb-authorization/query`: the enterprise's superior channel and whether it may manage it. */
export interface ChannelAuthorization {
  channelId: number | null;
  channelName: string | null;
  authorized: boolean;
}

/** Spec §4: users are activated or inactivated. */
export type UserStatus = 'activated' | 'inactivated';

/** `POST /user/queryAllUser` row and `GET /user/userInfo`. */
export interface UserRow {
  id: number;
  userName: string;
  email: string;
  roleId: number | null;
  roleName: string;
  status: UserStatus;
  /** Data permission: the sites (with their subtrees) this user sees; null: every site. */
  sites: { id: number; siteName: string }[] | null;
  /** The organisation's first user (created with it): it cannot be deleted or forbidden. */
  primary: boolean;
  createTime: string;
}

/** `POST /user/addUser` and `/user/updateUser` (with `id`). */
export interface UserInput {
  userName: string;
  email: string;
  roleId: number;
  /** null or absent: every site. */
  siteIds?: number[] | null;
}

/** `POST /role/queryPage` row, `GET /role/list` and `GET /role/query`. */
export interface RoleRow {
  id: number;
  name: string;
  description: string;
  /** Built in per user type: cannot be edited or deleted. */
  builtin: boolean;
  userCount: number;
  createTime: string;
}

/** A role's function permissions: a resource by power and the permission buttons it grants. */
export interface RolePermission {
  power: string;
  buttons: string[];
}

/** `GET /role/query?id=`: the role with its permissions. */
export interface RoleDetail extends RoleRow {
  permissions: RolePermission[];
}

/** `GET /role/allResources`: what a custom role of the caller may hold (the caller's own resources). */
export interface GrantableResource {
  power: string;
  rsName: string;
  rsNameCn: string;
  buttons: string[];
}

/** `POST /role/save`: add (no `id`) or edit a custom role. */
export interface RoleInput {
  id?: number;
  name: string;
  description?: string;
  permissions: RolePermission[];
}

/** In the login info while an enterprise is entered (spec §6): whose console this is. */
export interface EnteredEnterprise {
  id: number;
  name: string;
}
