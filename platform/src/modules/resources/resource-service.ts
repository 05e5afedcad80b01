import {
  type FilePushReply,
  isResourceType,
  RESOURCE_RULES,
  type ResourceRow,
  resourcePushTaskType,
} from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import { checkExtension, fileTooLarge, type StoredUpload } from '../../http/upload.js';
import { type FilePushRequest, pushFile } from '../device-downloads/file-push.js';
import type { DriverRegistry } from '../extensions/driver-registry.js';
import type { FileStore } from '../files/file-store.js';
import { distinct, escapeLike, isForeignKeyViolation } from '../sites/fleet-common.js';
import type { Caller, TaskService } from '../tasks/task-service.js';
import { unfinishedTaskUsesSql } from '../tasks/task-states.js';
import type { TenantScope } from '../tenancy/scope.js';
import { type ResourceForm, type ResourceSearch, resourceSortFields } from './schemas.js';

interface ResourceRecord {
  id: string;
  name: string;
  description: string;
  type: number;
  site_id: string;
  site_name: string;
  file_id: string;
  file_name: string;
  size: string;
  sha256: string;
  created_at: Date;
}

const COLUMNS = `r.id, r.name, r.description, r.type, r.site_id, s.name AS site_name, r.file_id,
  f.name AS file_name, f.size, f.sha256, r.created_at`;
const FROM = 'FROM resource_files r JOIN sites s ON s.id = r.site_id JOIN stored_files f ON f.id = r.file_id';
const VISIBLE = '{scope:r.org_id} AND {sites:r.site_id}';

function toRow(row: ResourceRecord): ResourceRow {
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    type: Number(row.type),
    siteId: Number(row.site_id),
    siteName: row.site_name,
    fileName: row.file_name,
    size: Number(row.size),
    sha256: row.sha256,
    createTime: row.created_at.toISOString(),
  };
}

/** The spec's rule for a type (§5): the file's extension and size, checked after it streamed in. */
function assertFits(type: number, upload: StoredUpload): void {
  if (!isResourceType(type)) throw AppError.invalid('invalidFormat', 'type');
  const rule = RESOURCE_RULES[type];
  checkExtension(upload.name, rule);
  if (upload.stored.size > rule.maxBytes) throw fileTooLarge(rule.maxBytes);
}

/**
 * Other resources (docs/resources.md): contacts, ringtones, wallpapers, certificates and OpenVPN
 * configurations of an organisation, each in a site, its bytes in the file store; pushed to phones
 * as task types 8–13, proven by the phone downloading the file.
 */
export class ResourceService {
  private readonly db: Database;
  private readonly fileStore: FileStore;
  private readonly driverRegistry: DriverRegistry;
  private readonly taskService: TaskService;

  constructor(deps: {
    db: Database;
    fileStore: FileStore;
    driverRegistry: DriverRegistry;
    taskService: TaskService;
  }) {
    this.db = deps.db;
    this.fileStore = deps.fileStore;
    this.driverRegistry = deps.driverRegistry;
    this.taskService = deps.taskService;
  }

  async search(scope: TenantScope, query: ResourceSearch): Promise<{ list: ResourceRow[]; total: number }> {
    const bind: unknown[] = [];
    const where = [VISIBLE];
    if (query.keywords) {
      bind.push(`%${escapeLike(query.keywords.toLowerCase())}%`);
      where.push(`(lower(r.name) LIKE $${bind.length} OR lower(r.description) LIKE $${bind.length})`);
    }
    if (query.type) {
      bind.push(query.type);
      where.push(`r.type = $${bind.length}`);
    }
    if (query.siteId) {
      bind.push(query.siteId);
      where.push(`s.path LIKE (SELECT p.path FROM sites p WHERE p.id = $${bind.length}) || '%'`);
    }
    const from = `${FROM} WHERE ${where.join(' AND ')}`;
    const direction = query.sortOrder === 'desc' ? 'DESC' : 'ASC';
    const [rows, count] = await Promise.all([
      scope.query<ResourceRecord>(
        this.db,
        `SELECT ${COLUMNS} ${from}
          ORDER BY ${resourceSortFields[query.sortField]} ${direction}, r.id ${direction}
          LIMIT ${query.pageSize} OFFSET ${(query.currentPage - 1) * query.pageSize}`,
        bind,
      ),
      scope.query<{ total: string }>(this.db, `SELECT count(*) AS total ${from}`, bind),
    ]);
    return { list: rows.map(toRow), total: Number(count[0]?.total ?? 0) };
  }

  async get(scope: TenantScope, id: number): Promise<ResourceRow> {
    return toRow(await this.record(scope, id));
  }

  private async record(scope: TenantScope, id: number): Promise<ResourceRecord> {
    const [row] = await scope.query<ResourceRecord>(
      this.db,
      `SELECT ${COLUMNS} ${FROM} WHERE r.id = $1 AND ${VISIBLE}`,
      [id],
    );
    if (!row) throw AppError.notFound();
    return row;
  }

  /**
   * Adds a resource with its file, or edits one: a new file replaces the old (whose bytes are
   * deleted); another type needs a new file of that type (spec §5: changing the type deletes the
   * uploaded file). The resource belongs to its site's organisation.
   */
  async save(
    scope: TenantScope,
    form: ResourceForm,
    upload: StoredUpload | undefined,
  ): Promise<{ id: number }> {
    if (upload) assertFits(form.type, upload);
    const [site] = await scope.query<{ org_id: string }>(
      this.db,
      'SELECT s.org_id FROM sites s WHERE s.id = $1 AND {site:s}',
      [form.siteId],
    );
    if (!site) throw AppError.invalid('siteNotFound');
    try {
      return await this.db.transaction(async (transaction) => {
        if (form.id === undefined) {
          if (!upload) throw AppError.invalid('uploadMissing');
          await this.fileStore.claim([upload.stored.id], scope.orgId, transaction);
          const [row] = await this.db.query<{ id: string }>(
            `INSERT INTO resource_files (org_id, site_id, type, name, description, file_id)
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
            [site.org_id, form.siteId, form.type, form.name, form.description, upload.stored.id],
            transaction,
          );
          return { id: Number(row?.id) };
        }
        const [current] = await scope.query<{ file_id: string; type: number; in_use: boolean }>(
          this.db,
          `SELECT r.file_id, r.type, ${unfinishedTaskUsesSql('resourceId', 'r.id')} AS in_use
             FROM resource_files r WHERE r.id = $1 AND ${VISIBLE} FOR UPDATE OF r`,
          [form.id],
          transaction,
        );
        if (!current) throw AppError.notFound();
        const changesFile = upload !== undefined || Number(current.type) !== form.type;
        if (changesFile && !upload) throw AppError.invalid('uploadMissing');
        // Phones are being given this file: it does not change under them.
        if (changesFile && current.in_use) throw AppError.invalid('resourceInUse');
        if (upload) await this.fileStore.claim([upload.stored.id], scope.orgId, transaction);
        await this.db.execute(
          `UPDATE resource_files SET name = $2, description = $3, type = $4, site_id = $5, org_id = $6,
                  file_id = coalesce($7, file_id)
            WHERE id = $1`,
          [
            form.id,
            form.name,
            form.description,
            form.type,
            form.siteId,
            site.org_id,
            upload?.stored.id ?? null,
          ],
          transaction,
        );
        if (upload) await this.fileStore.remove([Number(current.file_id)], transaction);
        return { id: form.id };
      });
    } catch (error) {
      // The site was deleted meanwhile.
      if (isForeignKeyViolation(error)) throw AppError.invalid('siteNotFound');
      throw error;
    }
  }

  /** Deletes resources with their files; refused while a task that has not finished uses one. */
  async remove(scope: TenantScope, ids: number[]): Promise<void> {
    const wanted = distinct(ids);
    await this.db.transaction(async (transaction) => {
      const found = await scope.query<{ id: string; file_id: string; in_use: boolean }>(
        this.db,
        `SELECT r.id, r.file_id, ${unfinishedTaskUsesSql('resourceId', 'r.id')} AS in_use
           FROM resource_files r WHERE r.id = ANY($1::bigint[]) AND ${VISIBLE} FOR UPDATE OF r`,
        [wanted],
        transaction,
      );
      if (found.length !== wanted.length) throw AppError.notFound();
      if (found.some((row) => row.in_use)) throw AppError.invalid('resourceInUse');
      await this.db.execute('DELETE FROM resource_files WHERE id = ANY($1::bigint[])', [wanted], transaction);
      await this.fileStore.remove(
        found.map((row) => Number(row.file_id)),
        transaction,
      );
    });
  }

  /** A type 8–13 task offering the resource to the devices; success when a phone downloads it. */
  async push(caller: Caller, resourceId: number, request: FilePushRequest): Promise<FilePushReply> {
    const resource = await this.record(caller.scope, resourceId);
    const type = Number(resource.type);
    if (!isResourceType(type)) throw AppError.invalid('invalidFormat', 'type');
    return pushFile(
      { db: this.db, driverRegistry: this.driverRegistry, taskService: this.taskService },
      caller,
      {
        type: resourcePushTaskType(type),
        kind: RESOURCE_RULES[type].kind,
        file: { id: Number(resource.file_id), name: resource.file_name },
        defaultName: `${resource.name}`,
        params: { resourceId },
        unsupported: 'resourceModelUnsupported',
        notReached: 'resourceNotReached',
      },
      request,
    );
  }
}
