import path from 'node:path';
import {
  ErrorCode,
  type FilePushReply,
  type FirmwareModelOption,
  type FirmwareRow,
  normaliseFirmwareVersion,
  TaskType,
} from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { StoredUpload } from '../../http/upload.js';
import { type FilePushRequest, pushFile } from '../device-downloads/file-push.js';
import type { DriverRegistry } from '../extensions/driver-registry.js';
import type { FileStore } from '../files/file-store.js';
import { assertFlatStoredZip } from '../files/flat-zip.js';
import type { LiveService } from '../live/live-service.js';
import { distinct, escapeLike, isUniqueViolation } from '../sites/fleet-common.js';
import type { Caller, TaskService } from '../tasks/task-service.js';
import { unfinishedTaskUsesSql } from '../tasks/task-states.js';
import { ROOT_ORG_ID } from '../tenancy/root-organization.js';
import type { TenantScope } from '../tenancy/scope.js';
import { type FirmwareForm, type FirmwareSearch, firmwareSortFields } from './schemas.js';
import { VersionNotifications } from './version-notifications.js';

const VERSION_INDEX = 'firmwares_org_version_idx';

interface FirmwareRecord {
  id: string;
  name: string;
  version: string;
  models: string[];
  description: string;
  file_name: string;
  size: string;
  sha256: string;
  official: boolean;
  org_name: string;
  created_at: Date;
}

const COLUMNS = `f.id, f.name, f.version, f.models, f.description, s.name AS file_name, s.size, s.sha256,
  f.official, o.name AS org_name, f.created_at`;
const FROM = 'FROM firmwares f JOIN stored_files s ON s.id = f.file_id JOIN orgs o ON o.id = f.org_id';
/** What a caller sees: the official list, and the customer firmware of its organisations. */
const VISIBLE = '(f.official OR {scope:f.org_id})';

function toRow(row: FirmwareRecord): FirmwareRow {
  return {
    id: Number(row.id),
    firmwareName: row.name,
    firmwareVersion: row.version,
    supportModel: row.models,
    description: row.description,
    fileName: row.file_name,
    size: Number(row.size),
    sha256: row.sha256,
    official: row.official,
    orgName: row.org_name,
    createTime: row.created_at.toISOString(),
  };
}

/**
 * Firmware images: official ones, which only the platform administrator uploads and everyone sees,
 * and customer ones per organisation. The image lives in the file store; deleting a firmware
 * deletes it. Versions are unique within each list (spec §5 'The version number already exists!').
 */
export class FirmwareService {
  private readonly db: Database;
  private readonly fileStore: FileStore;
  private readonly driverRegistry: DriverRegistry;
  private readonly taskService: TaskService;
  /** Who wants to hear of new versions, and the messages a new version raises. */
  readonly notifications: VersionNotifications;

  constructor({
    db,
    fileStore,
    driverRegistry,
    taskService,
    liveService,
  }: {
    db: Database;
    fileStore: FileStore;
    driverRegistry: DriverRegistry;
    taskService: TaskService;
    liveService: LiveService;
  }) {
    this.db = db;
    this.fileStore = fileStore;
    this.driverRegistry = driverRegistry;
    this.taskService = taskService;
    this.notifications = new VersionNotifications(db, driverRegistry, liveService);
  }

  async search(scope: TenantScope, query: FirmwareSearch): Promise<{ list: FirmwareRow[]; total: number }> {
    const bind: unknown[] = [];
    const where = [query.official ? 'f.official' : 'NOT f.official AND {scope:f.org_id}'];
    if (query.keywords) {
      bind.push(`%${escapeLike(query.keywords.toLowerCase())}%`);
      where.push(`(lower(f.name) LIKE $${bind.length} OR f.version LIKE $${bind.length})`);
    }
    if (query.model) {
      bind.push(query.model);
      where.push(`$${bind.length} = ANY(f.models)`);
    }
    const from = `${FROM} WHERE ${where.join(' AND ')}`;
    const direction = query.sortOrder === 'desc' ? 'DESC' : 'ASC';
    const [rows, count] = await Promise.all([
      scope.query<FirmwareRecord>(
        this.db,
        `SELECT ${COLUMNS} ${from}
          ORDER BY ${firmwareSortFields[query.sortField]} ${direction}, f.id ${direction}
          LIMIT ${query.pageSize} OFFSET ${(query.currentPage - 1) * query.pageSize}`,
        bind,
      ),
      scope.query<{ total: string }>(this.db, `SELECT count(*) AS total ${from}`, bind),
    ]);
    return { list: rows.map(toRow), total: Number(count[0]?.total ?? 0) };
  }

  async get(scope: TenantScope, id: number): Promise<FirmwareRow> {
    const [row] = await scope.query<FirmwareRecord>(
      this.db,
      `SELECT ${COLUMNS} ${FROM} WHERE f.id = $1 AND ${VISIBLE}`,
      [id],
    );
    if (!row) throw AppError.notFound();
    return toRow(row);
  }

  /** Models a firmware can be for: those of the loaded drivers. */
  models(): FirmwareModelOption[] {
    return this.driverRegistry
      .models()
      .map(({ driver, model }) => ({ model: model.id, family: driver.family }));
  }

  async versionTaken(scope: TenantScope, version: string, official: boolean, id?: number): Promise<boolean> {
    const row = await this.db.one(
      'SELECT 1 AS taken FROM firmwares WHERE org_id = $1 AND version = $2 AND id IS DISTINCT FROM $3',
      [this.ownerOf(scope, official), version, id ?? null],
    );
    return row !== undefined;
  }

  /** Adds a firmware with its uploaded image, or edits one (a new image replaces the old). */
  async save(
    scope: TenantScope,
    form: FirmwareForm,
    upload: StoredUpload | undefined,
  ): Promise<{ id: number }> {
    try {
      return await this.write(scope, form, upload);
    } catch (error) {
      if (isUniqueViolation(error, VERSION_INDEX))
        throw new AppError(ErrorCode.conflict, 'firmwareVersionExists');
      throw error;
    }
  }

  private async write(scope: TenantScope, form: FirmwareForm, upload: StoredUpload | undefined) {
    const orgId = this.ownerOf(scope, form.official);
    const unknown = form.supportModel.find((model) => !this.driverRegistry.model(model));
    if (unknown) throw AppError.invalid('unknownModel', unknown);
    if (upload && path.extname(upload.name).toLowerCase() === '.zip')
      await assertFlatStoredZip(this.fileStore, upload.stored.id);
    return this.db.transaction(async (transaction) => {
      if (form.id === undefined) {
        if (!upload) throw AppError.invalid('uploadMissing');
        await this.fileStore.claim([upload.stored.id], scope.orgId, transaction);
        const [row] = await this.db.query<{ id: string }>(
          `INSERT INTO firmwares (org_id, official, name, version, models, description, file_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [
            orgId,
            form.official,
            form.firmwareName,
            form.firmwareVersion,
            form.supportModel,
            form.description,
            upload.stored.id,
          ],
          transaction,
        );
        await this.notifications.announce(Number(row?.id), transaction);
        return { id: Number(row?.id) };
      }
      const [current] = await this.db.query<{ file_id: string; version: string; in_use: boolean }>(
        `SELECT f.file_id, f.version, ${unfinishedTaskUsesSql('firmwareId', 'f.id')} AS in_use
           FROM firmwares f WHERE f.id = $1 AND f.org_id = $2 AND f.official = $3 FOR UPDATE OF f`,
        [form.id, orgId, form.official],
        transaction,
      );
      if (!current) throw AppError.notFound();
      // Phones are being given this image and judged by this version: neither changes under them.
      if (current.in_use && (upload || current.version !== form.firmwareVersion))
        throw AppError.invalid('firmwareInUse');
      if (upload) await this.fileStore.claim([upload.stored.id], scope.orgId, transaction);
      await this.db.execute(
        `UPDATE firmwares SET name = $2, version = $3, models = $4, description = $5, file_id = coalesce($6, file_id)
          WHERE id = $1`,
        [
          form.id,
          form.firmwareName,
          form.firmwareVersion,
          form.supportModel,
          form.description,
          upload?.stored.id ?? null,
        ],
        transaction,
      );
      if (upload) await this.fileStore.remove([Number(current.file_id)], transaction);
      if (current.version !== form.firmwareVersion) await this.notifications.announce(form.id, transaction);
      return { id: form.id };
    });
  }

  /** Deletes firmware with their images; refused while a task that has not finished uses one. */
  async remove(scope: TenantScope, ids: number[], official: boolean): Promise<void> {
    const wanted = distinct(ids);
    const orgId = this.ownerOf(scope, official);
    await this.db.transaction(async (transaction) => {
      const found = await this.db.query<{ id: string; file_id: string; in_use: boolean }>(
        `SELECT f.id, f.file_id,
                ${unfinishedTaskUsesSql('firmwareId', 'f.id')} AS in_use
           FROM firmwares f WHERE f.id = ANY($1::bigint[]) AND f.org_id = $2 AND f.official = $3 FOR UPDATE OF f`,
        [wanted, orgId, official],
        transaction,
      );
      if (found.length !== wanted.length) throw AppError.notFound();
      if (found.some((row) => row.in_use)) throw AppError.invalid('firmwareInUse');
      await this.db.execute('DELETE FROM firmwares WHERE id = ANY($1::bigint[])', [wanted], transaction);
      await this.fileStore.remove(
        found.map((row) => Number(row.file_id)),
        transaction,
      );
    });
  }

  /** Firmware the devices can be upgraded to: for every one of their models, newest first. */
  async upgradeVersions(scope: TenantScope, deviceIds: number[]): Promise<FirmwareRow[]> {
    const rows = await scope.query<FirmwareRecord>(
      this.db,
      `WITH models AS (SELECT DISTINCT d.model FROM devices d WHERE d.id = ANY($1::bigint[]) AND {devices:d})
       SELECT ${COLUMNS} ${FROM}
        WHERE ${VISIBLE} AND EXISTS (SELECT 1 FROM models)
          AND NOT EXISTS (SELECT 1 FROM models m WHERE NOT m.model = ANY(f.models))
        ORDER BY string_to_array(f.version, '.')::bigint[] DESC, f.official, f.id`,
      [distinct(deviceIds)],
    );
    return rows.map(toRow);
  }

  /**
   * `firmwareUpgrade`: a type 3 task offering the image to the devices (every one of their models
   * among the firmware's); success when a phone reports the version (docs/firmware.md "Upgrade").
   */
  async upgrade(caller: Caller, firmwareId: number, request: FilePushRequest): Promise<FilePushReply> {
    const firmware = await this.get(caller.scope, firmwareId);
    const [file] = await this.db.query<{ file_id: string }>('SELECT file_id FROM firmwares WHERE id = $1', [
      firmwareId,
    ]);
    return pushFile(
      { db: this.db, driverRegistry: this.driverRegistry, taskService: this.taskService },
      caller,
      {
        type: TaskType.firmwareUpgrade,
        kind: 'firmware',
        file: { id: Number(file?.file_id), name: firmware.fileName },
        defaultName: `Firmware upgrade: ${firmware.firmwareName} ${firmware.firmwareVersion}`,
        params: {
          firmwareId,
          firmwareName: firmware.firmwareName,
          version: normaliseFirmwareVersion(firmware.firmwareVersion),
        },
        models: firmware.supportModel,
        unsupported: 'firmwareModelUnsupported',
        notReached: 'firmwareNotReached',
      },
      request,
    );
  }

  /** Official firmware belongs to the platform, and only its administrator writes it. */
  private ownerOf(scope: TenantScope, official: boolean): number {
    if (!official) return scope.orgId;
    if (!scope.isPlatform) throw AppError.forbidden();
    return ROOT_ORG_ID;
  }
}
