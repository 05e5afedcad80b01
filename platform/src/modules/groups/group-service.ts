import type { GroupMember, GroupRow } from '@phonefleet/sdk';
import { macWithColons } from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import { layerSql } from '../configuration/layer-sql.js';
import { distinct, escapeLike, isForeignKeyViolation, isUniqueViolation } from '../sites/fleet-common.js';
import type { TenantScope } from '../tenancy/scope.js';
import {
  type AddGroup,
  type GroupDisplay,
  type GroupNameVerify,
  groupSortFields,
  type SelectGroups,
  type UpdateGroup,
} from './schemas.js';

interface GroupRecord {
  id: string;
  org_id: string;
  site_id: string | null;
}

/** Group names are unique per organization in any case (migration 0013). */
const GROUP_NAME_INDEX = 'device_groups_org_lower_name_idx';

/**
 * Device groups: a named set of devices with a parameter layer of its own (merged after the
 * model template). Names are unique per organization, whatever their case.
 */
export class GroupService {
  private readonly db: Database;

  constructor({ db }: { db: Database }) {
    this.db = db;
  }

  async search(scope: TenantScope, query: SelectGroups): Promise<{ list: GroupRow[]; total: number }> {
    const bind: unknown[] = [];
    const where = ['{scope:g.org_id} AND {sites:g.site_id}'];
    if (query.groupName) {
      bind.push(`%${escapeLike(query.groupName.toLowerCase())}%`);
      where.push(`lower(g.name) LIKE $${bind.length}`);
    }
    if (query.site) {
      bind.push(query.site);
      where.push(`s.path LIKE (SELECT p.path FROM sites p WHERE p.id = $${bind.length}) || '%'`);
    }
    const from = `FROM device_groups g LEFT JOIN sites s ON s.id = g.site_id WHERE ${where.join(' AND ')}`;
    const direction = query.sortOrder === 'desc' ? 'DESC' : 'ASC';
    const [rows, count] = await Promise.all([
      scope.query<{
        id: string;
        name: string;
        description: string;
        site_id: string | null;
        site_name: string | null;
        device_count: string;
        created_at: Date;
      }>(
        this.db,
        `SELECT g.id, g.name, g.description, g.site_id, s.name AS site_name, g.created_at,
                (SELECT count(*) FROM group_devices m WHERE m.group_id = g.id) AS device_count
           ${from}
          ORDER BY ${groupSortFields[query.sortField]} ${direction}, g.id ${direction}
          LIMIT ${query.pageSize} OFFSET ${(query.currentPage - 1) * query.pageSize}`,
        bind,
      ),
      scope.query<{ total: string }>(this.db, `SELECT count(*) AS total ${from}`, bind),
    ]);
    return {
      list: rows.map((row) => ({
        id: Number(row.id),
        groupName: row.name,
        description: row.description,
        siteId: row.site_id === null ? null : Number(row.site_id),
        siteName: row.site_name,
        deviceCount: Number(row.device_count),
        createTime: row.created_at.toISOString(),
      })),
      total: Number(count[0]?.total ?? 0),
    };
  }

  /** A group with all its devices (the edit form). */
  async get(
    scope: TenantScope,
    id: number,
  ): Promise<{
    id: number;
    groupName: string;
    description: string;
    siteId: number | null;
    devices: Omit<GroupMember, 'siteName' | 'status'>[];
  }> {
    const [group] = await scope.query<{
      id: string;
      name: string;
      description: string;
      site_id: string | null;
      devices: { id: number; mac: string; device_name: string; model: string }[];
    }>(
      this.db,
      `SELECT g.id, g.name, g.description, g.site_id,
              coalesce((SELECT json_agg(json_build_object('id', d.id, 'mac', d.mac, 'device_name', d.device_name,
                                                          'model', d.model) ORDER BY d.mac)
                          FROM group_devices m JOIN devices d ON d.id = m.device_id
                         WHERE m.group_id = g.id AND {devices:d}), '[]') AS devices
         FROM device_groups g WHERE g.id = $1 AND {scope:g.org_id} AND {sites:g.site_id}`,
      [id],
    );
    if (!group) throw AppError.notFound();
    return {
      id: Number(group.id),
      groupName: group.name,
      description: group.description,
      siteId: group.site_id === null ? null : Number(group.site_id),
      devices: group.devices.map((device) => ({
        id: Number(device.id),
        macAddress: macWithColons(device.mac),
        deviceName: device.device_name,
        deviceModel: device.model,
      })),
    };
  }

  /** Member devices, paged by MAC. */
  async members(scope: TenantScope, query: GroupDisplay): Promise<{ list: GroupMember[]; total: number }> {
    await this.find(scope, query.groupId);
    const [rows, count] = await Promise.all([
      scope.query<{
        id: string;
        mac: string;
        device_name: string;
        model: string;
        site_name: string;
        status: number;
      }>(
        this.db,
        `SELECT d.id, d.mac, d.device_name, d.model, s.name AS site_name, d.status
           FROM group_devices m JOIN devices d ON d.id = m.device_id JOIN sites s ON s.id = d.site_id
          WHERE m.group_id = $1 AND {devices:d}
          ORDER BY d.mac
          LIMIT ${query.pageSize} OFFSET ${(query.currentPage - 1) * query.pageSize}`,
        [query.groupId],
      ),
      scope.query<{ total: string }>(
        this.db,
        `SELECT count(*) AS total FROM group_devices m JOIN devices d ON d.id = m.device_id
          WHERE m.group_id = $1 AND {devices:d}`,
        [query.groupId],
      ),
    ]);
    return {
      list: rows.map((row) => ({
        id: Number(row.id),
        macAddress: macWithColons(row.mac),
        deviceName: row.device_name,
        deviceModel: row.model,
        siteName: row.site_name,
        status: row.status,
      })),
      total: Number(count[0]?.total ?? 0),
    };
  }

  async options(scope: TenantScope): Promise<{ id: number; groupName: string }[]> {
    const rows = await scope.query<{ id: string; name: string }>(
      this.db,
      'SELECT g.id, g.name FROM device_groups g WHERE {scope:g.org_id} AND {sites:g.site_id} ORDER BY g.name, g.id',
    );
    return rows.map((row) => ({ id: Number(row.id), groupName: row.name }));
  }

  /** Whether the name is free in the organization the group belongs (or would belong) to. */
  async nameAvailable(scope: TenantScope, query: GroupNameVerify): Promise<{ available: boolean }> {
    const orgId = query.id
      ? (await this.find(scope, query.id)).org_id
      : await this.ownerFor(scope, query.siteId);
    const [row] = await this.db.query<{ available: boolean }>(
      `SELECT NOT EXISTS (SELECT 1 FROM device_groups
                           WHERE org_id = $1 AND lower(name) = lower($2)
                             AND id <> coalesce($3::bigint, 0)) AS available`,
      [orgId, query.groupName, query.id ?? null],
    );
    return { available: row?.available ?? false };
  }

  async add(scope: TenantScope, input: AddGroup): Promise<{ id: number }> {
    const orgId = await this.ownerFor(scope, input.siteId);
    const deviceIds = distinct(input.deviceIds);
    await this.assertDevices(scope, deviceIds, input.siteId ?? null);
    try {
      const [created] = await this.db.query<{ id: string }>(
        `WITH g AS (INSERT INTO device_groups (org_id, site_id, name, description)
                    VALUES ($1, $2, $3, $4) RETURNING id),
              members AS (INSERT INTO group_devices (group_id, device_id)
                          SELECT g.id, t.device_id FROM g, unnest($5::bigint[]) AS t(device_id))
         SELECT id FROM g`,
        [orgId, input.siteId ?? null, input.groupName, input.description, deviceIds],
      );
      return { id: Number(created?.id) };
    } catch (error) {
      if (isUniqueViolation(error, GROUP_NAME_INDEX)) throw AppError.invalid('groupNameExists');
      if (isForeignKeyViolation(error)) throw AppError.notFound();
      throw error;
    }
  }

  /** Renames the group and replaces its members with `deviceIds`. */
  async update(scope: TenantScope, input: UpdateGroup): Promise<void> {
    const group = await this.find(scope, input.id);
    const deviceIds = distinct(input.deviceIds);
    await this.assertDevices(scope, deviceIds, group.site_id);
    try {
      await this.db.execute(
        `WITH g AS (UPDATE device_groups SET name = $2, description = $3 WHERE id = $1),
              gone AS (DELETE FROM group_devices WHERE group_id = $1 AND device_id <> ALL($4::bigint[]))
         INSERT INTO group_devices (group_id, device_id)
         SELECT $1, t.device_id FROM unnest($4::bigint[]) AS t(device_id)
         ON CONFLICT DO NOTHING`,
        [input.id, input.groupName, input.description, deviceIds],
      );
    } catch (error) {
      if (isUniqueViolation(error, GROUP_NAME_INDEX)) throw AppError.invalid('groupNameExists');
      if (isForeignKeyViolation(error)) throw AppError.notFound();
      throw error;
    }
  }

  /** Deletes groups, their memberships and parameter layers; every id must be in scope. */
  async remove(scope: TenantScope, ids: number[]): Promise<void> {
    const wanted = distinct(ids);
    const found = await scope.query<{ id: string }>(
      this.db,
      'SELECT g.id FROM device_groups g WHERE g.id = ANY($1::bigint[]) AND {scope:g.org_id} AND {sites:g.site_id}',
      [wanted],
    );
    if (found.length !== wanted.length) throw AppError.notFound();
    await this.db.execute(
      `WITH layers AS (${layerSql.delete('group', '$1')})
       DELETE FROM device_groups WHERE id = ANY($1::bigint[])`,
      [wanted],
    );
  }

  private async find(scope: TenantScope, id: number): Promise<GroupRecord> {
    const [group] = await scope.query<GroupRecord>(
      this.db,
      'SELECT g.id, g.org_id, g.site_id FROM device_groups g WHERE g.id = $1 AND {scope:g.org_id} AND {sites:g.site_id}',
      [id],
    );
    if (!group) throw AppError.notFound();
    return group;
  }

  /** The organization a new group belongs to: its site's, or the caller's. */
  private async ownerFor(scope: TenantScope, siteId: number | undefined): Promise<string> {
    if (siteId === undefined) return String(scope.orgId);
    const [site] = await scope.query<{ org_id: string }>(
      this.db,
      'SELECT s.org_id FROM sites s WHERE s.id = $1 AND {site:s}',
      [siteId],
    );
    if (!site) throw AppError.invalid('siteNotFound');
    return site.org_id;
  }

  /** Every device must be in the caller's scope ("not found") and, for a site's group, in its subtree. */
  private async assertDevices(
    scope: TenantScope,
    deviceIds: number[],
    siteId: string | number | null,
  ): Promise<void> {
    const [row] = await scope.query<{ in_scope: string; outside_site: string }>(
      this.db,
      `SELECT count(*) AS in_scope,
              count(*) FILTER (WHERE $2::bigint IS NOT NULL AND s.path NOT LIKE
                               (SELECT p.path FROM sites p WHERE p.id = $2::bigint) || '%') AS outside_site
         FROM devices d JOIN sites s ON s.id = d.site_id
        WHERE d.id = ANY($1::bigint[]) AND {devices:d}`,
      [deviceIds, siteId],
    );
    if (Number(row?.in_scope ?? 0) !== deviceIds.length) throw AppError.notFound();
    if (Number(row?.outside_site ?? 0) > 0) throw AppError.invalid('groupDeviceOutsideSite');
  }
}
