import type { SiteNode, SiteOption, SiteRow } from '@phonefleet/sdk';
import type { Transaction } from 'sequelize';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import { layerSql } from '../configuration/layer-sql.js';
import { unbindStray } from '../sip/binding-sql.js';
import type { TenantScope } from '../tenancy/scope.js';
import {
  distinct,
  escapeLike,
  isForeignKeyViolation,
  isUniqueViolation,
  SITE_TREE_LOCK,
} from './fleet-common.js';
import { type AddSite, type SearchSites, siteSortFields, type UpdateSite } from './schemas.js';

interface SiteRecord {
  id: string;
  org_id: string;
  path: string;
  parent_id: string | null;
  is_default: boolean;
}

/** Site names are unique per organization in any case (migration 0012). */
const SITE_NAME_CONSTRAINT = 'sites_org_lower_name_idx';

function nullableId(value: string | null): number | null {
  return value === null ? null : Number(value);
}

/**
 * The site tree of each organization: one default site at the root (never moved or deleted),
 * sub-sites with a materialised `path` ('/12/40/'), and the site parameter layer ("site template").
 */
export class SiteService {
  private readonly db: Database;

  constructor({ db }: { db: Database }) {
    this.db = db;
  }

  /** Every site in scope as trees rooted at each organization's default site. */
  async tree(scope: TenantScope): Promise<SiteNode[]> {
    const rows = await scope.query<{
      id: string;
      name: string;
      description: string;
      parent_id: string | null;
      is_default: boolean;
      org_name: string;
      device_count: string;
    }>(
      this.db,
      `SELECT s.id, s.name, s.description, s.parent_id, s.is_default, o.name AS org_name,
              coalesce(c.device_count, 0) AS device_count
         FROM sites s
         JOIN orgs o ON o.id = s.org_id
         LEFT JOIN (SELECT d.site_id, count(*) AS device_count FROM devices d
                     WHERE {devices:d} GROUP BY d.site_id) c ON c.site_id = s.id
        WHERE {site:s}
        ORDER BY s.id`,
    );
    const nodes = new Map<number, SiteNode>();
    for (const row of rows) {
      nodes.set(Number(row.id), {
        id: Number(row.id),
        siteName: row.name,
        siteDesc: row.description,
        parentId: nullableId(row.parent_id),
        isDefault: row.is_default,
        orgName: row.org_name,
        deviceCount: Number(row.device_count),
        childSite: [],
      });
    }
    const roots: SiteNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
      if (parent) parent.childSite.push(node);
      else roots.push(node);
    }
    return roots;
  }

  /** Flat list for pickers, depth-first (parents before their children). */
  async options(scope: TenantScope): Promise<SiteOption[]> {
    const rows = await scope.query<{
      id: string;
      name: string;
      parent_id: string | null;
      level: number;
      is_default: boolean;
      org_name: string;
    }>(
      this.db,
      `SELECT s.id, s.name, s.parent_id, s.is_default, o.name AS org_name,
              length(s.path) - length(replace(s.path, '/', '')) - 2 AS level
         FROM sites s JOIN orgs o ON o.id = s.org_id
        WHERE {site:s}
        ORDER BY s.path`,
    );
    return rows.map((row) => ({
      id: Number(row.id),
      siteName: row.name,
      parentId: nullableId(row.parent_id),
      level: Number(row.level),
      isDefault: row.is_default,
      orgName: row.org_name,
    }));
  }

  async search(scope: TenantScope, query: SearchSites): Promise<{ list: SiteRow[]; total: number }> {
    const bind: unknown[] = [];
    let filter = '';
    if (query.keywords) {
      bind.push(`%${escapeLike(query.keywords.toLowerCase())}%`);
      filter = `AND (lower(s.name) LIKE $1 OR lower(s.description) LIKE $1)`;
    }
    const direction = query.sortOrder === 'desc' ? 'DESC' : 'ASC';
    const [rows, count] = await Promise.all([
      this.siteRows(
        scope,
        `{site:s} ${filter}
         ORDER BY ${siteSortFields[query.sortField]} ${direction}, s.id ${direction}
         LIMIT ${query.pageSize} OFFSET ${(query.currentPage - 1) * query.pageSize}`,
        bind,
      ),
      scope.query<{ total: string }>(
        this.db,
        `SELECT count(*) AS total FROM sites s WHERE {site:s} ${filter}`,
        bind,
      ),
    ]);
    return { list: rows, total: Number(count[0]?.total ?? 0) };
  }

  async get(scope: TenantScope, id: number): Promise<SiteRow> {
    const [row] = await this.siteRows(scope, '{site:s} AND s.id = $1', [id]);
    if (!row) throw AppError.notFound();
    return row;
  }

  private async siteRows(scope: TenantScope, where: string, bind: unknown[]): Promise<SiteRow[]> {
    const rows = await scope.query<{
      id: string;
      name: string;
      description: string;
      parent_id: string | null;
      parent_name: string | null;
      is_default: boolean;
      device_count: string;
      has_config: boolean;
      created_at: Date;
    }>(
      this.db,
      `SELECT s.id, s.name, s.description, s.parent_id, p.name AS parent_name, s.is_default, s.created_at,
              (SELECT count(*) FROM devices d WHERE d.site_id = s.id) AS device_count,
              ${layerSql.exists('site', 's.id')} AS has_config
         FROM sites s LEFT JOIN sites p ON p.id = s.parent_id
        WHERE ${where}`,
      bind,
    );
    return rows.map((row) => ({
      id: Number(row.id),
      siteName: row.name,
      siteDesc: row.description,
      parentId: nullableId(row.parent_id),
      parentName: row.parent_name,
      isDefault: row.is_default,
      deviceCount: Number(row.device_count),
      hasConfig: row.has_config,
      createTime: row.created_at.toISOString(),
    }));
  }

  /** Sites of the caller's scope having a parameter layer (the site templates). */
  async withTemplates(scope: TenantScope): Promise<{ id: number; siteName: string }[]> {
    const rows = await scope.query<{ id: string; name: string }>(
      this.db,
      `SELECT s.id, s.name FROM sites s
        WHERE {site:s}
          AND ${layerSql.exists('site', 's.id')}
        ORDER BY s.path`,
    );
    return rows.map((row) => ({ id: Number(row.id), siteName: row.name }));
  }

  /** A site in scope, or "not found". */
  private async find(scope: TenantScope, id: number): Promise<SiteRecord> {
    const [site] = await scope.query<SiteRecord>(
      this.db,
      'SELECT s.id, s.org_id, s.path, s.parent_id, s.is_default FROM sites s WHERE s.id = $1 AND {site:s}',
      [id],
    );
    if (!site) throw AppError.notFound();
    return site;
  }

  /** Serialises changes to one organization's site tree (paths are derived from parents). */
  private async lockTree(orgId: string, transaction: Transaction): Promise<void> {
    await this.db.query(
      'SELECT pg_advisory_xact_lock($1::int, $2::int) AS locked',
      [SITE_TREE_LOCK, orgId],
      transaction,
    );
  }

  /** A new site under `parentId`, owned by the parent's organization. */
  async add(scope: TenantScope, input: AddSite): Promise<{ id: number }> {
    const [parent] = await scope.query<SiteRecord>(
      this.db,
      'SELECT s.id, s.org_id, s.path FROM sites s WHERE s.id = $1 AND {site:s}',
      [input.parentId],
    );
    if (!parent) throw AppError.invalid('siteNotFound');
    try {
      return await this.db.transaction(async (transaction) => {
        await this.lockTree(parent.org_id, transaction);
        const [created] = await this.db.query<{ id: string }>(
          `WITH next AS (SELECT nextval(pg_get_serial_sequence('sites', 'id')) AS id)
           INSERT INTO sites (id, org_id, name, description, parent_id, path)
           SELECT next.id, p.org_id, $2, $3, p.id, p.path || next.id || '/' FROM next, sites p WHERE p.id = $1
           RETURNING id`,
          [input.parentId, input.siteName, input.siteDesc],
          transaction,
        );
        if (!created) throw AppError.invalid('siteNotFound');
        return { id: Number(created.id) };
      });
    } catch (error) {
      if (isUniqueViolation(error, SITE_NAME_CONSTRAINT)) throw AppError.invalid('siteNameExists');
      throw error;
    }
  }

  /**
   * Renames a site and, when `parentId` names another parent, moves it with its subtree; devices
   * in the moved subtree lose their SIP account binding (spec §4).
   */
  async update(scope: TenantScope, input: UpdateSite): Promise<{ unboundDevices: number }> {
    const site = await this.find(scope, input.id);
    const moving = input.parentId != null && String(input.parentId) !== site.parent_id;
    if (moving && site.is_default) throw AppError.invalid('siteDefaultFixed');
    try {
      return await this.db.transaction(async (transaction) => {
        await this.lockTree(site.org_id, transaction);
        await this.db.execute(
          'UPDATE sites SET name = $2, description = coalesce($3, description) WHERE id = $1',
          [input.id, input.siteName, input.siteDesc ?? null],
          transaction,
        );
        if (!moving) return { unboundDevices: 0 };
        return this.move(site, input.parentId ?? 0, transaction);
      });
    } catch (error) {
      if (isUniqueViolation(error, SITE_NAME_CONSTRAINT)) throw AppError.invalid('siteNameExists');
      throw error;
    }
  }

  private async move(
    site: SiteRecord,
    parentId: number,
    transaction: Transaction,
  ): Promise<{ unboundDevices: number }> {
    // Read again under the lock: a concurrent move may have changed both paths.
    const [current] = await this.db.query<{ path: string }>(
      'SELECT path FROM sites WHERE id = $1',
      [site.id],
      transaction,
    );
    const [parent] = await this.db.query<{ path: string }>(
      'SELECT path FROM sites WHERE id = $1 AND org_id = $2',
      [parentId, site.org_id],
      transaction,
    );
    if (!current) throw AppError.notFound();
    if (!parent) throw AppError.invalid('siteNotFound');
    if (parent.path.startsWith(current.path)) throw AppError.invalid('siteParentInvalid');
    const newPath = `${parent.path}${site.id}/`;
    await this.db.execute(
      `UPDATE sites s
          SET path = $3 || substr(s.path, length($2) + 1),
              parent_id = CASE WHEN s.id = $1 THEN $4 ELSE s.parent_id END
        WHERE s.org_id = $5 AND s.path LIKE $2 || '%'`,
      [site.id, current.path, newPath, parentId, site.org_id],
      transaction,
    );
    // Lines whose device left its account's or server's site subtree are unbound (spec §4).
    const unbound = await unbindStray(this.db, site.org_id, transaction);
    return { unboundDevices: unbound };
  }

  /**
   * Deletes sites and their parameter layers. All or nothing: the default site and a site with
   * data (devices, sub-sites not deleted with it, groups, model templates, SIP accounts or anything
   * else that refers to it) refuse the whole call.
   */
  async remove(scope: TenantScope, ids: number[]): Promise<void> {
    const wanted = distinct(ids);
    const sites = await scope.query<SiteRecord>(
      this.db,
      'SELECT s.id, s.org_id, s.is_default FROM sites s WHERE s.id = ANY($1::bigint[]) AND {site:s}',
      [wanted],
    );
    if (sites.length !== wanted.length) throw AppError.notFound();
    if (sites.some((site) => site.is_default)) throw AppError.invalid('siteDefaultFixed');
    try {
      await this.db.transaction(async (transaction) => {
        for (const orgId of new Set(sites.map((site) => site.org_id)))
          await this.lockTree(orgId, transaction);
        const [data] = await this.db.query<{ found: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM devices WHERE site_id = ANY($1::bigint[]))
               OR EXISTS (SELECT 1 FROM sites WHERE parent_id = ANY($1::bigint[]) AND id <> ALL($1::bigint[]))
               OR EXISTS (SELECT 1 FROM device_groups WHERE site_id = ANY($1::bigint[]))
               OR EXISTS (SELECT 1 FROM model_templates WHERE site_id = ANY($1::bigint[]))
               OR EXISTS (SELECT 1 FROM sip_accounts WHERE site_id = ANY($1::bigint[])) AS found`,
          [wanted],
          transaction,
        );
        if (data?.found) throw AppError.invalid('siteHasData');
        await this.db.execute(
          `WITH layers AS (${layerSql.delete('site', '$1')})
           DELETE FROM sites WHERE id = ANY($1::bigint[])`,
          [wanted],
          transaction,
        );
      });
    } catch (error) {
      // Tables of other modules that refer to sites (resources, SIP servers…) count as data too.
      if (isForeignKeyViolation(error)) throw AppError.invalid('siteHasData');
      throw error;
    }
  }

  /** Removes the sites' parameter layers (their "site template"); the sites stay. */
  async removeTemplates(scope: TenantScope, ids: number[]): Promise<void> {
    const wanted = distinct(ids);
    const found = await scope.query<{ id: string }>(
      this.db,
      'SELECT s.id FROM sites s WHERE s.id = ANY($1::bigint[]) AND {site:s}',
      [wanted],
    );
    if (found.length !== wanted.length) throw AppError.notFound();
    await this.db.execute(layerSql.delete('site', '$1'), [wanted]);
  }
}
