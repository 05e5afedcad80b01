import type { DeviceDetails, DeviceListRow, IpSettings, OperationLogEntry } from '@phonefleet/sdk';
import { ErrorCode, type Language, macWithColons, normaliseMac, translate } from '@phonefleet/sdk';
import type { Transaction } from 'sequelize';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import { layerSql } from '../configuration/layer-sql.js';
import type { DriverRegistry } from '../extensions/driver-registry.js';
import { settleUnknownSql, sightingsSql } from '../provisioning/unknown-devices.js';
import { removeBoundAccountsSql } from '../sip/binding-sql.js';
import type { TenantScope } from '../tenancy/scope.js';
import { checkDeviceFields, type DeviceFields, type DeviceFieldsText } from './device-fields.js';
import { checkDeviceLimits, lockDeviceLimits } from './device-limits.js';
import { type Actor, type DeviceLogAction, deviceLogText, writeDeviceLog } from './device-log.js';
import { type DeviceRow, type DeviceService, LIST_COLUMNS, toListRow } from './device-service.js';
import { FIRST_CONTACT_COLUMNS, firstContactValues } from './first-contact.js';

export interface DeviceRecord extends DeviceListRow {
  /** Lines with a bound SIP account (docs/sip.md). */
  boundLines: number;
}

interface SiteRow {
  id: string;
  org_id: string;
  name: string;
}

const ipKeys = ['addressType', 'address', 'subnetMask', 'gateway', 'dns1', 'dns2'] as const;

function ipSettings(stored: Record<string, unknown> | null): IpSettings {
  const settings = {} as IpSettings;
  for (const key of ipKeys) {
    const value = stored?.[key];
    settings[key] = typeof value === 'string' && value ? value : null;
  }
  return settings;
}

function unique(ids: number[]): number[] {
  return [...new Set(ids)];
}

/**
 * Adding, editing, moving and removing devices inside the caller's scope. Every change is one
 * transaction that also writes the operation log; a batch naming any device outside the scope
 * changes nothing and answers "not found".
 */
export class DeviceInventoryService {
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

  /** A device's own fields, or the spec's message for the first wrong one. */
  private checkFields(input: DeviceFieldsText): DeviceFields {
    const check = checkDeviceFields(input, this.driverRegistry);
    if (!check.ok) throw AppError.invalid(check.messageKey, check.field);
    return check.fields;
  }

  async add(
    scope: TenantScope,
    actor: Actor,
    input: DeviceFieldsText & { siteId?: number | undefined },
  ): Promise<{ id: number }> {
    const fields = this.checkFields(input);
    return this.db.transaction(async (transaction) => {
      const site = await this.site(scope, input.siteId, transaction);
      await lockDeviceLimits(this.db, [Number(site.org_id)], transaction);
      // The phone may have asked before it was added: its sighting gives the device its address.
      const [row] = await this.db.query<{ id: string }>(
        `WITH t AS (SELECT $1::bigint AS org_id, $2::bigint AS site_id, $3::text AS mac, $4::text AS serial_number,
                           $5::text AS device_name, $6::text AS model, $7::text AS firmware),
              seen AS (${sightingsSql('t')}),
              inserted AS (
                INSERT INTO devices (org_id, site_id, mac, serial_number, device_name, model, firmware, ${FIRST_CONTACT_COLUMNS})
                SELECT t.org_id, t.site_id, t.mac, t.serial_number, t.device_name, t.model, t.firmware, ${firstContactValues('seen')}
                  FROM t LEFT JOIN seen ON seen.mac = t.mac::char(12)
                ON CONFLICT (mac) DO NOTHING RETURNING id, mac),
              settled AS (${settleUnknownSql('inserted')})
         SELECT id FROM inserted`,
        [
          site.org_id,
          site.id,
          fields.mac,
          fields.serialNumber,
          fields.deviceName,
          fields.model,
          fields.firmware,
        ],
        transaction,
      );
      if (!row) throw new AppError(ErrorCode.conflict, 'duplicateDevice');
      await checkDeviceLimits(this.db, [Number(site.org_id)], transaction);
      const id = Number(row.id);
      await writeDeviceLog(this.db, transaction, [id], actor, 'add');
      this.deviceService.forgetCounts();
      return { id };
    });
  }

  /** The MAC identifies the phone (and is its provisioning user name): it cannot be changed. */
  async update(
    scope: TenantScope,
    actor: Actor,
    input: DeviceFieldsText & { id: number; siteId?: number | undefined },
  ): Promise<void> {
    await this.db.transaction(async (transaction) => {
      const [current] = await this.locked(scope, [input.id], transaction);
      if (!current) throw AppError.notFound();
      const fields = this.checkFields({ ...input, macAddress: input.macAddress || current.mac });
      if (fields.mac !== current.mac) throw AppError.invalid('macNotChangeable', 'macAddress');
      const site = await this.site(scope, input.siteId, transaction);
      if (site.id !== current.site_id && current.bound) throw AppError.invalid('deviceHasAccount', 'siteId');
      await this.db.execute(
        `UPDATE devices SET serial_number = $2, device_name = $3, model = $4, firmware = $5
          WHERE id = $1`,
        [input.id, fields.serialNumber, fields.deviceName, fields.model, fields.firmware],
        transaction,
      );
      if (site.id !== current.site_id) await this.move([input.id], site, transaction);
      await writeDeviceLog(this.db, transaction, [input.id], actor, 'update');
      this.deviceService.forgetCounts();
    });
  }

  async query(scope: TenantScope, id: number): Promise<DeviceRecord> {
    const bind: unknown[] = [id];
    const [row] = await this.db.query<DeviceRow & { bound_lines: string }>(
      `SELECT ${LIST_COLUMNS}, (SELECT count(*) FROM sip_bindings b WHERE b.device_id = d.id) AS bound_lines
         FROM devices d JOIN sites s ON s.id = d.site_id
        WHERE d.id = $1 AND ${scope.devicesCondition('d', bind)}`,
      bind,
    );
    if (!row) throw AppError.notFound();
    return {
      ...toListRow(row),
      boundLines: Number(row.bound_lines),
    };
  }

  /** Whether a MAC is taken anywhere (MACs are unique across tenants, as adding it would find out). */
  async verifyMac(macAddress: string): Promise<{ exists: boolean }> {
    const mac = normaliseMac(macAddress);
    if (!mac) throw AppError.invalid('invalidMac', 'macAddress');
    const row = await this.db.one('SELECT 1 AS found FROM devices WHERE mac = $1', [mac]);
    return { exists: row !== undefined };
  }

  /**
   * Removes the devices with their group memberships (cascade), device parameter layer and
   * operation log, and the SIP accounts bound to their lines (spec §8 "its SIP account removed too").
   */
  async removeBatch(scope: TenantScope, ids: number[]): Promise<{ deleted: number }> {
    const wanted = unique(ids);
    return this.db.transaction(async (transaction) => {
      const devices = await this.locked(scope, wanted, transaction);
      if (devices.length !== wanted.length) throw AppError.notFound();
      await this.db.execute(layerSql.delete('device', '$1'), [wanted], transaction);
      await this.db.execute(removeBoundAccountsSql('$1'), [wanted], transaction);
      // A removed phone that keeps asking becomes unknown again with its next request, not before.
      await this.db.execute(
        settleUnknownSql('(SELECT mac FROM devices WHERE id = ANY($1::bigint[]))'),
        [wanted],
        transaction,
      );
      const deleted = await this.db.execute(
        'DELETE FROM devices WHERE id = ANY($1::bigint[])',
        [wanted],
        transaction,
      );
      this.deviceService.forgetCounts();
      return { deleted };
    });
  }

  /** Transfer: refused, with nothing changed, when any of the devices has a SIP account. */
  async siteAssign(scope: TenantScope, actor: Actor, ids: number[], siteId: number): Promise<void> {
    const wanted = unique(ids);
    await this.db.transaction(async (transaction) => {
      const devices = await this.locked(scope, wanted, transaction);
      if (devices.length !== wanted.length) throw AppError.notFound();
      const site = await this.site(scope, siteId, transaction);
      if (devices.some((d) => d.bound)) throw AppError.invalid('deviceHasAccount', 'ids');
      await this.move(wanted, site, transaction);
      await writeDeviceLog(this.db, transaction, wanted, actor, 'transfer', site.name);
      this.deviceService.forgetCounts();
    });
  }

  async setPush(scope: TenantScope, actor: Actor, ids: number[], enabled: boolean): Promise<void> {
    const wanted = unique(ids);
    await this.db.transaction(async (transaction) => {
      const bind: unknown[] = [wanted, enabled];
      const changed = await this.db.execute(
        `UPDATE devices d SET push_enabled = $2
          WHERE d.id = ANY($1::bigint[]) AND ${scope.devicesCondition('d', bind)}`,
        bind,
        transaction,
      );
      if (changed !== wanted.length) throw AppError.notFound();
      const action: DeviceLogAction = enabled ? 'enablePush' : 'disablePush';
      await writeDeviceLog(this.db, transaction, wanted, actor, action);
    });
  }

  async details(scope: TenantScope, id: number): Promise<DeviceDetails> {
    const bind: unknown[] = [id];
    const [row] = await this.db.query<{
      mac: string;
      serial_number: string | null;
      hardware_version: string | null;
      software_version: string;
      last_reboot_at: Date | null;
      status: number;
      account_status: number;
      last_fetch_at: Date | null;
      ip: string | null;
      ipv4: Record<string, unknown> | null;
      ipv6: Record<string, unknown> | null;
    }>(
      `SELECT d.mac, d.serial_number, d.hardware_version, coalesce(d.reported_firmware, d.firmware) AS software_version,
              d.last_reboot_at, d.status, d.account_status, d.last_fetch_at, host(d.last_fetch_ip) AS ip,
              d.ipv4, d.ipv6
         FROM devices d WHERE d.id = $1 AND ${scope.devicesCondition('d', bind)}`,
      bind,
    );
    if (!row) throw AppError.notFound();
    return {
      macAddress: macWithColons(row.mac),
      serialNumber: row.serial_number,
      hardwareVersion: row.hardware_version,
      softwareVersion: row.software_version,
      lastRebootTime: row.last_reboot_at?.toISOString() ?? null,
      status: row.status,
      accountStatus: row.account_status,
      lastFetchTime: row.last_fetch_at?.toISOString() ?? null,
      ip: row.ip,
      ipv4: ipSettings(row.ipv4),
      ipv6: ipSettings(row.ipv6),
    };
  }

  async operationLog(
    scope: TenantScope,
    id: number,
    page: { currentPage: number; pageSize: number },
    language: Language,
  ): Promise<{ list: OperationLogEntry[]; total: number }> {
    await scope.assertOwns(this.db, 'devices', id);
    const [rows, count] = await Promise.all([
      this.db.query<{
        created_at: Date;
        user_name: string;
        ip: string | null;
        action: DeviceLogAction;
        detail: string;
      }>(
        `SELECT created_at, user_name, ip, action, detail FROM device_logs
          WHERE device_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [id, page.pageSize, (page.currentPage - 1) * page.pageSize],
      ),
      this.db.one<{ total: string }>('SELECT count(*) AS total FROM device_logs WHERE device_id = $1', [id]),
    ]);
    return {
      list: rows.map((row) => {
        const text = translate(deviceLogText[row.action], language);
        return {
          time: row.created_at.toISOString(),
          userName: row.user_name,
          ip: row.ip,
          content: row.detail ? `${text}: ${row.detail}` : text,
        };
      }),
      total: Number(count?.total ?? 0),
    };
  }

  /** A site the caller may put devices in; "not found" for anything else. */
  private async site(
    scope: TenantScope,
    siteId: number | undefined,
    transaction?: Transaction,
  ): Promise<SiteRow> {
    if (siteId === undefined) throw AppError.invalid('fieldRequired', 'siteId');
    const bind: unknown[] = [siteId];
    const [site] = await this.db.query<SiteRow>(
      `SELECT s.id, s.org_id, s.name FROM sites s WHERE s.id = $1 AND ${scope.sitesCondition('s', bind)}`,
      bind,
      transaction,
    );
    if (!site) throw AppError.notFound();
    return site;
  }

  /** The caller's devices among `ids`, locked for the change. */
  private locked(
    scope: TenantScope,
    ids: number[],
    transaction: Transaction,
  ): Promise<{ id: string; mac: string; site_id: string; bound: boolean }[]> {
    const bind: unknown[] = [ids];
    return this.db.query(
      `SELECT d.id, d.mac, d.site_id, EXISTS (SELECT 1 FROM sip_bindings b WHERE b.device_id = d.id) AS bound
         FROM devices d
        WHERE d.id = ANY($1::bigint[]) AND ${scope.devicesCondition('d', bind)} FOR UPDATE`,
      bind,
      transaction,
    );
  }

  /**
   * Devices follow their site's organization. Moving to another organization takes the device
   * layer along, drops memberships in the old organization's groups and is refused beyond the
   * new organization's device numbers.
   */
  private async move(ids: number[], site: SiteRow, transaction: Transaction): Promise<void> {
    // Devices arriving in another organisation count against its device numbers, as an add would.
    const orgId = Number(site.org_id);
    await lockDeviceLimits(this.db, [orgId], transaction);
    await this.db.execute(
      'UPDATE devices SET site_id = $2, org_id = $3 WHERE id = ANY($1::bigint[])',
      [ids, site.id, site.org_id],
      transaction,
    );
    await checkDeviceLimits(this.db, [orgId], transaction);
    await this.db.execute(layerSql.reown('device', '$1', '$2'), [ids, site.org_id], transaction);
    await this.db.execute(
      `DELETE FROM group_devices gd USING device_groups g
        WHERE g.id = gd.group_id AND gd.device_id = ANY($1::bigint[]) AND g.org_id <> $2`,
      [ids, site.org_id],
      transaction,
    );
  }
}
