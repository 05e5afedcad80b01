import path from 'node:path';
import type { MacFileFailure, MacFileRow } from '@phonefleet/sdk';
import { type Language, macWithColons, normaliseMac, translate } from '@phonefleet/sdk';
import type { ConfigPayload } from '@phonefleet/sdk/catalogue';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { UploadedFile, UploadRule } from '../../http/upload.js';
import type { ConfigurationService } from '../configuration/configuration-service.js';
import { macsRegisteredElsewhere } from '../devices/mac-registry.js';
import { distinct, escapeLike } from '../sites/fleet-common.js';
import type { TenantScope } from '../tenancy/scope.js';
import { macFileSortFields, type SearchMacFiles } from './schemas.js';
import { readFlatZip } from './zip.js';

/** Spec §5: "MAC config import: config.MAC.xml or .zip up to 20MB". */
export const MAC_FILE_UPLOAD: UploadRule = { maxBytes: 20 * 1024 * 1024, extensions: ['.xml', '.zip'] };

/** Zip bomb guard: a fleet's files, each a phone configuration of at most a few hundred KB. */
export const MAC_ZIP_LIMITS = {
  maxEntries: 5000,
  maxEntryBytes: 2 * 1024 * 1024,
  maxTotalBytes: 100 * 1024 * 1024,
};

/** `<mac>.xml`, `cfg<mac>.xml`, `config.<mac>.xml`; the MAC with or without separators, any case. */
export function macOfFileName(fileName: string): string | undefined {
  const match = /^(?:config\.|cfg)?(.+)\.xml$/i.exec(fileName);
  return match?.[1] ? normaliseMac(match[1]) : undefined;
}

function errorText(error: AppError, language: Language): string {
  const message = error.text
    ? language === 'zh-CN'
      ? error.text.zh
      : error.text.en
    : translate(error.messageKey, language);
  return error.messageExt ? `${message} (${error.messageExt})` : message;
}

/**
 * MAC configuration files: a device's own file (or a zip of them) read by the device's driver
 * into its parameter layer. Good files are imported, bad ones are reported and change nothing.
 */
export class MacFileService {
  private readonly db: Database;
  private readonly configurationService: ConfigurationService;

  constructor(deps: { db: Database; configurationService: ConfigurationService }) {
    this.db = deps.db;
    this.configurationService = deps.configurationService;
  }

  /**
   * Imports the upload's files: `read` XML files (one, or the zip's), each either imported or in
   * `failed` once (so `read - failed.length` were imported).
   */
  async import(
    scope: TenantScope,
    upload: UploadedFile,
    language: Language,
  ): Promise<{ read: number; failed: MacFileFailure[] }> {
    const files =
      path.extname(upload.name).toLowerCase() === '.zip'
        ? await readFlatZip(upload.bytes, MAC_ZIP_LIMITS)
        : [upload];
    const failures: MacFileFailure[] = [];
    const fail = (fileName: string, mac: string | undefined, error: AppError) =>
      failures.push({
        fileName,
        macAddress: mac ? macWithColons(mac) : '',
        message: errorText(error, language),
      });

    const named = new Map<string, { fileName: string; text: string }>();
    for (const file of files) {
      const mac = macOfFileName(file.name);
      if (!mac) fail(file.name, undefined, AppError.invalid('macFileNameInvalid'));
      else if (named.has(mac)) fail(file.name, mac, AppError.invalid('duplicateDevice'));
      else named.set(mac, { fileName: file.name, text: file.bytes.toString('utf8').replace(/^\uFEFF/, '') });
    }
    const devices = await scope.query<{ id: string; org_id: string; mac: string; model: string }>(
      this.db,
      'SELECT d.id, d.org_id, d.mac, d.model FROM devices d WHERE d.mac = ANY($1::text[]) AND {devices:d}',
      [[...named.keys()]],
    );
    const byMac = new Map(devices.map((device) => [device.mac, device]));
    const elsewhere = await macsRegisteredElsewhere(
      this.db,
      scope,
      [...named.keys()].filter((mac) => !byMac.has(mac)),
    );
    const imported: {
      orgId: number;
      deviceId: number;
      model: string;
      payload: ConfigPayload;
      fileName: string;
    }[] = [];
    for (const [mac, file] of named) {
      const device = byMac.get(mac);
      if (!device) {
        fail(
          file.fileName,
          mac,
          AppError.invalid(elsewhere.has(mac) ? 'macInAnotherOrganization' : 'macFileUnknownDevice'),
        );
        continue;
      }
      try {
        imported.push({
          orgId: Number(device.org_id),
          deviceId: Number(device.id),
          model: device.model,
          payload: this.configurationService.deviceFileToConfig(device.model, file.text),
          fileName: file.fileName,
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        fail(file.fileName, mac, error);
      }
    }
    if (imported.length) {
      await this.db.transaction(async (transaction) => {
        await this.configurationService.saveDeviceLayers(imported, transaction);
        await this.db.execute(
          `INSERT INTO mac_files (org_id, device_id, file_name, imported_at)
           SELECT t.org_id, t.device_id, t.file_name, now()
             FROM unnest($1::bigint[], $2::bigint[], $3::text[]) AS t(org_id, device_id, file_name)
           ON CONFLICT (device_id) DO UPDATE
             SET org_id = EXCLUDED.org_id, file_name = EXCLUDED.file_name, imported_at = EXCLUDED.imported_at`,
          [
            imported.map((i) => i.orgId),
            imported.map((i) => i.deviceId),
            imported.map((i) => i.fileName.slice(0, 255)),
          ],
          transaction,
        );
      });
    }
    return { read: files.length, failed: failures };
  }

  async search(scope: TenantScope, query: SearchMacFiles): Promise<{ list: MacFileRow[]; total: number }> {
    const bind: unknown[] = [];
    let filter = '';
    if (query.keywords) {
      const lower = query.keywords.toLowerCase();
      const compact = /^[0-9a-f:.-]+$/.test(lower) ? lower.replace(/[:.-]/g, '') : lower;
      bind.push(`%${escapeLike(compact || lower)}%`, `%${escapeLike(lower)}%`);
      filter = 'AND (d.mac LIKE $1 OR lower(f.file_name) LIKE $2)';
    }
    const from = `FROM mac_files f JOIN devices d ON d.id = f.device_id WHERE {scope:f.org_id} ${filter}`;
    const direction = query.sortOrder === 'desc' ? 'DESC' : 'ASC';
    const [rows, count] = await Promise.all([
      scope.query<{
        id: string;
        mac: string;
        file_name: string;
        device_id: string;
        device_name: string;
        model: string;
        imported_at: Date;
      }>(
        this.db,
        `SELECT f.id, d.mac, f.file_name, f.device_id, d.device_name, d.model, f.imported_at ${from}
          ORDER BY ${macFileSortFields[query.sortField]} ${direction}, f.id ${direction}
          LIMIT ${query.pageSize} OFFSET ${(query.currentPage - 1) * query.pageSize}`,
        bind,
      ),
      scope.query<{ total: string }>(this.db, `SELECT count(*) AS total ${from}`, bind),
    ]);
    return {
      list: rows.map((row) => ({
        id: Number(row.id),
        macAddress: macWithColons(row.mac),
        fileName: row.file_name,
        deviceId: Number(row.device_id),
        deviceName: row.device_name,
        deviceModel: row.model,
        importTime: row.imported_at.toISOString(),
      })),
      total: Number(count[0]?.total ?? 0),
    };
  }

  /** Removes import records; the devices keep the parameters the files set. */
  async remove(scope: TenantScope, ids: number[]): Promise<void> {
    const wanted = distinct(ids);
    const found = await scope.query<{ id: string }>(
      this.db,
      'SELECT f.id FROM mac_files f WHERE f.id = ANY($1::bigint[]) AND {scope:f.org_id}',
      [wanted],
    );
    if (found.length !== wanted.length) throw AppError.notFound();
    await this.db.execute('DELETE FROM mac_files WHERE id = ANY($1::bigint[])', [wanted]);
  }
}
