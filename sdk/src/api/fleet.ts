/** What the fleet-structure APIs answer: sites, model templates, groups and MAC files. */

/** `POST /tb-site/selectSite` node: the site tree of the caller's scope. */
export interface SiteNode {
  id: number;
  siteName: string;
  siteDesc: string;
  parentId: number | null;
  isDefault: boolean;
  orgName: string;
  deviceCount: number;
  childSite: SiteNode[];
}

/** A site in a picker list, flattened with its depth. */
export interface SiteOption {
  id: number;
  siteName: string;
  parentId: number | null;
  level: number;
  isDefault: boolean;
  orgName: string;
}

/** A site template row and `GET /tb-site-template/searchSiteTemplateById`. */
export interface SiteRow {
  id: number;
  siteName: string;
  siteDesc: string;
  parentId: number | null;
  parentName: string | null;
  isDefault: boolean;
  deviceCount: number;
  hasConfig: boolean;
  createTime: string;
}

export interface ModelTemplateRow {
  id: number;
  name: string;
  description: string;
  model: string;
  siteId: number;
  siteName: string;
  createTime: string;
}

export interface GroupRow {
  id: number;
  groupName: string;
  description: string;
  siteId: number | null;
  siteName: string | null;
  deviceCount: number;
  createTime: string;
}

export interface GroupMember {
  id: number;
  macAddress: string;
  deviceName: string;
  deviceModel: string;
  siteName: string;
  status: number;
}

export interface MacFileRow {
  id: number;
  macAddress: string;
  fileName: string;
  deviceId: number;
  deviceName: string;
  deviceModel: string;
  importTime: string;
}

/** A file that was not imported, and why (the import dialog's failed-row table). */
export interface MacFileFailure {
  fileName: string;
  macAddress: string;
  message: string;
}

/** Which layer a parameter page edits: global, a site, model template, group or device, or one SIP account's own (docs/sip.md). */
export const relationNames = ['global', 'site', 'model', 'group', 'device', 'account'] as const;
export type RelationName = (typeof relationNames)[number];
