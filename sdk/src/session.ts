/** Shapes the host and plugins read from the platform (spec §3 "Login info"). */

export type UserType = 'admin' | 'channel' | 'enterprise';

export interface LoginUser {
  id: number;
  userName: string;
  email: string;
  /** `admin` for administrators, otherwise the role's name. */
  role: string;
  userType: UserType;
  /** enterprise, channel or others (spec §3). */
  enterpriseType: 'enterprise' | 'channel' | 'others';
  channelId: number | null;
  enterpriseId: number | null;
  zoneId: number | null;
  timezone: string | null;
  zoneOffset: string | null;
}

export interface Resource {
  id: number;
  rsName: string;
  rsNameCn: string;
  /** The power name routes and API calls check. */
  power: string;
  path: string;
}

export interface LoginInfo {
  user: LoginUser;
  /**
   * The enterprise an administrator or channel user has entered (spec §6): every list is its, the
   * header says so. null when working in the user's own organisation.
   */
  entered: { id: number; name: string } | null;
  resources: Resource[];
  /** Permission buttons by route power (spec §6). */
  buttons: Record<string, string[]>;
}

/** One permitted UI plugin, as `GET /api/plugins` lists it. */
export interface PluginDescriptor {
  id: string;
  title: { en: string; 'zh-CN': string };
  icon?: string;
  /** URL of the remote's `mf-manifest.json`. */
  entry: string;
  menu: {
    path: string;
    power: string;
    title: { en: string; 'zh-CN': string };
    icon?: string;
    order: number;
    hideInMenu: boolean;
    /** Breadcrumb titles of routes below `path`, by segment (absent from older platforms). */
    subRoutes?: Record<string, { en: string; 'zh-CN': string }>;
  }[];
}

/** `GET /api/common/config`: what the login page needs before sign-in. */
export interface PublicConfig {
  deployment: 'lan' | 'cloud';
  productName: string;
  version: string;
  /** Where the header's documents link goes (DOCS_URL); absent, the link is not shown. */
  documentsUrl?: string;
}

export interface TimeZone {
  id: number;
  description: string;
  /** GMT offset, e.g. `+08:00`. */
  offset: string;
}

/** `POST /api/homepage/total`, rows[0]: the home dashboard's figures in the caller's scope. */
export interface HomeTotals {
  totalDevices: number;
  unknownDevices: number;
  deviceStatus: { online: number; offline: number; abnormal: number; disabled: number };
  models: { model: string; count: number }[];
  organizations: { id: number; name: string; type: 'channel' | 'enterprise'; count: number }[];
  sipAccounts: { unassigned: number; registered: number; unregistered: number };
  callQuality: { good: number; fair: number; poor: number };
}
