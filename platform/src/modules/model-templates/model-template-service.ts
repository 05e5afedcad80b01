import type { ModelTemplateRow } from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import { layerSql } from '../configuration/layer-sql.js';
import type { DriverRegistry } from '../extensions/driver-registry.js';
import { distinct, escapeLike, isForeignKeyViolation, isUniqueViolation } from '../sites/fleet-common.js';
import type { TenantScope } from '../tenancy/scope.js';
import {
  type AddModelTemplate,
  modelTemplateSortFields,
  type SearchModelTemplates,
  type UpdateModelTemplate,
} from './schemas.js';

interface Row {
  id: string;
  name: string;
  description: string;
  model: string;
  site_id: string;
  site_name: string;
  created_at: Date;
}

function toRow(row: Row): ModelTemplateRow {
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    model: row.model,
    siteId: Number(row.site_id),
    siteName: row.site_name,
    createTime: row.created_at.toISOString(),
  };
}

/**
 * Model templates: the parameter layer of one device model in one site (spec §3), one per
 * (site, model). It applies to the site's devices of that model.
 */
export class ModelTemplateService {
  private readonly db: Database;
  private readonly driverRegistry: DriverRegistry;

  constructor(deps: { db: Database; driverRegistry: DriverRegistry }) {
    this.db = deps.db;
    this.driverRegistry = deps.driverRegistry;
  }

  /** Models of the loaded drivers. */
  supportedModels(): { model: string; driver: string; family: string }[] {
    return this.driverRegistry
      .models()
      .map(({ driver, model }) => ({ model: model.id, driver: driver.id, family: driver.family }))
      .sort((a, b) => a.model.localeCompare(b.model));
  }

  async search(
    scope: TenantScope,
    query: SearchModelTemplates,
  ): Promise<{ list: ModelTemplateRow[]; total: number }> {
    const bind: unknown[] = [];
    const where = ['{scope:m.org_id} AND {sites:m.site_id}'];
    if (query.keywords) {
      bind.push(`%${escapeLike(query.keywords.toLowerCase())}%`);
      where.push(
        `(lower(m.name) LIKE $${bind.length} OR lower(m.description) LIKE $${bind.length} OR lower(m.model) LIKE $${bind.length})`,
      );
    }
    if (query.site) {
      bind.push(query.site);
      where.push(`s.path LIKE (SELECT p.path FROM sites p WHERE p.id = $${bind.length}) || '%'`);
    }
    const direction = query.sortOrder === 'desc' ? 'DESC' : 'ASC';
    const from = `FROM model_templates m JOIN sites s ON s.id = m.site_id WHERE ${where.join(' AND ')}`;
    const [rows, count] = await Promise.all([
      scope.query<Row>(
        this.db,
        `SELECT m.id, m.name, m.description, m.model, m.site_id, s.name AS site_name, m.created_at ${from}
          ORDER BY ${modelTemplateSortFields[query.sortField]} ${direction}, m.id ${direction}
          LIMIT ${query.pageSize} OFFSET ${(query.currentPage - 1) * query.pageSize}`,
        bind,
      ),
      scope.query<{ total: string }>(this.db, `SELECT count(*) AS total ${from}`, bind),
    ]);
    return { list: rows.map(toRow), total: Number(count[0]?.total ?? 0) };
  }

  async get(scope: TenantScope, id: number): Promise<ModelTemplateRow> {
    const [row] = await scope.query<Row>(
      this.db,
      `SELECT m.id, m.name, m.description, m.model, m.site_id, s.name AS site_name, m.created_at
         FROM model_templates m JOIN sites s ON s.id = m.site_id
        WHERE m.id = $1 AND {scope:m.org_id} AND {sites:m.site_id}`,
      [id],
    );
    if (!row) throw AppError.notFound();
    return toRow(row);
  }

  /** Templates for pickers, of one site or of the whole scope. */
  async options(
    scope: TenantScope,
    siteId: number | undefined,
  ): Promise<{ id: number; name: string; model: string }[]> {
    const rows = await scope.query<{ id: string; name: string; model: string }>(
      this.db,
      `SELECT m.id, m.name, m.model FROM model_templates m
        WHERE {scope:m.org_id} AND {sites:m.site_id} ${siteId ? 'AND m.site_id = $1' : ''}
        ORDER BY m.name, m.id`,
      siteId ? [siteId] : [],
    );
    return rows.map((row) => ({ id: Number(row.id), name: row.name, model: row.model }));
  }

  /** A new template, owned by its site's organization; the model is stored as its driver names it. */
  async add(scope: TenantScope, input: AddModelTemplate): Promise<{ id: number }> {
    const found = this.driverRegistry.model(input.model);
    if (!found) throw AppError.invalid('unknownModel');
    const [site] = await scope.query<{ org_id: string }>(
      this.db,
      'SELECT s.org_id FROM sites s WHERE s.id = $1 AND {site:s}',
      [input.siteId],
    );
    if (!site) throw AppError.invalid('siteNotFound');
    try {
      const [created] = await this.db.query<{ id: string }>(
        `INSERT INTO model_templates (org_id, site_id, name, description, model)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [site.org_id, input.siteId, input.name, input.description, found.model.id],
      );
      return { id: Number(created?.id) };
    } catch (error) {
      if (isUniqueViolation(error, 'model_templates_site_id_model_key'))
        throw AppError.invalid('modelTemplateExists');
      // The site was deleted meanwhile.
      if (isForeignKeyViolation(error)) throw AppError.invalid('siteNotFound');
      throw error;
    }
  }

  async update(scope: TenantScope, input: UpdateModelTemplate): Promise<void> {
    const changed = await scope.query<{ id: string }>(
      this.db,
      `UPDATE model_templates m SET name = $2, description = $3
        WHERE m.id = $1 AND {scope:m.org_id} AND {sites:m.site_id} RETURNING m.id`,
      [input.id, input.name, input.description],
    );
    if (!changed.length) throw AppError.notFound();
  }

  /** Deletes templates with their parameter layers; every id must be in scope, else nothing changes. */
  async remove(scope: TenantScope, ids: number[]): Promise<void> {
    const wanted = distinct(ids);
    const found = await scope.query<{ id: string }>(
      this.db,
      'SELECT m.id FROM model_templates m WHERE m.id = ANY($1::bigint[]) AND {scope:m.org_id} AND {sites:m.site_id}',
      [wanted],
    );
    if (found.length !== wanted.length) throw AppError.notFound();
    await this.db.execute(
      `WITH layers AS (${layerSql.delete('model', '$1')})
       DELETE FROM model_templates WHERE id = ANY($1::bigint[])`,
      [wanted],
    );
  }
}
