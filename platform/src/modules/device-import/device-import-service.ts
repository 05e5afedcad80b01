import type { Readable } from 'node:stream';
import type { DeviceListRow } from '@phonefleet/sdk';
import { type Language, translate } from '@phonefleet/sdk';
import type ExcelJS from 'exceljs';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import { excel, readSheetRows, type SheetRow, streamingWorkbook, templateWorkbook } from '../../http/xlsx.js';
import { checkDeviceFields } from '../devices/device-fields.js';
import { checkDeviceLimits, lockDeviceLimits } from '../devices/device-limits.js';
import type { Actor } from '../devices/device-log.js';
import type { DeviceService } from '../devices/device-service.js';
import { insertDevices, type NewDevice } from '../devices/insert-devices.js';
import type { DeviceSearch } from '../devices/schemas.js';
import type { DriverRegistry } from '../extensions/driver-registry.js';
import type { TenantScope } from '../tenancy/scope.js';
import type { ImportTracker } from './import-progress.js';
import type { FailedRow } from './schemas.js';

/** The import file's columns, in template order; those in REQUIRED_COLUMNS must be present. */
export const IMPORT_COLUMNS = [
  { key: 'macAddress', header: 'MAC Address' },
  { key: 'deviceName', header: 'Device Name' },
  { key: 'deviceModel', header: 'Device Model' },
  { key: 'firmwareVersion', header: 'Firmware Version' },
  { key: 'site', header: 'Site' },
  { key: 'serialNumber', header: 'S/N' },
] as const;
type ImportKey = (typeof IMPORT_COLUMNS)[number]['key'];
const REQUIRED_COLUMNS: ImportKey[] = ['macAddress', 'deviceModel', 'firmwareVersion', 'site'];

/** More rows than this in one file are refused (the 3 MB upload holds about this many). */
export const IMPORT_MAX_ROWS = 100_000;
/** An export holds at most this many devices (the first ones in the list's order). */
export const EXPORT_MAX_ROWS = 100_000;
const EXPORT_BATCH = 2_000;

type ImportRow = SheetRow<ImportKey>;

interface ValidRow extends NewDevice {
  input: ImportRow;
}

function cellText(cell: ExcelJS.Cell, key: ImportKey): string {
  const value = cell.value;
  // A MAC of decimal digits only becomes a number in Excel and loses its leading zeros.
  if (typeof value === 'number' && key === 'macAddress') return String(value).padStart(12, '0');
  if (typeof value === 'number') return String(value);
  return cell.text.trim();
}

function readImportRows(bytes: Buffer, onRead?: (read: number) => void): Promise<ImportRow[]> {
  return readSheetRows(bytes, {
    columns: IMPORT_COLUMNS,
    required: REQUIRED_COLUMNS,
    maxRows: IMPORT_MAX_ROWS,
    cellText,
    ...(onRead ? { onRead } : {}),
  });
}

/**
 * The device list's Excel side: import (all-or-nothing per row, valid rows in set-based inserts,
 * invalid rows reported in the spec's words), the template, exports of the list and of failed rows.
 */
export class DeviceImportService {
  private readonly db: Database;
  private readonly driverRegistry: DriverRegistry;
  private readonly deviceService: DeviceService;

  constructor({
    db,
    driverRegistry,
    deviceService,
  }: { db: Database; driverRegistry: DriverRegistry; deviceService: DeviceService }) {
    this.db = db;
    this.driverRegistry = driverRegistry;
    this.deviceService = deviceService;
  }

  /**
   * Imports the file's rows: `read` data rows, each either added or in `failed` once (so
   * `read - failed.length` were imported). `tracker` follows the rows read and stored.
   */
  async import(
    scope: TenantScope,
    actor: Actor,
    bytes: Buffer,
    language: Language,
    tracker?: ImportTracker,
  ): Promise<{ read: number; failed: FailedRow[] }> {
    const rows = await readImportRows(bytes, tracker && ((read) => tracker.rowsRead(read)));
    if (!rows.length) throw AppError.invalid('incorrectFormat', 'no rows');
    await tracker?.stage('checking', { read: rows.length });
    const failed: FailedRow[] = [];
    const fail = (input: ImportRow, messageKey: Parameters<typeof translate>[0]) =>
      failed.push({ ...input, message: translate(messageKey, language) });

    const sites = await this.sitesByName(scope, [...new Set(rows.map((r) => r.site).filter(Boolean))]);
    const seen = new Set<string>();
    const valid: ValidRow[] = [];
    for (const input of rows) {
      const check = checkDeviceFields(input, this.driverRegistry);
      if (!check.ok) {
        fail(input, check.messageKey);
        continue;
      }
      if (!input.site) {
        fail(input, 'fieldRequired');
        continue;
      }
      const named = sites.get(input.site);
      if (!named) {
        fail(input, 'siteNotFound');
        continue;
      }
      if (named.length > 1) {
        fail(input, 'siteAmbiguous');
        continue;
      }
      // The first row with a MAC is imported; later rows with the same MAC are duplicates.
      if (seen.has(check.fields.mac)) {
        fail(input, 'duplicateDevice');
        continue;
      }
      seen.add(check.fields.mac);
      const [site] = named;
      if (site) valid.push({ input, fields: check.fields, siteId: site.id, orgId: site.org_id });
    }

    await tracker?.stage('storing');
    const inserted = await this.insert(valid, actor, tracker);
    for (const row of valid) if (!inserted.has(row.fields.mac)) fail(row.input, 'duplicateDevice');
    if (inserted.size) this.deviceService.forgetCounts();
    return { read: rows.length, failed: failed.sort((a, b) => a.row - b.row) };
  }

  /** The template: the headers and one example row. */
  async template(): Promise<Buffer> {
    const model = this.driverRegistry.models()[0]?.model.id ?? '';
    return templateWorkbook('Devices', IMPORT_COLUMNS, {
      macAddress: '00:15:65:12:34:56',
      deviceName: 'Reception',
      deviceModel: model,
      firmwareVersion: '1.0.0.1',
      site: 'Default',
      serialNumber: 'SN0001',
    });
  }

  /**
   * The devices the list shows for `query` (its filters and order), streamed in keyset batches;
   * at most EXPORT_MAX_ROWS. The import columns come first, so an export can be imported again.
   */
  async export(scope: TenantScope, query: DeviceSearch): Promise<Readable> {
    const { stream, workbook } = await streamingWorkbook();
    const sheet = workbook.addWorksheet('Devices');
    sheet.columns = [
      ...IMPORT_COLUMNS.map(({ key, header }) => ({ key, header, width: 22 })),
      { key: 'status', header: 'Status', width: 10 },
      { key: 'accountStatus', header: 'Account Status', width: 16 },
      { key: 'ip', header: 'IP', width: 18 },
      { key: 'lastFetchTime', header: 'Last Fetch Time', width: 26 },
      { key: 'createTime', header: 'Create Time', width: 26 },
    ];
    const write = async () => {
      for await (const batch of this.deviceService.each(scope, query, EXPORT_BATCH, EXPORT_MAX_ROWS)) {
        for (const device of batch) sheet.addRow(exportRow(device)).commit();
      }
      sheet.commit();
      await workbook.commit();
    };
    write().catch((error: Error) => stream.destroy(error));
    return stream;
  }

  /** The failed rows of an import with their messages, for correcting and importing again. */
  async failedRows(rows: FailedRow[]): Promise<Buffer> {
    const workbook = new (await excel()).Workbook();
    const sheet = workbook.addWorksheet('Failed rows');
    sheet.columns = [
      ...IMPORT_COLUMNS.map(({ key, header }) => ({ key, header, width: 22 })),
      { key: 'message', header: 'Message', width: 40 },
    ];
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  /**
   * Sites in the caller's scope by name, in any case as site names are unique in any case (a
   * channel may see two enterprises' sites of one name). Keyed by the name as the sheet spells it.
   */
  private async sitesByName(
    scope: TenantScope,
    names: string[],
  ): Promise<Map<string, { id: string; org_id: string }[]>> {
    const found = await scope.query<{ id: string; org_id: string; wanted: string }>(
      this.db,
      `SELECT s.id, s.org_id, t.wanted FROM unnest($1::text[]) AS t(wanted)
         JOIN sites s ON lower(s.name) = lower(t.wanted)
        WHERE {site:s}`,
      [names],
    );
    const byName = new Map<string, { id: string; org_id: string }[]>();
    for (const site of found) byName.set(site.wanted, [...(byName.get(site.wanted) ?? []), site]);
    return byName;
  }

  /**
   * Inserts inside one transaction (`insertDevices`: set-based, in (site, MAC) order); answers the
   * MACs inserted (taken MACs are skipped).
   */
  private async insert(rows: ValidRow[], actor: Actor, tracker?: ImportTracker): Promise<Set<string>> {
    if (!rows.length) return new Set();
    const orgIds = [...new Set(rows.map((row) => Number(row.orgId)))];
    return this.db.transaction(async (transaction) => {
      await lockDeviceLimits(this.db, orgIds, transaction);
      const inserted = await insertDevices(this.db, transaction, rows, actor, 'import', (stored) =>
        tracker?.rowsStored(stored),
      );
      await checkDeviceLimits(this.db, orgIds, transaction);
      return inserted;
    });
  }
}

function exportRow(device: DeviceListRow): Record<string, string | number> {
  return {
    macAddress: device.macAddress,
    deviceName: device.deviceName,
    deviceModel: device.deviceModel,
    firmwareVersion: device.firmwareVersion,
    site: device.siteName,
    serialNumber: device.serialNumber ?? '',
    status: device.status,
    accountStatus: device.accountStatus,
    ip: device.ip ?? '',
    lastFetchTime: device.lastFetchTime ?? '',
    createTime: device.createTime,
  };
}
