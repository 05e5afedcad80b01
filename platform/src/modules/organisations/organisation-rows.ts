import type { ChannelRow, EnterpriseRow, OrganisationStatus } from '@phonefleet/sdk';
import type { TenantScope } from '../tenancy/scope.js';

/** The two kinds of organisation managed from the console; the platform root is neither. */
export type OrgKind = 'channel' | 'enterprise';

/**
 * The organisations a caller manages: its organisation's subtree, authorized or not (spec §6: a
 * channel sees every enterprise below it in the list), but never its own organisation. `alias` is
 * the `orgs` alias of the statement; bind values are appended to `bind`.
 */
export function managedCondition(scope: TenantScope, alias: string, bind: unknown[]): string {
  bind.push(scope.orgId);
  return `${alias}.id <> $${bind.length} AND ${scope.treeCondition(`${alias}.id`, bind)}`;
}

interface CommonRecord {
  id: string;
  name: string;
  email: string | null;
  contact: string | null;
  phone: string | null;
  status: OrganisationStatus;
  parent_id: string | null;
  parent_name: string | null;
  created_at: Date;
}

export interface ChannelRecord extends CommonRecord {
  may_create_subchannels: boolean;
  enterprise_count: number;
}

export interface EnterpriseRecord extends CommonRecord {
  country: string | null;
  device_limit: number | null;
  device_count: number;
  channel_authorized: boolean;
}

/**
 * The list columns of each kind over `orgs o` joined to its parent `p`. The parent is named only
 * when it is a channel (an organisation directly under the platform has none). Counts are plain
 * counts of what the organisation holds, whatever it authorized.
 */
const commonColumns = `o.id, o.name, o.email, o.contact, o.phone, o.status, o.created_at,
  CASE WHEN p.type = 'channel' THEN p.id END AS parent_id,
  CASE WHEN p.type = 'channel' THEN p.name END AS parent_name`;

export const listColumns: Record<OrgKind, string> = {
  channel: `${commonColumns}, o.may_create_subchannels,
    (SELECT count(*) FROM orgs e WHERE e.type = 'enterprise' AND e.path LIKE o.path || '%')::int AS enterprise_count`,
  enterprise: `${commonColumns}, o.country, o.device_limit, o.channel_authorized,
    (SELECT count(*) FROM devices d WHERE d.org_id = o.id)::int AS device_count`,
};

export const FROM_ORGS = 'orgs o JOIN orgs p ON p.id = o.parent_id';

const id = (value: string | null) => (value === null ? null : Number(value));

export function channelRow(record: ChannelRecord): ChannelRow {
  return {
    id: Number(record.id),
    name: record.name,
    email: record.email ?? '',
    contact: record.contact ?? '',
    phone: record.phone ?? '',
    status: record.status,
    maySubChannels: record.may_create_subchannels,
    parentId: id(record.parent_id),
    parentName: record.parent_name,
    enterpriseCount: record.enterprise_count,
    createTime: record.created_at.toISOString(),
  };
}

export function enterpriseRow(record: EnterpriseRecord): EnterpriseRow {
  return {
    id: Number(record.id),
    name: record.name,
    email: record.email ?? '',
    contact: record.contact ?? '',
    phone: record.phone ?? '',
    country: record.country ?? '',
    deviceLimit: record.device_limit,
    deviceCount: record.device_count,
    status: record.status,
    channelId: id(record.parent_id),
    channelName: record.parent_name,
    channelAuthorized: record.channel_authorized,
    createTime: record.created_at.toISOString(),
  };
}

/** 40900 messages of a taken name, and the 'has data' message, per kind. */
export const nameExists = { channel: 'channelNameExists', enterprise: 'enterpriseNameExists' } as const;
export const hasData = { channel: 'channelHasData', enterprise: 'enterpriseHasData' } as const;

/** Advisory lock key space: creations and renames under one parent queue (names unique per parent). */
export const ORG_NAME_LOCK = 4301;
